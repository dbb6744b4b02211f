/**
 * The print shop (facts, Part B): the printed PDF of letters and postcards, as the sandbox prints
 * them when a mailer is sent and as the preflight prints a proof before anything is sent.
 *
 * A letter with an address starts with an address page whose block sits where a No. 10
 * double-window envelope shows it; PDF pages are kept as they are; HTML and .docx are laid out
 * as text pages; binary .doc prints a page saying the sandbox cannot render it. In Development
 * mode every page carries a visible "DEVELOPMENT - NOT MAILED" mark. What cannot be printed is
 * not refused at send: the mailer fails later, as the service's does (-1025, -1018, -1045, -1065).
 */
import { PDFDocument, PDFName, PDFNumber, degrees, rgb, type PDFPage } from 'pdf-lib';
import { STATUS, checkMailableAddress, type RecipientField, type RecipientFields } from '../contract';
import { fieldsWithLineBreaks, oneLine } from './address-fields';
import { addressCheckFailure } from './address/verify';
import { readBox, windowAddress, type PlacedText, type ReadLine } from './address-read';
import type { Block } from './blocks';
import { UnreadableDocument, docxToPages } from './docx-text';
import { RECIPIENT_WINDOW, RETURN_WINDOW, US_LETTER, isUsLetter, type Box } from './envelope';
import { PrintFonts, type TextUnits } from './fonts';
import { htmlToBlocks } from './html-text';
import { htmlPageSize, type Section } from './page-size';
import { inspectPdf, MIN_IMAGE_DPI, type LowResolutionImage, type PdfInspection } from './pdf-inspection';
import { withPdf } from './pdf-js';
import { placedText } from './pdf-text';

export { RECIPIENT_WINDOW, RETURN_WINDOW } from './envelope';

const LETTER: [number, number] = [US_LETTER.width, US_LETTER.height];
const POSTCARD: [number, number] = [432, 306];
const INCH = 72;
/** Sheets a No. 10 envelope holds. */
export const MAX_LETTER_SHEETS = 7;
/**
 * Text of one document is laid out up to this many pages: a letter that long cannot be mailed
 * (-1065) whatever follows, and a huge document must not keep the sandbox busy.
 */
const MAX_TEXT_PAGES = 60;
export const DEVELOPMENT_MARK = 'DEVELOPMENT - NOT MAILED';
/** The small mark's place: its baseline this far below a page's top, at this size, from the left edge. */
const MARK_LINE = { x: 18, fromTop: 14, size: 8 } as const;
/**
 * A postcard's text stays this far inside its edges, and below the strip at the top where the
 * small Development mark goes, so that neither covers the other (a letter's inch margin does the
 * same). Pictures and PDFs still fill their side: the mark is drawn over them, as a watermark.
 */
const CARD_MARGIN = 18;
const CARD_TOP = MARK_LINE.fromTop + 10;

/** The recipient of a letter, with the contract's field names (the postal code as PostalCode). */
export type PostalAddress = RecipientFields;
/** The work mode a mailer is printed in: Default is the account's, decided before printing. */
export type WorkModeUsed = 'Production' | 'Development';

export type Content =
  | { readonly kind: 'file'; readonly type: string; readonly data: Uint8Array }
  | {
      readonly kind: 'blocks';
      readonly blocks: readonly Block[];
      /** The page sizes its document asks for (a .docx's sections, an HTML's `@page`); none: Letter. */
      readonly sections?: readonly Section[];
    };

export interface LetterJob {
  readonly contents: readonly Content[];
  /** The recipient; when absent the service reads it from the recipient box of page 1. */
  readonly address?: PostalAddress;
  readonly reply?: { readonly address: PostalAddress; readonly stamping: 'Top' | 'Bottom' };
  readonly perforation?: boolean;
  readonly replyEnvelope?: boolean;
  readonly workMode: WorkModeUsed;
  readonly duplex: boolean;
}

export interface PostcardJob {
  readonly imageSide: Content;
  readonly addressSide: Content;
  readonly address: PostalAddress;
  readonly scaling: 'FitToPage' | 'None';
  readonly workMode: WorkModeUsed;
}

