/**
 * Where each row of a CSV is in its text, found by one scan that keeps no cell: so that one row of
 * a 100,000-row merge (Preview Merge Row, a batch item's recipient) is read at once, parsed alone,
 * without parsing the whole file. The scan follows parseCsvLines (csv.ts) to the letter: a quote
 * opens a quoted field only at a field's start, a blank line holds no row, and a CSV it would refuse
 * is refused here with the same CsvError and line, and the delimiter is decided from the header
 * as it decides it (csvDelimiter).
 */
import { CsvError, csvDelimiter, nulMistake, parseCsvLines, type CsvDelimiter } from './csv';

export interface CsvRowIndex {
  /** How many rows, the header's included. */
  readonly count: number;
  /** The row's first character (row 0 is the header). */
  readonly starts: readonly number[];
  /** The character after the row's last cell (before its line break). */
  readonly ends: readonly number[];
  /** The 1-based line each row starts on. */
  readonly lines: readonly number[];
  /** The delimiter, decided from the header (csvDelimiter). */
  readonly delimiter: CsvDelimiter;
}

const BREAK_OR_DELIMITER: Readonly<Record<CsvDelimiter, RegExp>> = { ',': /[,\r\n]/g, ';': /[;\r\n]/g, '\t': /[\t\r\n]/g };
const LINE_BREAKS = /\r\n|\r|\n/g;

function linesIn(text: string, from: number, to: number): number {
  return text.slice(from, to).match(LINE_BREAKS)?.length ?? 0;
}

/** Every row's place in the text (a leading byte order mark is not the header's); throws CsvError where parseCsvLines would. */
export function csvRowIndex(text: string): CsvRowIndex {
  const starts: number[] = [];
  const rowEnds: number[] = [];
  const lines: number[] = [];
  // Characters are counted in the words after the byte order mark, as parseCsvLines counts them in the text without it.
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  let i = bom;
  let line = 1;
  const nul = nulMistake(bom ? text.slice(bom) : text);
  if (nul) throw nul;
  const delimiter = csvDelimiter(bom ? text.slice(bom) : text);
  const breakOrDelimiter = BREAK_OR_DELIMITER[delimiter];
  const ends = `${delimiter}\r\n`;
  while (i < text.length) {
    const start = i;
    const startLine = line;
    let empty = true;
    for (;;) {
      if (text[i] === '"') {
        const open = i;
        let j = i + 1;
        for (;;) {
          const quote = text.indexOf('"', j);
          if (quote < 0) throw new CsvError(`unterminated quoted field starting at character ${open + 1 - bom}`, line);
          line += linesIn(text, j, quote);
          if (text[quote + 1] === '"') {
            j = quote + 2;
            continue;
          }
          j = quote + 1;
          break;
        }
        if (j - open > 2) empty = false;
        i = j;
        if (i < text.length && !ends.includes(text[i]!))
          throw new CsvError(`unexpected text after a quoted field at character ${i + 1 - bom}`, line);
      } else {
        breakOrDelimiter.lastIndex = i;
        const end = breakOrDelimiter.exec(text)?.index ?? text.length;
        if (end > i) empty = false;
        i = end;
      }
      if (text[i] !== delimiter) break;
      i++;
    }
    // A line of empty cells only (a blank line, `,,,,`) is no row (as parseCsvLines reads it).
    if (!empty) {
      starts.push(start);
      rowEnds.push(i);
      lines.push(startLine);
    }
    if (i >= text.length) break;
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
    line++;
  }
  return { count: starts.length, starts, ends: rowEnds, lines, delimiter };
}

/** A row's cells, parsed alone. */
export function csvRow(text: string, index: CsvRowIndex, row: number): string[] {
  return parseCsvLines(text.slice(index.starts[row], index.ends[row]), row === 0, index.delimiter).rows[0] ?? [''];
}

/** The header and the rows asked for, in that order, as a CSV of their own (each row as written, in the file's delimiter, CRLF after each). */
export function csvOfRows(text: string, index: CsvRowIndex, rows: readonly number[]): string {
  return [0, ...rows].map((r) => `${text.slice(index.starts[r], index.ends[r])}\r\n`).join('');
}

/** The row (0 the header) the character at `at` is in, or the last row starting before it. */
export function rowAt(index: CsvRowIndex, at: number): number {
  let [low, high] = [0, index.count - 1];
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (index.starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}
