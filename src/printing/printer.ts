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
import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { checkMailableAddress, type RecipientFields, STATUS } from '../contract';
import { addressCheckFailure } from './address/verify';
import type { Block } from './blocks';
import { UnreadableDocument, docxToBlocks } from './docx-text';
import { htmlToBlocks } from './html-text';

const LETTER: [number, number] = [612, 792];
const POSTCARD: [number, number] = [432, 306];
const INCH = 72;
/** Sheets a No. 10 envelope holds. */
export const MAX_LETTER_SHEETS = 7;
/**
 * Text of one document is laid out up to this many pages: a letter that long cannot be mailed
 * (-1065) whatever follows, and a huge document must not keep the sandbox busy.
 */
const MAX_TEXT_PAGES = 60;
/**
 * Where a No. 10 double-window envelope shows the recipient, on a letter sheet folded in thirds,
 * in points from the sheet's top-left corner; and where its upper window shows the return address.
 */
export const RECIPIENT_WINDOW = { left: 0.875 * INCH, top: 2 * INCH, width: 4 * INCH, height: 1.125 * INCH };
export const RETURN_WINDOW = { left: 0.375 * INCH, top: 0.5 * INCH, width: 3.5 * INCH, height: 0.875 * INCH };
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
  | { readonly kind: 'blocks'; readonly blocks: readonly Block[] };

export interface LetterJob {
  readonly contents: readonly Content[];
  /** The recipient; when absent the document must carry it in the window itself. */
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

export interface Printed {
  readonly pages: number;
  readonly sheets: number;
  /** The final status the mailer will fail with, if it cannot be mailed. */
  readonly failure?: number;
  /** Every reason it cannot be mailed, in the order the service would find them (`failure` is the first). */
  readonly failures: readonly number[];
}

interface Fonts {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  readonly charset: ReadonlySet<number>;
  /**
   * A measuring pass (`measureLetters`) lays text out line by line and adds every page, but does
   * not draw the lines nor the Development mark: neither changes where a page ends.
   */
  readonly measuring: boolean;
}

async function fontsOf(doc: PDFDocument, measuring = false): Promise<Fonts> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { regular, bold, charset: new Set(regular.getCharacterSet()), measuring };
}

/** Text the standard fonts can draw: anything outside WinAnsi becomes '?'. */
function drawable(text: string, fonts: Fonts): string {
  let out = '';
  for (const ch of text.replace(/\t/g, '    ')) out += fonts.charset.has(ch.codePointAt(0)!) ? ch : '?';
  return out;
}

/** Longest slice of a word tried on one line: no font fits more letters on a page's width. */
const LONGEST_LINE = 400;

/** The lines of a text at a width, produced as they are needed (a page cap stops early). */
function* wrap(text: string, font: PDFFont, size: number, width: number): Generator<string> {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const raw of text.split('\n')) {
    let line = '';
    for (let word of raw.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (candidate.length <= LONGEST_LINE && fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) yield line;
      // A word wider than the line is cut where it stops fitting, a bounded slice at a time.
      while (word.length > 1 && !(word.length <= LONGEST_LINE && fits(word))) {
        let cut = Math.min(word.length - 1, LONGEST_LINE);
        while (cut > 1 && !fits(word.slice(0, cut))) cut = Math.floor(cut * 0.9);
        yield word.slice(0, cut);
        word = word.slice(cut);
      }
      line = word;
    }
    yield line;
  }
}

/** Lays text blocks out on pages of one size, starting a page when one is full or a break asks. */
class TextPages {
  private page: PDFPage | undefined;
  private y = 0;
  private used = false;
  private pages = 0;
  private full = false;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly size: [number, number],
    private readonly margin: number,
    private readonly fontSize: number,
  ) {}

  private newPage(): PDFPage {
    this.pages++;
    this.page = this.doc.addPage(this.size);
    this.y = this.size[1] - this.margin;
    this.used = false;
    return this.page;
  }

  write(blocks: readonly Block[]): void {
    if (!this.page) this.newPage();
    for (const block of blocks) {
      if (this.full) return;
      if (block.kind === 'page-break') {
        if (this.used && this.pages < MAX_TEXT_PAGES) this.newPage();
        continue;
      }
      const font = block.kind === 'heading' ? this.fonts.bold : this.fonts.regular;
      const size = block.kind === 'heading' ? this.fontSize * 1.35 : this.fontSize;
      const lineHeight = size * 1.35;
      for (const line of wrap(drawable(block.text, this.fonts), font, size, this.size[0] - 2 * this.margin)) {
        if (this.y - lineHeight < this.margin) {
          if (this.pages >= MAX_TEXT_PAGES) {
            this.full = true;
            this.page!.drawText(`(The sandbox lays out at most ${MAX_TEXT_PAGES} pages of a document.)`, {
              x: this.margin,
              y: this.margin / 2,
              size: 8,
              font: this.fonts.regular,
            });
            return;
          }
          this.newPage();
        }
        if (!this.fonts.measuring) this.page!.drawText(line, { x: this.margin, y: this.y - size, size, font });
        this.y -= lineHeight;
        this.used = true;
      }
      this.y -= size * 0.6;
    }
  }
}

