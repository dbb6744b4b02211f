/**
 * What a mail merge's CSV is refused or failed for, found from its text alone: a CSV that is not
 * well formed, a header the template does not match (-3145, -3144), rows whose cells are not the
 * header's (-3144), and each row's address (-1045, -1018, lengths). `mailroom preflight --data`
 * and the editor's live diagnostics both read them here, so that both say the same.
 */
import {
  RECIPIENT_FIELDS,
  RESULT,
  STATUS,
  checkRecipient,
  duplicateColumns,
  isSplitRow,
  raggedRows,
  type CsvError,
  type RecipientField,
} from '../../contract';
import { columnNaming } from '../diagnostics/column-names';
import { isUsLetter, sizeWords } from '../envelope';
import { fieldsWithoutColumn, unusedColumns, type MergeRow, type MergeTemplate } from '../merge';
import { finding, unseenInAddress, withZipMeant, zipFinding, type Finding } from './findings';

export function csvNotWellFormed(error: CsvError): Finding {
  return finding(RESULT.InvalidMergeData, 'error', `The CSV is not well formed: ${error.message}.`, { line: error.line });
}

export function csvWithoutRows(): Finding {
  return finding(RESULT.InvalidMergeData, 'error', 'The CSV needs a header row and at least one data row.');
}

/** Columns named twice (-3144), at the header's line, whether or not the template is known. */
export function duplicateColumnFindings(columns: readonly string[], line: number): Finding[] {
  return duplicateColumns(columns).map(({ name, at }) =>
    finding(
      RESULT.InvalidMergeData,
      'error',
      `The column "${name}" is named ${at.length === 2 ? 'twice' : `${at.length} times`} (columns ${at.map((i) => i + 1).join(' and ')}): which one a letter prints would be a guess. Rename or remove all but one.`,
      { field: name, line },
    ),
  );
}

/** Columns the template does not use (-3145) and the template's fields without a column (-3144), at the header's line. */
export function headerFindings(columns: readonly string[], template: Pick<MergeTemplate, 'fields'>, line: number): Finding[] {
  const unused = unusedColumns(columns, template);
  // Columns without a name are said once, by number: a spreadsheet's stray trailing commas, most often.
  const unnamed = columns.flatMap((name, i) => (name === '' ? [i + 1] : []));
  // A column that is a field written otherwise only in capitals or spacing ("city", "Postal Code"): a spreadsheet's header as people type it.
  const wanted = [...template.fields, ...RECIPIENT_FIELDS].filter((field) => !columns.includes(field));
  const squeezed = (name: string) => name.toLowerCase().replace(/[\s_]+/g, '');
  const meant = (name: string) => wanted.find((field) => squeezed(field) === squeezed(name));
  return [
    ...unused
      .filter((name) => name !== '')
      .map((name) => {
        const field = meant(name);
        const delimiter = /[;\t]/.exec(name)?.[0];
        const rename =
          field !== undefined
            ? ` Rename it "${field}": the service matches a column to a field by its name exactly, capitals included.`
            : delimiter
              ? ` Its name holds ${delimiter === ';' ? 'semicolons' : 'tabs'}: if they separate the columns, quote the header's cell holding a comma (the header's delimiter is a comma when it holds one outside quotes), or save the CSV as "CSV UTF-8 (Comma delimited)".`
              : '';
        return finding(
          RESULT.MergeFieldNotInTemplate,
          'error',
          `The column "${name}" is neither a field of the template nor an address field.${rename}`,
          { field: name, line },
        );
      }),
    ...(unnamed.length === 0
      ? []
      : [
          finding(
            RESULT.MergeFieldNotInTemplate,
            'error',
            `${unnamed.length === 1 ? `Column ${unnamed[0]} has` : `Columns ${unnamed.join(', ')} have`} no name in the header (stray commas a spreadsheet wrote?): the service takes only columns named as the template's fields or the address fields. Remove ${unnamed.length === 1 ? 'it' : 'them'}, or name ${unnamed.length === 1 ? 'it' : 'them'}.`,
            { field: '', line },
          ),
        ]),
    ...fieldsWithoutColumn(columns, template).map((name) =>
      finding(RESULT.InvalidMergeData, 'error', `The template's field "${name}" has no column.`, { field: name, line }),
    ),
  ];
}

/**
 * The address fields every letter needs that no column of the header names: Address1, City, a name
 * or a company (named `Company` when neither has a column), and PostalCode when there is no
 * Country column either (every row is then a US address, which needs its ZIP code). Each row's
 * letter fails for them alike: said once, on the header, not once a row.
 */
