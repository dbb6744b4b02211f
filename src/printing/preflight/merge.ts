/**
 * The preflight of a mail merge: every row's letter printed as the service would print the batch,
 * with what the service would refuse the whole merge for (-3144, -3145: among them a row whose cells
 * are not the header's) and what each row's letter would fail with (-1045, -1018, -1065), each
 * naming its 1-based data row and the CSV line it starts on; and the characters of a row's values,
 * or of the template, that no printing font draws. The CSV is text: its bytes are read by the
 * contract's decodeCsv (csv-encoding.ts) before.
 */
import { CsvError, RECIPIENT_FIELDS, missingFieldCodes, parseCsvLines, RESULT, STATUS } from '../../contract';
import { UnreadableDocument } from '../docx-text';
import { mergeRows, mergeTemplate, printMerge, type MergeTemplate } from '../merge';
import { DEFAULT_PRICING, letterPrice } from '../pricing';
import { finding, hasErrors, type Finding } from './findings';
import { csvNotWellFormed, csvWithoutRows, headerFindings, raggedRowFindings, rowFindings } from './merge-findings';
import { charactersNotDrawn, printFindings, type PreflightReport, type PrintSettings } from './letter';
import { notDrawable } from '../fonts';

export interface MergeLetter {
  readonly row: number;
  readonly line: number;
  readonly pages: number;
  readonly sheets: number;
  readonly price: number;
}

export interface MergePreflightReport extends PreflightReport {
  /** Each row's letter, in data order (the batch's items 1…N). */
  readonly letters: readonly MergeLetter[];
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

function refused(findings: Finding[]): MergePreflightReport {
  return { ok: false, pages: 0, sheets: 0, price: 0, findings, letters: [] };
}

export async function preflightMerge(
  merge: { readonly type: string; readonly template: Uint8Array; readonly csv: string },
  settings: PrintSettings,
): Promise<MergePreflightReport> {
  if (merge.template.length === 0) return refused([finding(missingFieldCodes.FileBinaryData!, 'error', 'The template is empty.')]);
  let template: MergeTemplate;
  try {
    template = mergeTemplate(merge.type, merge.template);
  } catch (error) {
    if (!(error instanceof UnreadableDocument)) throw error;
    return refused([finding(RESULT.FileExtensionNotSupported, 'error', `The template cannot be read: ${error.message}.`)]);
  }
  let rows: string[][];
  let lines: number[];
  try {
    ({ rows, lines } = parseCsvLines(merge.csv.replace(/^\uFEFF/, '')));
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return refused([csvNotWellFormed(error)]);
  }
  if (rows.length < 2) return refused([csvWithoutRows()]);

  const columns = rows[0]!.map((name) => name.trim());
  const findings: Finding[] = headerFindings(columns, template, lines[0]!);
  const ragged = new Map(raggedRowFindings(rows, lines).map((f) => [f.row!, f]));
  const merged = mergeRows(columns, rows.slice(1));
  // The template's own text first (what no row fills), then each row's values, by column.
  const own = await notDrawable(
    template
      .fill(new Map())
      .map((b) => (b.kind === 'page-break' ? '' : b.text))
      .join('\n'),
  );
  if (own.length > 0) findings.push(charactersNotDrawn(own, {}));
  const { pdf, letters } = await printMerge(template, merged, { workMode: settings.workMode, duplex: settings.duplex ?? false });
  const pricing = settings.pricing ?? DEFAULT_PRICING;
  const used = new Set([...template.fields, ...RECIPIENT_FIELDS]);
  const drawn = await Promise.all(
    merged.map(async (row) => {
      const found: [string, string[]][] = [];
      for (const [column, value] of row.values) {
        const missing = used.has(column) ? await notDrawable(value) : [];
        if (missing.length > 0) found.push([column, missing]);
      }
      return found;
    }),
  );
  const report = letters.map((printed, i) => {
    const where = { row: i + 1, line: lines[i + 1]! };
    // A row whose cells are not the header's refuses the whole merge; what its cells would mean is anyone's guess.
    const refusal = ragged.get(where.row);
    if (refusal) findings.push(refusal);
    else
      findings.push(
        ...rowFindings(merged[i]!, where, settings.workMode),
        ...printFindings(printed, where).filter((f) => f.code !== STATUS.AddressNotExtracted),
        ...drawn[i]!.map(([field, missing]) => charactersNotDrawn(missing, { ...where, field })),
      );
    return {
      ...where,
      pages: printed.pages,
      sheets: printed.sheets,
      price: letterPrice(pricing, printed.sheets, settings.colour ?? false),
      prints: printed.failure === undefined,
    };
  });
  return {
    ok: !hasErrors(findings),
    pages: report.reduce((sum, l) => sum + l.pages, 0),
    sheets: report.reduce((sum, l) => sum + l.sheets, 0),
    // What the batch charges: a letter that fails before printing is never charged (as the sandbox charges it).
    price: cents(report.reduce((sum, l) => sum + (l.prints ? l.price : 0), 0)),
    findings,
    letters: report.map(({ prints: _, ...letter }) => letter),
    pdf,
  };
}
