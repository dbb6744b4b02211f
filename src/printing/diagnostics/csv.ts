/**
 * The live diagnostics of a mail merge's CSV: what `mailroom preflight --data` finds in it from
 * its text (a CSV that is not well formed, rows whose cells are not the header's, each row's
 * address, and, when the template is known, the header's -3145 and -3144), each on its exact cell
 * or line, with a trim for a cell too long, a missing column added, an address cell's lines joined,
 * a split row joined, a long row's empty cells removed, a City its ZIP code does not serve
 * replaced by the ZIP code's city, and a column named otherwise than the field it is near
 * renamed (column-names.ts: Town to City, Zip to PostalCode). The findings are preflightMerge's own (preflight/merge-findings.ts).
 */
import {
  CsvError,
  RECIPIENT_FIELDS,
  RESULT,
  STATUS,
  csvCell,
  isSplitRow,
  namesAddressColumn,
  parseCsvLines,
  type RecipientField,
  type Span,
  type CsvDelimiter,
} from '../../contract';
import { UnreadableDocument } from '../docx-text';
import { drawsAsIs, notDrawableNow } from '../fonts';
import { joinedLines, mergeTemplate, rowAddress, type MergeTemplate } from '../merge';
import type { Finding } from '../preflight/findings';
import { charactersNotDrawn } from '../preflight/letter';
import {
  absentAddressColumns,
  addressColumnFinding,
  addressColumnRenames,
  csvNotWellFormed,
  csvWithoutRows,
  duplicateColumnFindings,
  headerFindings,
  raggedRowFindings,
  rowFindings,
  templatePageSizeFinding,
} from '../preflight/merge-findings';
import { columnNaming, fieldNamedBy } from './column-names';
import { trimFix } from './front-matter';
import { replaceFix } from './replace-fix';
import type { QuickFix, TextFinding } from './types';

export { namesAddressColumn };

/** The line (1-based) as a span, without its line break (nor the first line's byte order mark). */
function lineSpan(text: string, line: number): Span {
  let start = text.startsWith('\uFEFF') ? 1 : 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf('\n', start);
    if (next < 0) break;
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return { start, end: end < 0 ? text.length : text[end - 1] === '\r' ? end - 1 : end };
}

const located = (f: Finding, span: Span, fixes: readonly QuickFix[] = []): TextFinding => ({
  code: f.code,
  severity: f.severity,
  message: f.message,
  ...(f.field === undefined ? {} : { field: f.field }),
  ...(f.row === undefined ? {} : { row: f.row }),
  ...(f.suggestion === undefined ? {} : { suggestion: f.suggestion }),
  span,
  fixes,
});

/**
 * Every finding of the CSV's text, in order; with the template's fields, the header's too.
 * A CSV the merge can read is checked row by row; one it cannot, at the line it breaks on.
 */
