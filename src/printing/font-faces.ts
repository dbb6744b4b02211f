/**
 * The printing faces, DejaVu Sans and DejaVu Sans Bold, read once per thread when first needed:
 * their bytes (embedded, as a subset, in every PDF that draws with them), the characters they
 * draw, and their advance widths, which both the layout and the drawing measure with.
 *
 * Widths are the glyphs' advances as the PDF's /Widths say them, summed in the font's own units
 * (whole numbers, 2048 to the em) before scaling: a line's width built up word by word is then
 * exactly the width of the whole line. pdf-lib draws a text as the glyphs fontkit lays it out in,
 * and places them by those advances (no kerning); ligatures are turned off where the faces are
 * embedded (fonts.ts), so that the glyph drawn for each character is its own, of its own width
 * (font-faces.test.ts checks every character of both faces).
 */
import { readFileSync } from 'node:fs';
import type { PDFDocument } from 'pdf-lib';
import { assetPath } from './assets';

export type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type FontkitFont = ReturnType<Fontkit['create']>;

/** One printing face. */
export interface Face {
  readonly name: string;
  readonly bytes: Uint8Array;
  /** Units to the em of its advances. */
  readonly perEm: number;
  readonly characters: ReadonlySet<number>;
  /** A character's advance in the face's units (it must be one of `characters`, or it is .notdef's). */
  advance(code: number): number;
}

class LoadedFace implements Face {
  readonly perEm: number;
  readonly characters: ReadonlySet<number>;
  /** Advances of the Basic Multilingual Plane's characters, by code (-1: not yet read); others by a map. */
  private readonly plane = new Int32Array(0x10000).fill(-1);
  private readonly astral = new Map<number, number>();

  constructor(
    readonly name: string,
    readonly bytes: Uint8Array,
    readonly font: FontkitFont,
  ) {
    this.perEm = font.unitsPerEm;
    this.characters = new Set(font.characterSet);
  }

  advance(code: number): number {
    if (code < 0x10000) {
      const known = this.plane[code]!;
      return known >= 0 ? known : (this.plane[code] = this.font.glyphForCodePoint(code).advanceWidth);
    }
    let known = this.astral.get(code);
    if (known === undefined) this.astral.set(code, (known = this.font.glyphForCodePoint(code).advanceWidth));
    return known;
  }
}

export interface Faces {
  readonly regular: Face;
  readonly bold: Face;
  /**
   * fontkit as pdf-lib embeds the faces with (`embeddingFontkit`): each document gets fonts of its
   * own. Never the fonts read here for measuring.
   */
  readonly fontkit: Fontkit;
}

/**
 * fontkit for embedding: each document gets a font of its own, with its own glyphs and layout
 * engine, over the face's tables, read and decoded once per face. Its own glyphs, because fontkit
 * keeps each glyph with the characters it was first asked for, and a subset made for one document
 * asks for the parts of its accented letters with none (the "u" of "ü"): a later document's "u"
 * would print without its character (copied, searched or read as an address, "Łukasz" became
 * "Ł kasz"; font-subsets.test.ts). The tables, because decoding the layout tables (GSUB, GPOS)
 * afresh for each document was a third of printing a letter (docs/benchmarks.md, engine-proofs).
 * A font's glyphs and engine are made on first use, as own properties; the one read for its
 * tables is never used to lay out, so that no document's font inherits its glyphs or engine.
 */
function embeddingFontkit(fontkit: Fontkit): Fontkit {
  const read = new WeakMap<Uint8Array, FontkitFont>();
  return {
    create(bytes: Uint8Array) {
      let tables = read.get(bytes);
      if (!tables) read.set(bytes, (tables = fontkit.create(bytes)));
      return Object.assign(Object.create(tables) as FontkitFont, { _glyphs: {} });
    },
  };
}

let loaded: Faces | undefined;

/** The faces and their engine, read at once (a require and two file reads, a tenth of a second) the first time. */
export function printingFaces(): Faces {
  if (!loaded) {
    // Through a variable, so that the bundler leaves fontkit to be found when run (assets.ts).
    const load: (id: string) => unknown = require;
    const module = load(assetPath('fontkit.js', '@pdf-lib/fontkit')) as Fontkit | { default: Fontkit };
    const fontkit = 'default' in module ? module.default : module;
    const face = (name: string, file: string) => {
      const bytes = readFileSync(assetPath(`fonts/${file}`, `dejavu-fonts-ttf/ttf/${file}`));
      return new LoadedFace(name, bytes, fontkit.create(bytes));
    };
    const regular = face('DejaVu Sans', 'DejaVuSans.ttf');
    const bold = face('DejaVu Sans Bold', 'DejaVuSans-Bold.ttf');
    loaded = { regular, bold, fontkit: embeddingFontkit(fontkit) };
  }
  return loaded;
}
