/**
 * Text laid out on a letter's pages: blocks (paragraphs, headings, breaks) wrapped to the page's
 * width in the printing faces, a page started when one is full, each section of a document on
 * pages of its size, at most MAX_TEXT_PAGES pages. A measuring pass counts the pages it would
 * make without making them. Also what a letter's layout shares with its PDFs (pdf-import.ts):
 * where a content is placed, and what it added.
 */
import type { PDFDocument, PDFPage } from 'pdf-lib';
import type { PlacedText } from './address-read';
import type { Block } from './blocks';
import { isUsLetter } from './envelope';
import type { PrintFonts, TextUnits } from './fonts';
import type { Section } from './page-size';
import type { PdfInspection } from './pdf-inspection';
import type { MissingCharacter, OffSizePage } from './print-jobs';

/**
 * Text of one document is laid out up to this many pages: a letter that long cannot be mailed
 * (-1065) whatever follows, and a huge document must not keep the sandbox busy.
 */
const MAX_TEXT_PAGES = 60;

/**
 * A measuring pass (`measureLetters`) lays text out line by line and counts every page, but does
 * not draw the lines, the address nor the Development mark: none changes where a page ends.
 */
export interface Layout {
  readonly fonts: PrintFonts;
  readonly measuring: boolean;
  readonly inspect: boolean;
  /**
   * Measuring, the pages of text and address pages are counted, not made: nothing is drawn on
   * them, and making a PDF page is most of what measuring a short letter would otherwise cost.
   */
  readonly counted?: { pages: number };
  /** Lines already wrapped, kept across the letters of one measuring (a merge's rows share most of their text). */
  readonly wrapped?: WrapMemo;
}

/** The pages laid out so far: the document's, and those only counted. */
export function pageCount(doc: PDFDocument, layout: Layout): number {
  return doc.getPageCount() + (layout.counted?.pages ?? 0);
}

/**
 * The lines of blocks met before, kept across the letters of one measuring: a merge's rows share
 * their template's blocks without fields (the same Block, html-text.ts htmlFiller and merge.ts
 * mergeTemplate see to it), which then wrap once rather than once a row. A block is kept from its
 * second letter on, and only as long as it lives (a WeakMap): a row's own blocks cost nothing to
 * remember and are never held.
 */
export class WrapMemo {
  private readonly lines = new WeakMap<Block, Map<string, readonly string[]> | 'seen'>();
  /**
   * The measuring document and its fonts, made once for all the letters measured with this memo:
   * text and address pages are only counted, so it stays empty whatever the number of letters
   * (a PDF's own pages would go into it: a merge has none).
   */
  measuring: { readonly doc: PDFDocument; readonly fonts: PrintFonts } | undefined;

  of(block: Block, size: number, width: number, wrapped: () => Iterable<string>): Iterable<string> {
    const kept = this.lines.get(block);
    if (kept === undefined) {
      this.lines.set(block, 'seen');
      return wrapped();
    }
    const at = `${size} ${width}`;
    const sizes = kept === 'seen' ? new Map<string, readonly string[]>() : kept;
    if (kept === 'seen') this.lines.set(block, sizes);
    let lines = sizes.get(at);
    if (!lines) sizes.set(at, (lines = [...wrapped()]));
    return lines;
  }
}

/** Longest slice of a word tried on one line: no font fits more letters on a page's width. */
const LONGEST_LINE = 400;

/**
 * A width in the printing faces' units, and whether a line of so many fits: a line's width is the
 * sum of its words' and spaces' (fonts.ts TextUnits), exactly the width measured whole.
 */
interface Measured {
  readonly units: TextUnits;
  fits(units: number): boolean;
}

/** The lines of a text at a width, produced as they are needed (a page cap stops early). */
export function* wrap(text: string, fits: (line: string) => boolean, measured?: Measured): Generator<string> {
  const space = measured ? measured.units.of(' ') : 0;
  for (const raw of text.split('\n')) {
    let line = '';
    let lineUnits = 0;
    for (let word of raw.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (candidate.length <= LONGEST_LINE) {
        if (measured) {
          const { units } = measured;
          // A line's units and a word's, with a space between: exactly those of the whole, measured once (nothing is kerned).
          const candidateUnits = line ? lineUnits + space + units.of(word) : units.of(word);
          if (measured.fits(candidateUnits)) {
            line = candidate;
            lineUnits = candidateUnits;
            continue;
          }
        } else if (fits(candidate)) {
          line = candidate;
          continue;
        }
      }
      if (line) yield line;
      // A word wider than the line is cut where it stops fitting, a bounded slice at a time.
      const fitsAlone = (w: string) => (measured ? measured.fits(measured.units.of(w)) : fits(w));
      while (word.length > 1 && !(word.length <= LONGEST_LINE && fitsAlone(word))) {
        let cut = Math.min(word.length - 1, LONGEST_LINE);
        while (cut > 1 && !fits(word.slice(0, cut))) cut = Math.floor(cut * 0.9);
        // Never between the two halves of a character outside the Basic Multilingual Plane.
        if (/[\uD800-\uDBFF]/.test(word[cut - 1] ?? '')) cut = cut > 1 ? cut - 1 : cut + 1;
        yield word.slice(0, cut);
        word = word.slice(cut);
      }
      line = word;
      lineUnits = measured ? measured.units.of(word) : 0;
    }
    yield line;
  }
}

/** Characters not drawn, with the pages they are on. */
export class Misses {
  private readonly found = new Map<string, Set<number>>();

  add(characters: readonly string[], page: number): void {
    for (const character of characters) this.found.set(character, (this.found.get(character) ?? new Set<number>()).add(page));
  }