export function absentAddressColumns(columns: readonly string[]): RecipientField[] {
  const has = (name: string) => columns.includes(name);
  return [
    ...(has('Address1') ? [] : (['Address1'] as const)),
    ...(has('City') ? [] : (['City'] as const)),
    ...(has('AttentionLine1') || has('Company') ? [] : (['Company'] as const)),
    ...(has('PostalCode') || has('Zipcode') || has('Country') ? [] : (['PostalCode'] as const)),
  ];
}

/** The columns a header's absent address field may be renamed from: each with the column that stands for it, none twice. */
export function addressColumnRenames(
  columns: readonly string[],
  template?: Pick<MergeTemplate, 'fields'>,
): { readonly from: string; readonly to: RecipientField; readonly templateField: boolean }[] {
  const address = new Set<string>([...RECIPIENT_FIELDS, 'Zipcode']);
  const free = columns.filter((name) => name !== '' && !address.has(name));
  const renames: { from: string; to: RecipientField; templateField: boolean }[] = [];
  for (const field of absentAddressColumns(columns)) {
    // "A name or a company": a column plainly the name (Name, Full Name, Recipient) is AttentionLine1's, else the company's.
    for (const to of field === 'Company' ? (['AttentionLine1', 'Company'] as const) : [field]) {
      const from = columnNaming(
        to,
        free.filter((name) => !renames.some((r) => r.from === name)),
      );
      if (from === undefined) continue;
      renames.push({ from, to, templateField: template?.fields.includes(from) ?? false });
      break;
    }
  }
  return renames;
}

/**
 * The address fields no column names (absentAddressColumns), once, on the header (-1045: no row's
 * address can be read), with the renames that mend it: "Name" to "AttentionLine1", "Zip" to
 * "PostalCode", "Street" to "Address1". The rows' own findings leave those fields out.
 */
export function addressColumnFinding(
  columns: readonly string[],
  template: Pick<MergeTemplate, 'fields'> | undefined,
  line: number,
): Finding | undefined {
  const absent = absentAddressColumns(columns);
  if (absent.length === 0) return undefined;
  const named = absent.map((field) => (field === 'Company' ? 'none named AttentionLine1 or Company' : `none named ${field}`));
  const list = (names: readonly string[]) => (names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`);
  const renames = addressColumnRenames(columns, template);
  const mend =
    renames.length > 0
      ? ` Rename ${list(renames.map((r) => `"${r.from}" to "${r.to}"${r.templateField ? ` (and {{${r.from}}} in the template)` : ''}`))}.`
      : '';
  const left = absent.filter((field) => !renames.some((r) => r.to === field || (field === 'Company' && r.to === 'AttentionLine1')));
  const add =
    left.length > 0
      ? ` ${renames.length > 0 ? 'Then add' : 'Add'} ${left.length === 1 ? 'a column' : 'columns'} named ${list(left.map((f) => (f === 'Company' ? 'AttentionLine1 (or Company)' : f)))}.`
      : '';
  return finding(
    STATUS.AddressNotExtracted,
    'error',
    `The header has ${list(named).replace(/^none/, 'no column')}: the service reads each letter's address from the columns named as the address fields, ` +
      `so no row's letter has ${absent.length === 1 ? 'it' : 'them'}, and every letter of the merge fails.${mend}${add}`,
    { field: absent[0]!, line },
  );
}

/**
 * Data rows whose cells are not as many as the header's columns: the service refuses the merge
 * (-3144, data that does not parse), naming the first. A row split by a line break in a cell that
 * is not quoted (two short rows that together have the header's cells) says so; a long row whose
 * extra cells are all empty (a spreadsheet's stray trailing commas) says that.
 */
export function raggedRowFindings(rows: readonly (readonly string[])[], lines: readonly number[]): Finding[] {
  return raggedRows(rows).map((r) =>
    raggedRowFinding(
      { header: rows[0]!, before: r > 1 ? rows[r - 1] : undefined, row: rows[r]!, after: rows[r + 1] },
      { row: r, line: lines[r]! },
    ),
  );
}

/** The rows about a data row: what raggedRowFinding reads, so that a reader of one row at a time says it as a reader of all of them. */
export interface RowsAround {
  readonly header: readonly string[];
  /** The data row before it, if it is not the first. */
  readonly before: readonly string[] | undefined;
  readonly row: readonly string[];
  readonly after: readonly string[] | undefined;
}

