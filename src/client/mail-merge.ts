/**
 * A mail merge as `SendWordMailMerge_Compressed` takes it: a .docx («Field») or HTML ({{Field}})
 * template and CSV merge data with a header row, gzip-compressed. Checked before sending, so that
 * the user sees how many letters it makes (one per data row) before paying for them.
 */
import { gzipSync } from 'node:zlib';
import { CsvError, formatCsv, mergeTemplateTypes, parseCsv } from '../contract';
import { DocumentError, fileTypeOf } from './letter-document';

export interface MailMerge {
  /** The template's FileExtension. */
  readonly type: string;
  readonly template: Buffer;
  /** The CSV, compressed as the service expects. */
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
  let rows: string[][];
  try {
    rows = parseCsv(
      Buffer.from(csv)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    );
  } catch (error) {
    if (error instanceof CsvError) throw new DocumentError(`${csvName} is not CSV: ${error.message}`);
    throw error;
  }
  if (rows.length < 2) throw new DocumentError(`${csvName} needs a header row and at least one row of data`);
  return {
    type,
    template: Buffer.from(template),
    mergeData: gzipSync(csv),
    letters: rows.length - 1,
    fields: rows[0]!,
    rows: rows.slice(1),
  };
}

/** The same merge with only the data rows (1-based) kept: a merge that leaves out rows sent before. */
export function mergeWithRows(merge: MailMerge, keep: (row: number) => boolean): MailMerge {
  const rows = merge.rows.filter((_, i) => keep(i + 1));
  return { ...merge, rows, letters: rows.length, mergeData: gzipSync(formatCsv([merge.fields, ...rows])) };
}
