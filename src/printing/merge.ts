/**
 * A mail merge as the service prints it (facts, Part B): a .docx template with «Field»s (or Word
 * MERGEFIELDs) or an HTML template with {{Field}}s, and rows of merge values whose columns are the
 * template's fields and the address fields. Each row is one letter, addressed from its address
 * columns; a row without a usable address (the contract's "Address1, City, and AttentionLine1 or
 * Company") fails at -1045.
 */
import { RECIPIENT_FIELDS, STATUS, checkAddress, escapeText, type RecipientField } from '../contract';
import { PLACEHOLDER, fieldsIn, fillFields, type Block } from './blocks';
import { docxToPages } from './docx-text';
import { htmlFiller, htmlToBlocks } from './html-text';
import { htmlPageSize, type Section } from './page-size';
import type { FileHandle } from 'node:fs/promises';
import { PdfStitcher } from './pdf-stitch';
import type { DrawnBy } from './engines';
import { printDrawnMergeInto } from './merge-batch';
import { drawn, notDrawnBy, planLayouts, withDrawnPages, type DrawnPlan } from './merge-drawn';
import { mergeSource, type MergeSource } from './merge-source';
import { layOutLetterDocument, measureLetters, printLetters } from './letter';
import type { LetterJob, MergePrint, MergeRow, PostalAddress, PrintOptions, Printed } from './print-jobs';

// A merge's job types live with the others, so that merge-batch.ts takes them without an import circle.
export type { MergePrint, MergeRow } from './print-jobs';
import { WrapMemo } from './text-layout';

export interface MergeTemplate {
  /** The fields the template uses, in order of first appearance. */
  readonly fields: readonly string[];
  /** One row's letter. */
  fill(values: ReadonlyMap<string, string>): Block[];
  /** The page sizes the template asks for (page-size.ts), the same for every row: -1021 when not Letter. */
  readonly sections: readonly Section[];
  /** The template's own source, filled row by row for the print engines to draw (merge-drawn.ts). */
  readonly source?: MergeSource;
}

/** A template as a function from a row's values to its letter; an unreadable .docx throws UnreadableDocument. */
export function mergeTemplate(type: string, data: Uint8Array): MergeTemplate {
  if (type === 'docx') {
    const { blocks, sections } = docxToPages(data);
    const fields = fieldsIn(blocks.map((b) => (b.kind === 'page-break' ? '' : b.text)).join('\n'));
    // A block without a field is the same Block in every row's letter: measured once (text-layout.ts WrapMemo).
    const filled = blocks.map((b) => b.kind !== 'page-break' && fieldsIn(b.text).length > 0);
    return {
      fields,
      sections,
      source: mergeSource(type, data),
      fill: (values) => blocks.map((b, i) => (filled[i] && b.kind !== 'page-break' ? { ...b, text: fillFields(b.text, values) } : b)),
    };
  }
  const html = Buffer.from(data).toString('utf8');
  const size = htmlPageSize(html);
  return {
    fields: fieldsIn(html),
    sections: size ? [{ fromBlock: 0, size }] : [],
    source: mergeSource(type, data),
    // Read once where the placeholders allow it (html-text.ts htmlFiller), else each row's HTML whole.
    fill:
      htmlFiller(html, PLACEHOLDER, fillFields) ??
      ((values) => htmlToBlocks(fillFields(html, new Map([...values].map(([k, v]) => [k, escapeText(v)]))))),
  };
}

const ADDRESS_COLUMNS: ReadonlySet<string> = new Set<string>(RECIPIENT_FIELDS);

/** Columns that are neither a template field nor an address field: the service refuses the merge (-3145). */
export function unusedColumns(columns: readonly string[], template: Pick<MergeTemplate, 'fields'>): string[] {
  return columns.filter((name) => !template.fields.includes(name) && !ADDRESS_COLUMNS.has(name));
}

/** Template fields no column fills: the service refuses the merge (-3144). */
export function fieldsWithoutColumn(columns: readonly string[], template: Pick<MergeTemplate, 'fields'>): string[] {
  return template.fields.filter((name) => !columns.includes(name));
}