/** A data row whose cells are not as many as the header's columns (see raggedRowFindings), at its row and line. */
export function raggedRowFinding(rows: RowsAround, where: { readonly row: number; readonly line: number }): Finding {
  const columns = rows.header.length;
  const r = where.row;
  const cells = rows.row.length;
  // The rows either side, where isSplitRow reads them (its rows r - 1, r and r + 1).
  const near = (first: readonly string[] | undefined, second: readonly string[] | undefined) => [rows.header, first ?? [], second ?? []];
  const splitsHere = rows.after !== undefined && isSplitRow(near(rows.row, rows.after), 1);
  const splitsBefore = rows.before !== undefined && isSplitRow(near(rows.before, rows.row), 1);
  const counted = `Row ${r} has ${cells} cell${cells === 1 ? '' : 's'}; the header has ${columns} column${columns === 1 ? '' : 's'}.`;
  const split = splitsHere ? r : splitsBefore ? r - 1 : undefined;
  const why =
    split !== undefined
      ? ` Rows ${split} and ${split + 1} are one row split by a line break inside a cell that is not quoted: join the two lines (or quote the cell).`
      : cells > columns && rows.row.slice(columns).every((cell) => cell.trim() === '')
        ? " The cells past the header's last column are empty: remove them."
        : cells < columns
          ? ' Which cells are missing only the data can tell: add them, empty if need be, where they belong.'
          : ' Which cells are extra only the data can tell (a comma inside a cell that is not quoted?): quote that cell or remove them.';
  return finding(RESULT.InvalidMergeData, 'error', counted + why, where);
}

/**
 * A row's address as the merge reads it: an address cell holding a line break fails the letter at
 * -1045 (the service reads one line per address field; facts, Part B, as this project decides it);
 * without Address1, City, and a name or a company the letter fails at -1045 (where a letter's send
 * would be refused); a US ZIP code not of the form fails at -1018; a field longer than a letter's
 * send allows is a warning, since the service does not say what a merge does with one (the sandbox
 * prints it). Then the address check's ZIP code, state and city, as the work mode has it
 * (findings.ts zipFinding), and characters a cell holds that the envelope does not show as typed
 * (a tab, a zero-width character: a warning). The checks after the line breaks read each cell's
 * lines joined, as the fix writes them.
 */
export function rowFindings(
  row: Pick<MergeRow, 'address' | 'lineBreaks'>,
  where: Pick<Finding, 'row' | 'line'>,
  workMode: 'Production' | 'Development',
  /** The fields no column names (absentAddressColumns): the header's finding says them, once. */
  absent: readonly RecipientField[] = [],
): Finding[] {
  const { address } = row;
  const problems = checkRecipient(address).filter((p) => !absent.includes(p.field));
  const missing = problems.filter(
    (p) => p.code === RESULT.MissingAddress1 || p.code === RESULT.MissingCity || p.code === RESULT.MissingAttentionLine1OrCompany,
  );
  const rest = problems.filter((p) => !missing.includes(p));
  const zip = zipFinding(address, workMode);
  const lineBreaks =
    row.lineBreaks.length === 0
      ? []
      : row.lineBreaks.map((field) =>
          finding(
            STATUS.AddressNotExtracted,
            'error',
            `${field} holds a line break: the service reads each address field as one line. Join its lines: "${address[field] ?? ''}".`,
            { ...where, field },
          ),
        );
  return [
    ...lineBreaks,
    ...(missing.length > 0
      ? [finding(STATUS.AddressNotExtracted, 'error', missing.map((p) => p.message).join(' '), { ...where, field: missing[0]!.field })]
      : []),
    ...rest.map((p) =>
      withZipMeant(
        finding(p.code, p.code === STATUS.AddressNotVerified ? 'error' : 'warning', p.message, { ...where, field: p.field }),
        address,
      ),
    ),
    ...(zip ? [{ ...zip, ...where }] : []),
    ...unseenInAddress(address, where),
  ];
}

/**
 * A template asking for pages that are not US Letter (page-size.ts): every row's letter fails at
 * -1021. Said on each row as the preflight's measuring says it (printFindings), but from the
 * template's sections alone, so that the live diagnostics need not lay a letter out.
 */
export function templatePageSizeFinding(
  template: Pick<MergeTemplate, 'sections'>,
  where: Pick<Finding, 'row' | 'line'>,
): Finding | undefined {
  const sizes = [
    ...new Set(
      template.sections.filter((s) => !isUsLetter(s.size.width, s.size.height)).map((s) => sizeWords(s.size.width, s.size.height)),
    ),
  ];
  if (sizes.length === 0) return undefined;
  return finding(
    STATUS.InvalidPageSize,
    'error',
    `The template's pages are ${sizes.join('; ')}. ` +
      'The service prints on US Letter, 8.5 × 11 in (either way up, within 1/16 in): each letter of the merge fails.',
    where,
  );
}
