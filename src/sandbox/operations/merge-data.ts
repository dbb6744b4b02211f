/**
 * A mail merge's MergeData read as Part B of the facts defines it: a gzip-compressed UTF-8 CSV
 * whose first row names the fields (each once, separated by commas), every further row as many
 * cells as the header (a line of empty cells only is no row: the contract's csvRecords). Data that does
 * not parse is refused at -3144, and so is a header split by semicolons or tabs (the contract's
 * 'service' reading): the service takes RFC 4180 commas only; the client sends such a spreadsheet's
 * CSV re-written with commas, and raw data sent otherwise (`mailroom call`) stays refused. Read at send, and again from the merge's kept job when its PDF is
 * first needed (printed-pdf.ts), so that both read the same rows.
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { describeResultCode, missingFieldCodes, RESULT } from '../../contract';
import { CsvError, MAX_MERGE_DATA_BYTES, duplicateColumns, mergeDataTooLarge, parseCsvLines, raggedRows } from '../../contract';
import { mergeTemplate, nextTurn, UnreadableDocument, type MergeTemplate } from '../../printing';

const gunzipAsync = promisify(gunzip);
import { refuse } from './context';

export function invalidData(reason: string): never {
  refuse(RESULT.InvalidMergeData, `${describeResultCode(RESULT.InvalidMergeData)}: ${reason}`);
}

/** The header's column names (trimmed) and the data rows. */
export interface MergeData {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** Records parsed at a time before a turn of the event loop: a few milliseconds' work. */
const RECORDS_PER_TURN = 1000;
const DELIMITER = /[,\r\n]/g;

/**
 * Where the `records`-th record after `from` ends (just past its line break), reading quotes as
 * parseCsvLines does (a quote opens a quoted field only at a field's start; `""` inside one is a
 * quote); the text's end when it holds fewer. Only a cut: parseCsvLines still reads every record.
 */
export function recordsEnd(text: string, from: number, records: number): number {
  let i = from;
  let fieldStart = true;
  let left = records;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22 && fieldStart) {
      let quote = text.indexOf('"', i + 1);
      while (quote >= 0 && text.charCodeAt(quote + 1) === 0x22) quote = text.indexOf('"', quote + 2);
      if (quote < 0) return text.length; // unterminated: parseCsvLines says so
      i = quote + 1;
      fieldStart = false;
    } else if (c === 0x2c) {
      i++;
      fieldStart = true;
    } else if (c === 0x0a || c === 0x0d) {
      i += c === 0x0d && text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
      fieldStart = true;
      if (--left === 0) return i;
    } else {
      DELIMITER.lastIndex = i;
      i = DELIMITER.exec(text)?.index ?? text.length;
      fieldStart = false;
    }
  }
  return text.length;
}

/** Line breaks in a piece of text, `\r\n` counting once: the lines a piece moves the next one down. */
function lineBreaks(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) count++;
  }
  return count;
}

/**
 * The CSV's records and the line each starts on, as parseCsvLines reads the whole text, read
 * RECORDS_PER_TURN records at a time with a turn of the event loop between (100,000 rows take
 * some 600 ms to parse, in which the sandbox would answer nobody). A piece that does not parse is
 * read again whole, so that a CSV that is not well formed is refused in the very words it was.
 */
async function parseInTurns(text: string): Promise<{ rows: string[][]; lines: number[] }> {
  const rows: string[][] = [];
  const lines: number[] = [];
  let before = 0;
  for (let from = 0; from < text.length;) {
    const to = recordsEnd(text, from, RECORDS_PER_TURN);
    const piece = text.slice(from, to);
    let parsed: { rows: string[][]; lines: number[] };
    try {
      parsed = parseCsvLines(piece, from === 0, 'service');
    } catch (error) {
      if (error instanceof CsvError) return parseCsvLines(text, true, 'service');
      throw error;
    }
    for (const row of parsed.rows) rows.push(row);
    for (const line of parsed.lines) lines.push(line + before);
    before += lineBreaks(piece);
    from = to;
    if (from < text.length) await nextTurn();
  }
  return { rows, lines };
}

export async function readMergeData(data: Uint8Array | undefined): Promise<MergeData> {
  if (!data || data.length === 0) refuse(missingFieldCodes.MergeData!);
  let bytes: Uint8Array;
  try {
    // On libuv's threads, not the one that answers every caller.
    bytes = await gunzipAsync(data, { maxOutputLength: MAX_MERGE_DATA_BYTES });
  } catch (error) {
    // Cut off at the limit: said as the preflight says it (it cannot tell how far past, nor need to).
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') return invalidData(mergeDataTooLarge()!);
    return invalidData('MergeData is not gzip-compressed');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // The service takes UTF-8 only (facts, Part B): the client decodes a spreadsheet's other encodings before it sends.
    return invalidData('the CSV is not UTF-8 text');
  }
  let parsed: { rows: string[][]; lines: number[] };
  try {
    parsed = await parseInTurns(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    if (error instanceof CsvError) invalidData(`the CSV is not well formed: ${error.message} (line ${error.line})`);
    throw error;
  }
  const { rows, lines } = parsed;
  if (rows.length < 2) invalidData('the CSV needs a header row and at least one data row');
  // RFC 4180 holds every record to the header's number of fields: data that does not is data that does not parse.
  const ragged = raggedRows(rows)[0];
  if (ragged !== undefined) {
    invalidData(`row ${ragged} (line ${lines[ragged]}) has ${rows[ragged]!.length} cells; the header has ${rows[0]!.length} columns`);
  }
  const [header, ...dataRows] = rows;
  const twice = duplicateColumns(header!)[0];
  if (twice) invalidData(`the column "${twice.name}" is named more than once (columns ${twice.at.map((i) => i + 1).join(' and ')})`);
  return { columns: header!.map((name) => name.trim()), rows: dataRows };
}

/** The template, read; one that cannot be read is refused at -3004. */
export function templateOf(type: string, data: Uint8Array): MergeTemplate {
  try {
    return mergeTemplate(type, data);
  } catch (error) {
    if (error instanceof UnreadableDocument) refuse(RESULT.FileExtensionNotSupported, `the template cannot be read: ${error.message}`);
    throw error;
  }
}