/** A page that is not US Letter: where it is in the letter and in its document, and its size in points. */
export interface OffSizePage {
  /** The letter's 1-based page (its address page, when it has one, is 1). */
  readonly page: number;
  /** The page in its own document. */
  readonly documentPage: number;
  readonly width: number;
  readonly height: number;
}

/** A character the printing fonts cannot draw, in a document's text, with the letter's pages it is on. */
export interface MissingCharacter {
  readonly character: string;
  readonly pages: readonly number[];
}

export interface Printed {
  readonly pages: number;
  readonly sheets: number;
  /** The final status the mailer will fail with, if it cannot be mailed. */
  readonly failure?: number;
  /** Every reason it cannot be mailed, in the order the service would find them (`failure` is the first). */
  readonly failures: readonly number[];
  /** Why its document could not be processed (-1025), in words. */
  readonly unreadable?: string;
  /** Its pages that are not US Letter (-1021). */
  readonly offSize?: readonly OffSizePage[];
  /**
   * Sent without an address: the text the service reads from the recipient box of page 1, line by
   * line (none, or none that reads as an address: -1045); `unknown` where the sandbox cannot see the page (binary .doc, a document it
   * could not read).
   */
  readonly read?: readonly ReadLine[] | 'unknown';
  /**
   * Sent without an address, and page 1 is landscape (shown wider than tall). The service prints
   * such a page turned to portrait (Part B), so its window shows another part of the page than
   * the recipient box of the page as shown; where, the facts do not say (a printer may turn it
   * either way), so `read` is the box of the page as shown, not a guess, and the preflight warns.
   */
  readonly readLandscape?: true;
  /** The address fields that hold a line break (-1045: the service reads each field as one line); drawn with their lines joined. */
  readonly lineBreaks?: readonly RecipientField[];
  /** Characters of its documents' text the printing fonts cannot draw (drawn as U+FFFD). */
  readonly missing?: readonly MissingCharacter[];
  /** Asked for (`PrintOptions.inspect`): its PDFs' fonts not embedded and images under 300 DPI, on the letter's pages. */
  readonly inspection?: PdfInspection;
}

/**
 * A measuring pass (`measureLetters`) lays text out line by line and counts every page, but does
 * not draw the lines, the address nor the Development mark: none changes where a page ends.
 */
