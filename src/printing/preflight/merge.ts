/**
 * The preflight of a mail merge: every row's letter printed as the service would print the batch,
 * with what the service would refuse the whole merge for (-3144, -3145) and what each row's letter
 * would fail with (-1045, -1018, -1065), each naming its 1-based data row and the CSV line it starts on.
 */
import { CsvError, checkRecipient, missingFieldCodes, parseCsvLines, type RecipientFields } from '../../contract';
import { UnreadableDocument } from '../docx-text';
import { fieldsWithoutColumn, mergeRows, mergeTemplate, printMerge, unusedColumns, type MergeTemplate } from '../merge';
import { DEFAULT_PRICING, letterPrice } from '../pricing';
import { finding, hasErrors, zipPrefixFinding, type Finding } from './findings';
import { printFindings, type PreflightReport, type PrintSettings } from './letter';

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

/**
 * A row's address as the merge reads it: without Address1, City, and a name or a company the
 * letter fails at -1045 (where a letter's send would be refused); a US ZIP code not of the form
 * fails at -1018; a field longer than a letter's send allows is a warning, since the service does
 * not say what a merge does with one (the sandbox prints it).
 */
function rowFindings(address: RecipientFields, where: Pick<Finding, 'row' | 'line'>): Finding[] {
  const problems = checkRecipient(address);
  const missing = problems.filter((p) => p.code === -4006 || p.code === -4007 || p.code === -4008);
  const rest = problems.filter((p) => !missing.includes(p));
  return [
    ...(missing.length > 0
      ? [finding(-1045, 'error', missing.map((p) => p.message).join(' '), { ...where, field: missing[0]!.field })]
      : []),
    ...rest.map((p) => finding(p.code, p.code === -1018 ? 'error' : 'warning', p.message, { ...where, field: p.field })),
  ];
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
    return refused([finding(-3004, 'error', `The template cannot be read: ${error.message}.`)]);
  }
  let rows: string[][];
  let lines: number[];
  try {
    ({ rows, lines } = parseCsvLines(merge.csv.replace(/^\uFEFF/, '')));
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return refused([finding(-3144, 'error', `The CSV is not well formed: ${error.message}.`, { line: error.line })]);
  }
  if (rows.length < 2) return refused([finding(-3144, 'error', 'The CSV needs a header row and at least one data row.')]);

  const columns = rows[0]!.map((name) => name.trim());
  const findings: Finding[] = [
    ...unusedColumns(columns, template).map((name) =>
      finding(-3145, 'error', `The column "${name}" is neither a field of the template nor an address field.`, {
        field: name,
        line: lines[0]!,
      }),
    ),
    ...fieldsWithoutColumn(columns, template).map((name) =>
      finding(-3144, 'error', `The template's field "${name}" has no column.`, { field: name, line: lines[0]! }),
    ),
  ];
  const merged = mergeRows(columns, rows.slice(1));
  const { pdf, letters } = await printMerge(template, merged, { workMode: settings.workMode, duplex: settings.duplex ?? false });
  const pricing = settings.pricing ?? DEFAULT_PRICING;
  const report = letters.map((printed, i) => {
    const where = { row: i + 1, line: lines[i + 1]! };
    const address = merged[i]!.address;
    const zip = zipPrefixFinding(address);
    findings.push(
      ...rowFindings(address, where),
      ...(zip ? [{ ...zip, ...where }] : []),
      ...printFindings(printed.failures, printed.sheets, where).filter((f) => f.code !== -1045),
    );
    return {
      ...where,
      pages: printed.pages,
      sheets: printed.sheets,
      price: letterPrice(pricing, printed.sheets, settings.colour ?? false),
    };
  });
  return {
    ok: !hasErrors(findings),
    pages: report.reduce((sum, l) => sum + l.pages, 0),
    sheets: report.reduce((sum, l) => sum + l.sheets, 0),
    price: cents(report.reduce((sum, l) => sum + l.price, 0)),
    findings,
    letters: report,
    pdf,
  };
}