export function csvDiagnostics(
  text: string,
  template?: Pick<MergeTemplate, 'fields'> & Partial<Pick<MergeTemplate, 'sections'>>,
): TextFinding[] {
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  let parsed: ReturnType<typeof parseCsvLines>;
  try {
    parsed = parseCsvLines(bom ? text.slice(bom) : text);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return [located(csvNotWellFormed(error), lineSpan(text, error.line))];
  }
  const { rows, lines, delimiter } = parsed;
  const spans = bom ? parsed.spans.map((row) => row.map((at) => at + bom)) : parsed.spans;
  if (rows.length === 0) return [];
  const rowSpan = (r: number): Span => ({ start: spans[r]![0]!, end: spans[r]!.at(-1)! });
  const cellSpan = (r: number, c: number): Span | undefined =>
    c < 0 || 2 * c >= spans[r]!.length ? undefined : { start: spans[r]![2 * c]!, end: spans[r]![2 * c + 1]! };
  if (rows.length < 2) return [located(csvWithoutRows(), rowSpan(0))];

  const columns = rows[0]!.map((name) => name.trim());
  const findings: TextFinding[] = [];
  const { wanted, free } = namesToMatch(columns, template);
  /** The header's `from` renamed `to`, written as the cell was (quoted stays quoted). */
  const rename = (from: string, to: string): QuickFix[] => {
    const cell = cellSpan(0, columns.indexOf(from));
    return cell ? [{ kind: 'rename', from, to, edits: [{ ...cell, text: csvCell(to, text[cell.start] === '"', delimiter) }] }] : [];
  };
  // Once per field, not per row: a CSV of 100,000 rows lacking City asks it 100,000 times.
  const renames = new Map<string, QuickFix[]>();
  const renameTo = (field: string): QuickFix[] => {
    let fixes = renames.get(field);
    if (!fixes) {
      const from = columnNaming(field, free);
      renames.set(field, (fixes = from === undefined ? [] : rename(from, field)));
    }
    return fixes;
  };
  for (const f of duplicateColumnFindings(columns, lines[0]!)) {
    // On the second naming: the first is the one a reader expects to keep.
    const [, second] = columns.flatMap((name, i) => (name === f.field ? [i] : []));
    findings.push(located(f, cellSpan(0, second!) ?? rowSpan(0)));
  }
  // An address field no column names: once, on the header, with its renames ("Name" to "AttentionLine1"), not on every row.
  // A column's own -3145 may offer the same rename: the editor lists one fix once (live-diagnostics.ts).
  const absent = absentAddressColumns(columns);
  const headerAddress = addressColumnFinding(columns, template, lines[0]!);
  const headerRenames = addressColumnRenames(columns, template)
    .filter((r) => !r.templateField)
    .flatMap((r) => rename(r.from, r.to));
  if (template) {
    for (const f of headerFindings(columns, template, lines[0]!)) {
      if (f.code === RESULT.MergeFieldNotInTemplate && f.field === '') findings.push(unnamedColumns(f, rows, spans));
      else if (f.code === RESULT.MergeFieldNotInTemplate) {
        const to = fieldNamedBy(f.field!, wanted);
        findings.push(located(f, cellSpan(0, columns.indexOf(f.field!)) ?? rowSpan(0), to === undefined ? [] : rename(f.field!, to)));
      } else findings.push(located(f, rowSpan(0), [...renameTo(f.field!), addColumn(f.field!, rows, spans, delimiter)]));
    }
  }
  if (headerAddress) findings.push(located(headerAddress, rowSpan(0), headerRenames));

  const column = (field: string) => {
    const at = columns.indexOf(field);
    if (at >= 0 || field !== 'PostalCode') return at;
    return columns.indexOf('Zipcode');
  };
  const ragged = new Map(raggedRowFindings(rows, lines).map((f) => [f.row!, f]));
  // Each row's address read and checked in turn, none kept: the cost per row stays the same at 100,000 rows.
  const addressOf = rowAddress(columns);
  // The columns a letter prints: the template's fields and the address's (preflight/merge.ts); every column when the template is not known.
  const printedColumns = template ? new Set<string>([...template.fields, ...RECIPIENT_FIELDS]) : undefined;
  const printedCells = columns.flatMap((name, c) => ((printedColumns?.has(name) ?? true) ? [c] : []));
  // A template not on US Letter fails every row's letter (-1021), as the preflight says row by row.
  const offSize = template?.sections && templatePageSizeFinding({ sections: template.sections }, {});
  let marked = 0;
  for (let r = 1; r < rows.length; r++) {
    if (marked === MARKED_ROWS) {
      findings.push(unchecked(r, rowSpan(r)));
      break;
    }
    const before = findings.length;
    const refusal = ragged.get(r);
    if (refusal) {
      marked++;
      findings.push(raggedRow(refusal, text, rows, spans, r));
      continue;
    }
    // The editor does not know the work mode: it says what mailing the letters meets (Production).
    const merged = addressOf(rows[r]!);
    for (const f of rowFindings(merged, { row: r, line: lines[r]! }, 'Production', absent)) {
      let c = f.field === undefined ? -1 : column(f.field);
      // "A name or a company" is named at Company; with no Company column, the name's cell.
      if (c < 0 && f.field === 'Company') c = column('AttentionLine1');
      const cell = cellSpan(r, c);
      if (!cell) {
        // No column for the field: one named otherwise (Town for City) is offered a rename.
        const target = f.field === 'Company' ? ['AttentionLine1', 'Company'] : f.field === undefined ? [] : [f.field];
        findings.push(located(f, rowSpan(r), target.flatMap(renameTo).slice(0, 1)));
        continue;
      }
      const quoted = text[cell.start] === '"';
      const value = rows[r]![c]!;
      const written = (v: string) => csvCell(v, quoted, delimiter);
      const breaks = f.code === STATUS.AddressNotExtracted && merged.lineBreaks.includes(f.field as RecipientField);
      findings.push(
        located(
          f,
          cell,
          breaks
            ? [joinCell(f.field!, joinedLines(value), cell, written)]
            : [...trimFix(f, value, cell, written), ...replaceFix(f, value, cell, written)],
        ),
      );
    }
    if (offSize) findings.push(located({ ...offSize, row: r, line: lines[r]! }, rowSpan(r)));
    // Characters no printing font draws, in the cells a letter prints, as the preflight finds them (a plain ASCII cell is not looked into).
    for (const c of printedCells) {
      const value = rows[r]![c];
      if (value === undefined || drawsAsIs(value)) continue;
      const missing = notDrawableNow(value);
      if (missing.length > 0)
        findings.push(located(charactersNotDrawn(missing, { row: r, line: lines[r]!, field: columns[c]! }), cellSpan(r, c) ?? rowSpan(r)));
    }
    if (findings.length > before) marked++;
  }
  return findings;
}

