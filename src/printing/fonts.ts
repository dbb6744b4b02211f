/**
 * The printing fonts. Text is drawn in Helvetica (PDF's standard font, not embedded), which pdf-lib
 * encodes in WinAnsi: it draws Western European letters and nothing else. A character it cannot
 * draw is drawn in DejaVu Sans instead (embedded as a subset of the characters used): Latin with
 * every accent (Łukasz, Nguyễn), Greek, Cyrillic, Armenian, Georgian and many symbols. What
 * neither draws is shown as U+FFFD (the replacement character) and said, never turned into `?`
 * silently: CJK (no font small enough to ship covers it), emoji (DejaVu draws only a few of them,
 * in outline: drawing those and not the others would print some names whole and some not),
 * right-to-left scripts (the printer lays text out left to right) and scripts that need shaping
 * DejaVu does not have.
 *
 * Why DejaVu Sans (the `dejavu-fonts-ttf` package, its Regular face only, 740 KB): of the fonts on
 * npm as TrueType it covers the most scripts in one file (5,918 characters; Noto Sans, 620 KB,
 * covers Latin, Greek and Cyrillic only), under a permissive licence (Bitstream Vera's, changes in
 * the public domain; shipped beside it). Bold text it draws in its Regular face: a bold face
 * would double what ships, for a heading's odd letter. Its engine is `@pdf-lib/fontkit` (MIT), the
 * fontkit pdf-lib's custom fonts are made for (its forks, `@foliojs-fork/fontkit` among them, are
 * as large and not what pdf-lib is tested with), loaded with the font, only when a text needs it,
 * from its own bundle (dist/fontkit.js): loading it takes most of half a second.
 */
import { readFileSync } from 'node:fs';
import {
  PDFDocument,
  StandardFontEmbedder,
  StandardFonts,
  toRadians,
  type Color,
  type PDFFont,
  type PDFPage,
  type Rotation,
} from 'pdf-lib';
import { assetPath } from './assets';

/** What is shown where a character cannot be drawn. */
export const NOT_DRAWN = '\uFFFD';

