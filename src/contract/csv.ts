/**
 * Mail-merge data (facts, Part B) is RFC 4180 CSV: comma-separated, fields optionally quoted with
 * doubled quotes inside, CRLF or LF rows.
 */
export class CsvError extends Error {
  constructor(
    message: string,
    /** The 1-based line the mistake is on. */
    readonly line: number,
  ) {
    super(message);
  }
}

const DELIMITER = /[,\r\n]/g;

/**
 * The rows, the 1-based line each starts on (a quoted field may hold line breaks; blank lines hold
 * no row), and where each row's cells are in the text: for cell j, `spans[row][2j]` is its first
 * character (its opening quote, if quoted) and `spans[row][2j + 1]` the one after its last.
 */
export function parseCsvLines(text: string): { rows: string[][]; lines: number[]; spans: number[][] } {
  const rows: string[][] = [];
  const lines: number[] = [];
  const spans: number[][] = [];
  let row: string[] = [];
  let rowSpans: number[] = [];
  let field = '';
  let fieldStart = 0;
  let i = 0;
  let line = 1;
  let rowLine = 1;
  const lineAt = (at: number) => line + (text.slice(i, at).match(/\r\n|\r|\n/g)?.length ?? 0);
  const endField = () => {
    row.push(field);
    rowSpans.push(fieldStart, i);
    field = '';
    fieldStart = i + 1;
  };
  const endRow = () => {
    endField();
    if (!(row.length === 1 && row[0] === '')) {
      rows.push(row);
      lines.push(rowLine);
      spans.push(rowSpans);
    }
    row = [];
    rowSpans = [];
    line++;
    rowLine = line;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' && field === '') {
      const start = i;
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote < 0) throw new CsvError(`unterminated quoted field starting at character ${start + 1}`, line);
        field += text.slice(i, quote);
        line = lineAt(quote);
        if (text[quote + 1] === '"') {
          field += '"';
          i = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      if (i < text.length && !',\r\n'.includes(text[i]!))
        throw new CsvError(`unexpected text after a quoted field at character ${i + 1}`, line);
      continue;
    }
    if (c === ',') endField();
    else if (c === '\n') endRow();
    else if (c === '\r') {
      if (text[i + 1] === '\n') {
        endRow();
        i++;
        fieldStart = i + 1;
      } else endRow();
    } else {
      // An unquoted field runs to the next comma or line break: taken in one slice.
      DELIMITER.lastIndex = i;
      const end = DELIMITER.exec(text)?.index ?? text.length;
      field += text.slice(i, end);
      i = end;
      continue;
    }
    i++;
  }
  if (field !== '' || row.length > 0) endRow();
  return { rows, lines, spans };
}

export function parseCsv(text: string): string[][] {
  return parseCsvLines(text).rows;
}

/** A cell as RFC 4180 writes it: quoted (its quotes doubled) when it must be (a comma, a quote, a line break) or when it was. */
export function csvCell(value: string, quoted = false): string {
  return quoted || /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Rows as RFC 4180 CSV: CRLF after every row, each cell as csvCell writes it. */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map((value) => csvCell(value)).join(',')}\r\n`).join('');
}

/**
 * The data rows (indexes into `rows`, the header being 0) whose cells are not as many as the
 * header's columns: RFC 4180 holds every record to the same number of fields, and merge data that
 * does not is refused (facts, Part B: data that does not parse, -3144).
 */
export function raggedRows(rows: readonly (readonly string[])[]): number[] {
  const columns = rows[0]?.length ?? 0;
  const ragged: number[] = [];
  for (let r = 1; r < rows.length; r++) if (rows[r]!.length !== columns) ragged.push(r);
  return ragged;
}

/**
 * Whether data rows `r` and `r + 1` are one row split by a line break inside a cell that is not
 * quoted: each is short of the header's columns, and joined (the first's last cell and the
 * second's first becoming one) they have exactly as many.
 */
export function isSplitRow(rows: readonly (readonly string[])[], r: number): boolean {
  const columns = rows[0]?.length ?? 0;
  const [first, second] = [rows[r], rows[r + 1]];
  return r >= 1 && !!first && !!second && first.length < columns && second.length < columns && first.length + second.length - 1 === columns;
}
