/**
 * A mail merge as `SendWordMailMerge_Compressed` takes it: a .docx («Field») or HTML ({{Field}})
 * template and CSV merge data with a header row, gzip-compressed. Checked before sending, so that
 * the user sees how many letters it makes (one per data row) before paying for them. The CSV's
 * bytes are read by the contract's one rule (decodeCsv: UTF-8 with or without a byte order mark,
 * UTF-16 with one, else Windows-1252) and sent as the UTF-8 the service takes (facts, Part B).
 * Its delimiter is decided from its header (the contract's csvDelimiter: comma, else semicolon,
 * else tab), and a file separated otherwise than by commas is sent re-written with them (formatCsv:
 * a cell holding a comma is quoted), as RFC 4180, the service's format, has it.
 */
import { gzipSync } from 'node:zlib';
import {
  CsvError,
  csvDelimiter,
  decodeCsv,
  encodeCsv,
  encodeCsvAs,
  formatCsv,
  mergeTemplateTypes,
  parseCsvLines,
  type CsvDelimiter,
  type CsvEncoding,
} from '../contract';
import { DocumentError, fileTypeOf } from './letter-document';

export interface MailMerge {
  /** The template's FileExtension. */
  readonly type: string;
  readonly template: Buffer;
  /** The CSV as text, decoded from its file: what the preflight reads (by the same rules), and what is sent, with commas. */
  readonly csv: string;
  /** Which encoding the CSV's file was read as. */
  readonly encoding: CsvEncoding;
  /** Which delimiter the CSV's header was read as separated by. */
  readonly delimiter: CsvDelimiter;
  /** The CSV as comma-separated UTF-8, compressed as the service expects. */
  readonly mergeData: Buffer;
  /** One letter per data row. */
  readonly letters: number;
  readonly fields: readonly string[];
  /** The data rows, in order: the batch's items 1…N. */
  readonly rows: readonly (readonly string[])[];
}

export function mailMerge(templateName: string, template: Uint8Array, csvName: string, csv: Uint8Array): MailMerge {
  const type = fileTypeOf(templateName);
  if (!(mergeTemplateTypes as readonly string[]).includes(type)) {
    throw new DocumentError(`${templateName}: a mail-merge template is ${mergeTemplateTypes.join(', ')}; not .${type || 'this file'}`);
  }
  const decoded = mergeDataText(csvName, csv);
  let rows: string[][];
  let delimiter: CsvDelimiter;
  try {
    ({ rows, delimiter } = parseCsvLines(decoded.text));
  } catch (error) {
    if (error instanceof CsvError) throw new DocumentError(`${csvName} is not CSV: ${error.message} (line ${error.line})`);
    throw error;
  }
  if (rows.length < 2) throw new DocumentError(`${csvName} needs a header row and at least one row of data`);
  return {
    type,
    template: Buffer.from(template),
    csv: decoded.text,
    encoding: decoded.encoding,
    delimiter,
    mergeData: gzipSync(encodeCsv(delimiter === ',' ? decoded.text : formatCsv(rows))),
    letters: rows.length - 1,
    fields: rows[0]!,
    rows: rows.slice(1),
  };
}

/** The same merge with only the data rows (1-based) kept: a merge that leaves out rows sent before. */
export function mergeWithRows(merge: MailMerge, keep: (row: number) => boolean): MailMerge {
  const rows = merge.rows.filter((_, i) => keep(i + 1));
  const csv = formatCsv([merge.fields, ...rows]);
  return { ...merge, rows, letters: rows.length, csv, mergeData: gzipSync(encodeCsv(csv)) };
}

/** A CSV file's bytes as the preflight reads them, with the encoding and the delimiter assumed; a file whose bytes do not follow its byte order mark throws DocumentError. */
export function mergeDataText(
  csvName: string,
  csv: Uint8Array,
): { readonly text: string; readonly encoding: CsvEncoding; readonly delimiter: CsvDelimiter } {
  try {
    const decoded = decodeCsv(csv);
    return { ...decoded, delimiter: csvDelimiter(decoded.text) };
  } catch (error) {
    if (error instanceof CsvError) throw new DocumentError(`${csvName} is not CSV: ${error.message} (line ${error.line})`);
    throw error;
  }
}

/**
 * The merge of only the data rows (1-based) given, as a CSV file of its own to write beside the
 * data ("Send the N rows that pass", `mailroom merge --only-passing`): named DATA-passing.csv, in
 * the data's own encoding, so that the source's programs read its letters as they read the source's.
 * A DocumentError when that encoding has no byte for a character of the rows kept.
 */
export function keptRowsFile(
  merge: MailMerge,
  dataName: string,
  rows: readonly number[],
): { readonly name: string; readonly bytes: Uint8Array; readonly merge: MailMerge } {
  const keep = new Set(rows);
  const kept = mergeWithRows(merge, (row) => keep.has(row));
  const name = `${dataName.replace(/\.[^.]*$/, '')}-passing.csv`;
  try {
    return { name, bytes: encodeCsvAs(kept.csv, merge.encoding), merge: kept };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new DocumentError(`The rows cannot be written in ${merge.encoding}, as ${dataName} is: ${error.message}`);
  }
}