/**
 * The names a column may be renamed to (the template's fields without a column, the address fields
 * the header lacks) and the columns free to be renamed (neither a template field nor an address
 * column, so that a rename loses nothing the merge reads).
 */
function namesToMatch(columns: readonly string[], template?: Pick<MergeTemplate, 'fields'>) {
  const has = (name: string) => columns.includes(name) || (name === 'PostalCode' && columns.includes('Zipcode'));
  const address = new Set<string>([...RECIPIENT_FIELDS, 'Zipcode']);
  const wanted = [...new Set([...(template?.fields ?? []), ...RECIPIENT_FIELDS])].filter((name) => !has(name));
  const free = columns.filter((name) => name !== '' && !address.has(name) && !(template?.fields ?? []).includes(name));
  return { wanted, free };
}

/**
 * Rows with findings marked in one CSV, at most: past them the rows are not checked. A CSV whose
 * every row fails (a column misnamed) would otherwise put 100,000 findings in the Problems panel,
 * seconds to find and to show and no help to read; the first thousand say what is wrong.
 */
export const MARKED_ROWS = 1000;

/** Where the check stopped, on the first row not checked. No service code: Mailroom's own word. */
function unchecked(row: number, span: Span): TextFinding {
  return {
    severity: 'warning',
    message:
      `${MARKED_ROWS.toLocaleString('en-US')} rows with findings are marked above; rows from ${row.toLocaleString('en-US')} on are not ` +
      `checked here. Fix those first, or run \`mailroom preflight --data\` for every row's.`,
    row,
    span,
    fixes: [],
  };
}

/** A cell's lines joined into one, written as the cell was (quoted stays quoted). */
function joinCell(field: string, joined: string, cell: Span, written: (value: string) => string): QuickFix {
  return { kind: 'join-lines', field, edits: [{ ...cell, text: written(joined) }] };
}

/**
 * A row whose cells are not the header's, where the mistake is: a long row on its cells past the
 * header's last column, a short one on the whole row. Mended where the mend is plain: a row split by
 * a line break in a cell that is not quoted, joined with its other half (the break becomes a
 * space); a long row's empty cells past the header's last column, removed.
 */