export function addressLines(address: PostalAddress): string[] {
  const cityLine = [address.City, [address.State, address.PostalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
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
    .map((line) => line?.trim())
    .filter((line): line is string => Boolean(line));
}

/**
 * -1018 for a US address whose ZIP code is not one (the contract's rule, which input checks share),
 * or, in Production, one the service's address check fails (address/verify.ts, as the preflight says).
 */
function addressFailure(address: PostalAddress, workMode: WorkModeUsed): number | undefined {
  return checkMailableAddress(address) ?? addressCheckFailure(address, workMode);
}

/** Address lines inside a window: 11 pt, closer together when many lines must fit. */
function drawInWindow(page: PDFPage, lines: readonly string[], window: typeof RECIPIENT_WINDOW, fonts: Fonts, size = 11): void {
  const pad = 4;
  const leading = Math.min(size * 1.2, (window.height - 2 * pad) / Math.max(lines.length, 1));
  const fitted = Math.min(size, leading / 1.05);
  const top = page.getHeight() - window.top - pad;
  lines.forEach((line, i) =>
    page.drawText(drawable(line, fonts), {
      x: window.left + pad,
      y: top - fitted - i * leading,
      size: fitted,
      font: fonts.regular,
      maxWidth: window.width - 2 * pad,
    }),
  );
}

function drawLines(page: PDFPage, lines: readonly string[], x: number, top: number, size: number, fonts: Fonts): void {
  lines.forEach((line, i) => page.drawText(drawable(line, fonts), { x, y: top - size - i * size * 1.25, size, font: fonts.regular }));
}

function markDevelopment(doc: PDFDocument, from: number, fonts: Fonts): void {
  for (const page of doc.getPages().slice(from)) {
    const { width, height } = page.getSize();
    // Along the diagonal, centred, three quarters of its length.
    const angle = Math.atan2(height, width);
    const size = (0.75 * Math.hypot(width, height)) / fonts.bold.widthOfTextAtSize(DEVELOPMENT_MARK, 1);
    const length = fonts.bold.widthOfTextAtSize(DEVELOPMENT_MARK, size);
    const lift = size * 0.35;
    page.drawText(DEVELOPMENT_MARK, {
      x: width / 2 - (length / 2) * Math.cos(angle) + lift * Math.sin(angle),
      y: height / 2 - (length / 2) * Math.sin(angle) - lift * Math.cos(angle),
      size,
      font: fonts.bold,
      color: rgb(0.8, 0.1, 0.1),
      opacity: 0.3,
      rotate: degrees((angle * 180) / Math.PI),
    });
    page.drawText(DEVELOPMENT_MARK, {
      x: MARK_LINE.x,
      y: height - MARK_LINE.fromTop,
      size: MARK_LINE.size,
      font: fonts.bold,
      color: rgb(0.8, 0.1, 0.1),
    });
  }
}

/** Appends a content's pages; returns whether it was readable and held anything to print. */
async function addContent(doc: PDFDocument, content: Content, fonts: Fonts): Promise<{ readable: boolean; text: boolean }> {
  const textPages = () => new TextPages(doc, fonts, LETTER, INCH, 11);
  if (content.kind === 'blocks') {
    textPages().write(content.blocks);
    return { readable: true, text: content.blocks.some((b) => b.kind !== 'page-break') };
  }
  switch (content.type) {
    case 'pdf': {
      try {
        const source = await PDFDocument.load(content.data, { updateMetadata: false });
        for (const page of await doc.copyPages(source, source.getPageIndices())) doc.addPage(page);
        return { readable: true, text: true };
      } catch {
        textPages().write([{ kind: 'paragraph', text: 'This PDF could not be read.' }]);
        return { readable: false, text: false };
      }
    }
    case 'html':
    case 'htm': {
      const blocks = htmlToBlocks(Buffer.from(content.data).toString('utf8'));
      textPages().write(blocks);
      return { readable: true, text: blocks.length > 0 };
    }
    case 'docx': {
      try {
        const blocks = docxToBlocks(content.data);
        textPages().write(blocks);
        return { readable: true, text: blocks.length > 0 };
      } catch (error) {
        if (!(error instanceof UnreadableDocument)) throw error;
        textPages().write([{ kind: 'paragraph', text: `This .docx file could not be read: ${error.message}` }]);
        return { readable: false, text: false };
      }
    }
    default:
      textPages().write([
        { kind: 'heading', text: `A .${content.type} document` },
        { kind: 'paragraph', text: 'The Mailroom sandbox cannot render binary Word (.doc) documents; the real service prints them.' },
      ]);
      return { readable: true, text: true };
  }
}

function printedAs(pages: number, sheets: number, failures: readonly number[]): Printed {
  return failures.length === 0 ? { pages, sheets, failures } : { pages, sheets, failure: failures[0]!, failures };
}

async function addLetter(doc: PDFDocument, job: LetterJob, fonts: Fonts): Promise<Printed> {
  const first = doc.getPageCount();
  const failures: number[] = [];
  if (job.address) {
    const page = doc.addPage(LETTER);
    // The reply address shows in the return window (Top), or at the foot of the sheet for a reply slip (Bottom).
    if (job.reply?.stamping === 'Bottom') drawLines(page, addressLines(job.reply.address), RECIPIENT_WINDOW.left, 2.6 * INCH, 9, fonts);
    else if (job.reply) drawInWindow(page, addressLines(job.reply.address), RETURN_WINDOW, fonts, 9);
    drawInWindow(page, addressLines(job.address), RECIPIENT_WINDOW, fonts);
    const address = addressFailure(job.address, job.workMode);
    if (address !== undefined) failures.push(address);
  }
  let text = false;
  for (const content of job.contents) {
    const added = await addContent(doc, content, fonts);
    if (!added.readable && !failures.includes(STATUS.DocumentNotProcessed)) failures.push(STATUS.DocumentNotProcessed);
    text ||= added.text;
  }
  if (!job.address && !text) failures.push(STATUS.AddressNotExtracted);
  if (job.perforation) {
    const last = doc.getPage(doc.getPageCount() - 1);
    last.drawLine({
      start: { x: 0, y: 792 / 3 },
      end: { x: 612, y: 792 / 3 },
      thickness: 0.5,
      dashArray: [4, 4],
      color: rgb(0.5, 0.5, 0.5),
    });
  }
  if (job.workMode === 'Development' && !fonts.measuring) markDevelopment(doc, first, fonts);
  const pages = doc.getPageCount() - first;
  const sheets = Math.ceil(pages / (job.duplex ? 2 : 1));
  if (sheets > MAX_LETTER_SHEETS) failures.push(STATUS.TooManySheets);
  return printedAs(pages, sheets, failures);
}

/**
 * When a PDF says it was made. Unset, it is the moment of printing; a PDF printed again with the
 * same jobs and the same `printedAt` is the same bytes, so that a printed PDF can be made later,
 * when first needed, and still be the one it would have been at send.
 */
export interface PrintOptions {
  readonly printedAt?: Date;
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
): Promise<{ doc: PDFDocument; letters: Printed[] }> {
  const doc = await newDocument(options, measuring);
  const fonts = await fontsOf(doc, measuring);
  const letters: Printed[] = [];
  for (const job of jobs) letters.push(await addLetter(doc, job, fonts));
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
 * What `printLetters` says the letters come to, without writing the PDF (its deflate and
 * serialization are most of a small letter's printing): the same layout, so the same pages,
 * sheets and failures.
 */
export async function measureLetters(jobs: readonly LetterJob[]): Promise<Printed[]> {
  return (await layOutLetters(jobs, {}, true)).letters;
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
  fonts: Fonts,
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
    return true;
  }
  const blocks = content.kind === 'blocks' ? content.blocks : htmlToBlocks(Buffer.from(content.data).toString('utf8'));
  const area = areas.text;
  let y = area.y + area.height;
  for (const block of blocks) {
    if (block.kind === 'page-break') continue;
    const size = block.kind === 'heading' ? 13 : 10;
    for (const line of wrap(drawable(block.text, fonts), fonts.regular, size, area.width)) {
      if (y - size * 1.3 < area.y) return true;
      page.drawText(line, { x: area.x, y: y - size, size, font: block.kind === 'heading' ? fonts.bold : fonts.regular });
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

async function layOutPostcard(job: PostcardJob, options: PrintOptions): Promise<{ doc: PDFDocument; printed: Printed }> {
  const doc = await newDocument(options);
  const fonts = await fontsOf(doc);
  const [width, height] = POSTCARD;
  const image = doc.addPage(POSTCARD);
  const textHeight = height - CARD_MARGIN - CARD_TOP;
  const imageAreas = {
    picture: { x: 0, y: 0, width, height },
    text: { x: CARD_MARGIN, y: CARD_MARGIN, width: width - 2 * CARD_MARGIN, height: textHeight },
  };
  const imageOk = await drawSide(doc, image, job.imageSide, imageAreas, job.scaling, fonts);
  const back = doc.addPage(POSTCARD);
  const messageArea = { x: CARD_MARGIN, y: CARD_MARGIN, width: width / 2 - 30, height: textHeight };
  const messageOk = await drawSide(doc, back, job.addressSide, { picture: messageArea, text: messageArea }, 'FitToPage', fonts);
  back.drawLine({ start: { x: width / 2, y: 24 }, end: { x: width / 2, y: height - 24 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  back.drawRectangle({ x: width - 72, y: height - 78, width: 54, height: 60, borderWidth: 0.75, borderColor: rgb(0.5, 0.5, 0.5) });
  drawLines(back, addressLines(job.address), width / 2 + 18, height / 2 + 20, 10, fonts);
  if (job.workMode === 'Development') markDevelopment(doc, 0, fonts);
  const address = addressFailure(job.address, job.workMode);
  const failures = [...(!imageOk || !messageOk ? [STATUS.DocumentNotProcessed] : []), ...(address === undefined ? [] : [address])];
  return { doc, printed: printedAs(2, 1, failures) };
}
