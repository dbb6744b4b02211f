/**
 * The preflight of a mail merge: every row's letter measured as the service would print the batch,
 * with what the service would refuse the whole merge for (-3144, -3145: among them a row whose cells
 * are not the header's) and what each row's letter would fail with (-1045, -1018, -1065), each
 * naming its 1-based data row and the CSV line it starts on; and the characters of a row's values,
 * or of the template, that no printing font draws. The CSV is text: its bytes are read by the
 * contract's decodeCsv (csv-encoding.ts) before.
 *
 * It runs in time linear in the rows and memory bounded whatever their number (issue 24, part 1):
 * the CSV is read one record at a time (the contract's csvRecords), each row's letter is measured
 * a few hundred rows at a time, and only findings and totals are kept, with each letter's pages,
 * sheets and price when asked (`letters`, five numbers a row). A proof (a PDF) is printed only of
 * the rows asked for (`proof`).
 *
 * A row's letter is measured as the template's engine draws it (issue 30): Chromium for HTML,
 * LibreOffice for .docx. Not every row is drawn: a first pass over the CSV gives merge-layouts.ts
 * each row's printed values, and it draws only the rows whose layout can differ (the rule is
 * written there, and said in the report: `layoutRule`); each row's letter is then its address
 * page, measured by the printer, and its layout's pages. Where no engine draws the template, the
 * printer's text layout measures every row, and the report says the pages are an approximation.
 */
import {
  CsvError,
  RECIPIENT_FIELDS,
  csvRecords,
  mergeDataTooLarge,
  missingFieldCodes,
  RESULT,
  STATUS,
  type CsvRecord,
} from '../../contract';
import { UnreadableDocument } from '../docx-text';
import { drawsAsIs, notDrawable } from '../fonts';
import { mergeLayouts, mergeRows, mergeTemplate, printMerge, printedCells, measuredAs, type MergeRow, type MergeTemplate } from '../merge';
import { withDrawnPages } from '../merge-drawn';
import { measureLetters } from '../letter';
import type { LetterJob, Printed } from '../print-jobs';
import { WrapMemo } from '../text-layout';
import { DEFAULT_PRICING, mailerPrice } from '../pricing';
import { finding, hasErrors, printNotice, type Finding } from './findings';
import {
  absentAddressColumns,
  addressColumnFinding,
  csvNotWellFormed,
  csvWithoutRows,
  duplicateColumnFindings,
  headerFindings,
  raggedRowFinding,
  rowFindings,
} from './merge-findings';
import { charactersNotDrawn, printFindings, type PreflightReport, type PrintSettings } from './letter';

export interface MergeLetter {
  readonly row: number;
  readonly line: number;
  readonly pages: number;
  readonly sheets: number;
  readonly price: number;
}

/** A merge sends its template and data, not a drawn letter: it has no `sent`. */
export interface MergePreflightReport extends Omit<PreflightReport, 'sent' | 'prediction'> {
  /** The data rows: the batch's letters. */
  readonly rows: number;
  /**
   * Why the price cannot be said, when it cannot: no row's address can be read (an address field
   * no column names), so `price` (what the letters that would print cost: nothing) is no price of
   * the merge meant. Said as unknown, never "$0.00".
   */
  readonly priceUnknown?: string;
  /** Each row's letter, in data order (the batch's items 1…N); empty when not asked for (`letters: false`). */
  readonly letters: readonly MergeLetter[];
  /** How the rows drawn to measure every row's pages were chosen (merge-layouts.ts); none where no engine drew them. */
  readonly layoutRule?: string;
}

