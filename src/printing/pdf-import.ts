/**
 * A PDF's pages put into a letter as they are: their visible size checked against US Letter
 * (-1021), its page 1 read where the service reads an address from it, its fonts and images
 * inspected for a proof, and a PDF that cannot be opened said why (print-errors.ts).
 */
import { PDFDocument, PDFName, PDFNumber, type PDFPage } from 'pdf-lib';
import { isUsLetter } from './envelope';
import { inspectPdf, type PdfInspection } from './pdf-inspection';
import { placedText } from './pdf-text';
import { encryptedWords, pdfTrouble } from './print-errors';
import type { OffSizePage } from './print-jobs';
import { pageCount, type Added, type Layout, type Placing } from './text-layout';

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
export async function addPdf(
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
