/**
 * Mail-merge data (facts, Part B) is RFC 4180 CSV: comma-separated, fields optionally quoted with
 * doubled quotes inside, CRLF or LF rows. That is what the service takes; what a spreadsheet writes
 * is read too, and sent as commas (the client re-serializes it with formatCsv):
 *
 * The delimiter is decided from the header line alone (csvDelimiter): a comma if the header holds
 * one outside quotes; else a semicolon if it holds one (what Excel saves as "CSV" where the comma
 * is the decimal separator); else a tab if it holds one (Excel's "Unicode Text", a TSV); else a
 * comma (a one-column CSV). Data rows are never looked at: a decimal "1,50" in a row of a
 * semicolon file is a cell's text, and the header, which names the columns, has no such digits.
 * The sandbox, being the service, reads commas only ('service' below) and refuses the rest.
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

/** A delimiter the readers take: the comma the service takes, and what spreadsheets write otherwise. */
export type CsvDelimiter = ',' | ';' | '\t';

/** Each delimiter's name, as the readers say which was assumed. */
export const CSV_DELIMITER_NAMES: Readonly<Record<CsvDelimiter, string>> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

/**
 * How a reader takes delimiters: one given, or 'service': commas only, a header that is one cell
 * split by semicolons or tabs refused (delimiterMistake), as the service (the sandbox) reads.
 */
export type CsvReading = CsvDelimiter | 'service';

const DELIMITERS: Readonly<Record<CsvDelimiter, RegExp>> = { ',': /[,\r\n]/g, ';': /[;\r\n]/g, '\t': /[\t\r\n]/g };

/**
 * The delimiter of a CSV, decided from its header line alone (the rule in this file's header): the
 * first line that is not blank (blank lines before the header hold no record), its characters
 * outside quotes, up to the line break that ends it outside quotes. A leading byte order mark is
 * no delimiter. A line of empty cells before the header (`;;;`) is its first line and decides: a
 * spreadsheet writes such rows with its own delimiter.
 */
export function csvDelimiter(text: string): CsvDelimiter {
  let semicolon = false;
  let tab = false;
  let quoted = false;
  let blank = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (c === ',') return ',';
    else if (c === ';') semicolon = true;
    else if (c === '\t') tab = true;
    else if (c === '\n' || c === '\r') {
      if (blank) continue;
      break;
    }
    blank = false;
  }
  return semicolon ? ';' : tab ? '\t' : ',';
}

/** The delimiter a reader reads with: the one given; else the header's (a piece past the header, a comma, unless given). */
function delimiterOf(text: string, fromHeader: boolean, reading: CsvReading | undefined): CsvDelimiter {
  if (reading === undefined) return fromHeader ? csvDelimiter(text) : ',';
  return reading === 'service' ? ',' : reading;
}

/**
 * Why a CSV whose header is one cell holding semicolons or tabs is refused: European-locale Excel
 * saves "CSV" with semicolons, Excel's "Unicode Text" with tabs; read as commas, each row would be
 * one cell and mail nothing but a refusal in other words (or garbage). Merge data is
 * comma-separated (facts, Part B), and the mend is the user's: said in words naming the delimiter.
 */
export function delimiterMistake(header: string, line: number): CsvError | undefined {
  const semicolons = header.includes(';');
  if (!semicolons && !header.includes('\t')) return undefined;
  const which = semicolons ? 'semicolons (as Excel saves "CSV" where the decimal comma is used)' : 'tabs (as Excel saves "Unicode Text")';
  return new CsvError(
    `its header is separated by ${which}, not commas: merge data is comma-separated. Save it as "CSV UTF-8 (Comma delimited)", or replace the ${semicolons ? 'semicolons' : 'tabs'} between columns with commas`,
    line,
  );
}

/**
 * A NUL character is never a spreadsheet's text (a UTF-16 file without its byte order mark is read
 * as such by decodeCsv): refused at its line, rather than printed as nothing in a name.
 */
export function nulMistake(text: string): CsvError | undefined {
  const at = text.indexOf('\0');
  if (at < 0) return undefined;
  const line = (text.slice(0, at).match(/\r\n|\r|\n/g)?.length ?? 0) + 1;
  return new CsvError(`it holds a NUL character (at character ${at + 1}): it is not text a spreadsheet saves`, line);
}

/** One record of a CSV as the reader meets it. */
export interface CsvRecord {
  readonly cells: string[];
  /** The 1-based line it starts on (a quoted field may hold line breaks). */
  readonly line: number;
  /** Where its cells are in the text: for cell j, `spans[2j]` is its first character (its opening quote, if quoted) and `spans[2j + 1]` the one after its last. */
  readonly spans: number[];
}

