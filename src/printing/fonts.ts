/**
 * The printing fonts: DejaVu Sans and DejaVu Sans Bold (font-faces.ts), embedded as subsets of
 * the characters drawn in every PDF the printer saves, so that a proof holds every font it prints
 * with (what preflight asks of a PDF letter). They draw Latin with every accent (Łukasz, Nguyễn),
 * Greek, Cyrillic, Armenian, Georgian and many symbols; bold text a character the bold face lacks
 * is drawn in the regular face. What neither draws is shown as U+FFFD (the replacement character)
 * and said, never turned into `?` silently: CJK (no font small enough to ship covers it), emoji
 * (DejaVu draws only a few of them, in outline: drawing those and not the others would print some
 * names whole and some not), right-to-left scripts (the printer lays text out left to right) and
 * scripts that need shaping DejaVu does not have.
 *
 * Why DejaVu Sans (the `dejavu-fonts-ttf` package, its Regular and Bold faces, 740 and 700 KB): of
 * the fonts on npm as TrueType it covers the most scripts in one file (5,918 characters; Noto
 * Sans, 620 KB, covers Latin, Greek and Cyrillic only), under a permissive licence (Bitstream
 * Vera's, changes in the public domain; shipped beside it). PDF's standard Helvetica, which the
 * printer drew with before, is never embedded: a proof in it is not the page a printer prints.
 * Its engine is `@pdf-lib/fontkit` (MIT), the fontkit pdf-lib's custom fonts are made for, loaded
 * from its own bundle (dist/fontkit.js) only when a text is measured or drawn: a letter of PDFs
 * alone, measured, loads no font.
 */
import {
  StandardFontEmbedder,
  StandardFonts,
  toRadians,
  type Color,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
  type Rotation,
} from 'pdf-lib';
import { printingFaces, type Face } from './font-faces';

/** What is shown where a character cannot be drawn. */
export const NOT_DRAWN = '\uFFFD';