interface Layout {
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
function pageCount(doc: PDFDocument, layout: Layout): number {
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
function* wrap(text: string, fits: (line: string) => boolean, measured?: Measured): Generator<string> {
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
class Misses {
  private readonly found = new Map<string, Set<number>>();

  add(characters: readonly string[], page: number): void {
    for (const character of characters) this.found.set(character, (this.found.get(character) ?? new Set<number>()).add(page));
  }

  get list(): MissingCharacter[] {
    return [...this.found].map(([character, pages]) => ({ character, pages: [...pages].sort((a, b) => a - b) }));
  }
}

/** Where a content is printed in its letter, and what is wanted of its pages beyond printing them. */
interface Placing {
  /** The index, in the printed PDF, of the letter's first page. */
  readonly letterStart: number;
  /** Whether its first page is the letter's page 1, whose recipient box the service reads. */
  readonly readsPage1: boolean;
  readonly misses: Misses;
}

/** Lays text blocks out on pages of one size, starting a page when one is full or a break asks. */
class TextPages {
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

export function addressLines(address: PostalAddress): string[] {
  const cityLine = [oneLine(address.City), [oneLine(address.State), oneLine(address.PostalCode)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [
    address.AttentionLine1,
    address.AttentionLine2,
    address.AttentionLine3,
    address.Company,
    address.Address1,
    address.Address2,
    cityLine,
    address.Country,
  ]
    .map((line) => oneLine(line))
    .filter((line): line is string => Boolean(line));
}

/**
 * -1018 for a US address whose ZIP code is not one (the contract's rule, which input checks share),
 * or, in Production, one the service's address check fails (address/verify.ts, as the preflight says).
 */
function addressFailure(address: PostalAddress, workMode: WorkModeUsed): number | undefined {
  return checkMailableAddress(address) ?? addressCheckFailure(address, workMode);
}

/**
 * Address lines inside a window: 11 pt, closer together when many lines must fit, and a line too
 * long for the window's width smaller still, so that all of it shows through the window.
 */
function drawInWindow(page: PDFPage, lines: readonly string[], window: Box, fonts: PrintFonts, size = 11): void {
  const pad = 2;
  const leading = Math.min(size * 1.2, (window.height - 2 * pad) / Math.max(lines.length, 1));
  const fitted = Math.min(size, leading / 1.05);
  const top = page.getHeight() - window.top - pad;
  lines.forEach((line, i) => {
    const { text } = fonts.prepare(line);
    const width = fonts.widthOf(text, fitted);
    const shown = Math.min(fitted, (fitted * (window.width - 2 * pad)) / Math.max(width, 1));
    fonts.draw(page, text, { x: window.left + pad, y: top - fitted - i * leading, size: shown });
  });
}

function drawLines(page: PDFPage, lines: readonly string[], x: number, top: number, size: number, fonts: PrintFonts): void {
  lines.forEach((line, i) => fonts.draw(page, fonts.prepare(line).text, { x, y: top - size - i * size * 1.25, size }));
}

export async function markDevelopment(doc: PDFDocument, from: number, fonts: PrintFonts): Promise<void> {
  await fonts.cover([DEVELOPMENT_MARK], true);
  const red = rgb(0.8, 0.1, 0.1);
  for (const page of doc.getPages().slice(from)) {
    const { width, height } = page.getSize();
    // Along the diagonal, centred, three quarters of its length.
    const angle = Math.atan2(height, width);
    const size = (0.75 * Math.hypot(width, height)) / fonts.widthOf(DEVELOPMENT_MARK, 1, true);
    const length = fonts.widthOf(DEVELOPMENT_MARK, size, true);
    const lift = size * 0.35;
    fonts.draw(page, DEVELOPMENT_MARK, {
      x: width / 2 - (length / 2) * Math.cos(angle) + lift * Math.sin(angle),
      y: height / 2 - (length / 2) * Math.sin(angle) - lift * Math.cos(angle),
      size,
      bold: true,
      color: red,
      opacity: 0.3,
      rotate: degrees((angle * 180) / Math.PI),
    });
    fonts.draw(page, DEVELOPMENT_MARK, { x: MARK_LINE.x, y: height - MARK_LINE.fromTop, size: MARK_LINE.size, bold: true, color: red });
  }
}

const bytes = (n: number) => n.toLocaleString('en-US');

/**
 * Why an encrypted PDF is not printed, in words: whether a reader asks a password to open it
 * (pdf.js says so), or it opens without one and only an owner password limits what may be done
 * with it. Either way the printer does not print it (this project's decision: the sandbox cannot
 * decrypt, and the facts say nothing of the service printing encrypted files), so both are -1025.
 */
async function encryptedWords(data: Uint8Array): Promise<string> {
  const asksPassword = await withPdf(data, () => Promise.resolve(false)).catch(
    (error: unknown) => error instanceof Error && error.name === 'PasswordException',
  );
  return asksPassword
    ? 'The PDF is encrypted with a password that must be given to open it: the printer cannot open it. Save a copy without a password and send that.'
    : 'The PDF is encrypted: it opens without a password, but an owner password limits what may be done with it, and the printer does not open encrypted files. ' +
        'Save a copy without security and send that.';
}

/** Why a PDF could not be read, in words: not a PDF, or damaged (cut short, or where it breaks). */
export function pdfTrouble(error: unknown, data: Uint8Array): string {
  const text = (from: number, to: number) => Buffer.from(data.subarray(from, to)).toString('latin1');
  if (!text(0, 1024).includes('%PDF-')) return 'The file is not a PDF: it does not start with "%PDF-".';
  // A parse that found no catalog or page tree fails later, reading what is not there.
  const message =
    error instanceof TypeError ? 'it has no catalog or page tree that can be read' : error instanceof Error ? error.message : String(error);
  const at = /offset=(\d+)/.exec(message)?.[1];
  const cut = !text(Math.max(0, data.length - 1024), data.length).includes('%%EOF');
  const where = at === undefined ? '' : ` past byte ${bytes(Number(at))} of ${bytes(data.length)}`;
  const why = message.replace(/^Failed to parse PDF document \([^)]*\):\s*/, '').replace(/[.\s]+$/, '');
  return `The PDF is damaged: ${cut ? 'it is cut short (it has no end-of-file marker), and ' : ''}it cannot be read${where} (${why}).`;
}

/** What a content added: whether it could be read (and why not), and what its pages showed. */
interface Added {
  readonly unreadable?: string;
  /** Its first page's text, where it stands, when that page is the letter's page 1; `unknown` when the sandbox cannot see it. */
  readonly firstPage?: readonly PlacedText[] | 'unknown';
  /** That first page is shown wider than tall. */
  readonly firstPageLandscape?: boolean;
  readonly offSize?: readonly OffSizePage[];
  readonly inspection?: PdfInspection;
}

/** A page box's edges, whichever two opposite corners its rectangle names (PDF 32000-1 §7.9.5 allows any). */
function edges(box: { x: number; y: number; width: number; height: number }): { left: number; bottom: number; right: number; top: number } {
  return {
    left: Math.min(box.x, box.x + box.width),
    right: Math.max(box.x, box.x + box.width),
    bottom: Math.min(box.y, box.y + box.height),
    top: Math.max(box.y, box.y + box.height),
  };
}

/** How many points a unit of the page's space is (PDF 1.6 /UserUnit: a large page drawn in larger units); 1 unless it says. */
function userUnit(page: PDFPage): number {
  const unit = page.node.lookup(PDFName.of('UserUnit'));
  return unit instanceof PDFNumber && unit.asNumber() > 0 ? unit.asNumber() : 1;
}

/** The visible box of a PDF page, in points: its crop box, within its media box (as pdf.js shows it), in its units' size. */
function shownSize(page: PDFPage): { width: number; height: number } {
  const media = edges(page.getMediaBox());
  const crop = edges(page.getCropBox());
  const unit = userUnit(page);
  return {
    width: unit * Math.max(0, Math.min(media.right, crop.right) - Math.max(media.left, crop.left)),
    height: unit * Math.max(0, Math.min(media.top, crop.top) - Math.max(media.bottom, crop.bottom)),
  };
}

/** A PDF's pages kept as they are, with their sizes checked; its page 1 read and its fonts and images inspected when wanted. */
async function addPdf(
  doc: PDFDocument,
  data: Uint8Array,
  layout: Layout,
  placing: Placing,
  unreadable: (why: string) => Promise<Added>,
): Promise<Added> {
  let source: PDFDocument;
  let copied: PDFPage[];
  try {
    // Read whether encrypted or not, to say which: pdf-lib's own refusal of an encrypted PDF is no error one can tell by its class.
    source = await PDFDocument.load(data, { updateMetadata: false, ignoreEncryption: true });
    if (source.isEncrypted) return await unreadable(await encryptedWords(data));
    if (source.getPageCount() === 0) return await unreadable('The PDF has no pages.');
    copied = await doc.copyPages(source, source.getPageIndices());
  } catch (error) {
    return unreadable(pdfTrouble(error, data));
  }
  const before = pageCount(doc, layout) - placing.letterStart;
  const offSize: OffSizePage[] = [];
  source.getPages().forEach((page, i) => {
    const { width, height } = shownSize(page);
    if (!isUsLetter(width, height)) offSize.push({ page: before + i + 1, documentPage: i + 1, width, height });
  });
  for (const page of copied) doc.addPage(page);
  let firstPage: Added['firstPage'];
  let firstPageLandscape = false;
  if (placing.readsPage1) {
    // As pdf.js shows it (pdf-text.ts): its visible box, turned by its /Rotate.
    const page1 = source.getPage(0);
    const { width, height } = shownSize(page1);
    firstPageLandscape = Math.abs(page1.getRotation().angle) % 180 === 90 ? height > width : width > height;
    try {
      firstPage = await placedText(data, 1);
    } catch {
      // pdf-lib read it and pdf.js did not: what the service would read cannot be shown, and is not guessed.
      firstPage = 'unknown';
    }
  }
  const inspection = layout.inspect ? onLetterPages(inspectPdf(source), before) : undefined;
  return {
    offSize,
    ...(firstPage === undefined ? {} : { firstPage, firstPageLandscape }),
    ...(inspection ? { inspection } : {}),
  };
}

/** An inspection's document pages as the letter's. */
function onLetterPages(inspection: PdfInspection, before: number): PdfInspection {
  const shift = (pages: readonly number[]) => pages.map((p) => p + before);
  return {
    unembeddedFonts: inspection.unembeddedFonts.map((f) => ({ ...f, pages: shift(f.pages) })),
    lowResolutionImages: inspection.lowResolutionImages.map((i) => ({ ...i, pages: shift(i.pages) })),
  };
}

/** Appends a content's pages; says what it added. */
async function addContent(doc: PDFDocument, content: Content, layout: Layout, placing: Placing): Promise<Added> {
  const textPages = () => new TextPages(doc, layout, placing, LETTER, INCH, 11);
  const laidOut = async (blocks: readonly Block[], sections?: readonly Section[]): Promise<Added> => {
    const pages = textPages();
    await pages.write(blocks, sections);
    return {
      offSize: pages.offSize,
      ...(placing.readsPage1 ? { firstPage: pages.firstPage, firstPageLandscape: pages.firstPageLandscape } : {}),
    };
  };
  const unreadable = async (why: string, what: string): Promise<Added> => {
    await textPages().write([{ kind: 'paragraph', text: `${what} ${why}` }]);
    return { unreadable: why, ...(placing.readsPage1 ? { firstPage: 'unknown' } : {}) };
  };
  if (content.kind === 'blocks') return laidOut(content.blocks, content.sections);
  switch (content.type) {
    case 'pdf':
      return addPdf(doc, content.data, layout, placing, (why) => unreadable(why, 'This PDF could not be read.'));
    case 'html':
    case 'htm': {
      const html = Buffer.from(content.data).toString('utf8');
      const size = htmlPageSize(html);
      return laidOut(htmlToBlocks(html), size ? [{ fromBlock: 0, size }] : []);
    }
    case 'docx': {
      let document: ReturnType<typeof docxToPages>;
      try {
        document = docxToPages(content.data);
      } catch (error) {
        if (!(error instanceof UnreadableDocument)) throw error;
        return unreadable(`The .docx file cannot be read: ${error.message}.`, 'This .docx file could not be read.');
      }
      return laidOut(document.blocks, document.sections);
    }
    default:
      await textPages().write([
        { kind: 'heading', text: `A .${content.type} document` },
        { kind: 'paragraph', text: 'The Mailroom sandbox cannot render binary Word (.doc) documents; the real service prints them.' },
      ]);
      // The service reads its page 1; the sandbox cannot see it.
      return placing.readsPage1 ? { firstPage: 'unknown' } : {};
  }
}

function printedAs(
  pages: number,
  sheets: number,
  failures: readonly number[],
  facts: Omit<Printed, 'pages' | 'sheets' | 'failures' | 'failure'> = {},
): Printed {
  return failures.length === 0 ? { pages, sheets, failures, ...facts } : { pages, sheets, failure: failures[0]!, failures, ...facts };
}

async function addLetter(doc: PDFDocument, job: LetterJob, layout: Layout): Promise<Printed> {
  const { fonts } = layout;
  const first = pageCount(doc, layout);
  const failures: number[] = [];
  const misses = new Misses();
  const linesBroken: RecipientField[] = [];
  if (job.address) {
    const replyLines = job.reply ? addressLines(job.reply.address) : [];
    await fonts.cover([...addressLines(job.address), ...replyLines]);
    // Measured, the address page is one page whatever it holds: counted, nothing drawn.
    if (layout.counted) layout.counted.pages++;
    else {
      const page = doc.addPage(LETTER);
      // The reply address shows in the return window (Top), or at the foot of the sheet for a reply slip (Bottom).
      if (job.reply?.stamping === 'Bottom') drawLines(page, replyLines, RECIPIENT_WINDOW.left, 2.6 * INCH, 9, fonts);
      else if (job.reply) drawInWindow(page, replyLines, RETURN_WINDOW, fonts, 9);
      drawInWindow(page, addressLines(job.address), RECIPIENT_WINDOW, fonts);
    }
    const lineBreaks = fieldsWithLineBreaks(job.address);
    if (lineBreaks.length > 0) {
      failures.push(STATUS.AddressNotExtracted);
      linesBroken.push(...lineBreaks);
    }
    const address = addressFailure(job.address, job.workMode);
    if (address !== undefined) failures.push(address);
  }
  const added: Added[] = [];
  for (const content of job.contents) {
    const placing = { letterStart: first, readsPage1: !job.address && added.length === 0, misses };
    const one = await addContent(doc, content, layout, placing);
    if (one.unreadable !== undefined && !failures.includes(STATUS.DocumentNotProcessed)) failures.push(STATUS.DocumentNotProcessed);
    if ((one.offSize?.length ?? 0) > 0 && !failures.includes(STATUS.InvalidPageSize)) failures.push(STATUS.InvalidPageSize);
    added.push(one);
  }
  let read: Printed['read'];
  let readLandscape = false;
  if (!job.address) {
    const firstPage = added[0]?.firstPage ?? [];
    // A landscape page 1 is read as shown (Printed.readLandscape says why, docs/sandbox.md decides it).
    readLandscape = firstPage !== 'unknown' && added[0]?.firstPageLandscape === true;
    read = firstPage === 'unknown' ? 'unknown' : readBox(firstPage, RECIPIENT_WINDOW);
    // No text, or text that is no address (a date, a table): the service extracts none (address-read.ts windowAddress).
    if (read !== 'unknown' && windowAddress(read.map((l) => l.text)).notAnAddress.length > 0) failures.push(STATUS.AddressNotExtracted);
  }
  if (job.perforation && !layout.measuring) {
    const last = doc.getPage(doc.getPageCount() - 1);
    last.drawLine({
      start: { x: 0, y: 792 / 3 },
      end: { x: 612, y: 792 / 3 },
      thickness: 0.5,
      dashArray: [4, 4],
      color: rgb(0.5, 0.5, 0.5),
    });
  }
  if (job.workMode === 'Development' && !layout.measuring) await markDevelopment(doc, first, fonts);
  const pages = pageCount(doc, layout) - first;
  const sheets = Math.ceil(pages / (job.duplex ? 2 : 1));
  if (sheets > MAX_LETTER_SHEETS) failures.push(STATUS.TooManySheets);
  const unreadable = added.find((a) => a.unreadable !== undefined)?.unreadable;
  const offSize = added.flatMap((a) => a.offSize ?? []);
  const inspections = added.flatMap((a) => (a.inspection ? [a.inspection] : []));
  const missing = misses.list;
  return printedAs(pages, sheets, failures, {
    ...(unreadable === undefined ? {} : { unreadable }),
    ...(offSize.length > 0 ? { offSize } : {}),
    ...(read === undefined ? {} : { read }),
    ...(readLandscape ? { readLandscape: true as const } : {}),
    ...(linesBroken.length > 0 ? { lineBreaks: linesBroken } : {}),
    ...(missing.length > 0 ? { missing } : {}),
    ...(layout.inspect
      ? {
          inspection: {
            unembeddedFonts: inspections.flatMap((i) => i.unembeddedFonts),
            lowResolutionImages: inspections.flatMap((i) => i.lowResolutionImages),
          },
        }
      : {}),
  });
}

/**
 * When a PDF says it was made. Unset, it is the moment of printing; a PDF printed again with the
 * same jobs and the same `printedAt` is the same bytes, so that a printed PDF can be made later,
 * when first needed, and still be the one it would have been at send.
 */
export interface PrintOptions {
  readonly printedAt?: Date;
  /**
   * A proof's printing: also read the PDFs it prints for what prints less well than it shows
   * (fonts not embedded, images under 300 DPI: `Printed.inspection`). The sandbox needs none of it.
   */
  readonly inspect?: boolean;
  /**
   * Called after each letter is laid out: a server printing thousands of letters lets its other
   * callers in here (merge.ts `turnTaker`). Nothing it does changes the PDF.
   */
  readonly pause?: () => Promise<void> | undefined;
}

/** A measuring pass's document is never saved: it needs no producer nor dates. */
async function newDocument(options: PrintOptions, measuring = false): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: !measuring });
  if (options.printedAt) {
    doc.setCreationDate(options.printedAt);
    doc.setModificationDate(options.printedAt);
  }
  return doc;
}

async function layOutLetters(
  jobs: readonly LetterJob[],
  options: PrintOptions,
  measuring = false,
  wrapped?: WrapMemo,
): Promise<{ doc: PDFDocument; letters: Printed[] }> {
  // A merge's chunks share one measuring document (WrapMemo keeps it): only counted pages go into it.
  const reused = measuring ? wrapped?.measuring : undefined;
  const doc = reused?.doc ?? (await newDocument(options, measuring));
  const fonts = reused?.fonts ?? PrintFonts.of(doc, measuring ? 'measuring' : 'drawing');
  if (measuring && wrapped && !reused) wrapped.measuring = { doc, fonts };
  const layout: Layout = {
    fonts,
    measuring,
    inspect: options.inspect ?? false,
    ...(measuring ? { counted: { pages: 0 } } : {}),
    ...(wrapped ? { wrapped } : {}),
  };
  const letters: Printed[] = [];
  for (const job of jobs) {
    letters.push(await addLetter(doc, job, layout));
    await options.pause?.();
  }
  return { doc, letters };
}

/** Prints letters into one PDF (a batch prints all its items), each with what it came to. */
export async function printLetters(
  jobs: readonly LetterJob[],
  options: PrintOptions = {},
): Promise<{ pdf: Uint8Array; letters: Printed[] }> {
  const { doc, letters } = await layOutLetters(jobs, options);
  return { pdf: await doc.save(), letters };
}

/**
 * The letters laid out as `printLetters` lays them out, in a document not yet saved: a merge's
 * slice, which pdf-stitch.ts writes into the batch's PDF.
 */
export function layOutLetterDocument(
  jobs: readonly LetterJob[],
  options: PrintOptions = {},
): Promise<{ doc: PDFDocument; letters: Printed[] }> {
  return layOutLetters(jobs, options);
}

/**
 * What `printLetters` says the letters come to, without writing the PDF (its deflate and
 * serialization are most of a small letter's printing): the same layout, so the same pages,
 * sheets and failures.
 */
export async function measureLetters(jobs: readonly LetterJob[], wrapped?: WrapMemo): Promise<Printed[]> {
  return (await layOutLetters(jobs, {}, true, wrapped)).letters;
}

interface Area {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A postcard side: a picture or PDF fills `picture`, text is laid out inside `text`. */
async function drawSide(
  doc: PDFDocument,
  page: PDFPage,
  content: Content,
  areas: { readonly picture: Area; readonly text: Area },
  scaling: 'FitToPage' | 'None',
  fonts: PrintFonts,
  /** Told of a picture (jpg, png) drawn at under 300 DPI, with the size it is drawn at: the letter's own check (pdf-inspection.ts). */
  lowResolution: (image: Omit<LowResolutionImage, 'pages'>) => void = () => undefined,
): Promise<boolean> {
  if (content.kind === 'file' && ['jpg', 'jpeg', 'png', 'pdf'].includes(content.type)) {
    let drawn: { width: number; height: number; draw: (x: number, y: number, w: number, h: number) => void };
    try {
      if (content.type === 'pdf') {
        const [embedded] = await doc.embedPdf(content.data, [0]);
        drawn = {
          width: embedded!.width,
          height: embedded!.height,
          draw: (x, y, width, height) => page.drawPage(embedded!, { x, y, width, height }),
        };
      } else {
        const image = content.type === 'png' ? await doc.embedPng(content.data) : await doc.embedJpg(content.data);
        drawn = { width: image.width, height: image.height, draw: (x, y, width, height) => page.drawImage(image, { x, y, width, height }) };
      }
    } catch {
      return false;
    }
    const area = areas.picture;
    const scale = scaling === 'FitToPage' ? Math.min(area.width / drawn.width, area.height / drawn.height) : 1;
    const w = drawn.width * scale;
    const h = drawn.height * scale;
    drawn.draw(area.x + (area.width - w) / 2, area.y + (area.height - h) / 2, w, h);
    // A picture's pixels over the inches it is drawn at (72 points an inch); a PDF side's pictures are its own.
    const dpi = Math.round(Math.min(drawn.width / (w / 72), drawn.height / (h / 72)));
    if (content.type !== 'pdf' && dpi < MIN_IMAGE_DPI)
      lowResolution({ pixels: { width: drawn.width, height: drawn.height }, dpi, drawn: { width: w / 72, height: h / 72 } });
    return true;
  }
  const blocks = content.kind === 'blocks' ? content.blocks : htmlToBlocks(Buffer.from(content.data).toString('utf8'));
  await fonts.cover(blocks.map((b) => (b.kind === 'paragraph' ? b.text : '')));
  await fonts.cover(
    blocks.map((b) => (b.kind === 'heading' ? b.text : '')),
    true,
  );
  const area = areas.text;
  let y = area.y + area.height;
  for (const block of blocks) {
    if (block.kind === 'page-break') continue;
    const bold = block.kind === 'heading';
    const size = bold ? 13 : 10;
    for (const line of wrap(fonts.prepare(block.text).text, (s) => fonts.widthOf(s, size, bold) <= area.width)) {
      if (y - size * 1.3 < area.y) return true;
      fonts.draw(page, line, { x: area.x, y: y - size, size, bold });
      y -= size * 1.3;
    }
    y -= 4;
  }
  return true;
}

/** A postcard: its image side, then its address side with the message left and the address right. */
export async function printPostcard(job: PostcardJob, options: PrintOptions = {}): Promise<{ pdf: Uint8Array; printed: Printed }> {
  const { doc, printed } = await layOutPostcard(job, options);
  return { pdf: await doc.save(), printed };
}

/** What `printPostcard` says the postcard comes to, without writing the PDF. */
export async function measurePostcard(job: PostcardJob): Promise<Printed> {
  return (await layOutPostcard(job, {})).printed;
}

/** The paper of each side's document, in points: the whole card for the image side, the message's half for the address side. */
export const POSTCARD_SIDES = {
  imageSide: { width: POSTCARD[0], height: POSTCARD[1] },
  addressSide: { width: POSTCARD[0] / 2 - 30, height: POSTCARD[1] - CARD_MARGIN - CARD_TOP },
} as const;

async function layOutPostcard(job: PostcardJob, options: PrintOptions): Promise<{ doc: PDFDocument; printed: Printed }> {
  const doc = await newDocument(options);
  const fonts = PrintFonts.of(doc);
  const [width, height] = POSTCARD;
  const image = doc.addPage(POSTCARD);
  const textHeight = POSTCARD_SIDES.addressSide.height;
  const imageAreas = {
    picture: { x: 0, y: 0, width, height },
    text: { x: CARD_MARGIN, y: CARD_MARGIN, width: width - 2 * CARD_MARGIN, height: textHeight },
  };
  const lowResolutionImages: LowResolutionImage[] = [];
  const seen = (page: number) => (found: Omit<LowResolutionImage, 'pages'>) => lowResolutionImages.push({ ...found, pages: [page] });
  const imageOk = await drawSide(doc, image, job.imageSide, imageAreas, job.scaling, fonts, seen(1));
  const back = doc.addPage(POSTCARD);
  const messageArea = { x: CARD_MARGIN, y: CARD_MARGIN, ...POSTCARD_SIDES.addressSide };
  const messageOk = await drawSide(doc, back, job.addressSide, { picture: messageArea, text: messageArea }, 'FitToPage', fonts, seen(2));
  back.drawLine({ start: { x: width / 2, y: 24 }, end: { x: width / 2, y: height - 24 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  back.drawRectangle({ x: width - 72, y: height - 78, width: 54, height: 60, borderWidth: 0.75, borderColor: rgb(0.5, 0.5, 0.5) });
  await fonts.cover(addressLines(job.address));
  drawLines(back, addressLines(job.address), width / 2 + 18, height / 2 + 20, 10, fonts);
  if (job.workMode === 'Development') await markDevelopment(doc, 0, fonts);
  const address = addressFailure(job.address, job.workMode);
  const failures = [...(!imageOk || !messageOk ? [STATUS.DocumentNotProcessed] : []), ...(address === undefined ? [] : [address])];
  const inspection = lowResolutionImages.length > 0 ? { inspection: { unembeddedFonts: [], lowResolutionImages } } : {};
  return { doc, printed: printedAs(2, 1, failures, inspection) };
}
