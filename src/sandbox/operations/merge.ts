/**
 * SendWordMailMerge_Compressed as Part B of the facts defines it: a .docx template with «Field»
 * (or Word MERGEFIELD) fields, or an HTML template with {{Field}}; MergeData a gzip-compressed
 * UTF-8 CSV whose first row names the fields. Each further row is one letter of a batch, addressed
 * from the columns named like the address fields. A row without a usable address fails at -1045.
 */
import { gunzipSync } from 'node:zlib';
import { describeResultCode, escapeText, mergeTemplateTypes, missingFieldCodes } from '../../contract';
import { CsvError, parseCsv, RECIPIENT_FIELDS } from '../../contract';
import { letterPrice } from '../pricing';
import { fieldsIn, fillFields, type Block } from '../printing/blocks';
import { docxToBlocks, UnreadableDocument } from '../printing/docx-text';
import { htmlToBlocks } from '../printing/html-text';
import { printLetters } from '../printing/printer';
import { refuse, type Caller, type Handler } from './context';
import { LETTER_CODES, resolveDocument } from './documents';
import { addressOf, commitMailer, workModeOf } from './send';

const ADDRESS_COLUMNS = new Set<string>(RECIPIENT_FIELDS);

function invalidData(reason: string): never {
  refuse(-3144, `${describeResultCode(-3144)}: ${reason}`);
}

function readMergeData(data: Uint8Array | undefined): string[][] {
  if (!data || data.length === 0) refuse(missingFieldCodes.MergeData!);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(gunzipSync(data, { maxOutputLength: 64 * 1024 * 1024 }));
  } catch {
    return invalidData('MergeData is not gzip-compressed UTF-8 text');
  }
  try {
    const rows = parseCsv(text.replace(/^\uFEFF/, ''));
    if (rows.length < 2) invalidData('the CSV needs a header row and at least one data row');
    return rows;
  } catch (error) {
    if (error instanceof CsvError) invalidData(`the CSV is not well formed: ${error.message}`);
    throw error;
  }
}

/** A template as a function from one row's values to the letter's blocks, with the fields it uses. */
function templateOf(type: string, data: Uint8Array): { fields: string[]; fill: (values: ReadonlyMap<string, string>) => Block[] } {
  if (type === 'docx') {
    let blocks: Block[];
    try {
      blocks = docxToBlocks(data);
    } catch (error) {
      if (error instanceof UnreadableDocument) refuse(-3004, `the template cannot be read: ${error.message}`);
      throw error;
    }
    const fields = fieldsIn(blocks.map((b) => (b.kind === 'page-break' ? '' : b.text)).join('\n'));
    return { fields, fill: (values) => blocks.map((b) => (b.kind === 'page-break' ? b : { ...b, text: fillFields(b.text, values) })) };
  }
  const html = Buffer.from(data).toString('utf8');
  return {
    fields: fieldsIn(html),
    fill: (values) => htmlToBlocks(fillFields(html, new Map([...values].map(([k, v]) => [k, escapeText(v)])))),
  };
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
  if (document.content.kind !== 'file') refuse(-3004);
  const template = templateOf(document.content.type, document.content.data);
  const [header, ...rows] = readMergeData(request.MergeData);
  const columns = header!.map((name) => name.trim());
  const unknown = columns.find((name) => !template.fields.includes(name) && !ADDRESS_COLUMNS.has(name));
  if (unknown !== undefined) refuse(-3145, `${describeResultCode(-3145)}: ${unknown}`);
  const missing = template.fields.find((name) => !columns.includes(name));
  if (missing !== undefined) invalidData(`the template field «${missing}» has no column`);

  const workMode = workModeOf(request.WorkMode, caller);
  const duplex = caller.user.settings.Letters_PrintSides === 'Duplex';
  const colour = caller.user.settings.Letters_PrintColor === 'FullColor';
  const jobs = rows.map((row) => {
    const values = new Map(columns.map((name, i) => [name, row[i] ?? '']));
    const address = addressOf(Object.fromEntries(values));
    const addressed = Boolean(address.Address1 && address.City && (address.AttentionLine1 || address.Company));
    return { job: { contents: [{ kind: 'blocks' as const, blocks: template.fill(values) }], address, workMode, duplex }, addressed };
  });
  const { pdf, letters } = await printLetters(jobs.map((j) => j.job));
  const items = letters.map((printed, i) => {
    const failure = jobs[i]!.addressed ? printed.failure : -1045;
    return {
      itemId: i + 1,
      price: letterPrice(sandbox.pricing, printed.sheets, colour),
      sheets: printed.sheets,
      ...(failure === undefined ? {} : { failure }),
    };
  });
  const id = await commitMailer(
    {
      mailerType: 'Letter',
      description: request.MyDescription,
      workMode,
      price: Math.round(items.reduce((sum, item) => sum + item.price, 0) * 100) / 100,
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
