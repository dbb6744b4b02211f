/**
 * SendWordMailMerge_Compressed as Part B of the facts defines it: a .docx template with «Field»
 * (or Word MERGEFIELD) fields, or an HTML template with {{Field}}; MergeData a gzip-compressed
 * UTF-8 CSV whose first row names the fields. Each further row is one letter of a batch, addressed
 * from the columns named like the address fields. Data that does not parse, among it a row whose
 * cells are not as many as the header's columns, is refused at -3144. A row without a usable
 * address (among them one whose address cell holds a line break) fails at -1045.
 */
import { gunzipSync } from 'node:zlib';
import { describeResultCode, mergeTemplateTypes, missingFieldCodes, RESULT } from '../../contract';
import { CsvError, parseCsvLines, raggedRows } from '../../contract';
import {
  fieldsWithoutColumn,
  letterPrice,
  mergeRows,
  mergeTemplate,
  printMerge,
  UnreadableDocument,
  unusedColumns,
  type MergeTemplate,
} from '../../printing';
import { refuse, type Caller, type Handler } from './context';
import { LETTER_CODES, resolveDocument } from './documents';
import { commitMailer, workModeOf } from './send';

function invalidData(reason: string): never {
  refuse(RESULT.InvalidMergeData, `${describeResultCode(RESULT.InvalidMergeData)}: ${reason}`);
}

function readMergeData(data: Uint8Array | undefined): string[][] {
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
  return rows;
}

function templateOf(type: string, data: Uint8Array): MergeTemplate {
  try {
    return mergeTemplate(type, data);
  } catch (error) {
    if (error instanceof UnreadableDocument) refuse(RESULT.FileExtensionNotSupported, `the template cannot be read: ${error.message}`);
    throw error;
  }
}

export const sendWordMailMerge: Handler<'datedA', 'SendWordMailMerge_Compressed'> = async (request, caller: Caller, sandbox) => {
  if (!request.MyDescription) refuse(missingFieldCodes.MyDescription!);
  const document = await resolveDocument(
    request.FileExtension,
    request.FileBinaryData,
    { ...LETTER_CODES, allowed: mergeTemplateTypes },
    caller,
    sandbox,
  );
  if (document.content.kind !== 'file') refuse(RESULT.FileExtensionNotSupported);
  const template = templateOf(document.content.type, document.content.data);
  const [header, ...rows] = readMergeData(request.MergeData);
  const columns = header!.map((name) => name.trim());
  const unknown = unusedColumns(columns, template)[0];
  if (unknown !== undefined) refuse(RESULT.MergeFieldNotInTemplate, `${describeResultCode(RESULT.MergeFieldNotInTemplate)}: ${unknown}`);
  const missing = fieldsWithoutColumn(columns, template)[0];
  if (missing !== undefined) invalidData(`the template field «${missing}» has no column`);

  const workMode = workModeOf(request.WorkMode, caller);
  const duplex = caller.user.settings.Letters_PrintSides === 'Duplex';
  const colour = caller.user.settings.Letters_PrintColor === 'FullColor';
  const { pdf, letters } = await printMerge(template, mergeRows(columns, rows), { workMode, duplex });
  const items = letters.map((printed, i) => ({
    itemId: i + 1,
    price: letterPrice(sandbox.pricing, printed.sheets, colour),
    sheets: printed.sheets,
    ...(printed.failure === undefined ? {} : { failure: printed.failure }),
  }));
  const id = await commitMailer(
    {
      mailerType: 'Letter',
      description: request.MyDescription,
      workMode,
      // What the batch charges: its items that print (one that fails before printing is never charged).
      price: Math.round(items.reduce((sum, item) => sum + (item.failure === undefined ? item.price : 0), 0) * 100) / 100,
      sheets: items.reduce((sum, item) => sum + item.sheets, 0),
      printColor: colour ? 'FullColor' : 'Black',
      printSides: duplex ? 'PrintDuplex' : 'PrintSimplex',
      items,
      ...(items.every((item) => item.failure !== undefined) ? { failure: items[0]!.failure } : {}),
    },
    pdf,
    document.storedFile ? [document.storedFile] : [],
    caller,
    sandbox,
  );
  const failing = items.filter((item) => item.failure !== undefined).length;
  const queued = `${items.length} letter${items.length === 1 ? '' : 's'} queued`;
  return { ResultCode: id, ResultDescription: failing === 0 ? queued : `${queued}; ${failing} without a usable address will fail` };
};
