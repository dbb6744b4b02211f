/**
 * What a mail merge's CSV is refused or failed for, found from its text alone: a CSV that is not
 * well formed, a header the template does not match (-3145, -3144), and each row's address
 * (-1045, -1018, lengths). `mailroom preflight --data` and the editor's live diagnostics both
 * read them here, so that both say the same.
 */
import { checkRecipient, type CsvError, type RecipientFields, RESULT, STATUS } from '../../contract';
import { fieldsWithoutColumn, unusedColumns, type MergeTemplate } from '../merge';
import { finding, zipFinding, type Finding } from './findings';

export function csvNotWellFormed(error: CsvError): Finding {
  return finding(RESULT.InvalidMergeData, 'error', `The CSV is not well formed: ${error.message}.`, { line: error.line });
}

export function csvWithoutRows(): Finding {
  return finding(RESULT.InvalidMergeData, 'error', 'The CSV needs a header row and at least one data row.');
}

/** Columns the template does not use (-3145) and the template's fields without a column (-3144), at the header's line. */
export function headerFindings(columns: readonly string[], template: Pick<MergeTemplate, 'fields'>, line: number): Finding[] {
  return [
    ...unusedColumns(columns, template).map((name) =>
      finding(RESULT.MergeFieldNotInTemplate, 'error', `The column "${name}" is neither a field of the template nor an address field.`, {
        field: name,
        line,
      }),
    ),
    ...fieldsWithoutColumn(columns, template).map((name) =>
      finding(RESULT.InvalidMergeData, 'error', `The template's field "${name}" has no column.`, { field: name, line }),
    ),
  ];
}

/**
 * A row's address as the merge reads it: without Address1, City, and a name or a company the
 * letter fails at -1045 (where a letter's send would be refused); a US ZIP code not of the form
 * fails at -1018; a field longer than a letter's send allows is a warning, since the service does
 * not say what a merge does with one (the sandbox prints it). Then the address check's ZIP code,
 * state and city, as the work mode has it (findings.ts zipFinding).
 */
export function rowFindings(
  address: RecipientFields,
  where: Pick<Finding, 'row' | 'line'>,
  workMode: 'Production' | 'Development',
): Finding[] {
  const problems = checkRecipient(address);
  const missing = problems.filter(
    (p) => p.code === RESULT.MissingAddress1 || p.code === RESULT.MissingCity || p.code === RESULT.MissingAttentionLine1OrCompany,
  );
  const rest = problems.filter((p) => !missing.includes(p));
  const zip = zipFinding(address, workMode);
  return [
    ...(missing.length > 0
      ? [finding(STATUS.AddressNotExtracted, 'error', missing.map((p) => p.message).join(' '), { ...where, field: missing[0]!.field })]
      : []),
    ...rest.map((p) =>
      finding(p.code, p.code === STATUS.AddressNotVerified ? 'error' : 'warning', p.message, { ...where, field: p.field }),
    ),
    ...(zip ? [{ ...zip, ...where }] : []),
  ];
}