/** Characters with no width and nothing to draw, left out of what is drawn: joiners, variation selectors, controls. */
const IGNORED = /[\p{Default_Ignorable_Code_Point}\p{Cc}]/u;
/** Characters the printer does not draw even where the fallback font has them (see the header). */
const NEVER_DRAWN = /[\p{Emoji_Presentation}\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** Text every printing font draws as it is: printable ASCII. */
const PLAIN = /^[\x20-\x7e\n]*$/;

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

interface Fallback {
  readonly fontkit: Fontkit;
  readonly bytes: Uint8Array;
  readonly characters: ReadonlySet<number>;
}

let fallbackLoaded: Fallback | undefined;

/**
 * The fallback font and its engine, read once per thread when first needed. Read at once (a
 * require and a file read): the live diagnostics ask for its characters without waiting.
 */
function fallbackFontNow(): Fallback {
  if (!fallbackLoaded) {
    // Through a variable, so that the bundler leaves fontkit to be found when run (assets.ts).
    const load: (id: string) => unknown = require;
    const loaded = load(assetPath('fontkit.js', '@pdf-lib/fontkit')) as Fontkit | { default: Fontkit };
    const fontkit = 'default' in loaded ? loaded.default : loaded;
    const bytes = readFileSync(assetPath('fonts/DejaVuSans.ttf', 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
    fallbackLoaded = { fontkit, bytes, characters: new Set(fontkit.create(bytes).characterSet) };
  }
  return fallbackLoaded;
}

function fallbackFont(): Promise<Fallback> {
  return Promise.resolve().then(fallbackFontNow);
}

/** pdf-lib's embedder names its fonts by its own enum, of the same strings as StandardFonts'. */
const HELVETICA = StandardFonts.Helvetica as string as Parameters<typeof StandardFontEmbedder.for>[0];
let winAnsi: ReadonlySet<number> | undefined;
let winAnsiOnly: RegExp | undefined;

/**
 * Text of Helvetica's characters only (and line breaks, tabs): drawn as it is, what most accented
 * names are; one pattern answers it faster than a look-up a character. WinAnsi holds no combining
 * mark, so such text is the same composed (NFC).
 */
function standardOnly(): RegExp {
  if (!winAnsiOnly) {
    const escaped = [...standardCharacters()].map((code) => `\\u{${code.toString(16)}}`).join('');
    winAnsiOnly = new RegExp(`^[${escaped}\\t\\n]*$`, 'u');
  }
  return winAnsiOnly;
}

/** Helvetica's characters in the one encoding pdf-lib gives the standard fonts, WinAnsi (what its PDFFont.getCharacterSet answers). */
function standardCharacters(): ReadonlySet<number> {
  return (winAnsi ??= new Set(StandardFontEmbedder.for(HELVETICA).encoding.supportedCodePoints));
}

function codePointWords(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** A character no printing font draws, with its code point: "山 (U+5C71)". */
export function characterWords(character: string): string {
  return `“${character}” (${codePointWords(character)})`;
}

function needsFallback(text: string, standard: ReadonlySet<number>): boolean {
  if (PLAIN.test(text)) return false;
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (!standard.has(code) && !IGNORED.test(character)) return true;
  }
  return false;
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
 * the preflight say the same. Printable ASCII is answered without reading a font.
 */
export function notDrawableNow(text: string): string[] {
  if (PLAIN.test(text) || standardOnly().test(text)) return [];
  const normal = text.normalize('NFC');
  const standard = standardCharacters();
  const { characters } = fallbackFontNow();
  const missing = new Set<string>();
  for (const character of normal) {
    const code = character.codePointAt(0)!;
    // Helvetica's own (WinAnsi: no emoji, no right-to-left letter): drawn, without asking the two patterns, what most accented text is.
    if (standard.has(code)) continue;
    if (IGNORED.test(character) || character === '\t' || character === '\n') continue;
    if (NEVER_DRAWN.test(character) || (!standard.has(code) && !characters.has(code))) missing.add(character);
  }
  return [...missing];
}

/** A standard font's widths in its units: of a text, and what a pair of characters adds to theirs (kerning). */
export interface TextUnits {
  of(text: string): number;
  /** What two characters (UTF-16 code units) side by side add to their widths. */
  kerning(left: number, right: number): number;
}

/** Bounded: a merge of any size keeps at most this many texts' widths. */
const MOST_WIDTHS = 50_000;

class UnitsOf implements TextUnits {
  private readonly widths = new Map<string, number>();

  constructor(private readonly font: PDFFont) {}

  of(text: string): number {
    let units = this.widths.get(text);
    if (units === undefined) {
      units = this.font.widthOfTextAtSize(text, 1000);
      if (this.widths.size >= MOST_WIDTHS) this.widths.clear();
      this.widths.set(text, units);
    }
    return units;
  }

  /** Kerning of two Latin-1 characters, by their codes (NaN: not yet measured); others by a map. */
  private readonly latin = new Float64Array(0x10000).fill(NaN);
  private readonly pairs = new Map<number, number>();

  kerning(left: number, right: number): number {
    if (left < 0x100 && right < 0x100) {
      const at = left * 0x100 + right;
      const known = this.latin[at]!;
      return Number.isNaN(known) ? (this.latin[at] = this.measurePair(left, right)) : known;
    }
    const pair = left * 0x10000 + right;
    let units = this.pairs.get(pair);
    if (units === undefined) {
      units = this.measurePair(left, right);
      if (this.pairs.size >= MOST_WIDTHS) this.pairs.clear();
      this.pairs.set(pair, units);
    }
    return units;
  }

  private measurePair(left: number, right: number): number {
    const [l, r] = [String.fromCharCode(left), String.fromCharCode(right)];
    return this.font.widthOfTextAtSize(l + r, 1000) - this.of(l) - this.of(r);
  }
}

/** Each standard font's widths, by its name: the same in every document. */
const wordUnits = new Map<string, UnitsOf>();

export interface DrawOptions {
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly bold?: boolean;
  readonly color?: Color;
  readonly opacity?: number;
  readonly rotate?: Rotation;
}

/** The fonts of one printed document: Helvetica, and DejaVu Sans embedded there when a text first needs it. */
export class PrintFonts {
  private fallback: { font: PDFFont; characters: ReadonlySet<number> } | undefined;

  private constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly standard: ReadonlySet<number>,
  ) {}

  static async of(doc: PDFDocument): Promise<PrintFonts> {
    const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);
    return new PrintFonts(doc, regular, bold, standardCharacters());
  }

  /** Makes ready the font the texts need beyond Helvetica, if any: before they are measured or drawn. */
  async cover(texts: readonly string[]): Promise<void> {
    // Printable ASCII needs no fallback, and composing it (NFC) would change nothing: not composed.
    if (this.fallback || !texts.some((text) => !PLAIN.test(text) && needsFallback(text.normalize('NFC'), this.standard))) return;
    const { fontkit, bytes, characters } = await fallbackFont();
    this.doc.registerFontkit(fontkit);
    this.fallback = { font: await this.doc.embedFont(bytes, { subset: true }), characters };
  }

  /**
   * A text as it is drawn: composed (NFC), tabs as four spaces, invisible characters left out, and
   * each character no font here draws shown as U+FFFD; with those characters, each once.
   */
  prepare(text: string): { text: string; missing: string[] } {
    const spaced = text.replace(/\t/g, '    ');
    if (PLAIN.test(spaced)) return { text: spaced, missing: [] };
    let out = '';
    const missing = new Set<string>();
    for (const character of spaced.normalize('NFC')) {
      const code = character.codePointAt(0)!;
      if (character === '\n') out += character;
      else if (IGNORED.test(character)) continue;
      else if (this.standard.has(code) && !NEVER_DRAWN.test(character)) out += character;
      else if (this.fallback?.characters.has(code) && !NEVER_DRAWN.test(character)) out += character;
      else {
        missing.add(character);
        out += this.fallback ? NOT_DRAWN : '?';
      }
    }
    return { text: out, missing: [...missing] };
  }

  /** A prepared text in runs of one font each. */
  private runs(text: string, bold: boolean): { text: string; font: PDFFont }[] {
    const standard = bold ? this.bold : this.regular;
    if (PLAIN.test(text) || !this.fallback) return [{ text, font: standard }];
    const runs: { text: string; font: PDFFont }[] = [];
    for (const character of text) {
      const font = this.standard.has(character.codePointAt(0)!) ? standard : this.fallback.font;
      const last = runs.at(-1);
      if (last?.font === font) last.text += character;
      else runs.push({ text: character, font });
    }
    return runs;
  }

  /**
   * Widths of a prepared text's pieces in Helvetica's own units (1000 to the em), when the text is
   * drawn in Helvetica alone; else undefined. Helvetica's widths and kerning are whole numbers, and
   * pdf-lib sums them before scaling, so that a line's width built up word by word is exactly the
   * width of the whole line: wrapping then measures each word once, not each line again per word.
   */
  unitsFor(text: string, bold: boolean): TextUnits | undefined {
    if (!PLAIN.test(text) && this.fallback) return undefined;
    const font = bold ? this.bold : this.regular;
    return (wordUnits.get(font.name) ?? wordUnits.set(font.name, new UnitsOf(font)).get(font.name))!;
  }

  /** The width of a prepared text at a size, in points. */
  widthOf(text: string, size: number, bold = false): number {
    return this.runs(text, bold).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
  }

  /** Draws a prepared text from (x, y) along its baseline, turned as `rotate` says, each run in its font. */
  draw(page: PDFPage, text: string, options: DrawOptions): void {
    const { bold = false, x, y, size, rotate, ...style } = options;
    const angle = rotate ? toRadians(rotate) : 0;
    let along = 0;
    for (const run of this.runs(text, bold)) {
      page.drawText(run.text, {
        ...style,
        ...(rotate ? { rotate } : {}),
        x: x + along * Math.cos(angle),
        y: y + along * Math.sin(angle),
        size,
        font: run.font,
      });
      along += run.font.widthOfTextAtSize(run.text, size);
    }
  }
}
