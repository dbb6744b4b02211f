/**
 * A merge's batch PDF drawn by the engines (issue 30, part 3): the rows are drawn many at once,
 * one document of CHUNK_ROWS rows each starting a new page (merge-source.ts `chunk`), each chunk
 * printed in one print of its engine, several chunks at a time on the browser's pool of pages
 * (LibreOffice converts one at a time, so a .docx batch is one conversion a chunk, in turn). A
 * chunk's pages are split back into rows by each row's measured pages (merge-layouts.ts), and
 * its total is checked against their sum: where they differ (a row laid out otherwise than its
 * group, a template whose styles change once rows share a document), that chunk's rows are drawn
 * again one by one, and each row's own pages are printed.
 *
 * Each row's pages are then printed as any drawn letter is (letter.ts): its address page first,
 * drawn from its address columns, and in Development the mark on every page; one small document a
 * chunk, stitched into the batch's file (pdf-stitch.ts).
 */
import type { FileHandle } from 'node:fs/promises';
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { PrintFonts } from './fonts';
import { drawn, layoutOf, printedValues, withDrawnPages, type DrawnLayout, type DrawnPlan } from './merge-drawn';
import type { MergeSource } from './merge-source';
import { PdfStitcher } from './pdf-stitch';
import { markDevelopment } from './development-mark';
import { layOutLetterDocument, measureLetters } from './letter';
import type { LetterJob, MergePrint, MergeRow, PrintOptions, Printed } from './print-jobs';

/**
 * Rows drawn in one print: Chromium's time a row falls as a print holds more of them (2,048
 * one-page letters here: 6.2 s in prints of 32 rows, 2.9 s of 64, 1.5 s of 256, 1.6 s of 1,024),
 * and a chunk's PDF (its fonts once) stays a few megabytes.
 */
export const CHUNK_ROWS = 256;
/** Chunks drawn ahead of the one being printed: enough to keep every page of the browser's pool busy. */
const AHEAD = 4;

/** A row's own pages: which pages of which drawn document. */
interface RowPages {
  readonly doc: PDFDocument;
  readonly from: number;
  readonly layout: DrawnLayout;
}

async function loaded(pdf: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(pdf, { updateMetadata: false });
}

/** Each row drawn by itself: where a chunk's pages are not the rows' measured pages. */
async function drawnOneByOne(source: MergeSource, rows: readonly MergeRow[]): Promise<RowPages[]> {
  return Promise.all(
    rows.map(async (row) => {
      const doc = await loaded((await drawn(source, source.fill(row.values))).pdf);
      return { doc, from: 0, layout: await layoutOf(doc) };
    }),
  );
}

/** A chunk's rows drawn in one document, split by their measured pages; one by one when the total says otherwise. */
export async function drawnChunk(source: MergeSource, rows: readonly MergeRow[], measured: readonly DrawnLayout[]): Promise<RowPages[]> {
  if (!source.chunk || rows.length === 1) return drawnOneByOne(source, rows);
  const doc = await loaded((await drawn(source, source.chunk(rows.map((row) => row.values)))).pdf);
  const expected = measured.reduce((sum, layout) => sum + layout.pages, 0);
  if (doc.getPageCount() !== expected) return drawnOneByOne(source, rows);
  const whole = await layoutOf(doc);
  let from = 0;
  return measured.map((layout) => {
    const pages = { doc, from, layout: { pages: layout.pages, sizes: whole.sizes.slice(from, from + layout.pages) } };
    from += layout.pages;
    return pages;
  });
}

/** A chunk's letters in one document: each row's address page, then its drawn pages. */
async function chunkDocument(rows: readonly MergeRow[], drawnRows: readonly RowPages[], print: MergePrint, options: PrintOptions) {
  const addressOnly = (row: MergeRow, workMode: MergePrint['workMode']): LetterJob => ({
    contents: [],
    address: row.address,
    workMode,
    duplex: print.duplex,
  });
  // Laid out unmarked: the Development mark goes on every page once the drawn ones are in.
  const { doc } = await layOutLetterDocument(
    rows.map((row) => addressOnly(row, 'Production')),
    options,
  );
  // Copied a document at a time, so that the pages drawn together share their fonts and pictures.
  const copies = new Map<PDFDocument, Map<number, PDFPage>>();
  for (const source of new Set(drawnRows.map((r) => r.doc))) {
    const indices = drawnRows.filter((r) => r.doc === source).flatMap((r) => Array.from({ length: r.layout.pages }, (_, i) => r.from + i));
    const copied = await doc.copyPages(source, indices);
    copies.set(source, new Map(indices.map((index, i) => [index, copied[i]!])));
  }
  let at = 0;
  for (const row of drawnRows) {
    at++; // past the row's address page
    for (let i = 0; i < row.layout.pages; i++) doc.insertPage(at++, copies.get(row.doc)!.get(row.from + i));
  }
  if (print.workMode === 'Development') await markDevelopment(doc, 0, PrintFonts.of(doc));
  const addresses = await measureLetters(rows.map((row) => addressOnly(row, print.workMode)));
  const letters = addresses.map((address, i) => withDrawnPages(address, drawnRows[i]!.layout, print.duplex));
  return { doc, letters };
}

/**
 * Every row's letter drawn and printed into the batch's PDF in `file`, in data order; what each
 * came to, by the pages drawn. `rowsOf` makes a chunk's rows from the data's.
 */
export async function printDrawnMergeInto(
  file: Pick<FileHandle, 'write'>,
  source: MergeSource,
  fields: readonly string[],
  planned: DrawnPlan,
  count: number,
  rowsOf: (start: number, end: number) => MergeRow[],
  print: MergePrint,
  options: PrintOptions,
): Promise<Printed[]> {
  const stitcher = new PdfStitcher(file);
  const letters: Printed[] = [];
  const starts: number[] = [];
  for (let start = 0; start < count; start += CHUNK_ROWS) starts.push(start);
  const drawing = new Map<number, Promise<{ rows: MergeRow[]; pages: RowPages[] }>>();
  const startDrawing = (start: number) => {
    if (drawing.has(start) || start >= count) return;
    const rows = rowsOf(start, Math.min(start + CHUNK_ROWS, count));
    const measured = rows.map((row) => planned.plan.layoutOf(printedValues(fields, row.values)));
    const made = drawnChunk(source, rows, measured).then((pages) => ({ rows, pages }));
    made.catch(() => undefined); // awaited in turn below; a rejection before then is not unhandled
    drawing.set(start, made);
  };
  for (const [n, start] of starts.entries()) {
    for (let ahead = 0; ahead <= AHEAD; ahead++) startDrawing(starts[n + ahead] ?? count);
    const { rows, pages } = await drawing.get(start)!;
    drawing.delete(start);
    const { doc, letters: printed } = await chunkDocument(rows, pages, print, options);
    await stitcher.add(doc);
    letters.push(...printed);
    await options.pause?.();
  }
  await stitcher.end();
  return letters;
}