function raggedRow(f: Finding, text: string, rows: readonly (readonly string[])[], spans: readonly (readonly number[])[], r: number) {
  const columns = rows[0]!.length;
  const row = spans[r]!;
  const end = row.at(-1)!;
  const long = rows[r]!.length > columns;
  const span: Span = long ? { start: row[2 * columns - 1]!, end } : { start: row[0]!, end };
  const fixes: QuickFix[] = [];
  const split = isSplitRow(rows, r) ? r : isSplitRow(rows, r - 1) ? r - 1 : undefined;
  if (split !== undefined) {
    // Only a single line break between the halves: anything more (a blank line) is not plainly one row.
    const [from, to] = [spans[split]!.at(-1)!, spans[split + 1]![0]!];
    if (/^(\r\n|\r|\n)$/.test(text.slice(from, to))) fixes.push({ kind: 'join-lines', edits: [{ start: from, end: to, text: ' ' }] });
  } else if (long && rows[r]!.slice(columns).every((cell) => cell.trim() === '')) {
    fixes.push({ kind: 'remove-cells', edits: [{ ...span, text: '' }] });
  }
  return located(f, span, fixes);
}

/**
 * The header's columns without a name, where they are: from the comma before the first to the
 * header's end when they are its last (a spreadsheet's stray trailing commas), removed from every
 * row when no row has a value under them; else on the header's line, for the user to mend.
 */
function unnamedColumns(f: Finding, rows: readonly (readonly string[])[], spans: readonly (readonly number[])[]): TextFinding {
  const header = rows[0]!;
  const first = header.findIndex((name) => name.trim() === '');
  const trailing = first > 0 && header.slice(first).every((name) => name.trim() === '');
  const headerSpan = { start: spans[0]![0]!, end: spans[0]!.at(-1)! };
  if (!trailing) return located(f, headerSpan);
  const at = (r: number) => spans[r]![2 * first - 1]!;
  const span = { start: at(0), end: headerSpan.end };
  const empty = rows.every((row) => row.slice(first).every((cell) => cell.trim() === ''));
  const edits = rows.flatMap((row, r) => (row.length > first ? [{ start: at(r), end: spans[r]!.at(-1)!, text: '' }] : []));
  return located(f, span, empty ? [{ kind: 'remove-columns', edits }] : []);
}

/**
 * A column named `name` after the header's last, and an empty cell for it in every row: right after
 * the row's cell under the header's last column (a row with cells beyond the header keeps them
 * after it), a short row padded to reach it.
 */
function addColumn(
  name: string,
  rows: readonly (readonly string[])[],
  spans: readonly (readonly number[])[],
  delimiter: CsvDelimiter,
): QuickFix {
  const width = rows[0]!.length;
  return {
    kind: 'add-column',
    column: name,
    edits: rows.map((row, r) => {
      const at = r > 0 && row.length > width ? spans[r]![2 * width - 1]! : spans[r]!.at(-1)!;
      return {
        start: at,
        end: at,
        text: r === 0 ? `${delimiter}${csvCell(name, false, delimiter)}` : delimiter.repeat(Math.max(1, width + 1 - row.length)),
      };
    }),
  };
}

/**
 * A CSV's diagnostics as the editor asks for them: none for a CSV that is no merge's data (no
 * address column, no template); the header checked against the template when it is given and
 * readable (one the printer cannot read is left for the proof to say).
 */
export function mergeDataDiagnostics(text: string, template?: { readonly type: string; readonly data: Uint8Array }): TextFinding[] {
  let fields: Pick<MergeTemplate, 'fields' | 'sections'> | undefined;
  try {
    fields = template && mergeTemplate(template.type, template.data);
  } catch (error) {
    if (!(error instanceof UnreadableDocument)) throw error;
  }
  if (!fields && !namesAddressColumn(text)) return [];
  return csvDiagnostics(text, fields);
}
