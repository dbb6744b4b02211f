/**
 * The print shop (facts, Part B): the printed PDF of letters, as the sandbox prints them when a
 * mailer is sent and as the preflight prints a proof before anything is sent (postcard.ts prints
 * postcards).
 *
 * A letter with an address starts with an address page whose block sits where a No. 10
 * double-window envelope shows it; PDF pages are kept as they are; HTML and .docx are laid out
 * as text pages; binary .doc prints a page saying the sandbox cannot render it. In Development
 * mode every page carries a visible "DEVELOPMENT - NOT MAILED" mark. What cannot be printed is
 * not refused at send: the mailer fails later, as the service's does (-1025, -1018, -1045, -1065).
 */
import { rgb, type PDFDocument } from 'pdf-lib';
import { STATUS, type RecipientField } from '../contract';
import { fieldsWithLineBreaks } from './address-fields';
import { addressFailure, addressLines, drawInWindow, drawLines } from './address-lines';
import { readBox, windowAddress } from './address-read';
import type { Block } from './blocks';
import { markDevelopment } from './development-mark';
import { UnreadableDocument, docxToPages } from './docx-text';
import { RECIPIENT_WINDOW, RETURN_WINDOW, US_LETTER } from './envelope';
import { PrintFonts } from './fonts';
import { htmlToBlocks } from './html-text';
import { htmlPageSize, type Section } from './page-size';
import { addPdf } from './pdf-import';
import { newDocument, printedAs, type Content, type LetterJob, type PrintOptions, type Printed } from './print-jobs';
import { Misses, TextPages, pageCount, type Added, type Layout, type Placing, type WrapMemo } from './text-layout';

const LETTER: [number, number] = [US_LETTER.width, US_LETTER.height];
const INCH = 72;
/** Sheets a No. 10 envelope holds. */
export const MAX_LETTER_SHEETS = 7;

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
