/**
 * A mail merge's MergeData read as Part B of the facts defines it: a gzip-compressed UTF-8 CSV
 * whose first row names the fields, every further row as many cells as the header. Data that does
 * not parse is refused at -3144. Read at send, and again from the merge's kept job when its PDF is
 * first needed (printed-pdf.ts), so that both read the same rows.
 */
import { gunzipSync } from 'node:zlib';
import { describeResultCode, missingFieldCodes, RESULT } from '../../contract';
import { CsvError, parseCsvLines, raggedRows } from '../../contract';
import { mergeTemplate, UnreadableDocument, type MergeTemplate } from '../../printing';
import { refuse } from './context';

export function invalidData(reason: string): never {
  refuse(RESULT.InvalidMergeData, `${describeResultCode(RESULT.InvalidMergeData)}: ${reason}`);
}

/** The header's column names (trimmed) and the data rows. */
export interface MergeData {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

export function readMergeData(data: Uint8Array | undefined): MergeData {
  if (!data || data.length === 0) refuse(missingFieldCodes.MergeData!);
  let bytes: Uint8Array;
  try {
    bytes = gunzipSync(data, { maxOutputLength: 64 * 1024 * 1024 });
  } catch {
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
    parsed = parseCsvLines(text.replace(/^\uFEFF/, ''));
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