/** What a merge's preflight is asked for beyond its findings and totals. */
export interface MergePreflightOptions {
  /**
   * The data rows (1-based) whose letters the proof prints, in one PDF in data order, or `all`;
   * none, no proof is printed (`pdf` is left out): checking a merge needs none.
   */
  readonly proof?: 'all' | readonly number[];
  /** Each letter's pages, sheets and price (`letters`); `false` keeps only the totals. Kept unless said. */
  readonly letters?: boolean;
  /** Told the rows checked of the rows there are, a chunk at a time. */
  readonly progress?: (done: number, rows: number) => void;
  /** Stops the preflight: it then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/** Rows measured together: enough that a chunk's document costs little a row, few enough that memory stays small. */
const CHUNK = 256;

const cents = (amount: number) => Math.round(amount * 100) / 100;

function refused(findings: Finding[]): MergePreflightReport {
  return { ok: false, pages: 0, sheets: 0, price: 0, findings, rows: 0, letters: [] };
}

/** A data row read, waiting for its letter to be measured. */
interface Waiting {
  readonly where: { readonly row: number; readonly line: number };
  readonly merged: MergeRow;
  readonly cells: readonly string[];
  /** Its cells are not the header's: the whole merge is refused, and its own findings are left unsaid. */
  readonly refusal: Finding | undefined;
}

/** The data rows of a CSV, counted as the reader reads them (for progress: rows done of rows); a CSV not well formed is said by the pass that checks it. */
function dataRows(text: string): number {
  let rows = 0;
  try {
    for (const _ of csvRecords(text)) rows++;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
  }
  return Math.max(rows - 1, 0);
}

/** The CSV's data rows' cells, read again from the start (a CSV not well formed ends where it goes wrong: the main pass says so). */
function* dataRecords(text: string): Generator<readonly string[]> {
  let header = true;
  try {
    for (const record of csvRecords(text)) {
      if (!header) yield record.cells;
      header = false;
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
  }
}

/** Lets other work (a cancellation, a message) in between chunks: a merge of any size never holds its thread for long. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function preflightMerge(
  merge: { readonly type: string; readonly template: Uint8Array; readonly csv: string },
  settings: PrintSettings,
  options: MergePreflightOptions = {},
): Promise<MergePreflightReport> {
  if (merge.template.length === 0) return refused([finding(missingFieldCodes.FileBinaryData!, 'error', 'The template is empty.')]);
  let template: MergeTemplate;
  try {
    template = mergeTemplate(merge.type, merge.template);
  } catch (error) {
    if (!(error instanceof UnreadableDocument)) throw error;
    return refused([finding(RESULT.FileExtensionNotSupported, 'error', `The template cannot be read: ${error.message}.`)]);
  }
  const text = merge.csv.replace(/^\uFEFF/, '');
  const tooLarge = mergeDataTooLarge(Buffer.byteLength(text, 'utf8'));
  if (tooLarge) return refused([finding(RESULT.InvalidMergeData, 'error', `${tooLarge[0]!.toUpperCase()}${tooLarge.slice(1)}.`)]);
  const { signal, progress } = options;
  const total = progress ? dataRows(text) : 0;
  const records = csvRecords(text);
  /** The next record, or undefined at the end; a CSV not well formed throws CsvError where the mistake is. */
  const next = (): CsvRecord | undefined => {
    const read = records.next();
    return read.done ? undefined : read.value;
  };
  let header: CsvRecord | undefined;
  let first: CsvRecord | undefined;
  try {
    header = next();
    first = header && next();
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return refused([csvNotWellFormed(error)]);
  }
  if (!header || !first) return refused([csvWithoutRows()]);

  const columns = header.cells.map((name) => name.trim());
  const findings: Finding[] = [...duplicateColumnFindings(columns, header.line), ...headerFindings(columns, template, header.line)];
  // An address field no column names: said once, on the header, and left out of each row's findings.
  const absent = absentAddressColumns(columns);
  const headerAddress = addressColumnFinding(columns, template, header.line);
  if (headerAddress) findings.push(headerAddress);
  // The template's own text first (what no row fills), then each row's values, by column.
  const own = await notDrawable(
    template
      .fill(new Map())
      .map((b) => (b.kind === 'page-break' ? '' : b.text))
      .join('\n'),
  );
  if (own.length > 0) findings.push(charactersNotDrawn(own, {}));

  const print = { workMode: settings.workMode, duplex: settings.duplex ?? false };
  // The first pass: each row's printed values, for the rows whose layout can differ to be drawn.
  const planned = await mergeLayouts(template, columns, dataRecords(text));
  const plan = planned && 'plan' in planned ? planned.plan : undefined;
  const drawnBy = planned && 'plan' in planned ? planned.by : planned?.notDrawn;
  if (drawnBy?.approximation && !drawnBy.turnedOff) findings.push(printNotice(drawnBy.approximation));
  const cells = printedCells(columns, template.fields);
  const pricing = settings.pricing ?? DEFAULT_PRICING;
  const used = new Set([...template.fields, ...RECIPIENT_FIELDS]);
  const keepLetters = options.letters ?? true;
  const proofRows = options.proof === undefined || options.proof === 'all' ? undefined : new Set(options.proof);
  const letters: MergeLetter[] = [];
  /** The rows the proof prints, kept only when asked for. */
  const proofOf: MergeRow[] = [];
  const wrapped = new WrapMemo();
  const totals = { rows: 0, pages: 0, sheets: 0, price: 0 };

  /** A chunk of rows measured and said, in data order. */
  const job = (merged: MergeRow, contents: LetterJob['contents']): LetterJob => ({
    contents,
    address: merged.address,
    workMode: print.workMode,
    duplex: print.duplex,
  });
  const measure = async (chunk: readonly Waiting[]): Promise<void> => {
    const measured = plan
      ? // Drawn: the address page is the printer's to measure, the rest is the row's layout.
        (await measureLetters(chunk.map(({ merged }) => job(merged, [])))).map((address, i) =>
          withDrawnPages(address, plan.layoutOf(cells(chunk[i]!.cells)), print.duplex),
        )
      : await measureLetters(
          chunk.map(({ merged }) => job(merged, [{ kind: 'blocks', blocks: template.fill(merged.values), sections: template.sections }])),
          wrapped,
        );
    for (const [i, { where, merged, refusal }] of chunk.entries()) {
      const printed: Printed = measuredAs(merged, measured[i]!);
      if (refusal) findings.push(refusal);
      else {
        findings.push(...rowFindings(merged, where, settings.workMode, absent));
        findings.push(...printFindings(printed, where).filter((f) => f.code !== STATUS.AddressNotExtracted));
        for (const [column, value] of merged.values) {
          const missing = used.has(column) && !drawsAsIs(value) ? await notDrawable(value) : [];
          if (missing.length > 0) findings.push(charactersNotDrawn(missing, { ...where, field: column }));
        }
      }
      const price = mailerPrice({ kind: 'letter', sheets: printed.sheets, colour: settings.colour ?? false }, pricing);
      totals.rows++;
      totals.pages += printed.pages;
      totals.sheets += printed.sheets;
      // What the batch charges: a letter that fails before printing is never charged (as the sandbox charges it).
      if (printed.failure === undefined) totals.price += price;
      if (keepLetters) letters.push({ ...where, pages: printed.pages, sheets: printed.sheets, price });
      if (options.proof === 'all' || proofRows?.has(where.row)) proofOf.push(merged);
    }
    progress?.(totals.rows, total);
    signal?.throwIfAborted();
    await breathe();
    signal?.throwIfAborted();
  };

  // Each row waits for the next before it is said: a row whose cells are not the header's is told
  // apart from one split by a line break by the rows either side (merge-findings.ts).
  let chunk: Waiting[] = [];
  let before: readonly string[] | undefined;
  let current: CsvRecord | undefined = first;
  let row = 1;
  signal?.throwIfAborted();
  while (current) {
    let after: CsvRecord | undefined;
    try {
      after = next();
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      // Not well formed past this point: the service refuses the whole merge, and so does the preflight.
      return refused([csvNotWellFormed(error)]);
    }
    const where = { row, line: current.line };
    const refusal =
      current.cells.length === header.cells.length
        ? undefined
        : raggedRowFinding({ header: header.cells, before, row: current.cells, after: after?.cells }, where);
    chunk.push({ where, merged: mergeRows(columns, [current.cells])[0]!, cells: current.cells, refusal });
    if (chunk.length === CHUNK) {
      await measure(chunk);
      chunk = [];
    }
    before = current.cells;
    current = after;
    row++;
  }
  if (chunk.length > 0) await measure(chunk);
  const proof = proofOf.length > 0 ? await printMerge(template, proofOf, print) : undefined;
  const by = proof?.drawnBy ?? drawnBy;
  return {
    ok: !hasErrors(findings),
    pages: totals.pages,
    sheets: totals.sheets,
    price: cents(totals.price),
    ...(absent.length > 0
      ? {
          priceUnknown: `no row's address can be read (no column is named ${absent.map((f) => (f === 'Company' ? 'AttentionLine1 or Company' : f)).join(', ')})`,
        }
      : {}),
    findings,
    rows: totals.rows,
    letters,
    ...(proof ? { pdf: proof.pdf } : {}),
    ...(by ? { drawnBy: by } : {}),
    ...(plan ? { layoutRule: plan.rule } : {}),
  };
}