/** Characters with no width and nothing to draw, left out of what is drawn: joiners, variation selectors, controls. */
const IGNORED = /[\p{Default_Ignorable_Code_Point}\p{Cc}]/u;
/** Characters the printer does not draw even where its fonts have them (see the header). */
const NEVER_DRAWN = /[\p{Emoji_Presentation}\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** Text every printing face draws as it is: printable ASCII. */
const PLAIN = /^[\x20-\x7e\n]*$/;

/** pdf-lib's embedder names its fonts by its own enum, of the same strings as StandardFonts'. */
const HELVETICA = StandardFonts.Helvetica as string as Parameters<typeof StandardFontEmbedder.for>[0];
let winAnsi: ReadonlySet<number> | undefined;
let winAnsiOnly: RegExp | undefined;

/**
 * Text of WinAnsi's characters only (and line breaks, tabs): the Western European letters most
 * accented names are made of, all of which the regular face draws (fonts.test.ts checks it). One
 * pattern answers it without reading a font, which the live diagnostics ask of every CSV cell.
 * WinAnsi holds no combining mark, so such text is the same composed (NFC).
 */
function winAnsiText(): RegExp {
  if (!winAnsiOnly) {
    const escaped = [...winAnsiCharacters()].map((code) => `\\u{${code.toString(16)}}`).join('');
    winAnsiOnly = new RegExp(`^[${escaped}\\t\\n]*$`, 'u');
  }
  return winAnsiOnly;
}

/** WinAnsi's characters, as pdf-lib's standard fonts encode them. */
export function winAnsiCharacters(): ReadonlySet<number> {
  return (winAnsi ??= new Set(StandardFontEmbedder.for(HELVETICA).encoding.supportedCodePoints));
}

function codePointWords(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** A character no printing font draws, with its code point: "山 (U+5C71)". */
export function characterWords(character: string): string {
  return `“${character}” (${codePointWords(character)})`;
}

/** Whether a text is printable ASCII, which every printing font draws as it is: then notDrawable finds nothing, without being asked. */
export function drawsAsIs(text: string): boolean {
  return PLAIN.test(text);
}

/**
 * The characters of a text no printing font draws, each once, in the order they come: what the
 * proof shows as U+FFFD. For a field or a merge value, checked before anything is laid out.
 */
export async function notDrawable(text: string): Promise<string[]> {
  return Promise.resolve().then(() => notDrawableNow(text));
}

/**
 * `notDrawable`, answered at once: what the live diagnostics ask of a CSV cell, so that they and
 * the preflight say the same. WinAnsi text is answered without reading a font.
 */
export function notDrawableNow(text: string): string[] {
  if (PLAIN.test(text) || winAnsiText().test(text)) return [];
  const { characters } = printingFaces().regular;
  const missing = new Set<string>();
  for (const character of text.normalize('NFC')) {
    if (IGNORED.test(character) || character === '\t' || character === '\n') continue;
    if (NEVER_DRAWN.test(character) || !characters.has(character.codePointAt(0)!)) missing.add(character);
  }
  return [...missing];
}

/**
 * A prepared text's widths in the faces' own units (`perEm` to the em): whole numbers, summed
 * before scaling, so that a line's width built up word by word is exactly the width of the whole
 * line, and wrapping measures each word once, not each line again per word.
 */
export interface TextUnits {
  readonly perEm: number;
  of(text: string): number;
}

export interface DrawOptions {
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly bold?: boolean;
  readonly color?: Color;
  readonly opacity?: number;
  readonly rotate?: Rotation;
}

/**
 * What a document's fonts are for: a printed PDF embeds the faces its texts are drawn in; a
 * measuring pass draws nothing, so measures with the faces' widths and embeds nothing.
 */
export type FontUse = 'drawing' | 'measuring';

/** The face that draws a character of a prepared text: the bold face's own, else the regular face's (U+FFFD among them). */
function faceOf(code: number, bold: boolean, faces: { regular: Face; bold: Face }): Face {
  return bold && faces.bold.characters.has(code) ? faces.bold : faces.regular;
}

/** The units of a prepared text drawn in one weight, of whichever face draws each character. */
class WeightUnits implements TextUnits {
  readonly perEm: number;

  constructor(
    private readonly faces: { regular: Face; bold: Face },
    private readonly bold: boolean,
  ) {
    // Both faces are of one grid (font-faces.test.ts): their units add up.
    this.perEm = faces.regular.perEm;
  }

  of(text: string): number {
    let units = 0;
    for (let i = 0; i < text.length; i++) {
      let code = text.charCodeAt(i);
      if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length) code = text.codePointAt(i++)!;
      units += faceOf(code, this.bold, this.faces).advance(code);
    }
    return units;
  }
}

/** The fonts of one printed document: the faces, each embedded there (a subset) before a text is drawn in it. */
export class PrintFonts {
  private readonly embedded = new Map<Face, PDFFont>();
  private units: { regular: TextUnits; bold: TextUnits } | undefined;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly use: FontUse,
  ) {}

  /** Reads no font yet: a document that prints no text (a letter of PDFs, measured) never does. */
  static of(doc: PDFDocument, use: FontUse = 'drawing'): PrintFonts {
    return new PrintFonts(doc, use);
  }

  private get faces(): { regular: Face; bold: Face } {
    return printingFaces();
  }

  /**
   * Embeds the faces the texts are drawn in, in the weight given, before they are drawn: in
   * this document only those, so that a PDF holds no font it does not use. Measuring, nothing.
   */
  async cover(texts: readonly string[], bold = false): Promise<void> {
    if (this.use === 'measuring') return;
    const faces = this.faces;
    const needed = new Set<Face>();
    for (const text of texts) {
      if (text === '') continue;
      if (PLAIN.test(text)) needed.add(bold ? faces.bold : faces.regular);
      else for (const character of this.prepare(text).text) needed.add(faceOf(character.codePointAt(0)!, bold, faces));
      if (needed.size === 2) break;
    }
    for (const face of needed) {
      if (this.embedded.has(face)) continue;
      this.doc.registerFontkit(printingFaces().fontkit);
      // Without ligatures: each character drawn as its own glyph, of the width measured (font-faces.ts).
      this.embedded.set(face, await this.doc.embedFont(face.bytes, { subset: true, features: { liga: false } }));
    }
  }

  /**
   * A text as it is drawn: composed (NFC), tabs as four spaces, invisible characters left out, and
   * each character no font here draws shown as U+FFFD; with those characters, each once.
   */
  prepare(text: string): { text: string; missing: string[] } {
    const spaced = text.replace(/\t/g, '    ');
    if (PLAIN.test(spaced)) return { text: spaced, missing: [] };
    const { characters } = this.faces.regular;
    let out = '';
    const missing = new Set<string>();
    for (const character of spaced.normalize('NFC')) {
      if (character === '\n') out += character;
      else if (IGNORED.test(character)) continue;
      else if (characters.has(character.codePointAt(0)!) && !NEVER_DRAWN.test(character)) out += character;
      else {
        missing.add(character);
        out += NOT_DRAWN;
      }
    }
    return { text: out, missing: [...missing] };
  }

  /** Widths of prepared texts in one weight, in the faces' units. */
  unitsFor(bold: boolean): TextUnits {
    this.units ??= { regular: new WeightUnits(this.faces, false), bold: new WeightUnits(this.faces, true) };
    return bold ? this.units.bold : this.units.regular;
  }

  /** The width of a prepared text at a size, in points: its units scaled, as the layout scales them. */
  widthOf(text: string, size: number, bold = false): number {
    const units = this.unitsFor(bold);
    return (units.of(text) * size) / units.perEm;
  }

  /** A prepared text in runs of one face each. */
  private runs(text: string, bold: boolean): { text: string; face: Face }[] {
    const faces = this.faces;
    if (PLAIN.test(text)) return [{ text, face: bold ? faces.bold : faces.regular }];
    const runs: { text: string; face: Face }[] = [];
    for (const character of text) {
      const face = faceOf(character.codePointAt(0)!, bold, faces);
      const last = runs.at(-1);
      if (last?.face === face) last.text += character;
      else runs.push({ text: character, face });
    }
    return runs;
  }

  /** Draws a prepared text (covered first) from (x, y) along its baseline, turned as `rotate` says, each run in its face. */
  draw(page: PDFPage, text: string, options: DrawOptions): void {
    const { bold = false, x, y, size, rotate, ...style } = options;
    const angle = rotate ? toRadians(rotate) : 0;
    let along = 0;
    for (const run of this.runs(text, bold)) {
      // An empty line draws nothing, in no face.
      if (run.text === '') continue;
      const font = this.embedded.get(run.face);
      if (!font) throw new Error(`${run.face.name} is drawn in a document it was not embedded in (PrintFonts.cover)`);
      page.drawText(run.text, {
        ...style,
        ...(rotate ? { rotate } : {}),
        x: x + along * Math.cos(angle),
        y: y + along * Math.sin(angle),
        size,
        font,
      });
      along += this.widthOf(run.text, size, bold);
    }
  }
}