/**
 * The records of a CSV one at a time, as they are read (blank lines, and lines of empty cells only, hold none): what a reader of
 * any size of data takes, holding one record at a time. A CSV that is not well formed throws
 * CsvError when the reader comes to the mistake, after the records before it (a NUL before any).
 * `fromHeader` false reads a piece of a CSV that starts past its header (one row, a slice): its
 * first record is not held to a header's rules. `reading` is the delimiter: by default the header's
 * (csvDelimiter), a comma for a piece (a piece's reader passes the header's); 'service' as the
 * sandbox reads.
 */
export function* csvRecords(text: string, fromHeader = true, reading?: CsvReading): Generator<CsvRecord, void, undefined> {
  const delimiter = delimiterOf(text, fromHeader, reading);
  const delimiterOrBreak = DELIMITERS[delimiter];
  const ends = `${delimiter}\r\n`;
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
  /**
   * The record just ended, if it holds one: a blank line does not, nor a line of empty cells only
   * (`,,,,`: what a spreadsheet writes for a row once formatted and left empty), so that no reader
   * counts it as a letter without an address.
   */
  const endRow = (): CsvRecord | undefined => {
    endField();
    const record = row.every((cell) => cell === '') ? undefined : { cells: row, line: rowLine, spans: rowSpans };
    row = [];
    rowSpans = [];
    line++;
    rowLine = line;
    return record;
  };
  const nul = nulMistake(text);
  if (nul) throw nul;
  let header = fromHeader && reading === 'service';
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
      if (i < text.length && !ends.includes(text[i]!))
        throw new CsvError(`unexpected text after a quoted field at character ${i + 1}`, line);
      continue;
    }
    let ended: CsvRecord | undefined;
    if (c === delimiter) endField();
    else if (c === '\n') ended = endRow();
    else if (c === '\r') {
      ended = endRow();
      if (text[i + 1] === '\n') {
        i++;
        fieldStart = i + 1;
      }
    } else {
      // An unquoted field runs to the next delimiter or line break: taken in one slice.
      delimiterOrBreak.lastIndex = i;
      const end = delimiterOrBreak.exec(text)?.index ?? text.length;
      field += text.slice(i, end);
      i = end;
      continue;
    }
    i++;
    if (ended) yield checked(ended);
  }
  if (field !== '' || row.length > 0) {
    const last = endRow();
    if (last) yield checked(last);
  }
  /** The header (the first record), as the service reads it, refused when its one cell is split by another delimiter. */
  function checked(record: CsvRecord): CsvRecord {
    if (header) {
      header = false;
      const mistake = record.cells.length === 1 ? delimiterMistake(record.cells[0]!, record.line) : undefined;
      if (mistake) throw mistake;
    }
    return record;
  }
}

/**
 * The rows, the 1-based line each starts on (a quoted field may hold line breaks; blank lines and
 * lines of empty cells hold no row), and where each row's cells are in the text: for cell j, `spans[row][2j]` is its first
 * character (its opening quote, if quoted) and `spans[row][2j + 1]` the one after its last.
 */
export function parseCsvLines(
  text: string,
  fromHeader = true,
  reading?: CsvReading,
): { rows: string[][]; lines: number[]; spans: number[][]; delimiter: CsvDelimiter } {
  const rows: string[][] = [];
  const lines: number[] = [];
  const spans: number[][] = [];
  const delimiter = delimiterOf(text, fromHeader, reading);
  for (const record of csvRecords(text, fromHeader, reading ?? delimiter)) {
    rows.push(record.cells);
    lines.push(record.line);
    spans.push(record.spans);
  }
  return { rows, lines, spans, delimiter };
}

/** The rows of a CSV, its delimiter decided from its header (csvDelimiter). */
export function parseCsv(text: string): string[][] {
  return parseCsvLines(text).rows;
}

/**
 * A cell as RFC 4180 writes it: quoted (its quotes doubled) when it must be (the delimiter, a
 * quote, a line break) or when it was. A file's own delimiter keeps an edit in its quoting.
 */
export function csvCell(value: string, quoted = false, delimiter: CsvDelimiter = ','): string {
  return quoted || /["\r\n]/.test(value) || value.includes(delimiter) ? `"${value.replace(/"/g, '""')}"` : value;
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

/**
 * The header's columns named more than once (compared as the merge reads them, trimmed), each with
 * its 0-based columns: which of the cells a letter would print is the data's guess, and the merge
 * is refused as data that does not parse (-3144) by every reader alike.
 */
export function duplicateColumns(columns: readonly string[]): { readonly name: string; readonly at: readonly number[] }[] {
  const seen = new Map<string, number[]>();
  columns.forEach((column, i) => {
    const name = column.trim();
    if (name !== '') seen.set(name, [...(seen.get(name) ?? []), i]);
  });
  return [...seen].filter(([, at]) => at.length > 1).map(([name, at]) => ({ name, at }));
}