  get list(): MissingCharacter[] {
    return [...this.found].map(([character, pages]) => ({ character, pages: [...pages].sort((a, b) => a - b) }));
  }
}

/** Where a content is printed in its letter, and what is wanted of its pages beyond printing them. */
export interface Placing {
  /** The index, in the printed PDF, of the letter's first page. */
  readonly letterStart: number;
  /** Whether its first page is the letter's page 1, whose recipient box the service reads. */
  readonly readsPage1: boolean;
  readonly misses: Misses;
}

/** Lays text blocks out on pages of one size, starting a page when one is full or a break asks. */
export class TextPages {
  private page: PDFPage | undefined;
  private y = 0;
  private used = false;
  private pages = 0;
  private full = false;
  /** The lines of its first page, where they stand, when that page is the letter's page 1. */
  readonly firstPage: PlacedText[] = [];
  /** Its pages that are not US Letter: its document asked for another size (-1021). */
  readonly offSize: OffSizePage[] = [];
  /** Its first page is wider than tall (a landscape section or `@page` size). */
  firstPageLandscape = false;

  constructor(
    private readonly doc: PDFDocument,
    private readonly layout: Layout,
    private readonly placing: Placing,
    private size: [number, number],
    private readonly margin: number,
    private readonly fontSize: number,
  ) {}

  private newPage(): void {
    this.pages++;
    if (this.layout.counted) this.layout.counted.pages++;
    else this.page = this.doc.addPage(this.size);
    this.y = this.size[1] - this.margin;
    this.used = false;
    const [width, height] = this.size;
    if (this.pages === 1) this.firstPageLandscape = width > height;
    if (!isUsLetter(width, height)) this.offSize.push({ page: this.letterPage(this.pages), documentPage: this.pages, width, height });
  }

  /**
   * Lays blocks out, each section on pages of its size: it starts a page, as Word's next-page
   * break does, unless it is continuous and of the same size (a new size always starts a page).
   */
  async write(blocks: readonly Block[], sections: readonly Section[] = []): Promise<void> {
    const { fonts, measuring } = this.layout;
    await fonts.cover(blocks.map((b) => (b.kind === 'paragraph' ? b.text : '')));
    await fonts.cover(
      blocks.map((b) => (b.kind === 'heading' ? b.text : '')),
      true,
    );
    const sectionAt = new Map(sections.map((s) => [s.fromBlock, s]));
    const firstSize = sections[0]?.size;
    if (this.pages === 0 && firstSize) this.size = [firstSize.width, firstSize.height];
    if (this.pages === 0) this.newPage();
    for (const [index, block] of blocks.entries()) {
      if (this.full) return;
      const section = index > 0 ? sectionAt.get(index) : undefined;
      const resized = section && (section.size.width !== this.size[0] || section.size.height !== this.size[1]);
      // A page not yet written on serves a section of its size.
      if (section && (resized || (!section.continuous && this.used)) && this.pages < MAX_TEXT_PAGES) {
        this.size = [section.size.width, section.size.height];
        this.newPage();
      }
      if (block.kind === 'page-break') {
        if (this.used && this.pages < MAX_TEXT_PAGES) this.newPage();
        continue;
      }
      const bold = block.kind === 'heading';
      const size = bold ? this.fontSize * 1.35 : this.fontSize;
      const lineHeight = size * 1.35;
      const width = this.size[0] - 2 * this.margin;
      const { text, missing } = fonts.prepare(block.text);
      let startsOn: number | undefined;
      const fits = (s: string) => fonts.widthOf(s, size, bold) <= width;
      const units = fonts.unitsFor(bold);
      // As fonts.ts widthOf scales a width, so that a line measured fits as it is drawn.
      const measured = { units, fits: (u: number) => (u * size) / units.perEm <= width };
      const lines = this.layout.wrapped
        ? this.layout.wrapped.of(block, size, width, () => wrap(text, fits, measured))
        : wrap(text, fits, measured);
      for (const line of lines) {
        if (this.y - lineHeight < this.margin) {
          if (this.pages >= MAX_TEXT_PAGES) {
            this.full = true;
            if (measuring) return;
            const note = `(The sandbox lays out at most ${MAX_TEXT_PAGES} pages of a document.)`;
            await fonts.cover([note]);
            fonts.draw(this.page!, note, { x: this.margin, y: this.margin / 2, size: 8 });
            return;
          }
          this.newPage();
        }
        startsOn ??= this.pages;
        const baseline = this.y - size;
        if (!measuring) fonts.draw(this.page!, line, { x: this.margin, y: baseline, size, bold });
        if (this.pages === 1 && this.placing.readsPage1) {
          this.firstPage.push({
            text: line,
            x: this.margin,
            baseline: this.size[1] - baseline,
            size,
            width: fonts.widthOf(line, size, bold),
          });
        }
        this.y -= lineHeight;
        this.used = true;
      }
      // Said on the page the block starts on.
      if (missing.length > 0 && startsOn !== undefined) this.placing.misses.add(missing, this.letterPage(startsOn));
      this.y -= size * 0.6;
    }
  }

  /** The letter's 1-based page number of this layout's nth page. */
  private letterPage(nth: number): number {
    return pageCount(this.doc, this.layout) - this.pages + nth - this.placing.letterStart;
  }
}

/** What a content added: whether it could be read (and why not), and what its pages showed. */
export interface Added {
  readonly unreadable?: string;
  /** Its first page's text, where it stands, when that page is the letter's page 1; `unknown` when the sandbox cannot see it. */
  readonly firstPage?: readonly PlacedText[] | 'unknown';
  /** That first page is shown wider than tall. */
  readonly firstPageLandscape?: boolean;
  readonly offSize?: readonly OffSizePage[];
  readonly inspection?: PdfInspection;
}