/**
 * The recipient named by a request's fields or a row's columns: each address field that is a
 * non-empty string, the postal code also from `Zipcode`.
 */
export function postalAddressOf(fields: Readonly<Record<string, unknown>>): PostalAddress {
  const pick = (name: string) => (typeof fields[name] === 'string' && fields[name] !== '' ? fields[name] : undefined);
  return {
    AttentionLine1: pick('AttentionLine1'),
    AttentionLine2: pick('AttentionLine2'),
    AttentionLine3: pick('AttentionLine3'),
    Company: pick('Company'),
    Address1: pick('Address1'),
    Address2: pick('Address2'),
    City: pick('City'),
    State: pick('State'),
    PostalCode: pick('PostalCode') ?? pick('Zipcode'),
    Country: pick('Country'),
  };
}

const LINE_BREAK = /\r\n|\r|\n/;
const NO_LINE_BREAKS: readonly RecipientField[] = [];

/** A cell's lines as one: each trimmed, the empty ones left out, joined by a space. */
export function joinedLines(value: string): string {
  return value
    .split(LINE_BREAK)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** Each data row's values by column, and its address. */
export function mergeRows(columns: readonly string[], rows: readonly (readonly string[])[]): MergeRow[] {
  const addressOf = rowAddress(columns);
  return rows.map((row) => ({ values: new Map(columns.map((name, i) => [name, row[i] ?? ''])), ...addressOf(row) }));
}

/**
 * How a data row's address is read under these columns (as postalAddressOf reads the row's values,
 * a column named twice by its last), worked out once for every row: the live diagnostics read the
 * address of each row of a 100,000-row CSV at each pause in typing, and keep none of the rows.
 */
export function rowAddress(columns: readonly string[]): (row: readonly string[]) => Omit<MergeRow, 'values'> {
  const at = (name: string) => columns.lastIndexOf(name);
  const fields = RECIPIENT_FIELDS.map((field) => ({ field, at: at(field), or: field === 'PostalCode' ? at('Zipcode') : -1 }));
  return (row) => {
    const cell = (i: number) => (i < 0 ? undefined : row[i] || undefined);
    const written: Partial<Record<RecipientField, string>> = {};
    let lineBreaks: RecipientField[] | undefined;
    for (const { field, at, or } of fields) {
      const value = cell(at) ?? cell(or);
      written[field] = value;
      if (value !== undefined && (value.includes('\n') || value.includes('\r'))) (lineBreaks ??= []).push(field);
    }
    if (!lineBreaks) return { address: written, lineBreaks: NO_LINE_BREAKS, addressed: checkAddress(written) === undefined };
    const address = Object.fromEntries(
      Object.entries(written).map(([field, value]) => [field, value === undefined ? undefined : joinedLines(value) || undefined]),
    ) as PostalAddress;
    return { address, lineBreaks, addressed: false };
  };
}

/**
 * Prints every row's letter into one PDF (a proof of chosen rows); a row without a usable address
 * fails at -1045 first. Each row is drawn by the template's engine (merge-drawn.ts), and `drawnBy`
 * says which; where none draws it, the text layout, and `drawnBy` says it is an approximation.
 */
export async function printMerge(
  template: MergeTemplate,
  rows: readonly MergeRow[],
  print: MergePrint,
  options: PrintOptions = {},
): Promise<{ pdf: Uint8Array; letters: Printed[]; drawnBy?: DrawnBy }> {
  const job = (row: MergeRow, contents: LetterJob['contents']): LetterJob => ({
    contents,
    address: row.address,
    workMode: print.workMode,
    duplex: print.duplex,
  });
  const drawings = template.source && rows.length > 0 ? await drawnRows(template.source, rows) : undefined;
  const pdfs = drawings?.pdfs;
  const jobs: LetterJob[] = pdfs
    ? rows.map((row, i) => job(row, [{ kind: 'file', type: 'pdf', data: pdfs[i]! }]))
    : rows.map((row) => job(row, [{ kind: 'blocks', blocks: template.fill(row.values), sections: template.sections }]));
  const { pdf, letters } = await printLetters(jobs, options);
  return {
    pdf,
    letters: letters.map((printed, i) => measuredAs(rows[i]!, printed)),
    ...(drawings ? { drawnBy: drawings.by } : {}),
  };
}

/** Each row drawn by itself, in parallel (the browser's pool sets how many at once); or why none was. */
async function drawnRows(source: MergeSource, rows: readonly MergeRow[]): Promise<{ pdfs?: Uint8Array[]; by: DrawnBy }> {
  try {
    const drawings = await Promise.all(rows.map((row) => drawn(source, source.fill(row.values))));
    return { pdfs: drawings.map((d) => d.pdf), by: drawings[0]!.by };
  } catch (error) {
    const by = notDrawnBy(error);
    if (by) return { by };
    throw error;
  }
}

/** A row's letter as printed or measured, failing at -1045 first when the row has no usable address. */
export function measuredAs(row: MergeRow, printed: Printed): Printed {
  if (row.addressed) return printed;
  const failures = [STATUS.AddressNotExtracted, ...printed.failures.filter((code) => code !== STATUS.AddressNotExtracted)];
  return { ...printed, failure: STATUS.AddressNotExtracted, failures };
}

/** How long a server printing or measuring a merge goes on before it lets its other callers' requests in, in ms. */
export const MERGE_SLICE_MS = 10;
/**
 * Rows measured in one document: pdf-lib's page tree makes each page added to a document cost
 * more than the last (5,000 rows in one take three times as long as in slices of 50), a document
 * of every row's pages would hold them all in memory, and a slice is what runs between two turns
 * of the event loop; a new document costs about 1.5 ms.
 */
export const ROWS_PER_DOCUMENT = 32;

/** A turn of the event loop: what is waiting (a request arrived, a timer) runs first. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Calls between pieces of work to let a thread's other callers in: a turn of the event loop
 * once `sliceMs` have passed since the last, nothing (not even a microtask's wait) before.
 */
export function turnTaker(sliceMs = MERGE_SLICE_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}

/**
 * What `printMerge` says each row's letter comes to, without writing a PDF (the measuring pass,
 * `measureLetters`), for any number of rows: ROWS_PER_DOCUMENT rows at a time, each slice in a
 * document of its own, calling `pause` after each slice (by default a turn of the event loop
 * every MERGE_SLICE_MS), so that a server measuring a 100,000-row merge answers its other callers
 * meanwhile and holds one slice's rows and pages at a time (`rows` are the CSV's data rows, made
 * into `MergeRow`s a slice at a time).
 */
export async function measureMerge(
  template: MergeTemplate,
  columns: readonly string[],
  rows: readonly (readonly string[])[],
  print: MergePrint,
  pause: () => Promise<void> | undefined = turnTaker(),
): Promise<Printed[]> {
  return (await measureMergeDrawn(template, columns, rows, print, pause)).letters;
}

/** A row's printed values, from its cells: a column named twice by its last, as mergeRows reads it. */
export function printedCells(columns: readonly string[], fields: readonly string[]): (row: readonly string[]) => string[] {
  const at = fields.map((field) => columns.lastIndexOf(field));
  return (row) => at.map((i) => (i < 0 ? '' : (row[i] ?? '')));
}

/**
 * The rows' layouts as the template's engine draws them (merge-layouts.ts decides which rows are
 * drawn); where no engine draws the template, why (`notDrawn`).
 */
export async function mergeLayouts(
  template: MergeTemplate,
  columns: readonly string[],
  rows: Iterable<readonly string[]>,
): Promise<DrawnPlan | { readonly notDrawn: DrawnBy } | undefined> {
  if (!template.source) return undefined;
  const cells = printedCells(columns, template.fields);
  function* printed() {
    for (const row of rows) yield cells(row);
  }
  return planLayouts(template.source, template.fields, printed());
}

/** `measureMerge`, saying also which engine drew the rows and how the rows drawn were chosen. */
export async function measureMergeDrawn(
  template: MergeTemplate,
  columns: readonly string[],
  rows: readonly (readonly string[])[],
  print: MergePrint,
  pause: () => Promise<void> | undefined = turnTaker(),
): Promise<{ letters: Printed[]; drawnBy?: DrawnBy; rule?: string }> {
  const letters: Printed[] = [];
  const planned = await mergeLayouts(template, columns, rows);
  if (planned && 'plan' in planned) {
    const cells = printedCells(columns, template.fields);
    for (let start = 0; start < rows.length; start += ROWS_PER_DOCUMENT) {
      const data = rows.slice(start, start + ROWS_PER_DOCUMENT);
      const slice = mergeRows(columns, data);
      // The address page is the printer's to measure; the drawn pages are the row's layout's.
      const addresses = await measureLetters(
        slice.map((row) => ({ contents: [], address: row.address, workMode: print.workMode, duplex: print.duplex })),
      );
      addresses.forEach((address, i) =>
        letters.push(measuredAs(slice[i]!, withDrawnPages(address, planned.plan.layoutOf(cells(data[i]!)), print.duplex))),
      );
      await pause();
    }
    return { letters, drawnBy: planned.by, rule: planned.plan.rule };
  }
  // One memo for every slice: a template's words wrapped once, and one measuring document (text-layout.ts).
  const wrapped = new WrapMemo();
  for (let start = 0; start < rows.length; start += ROWS_PER_DOCUMENT) {
    const slice = mergeRows(columns, rows.slice(start, start + ROWS_PER_DOCUMENT));
    const measured = await measureLetters(
      slice.map((row) => ({
        contents: [{ kind: 'blocks', blocks: template.fill(row.values), sections: template.sections }],
        address: row.address,
        workMode: print.workMode,
        duplex: print.duplex,
      })),
      wrapped,
    );
    measured.forEach((printed, i) => letters.push(measuredAs(slice[i]!, printed)));
    await pause();
  }
  return { letters, ...(planned && 'notDrawn' in planned ? { drawnBy: planned.notDrawn } : {}) };
}

/**
 * `printMerge`'s pages written into one PDF in `file` a slice at a time (ROWS_PER_DOCUMENT rows to
 * a small document, stitched by pdf-stitch.ts), for any number of rows: it holds one slice's
 * document and the pages' object numbers, where `printMerge` holds every page, and each page costs
 * the same however many came before. `options.pause` is called after each letter and each slice
 * (by default a turn of the event loop every MERGE_SLICE_MS). The PDF's bytes are not
 * `printMerge`'s (its objects are numbered and laid out otherwise), its pages are.
 */
export async function printMergeInto(
  file: Pick<FileHandle, 'write'>,
  template: MergeTemplate,
  columns: readonly string[],
  rows: readonly (readonly string[])[],
  print: MergePrint,
  options: PrintOptions = {},
): Promise<Printed[]> {
  const pause = options.pause ?? turnTaker();
  const planned = await mergeLayouts(template, columns, rows);
  if (template.source && planned && 'plan' in planned) {
    const drawnLetters = await printDrawnMergeInto(
      file,
      template.source,
      template.fields,
      planned,
      rows.length,
      (start, end) => mergeRows(columns, rows.slice(start, end)),
      print,
      { ...options, pause },
    );
    const all = mergeRows(columns, rows);
    return drawnLetters.map((letter, i) => measuredAs(all[i]!, letter));
  }
  const stitcher = new PdfStitcher(file);
  const letters: Printed[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_DOCUMENT) {
    const slice = mergeRows(columns, rows.slice(start, start + ROWS_PER_DOCUMENT));
    const { doc, letters: printed } = await layOutLetterDocument(
      slice.map((row) => ({
        contents: [{ kind: 'blocks', blocks: template.fill(row.values), sections: template.sections }],
        address: row.address,
        workMode: print.workMode,
        duplex: print.duplex,
      })),
      { ...options, pause },
    );
    await stitcher.add(doc);
    printed.forEach((letter, i) => letters.push(measuredAs(slice[i]!, letter)));
    await pause();
  }
  await stitcher.end();
  return letters;
}
