/**
 * SendWordMailMerge_Compressed as Part B of the facts defines it: a .docx template with «Field»
 * (or Word MERGEFIELD) fields, or an HTML template with {{Field}}; MergeData a gzip-compressed
 * UTF-8 CSV whose first row names the fields. Each further row is one letter of a batch, addressed
 * from the columns named like the address fields. Data that does not parse, among it a row whose
 * cells are not as many as the header's columns, is refused at -3144. A row without a usable
 * address (among them one whose address cell holds a line break) fails at -1045.
 *
 * Each row's letter is its template filled and drawn by the template's engine (Chromium, LibreOffice;
 * printing/merge-drawn.ts), the template itself kept as sent. A merge is measured at send (each
 * item's sheets, price and failure) by drawing only the rows whose layout can differ
 * (printing/merge-layouts.ts), and printed when its PDF is first needed, as a letter is: a 10,000-row merge is answered in about 2 s and a 100,000-row one
 * well within a client's 60 s, and the sandbox answers its other callers while it measures
 * (test/bench/merge-callers.ts).
 */
import { describeResultCode, mergeTemplateTypes, missingFieldCodes, RESULT } from '../../contract';
import { fieldsWithoutColumn, mailerPrice, measureMerge, printsInColour, turnTaker, unusedColumns } from '../../printing';
import { holdPoint } from '../store/hold-points';
import { refuse, type Caller, type Handler } from './context';
import { LETTER_CODES, resolveDocument } from './documents';
import { invalidData, readMergeData, templateOf } from './merge-data';
import { commitMailer, workModeOf } from './send';

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
  const { columns, rows } = await readMergeData(request.MergeData);
  const unknown = unusedColumns(columns, template)[0];
  if (unknown !== undefined)
    refuse(
      RESULT.MergeFieldNotInTemplate,
      `${describeResultCode(RESULT.MergeFieldNotInTemplate)}: ${unknown || 'a column without a name'}`,
    );
  const missing = fieldsWithoutColumn(columns, template)[0];
  if (missing !== undefined) invalidData(`the template field «${missing}» has no column`);

  const workMode = workModeOf(request.WorkMode, caller);
  const duplex = caller.user.settings.Letters_PrintSides === 'Duplex';
  // A merge asks for no colour: its letters print as the account's.
  const colour = printsInColour('letter', undefined, caller.user.settings.Letters_PrintColor === 'FullColor');
  // Measured, not printed: its PDF is printed when first needed (printed-pdf.ts), and the
  // measuring lets other callers in between slices of rows (printing/merge.ts).
  const turns = turnTaker();
  const letters = await measureMerge(template, columns, rows, { workMode, duplex }, () =>
    // The durability tests hold it here, between two rows, to see other callers answered meanwhile.
    turns()?.then(() => holdPoint('merge-measuring')),
  );
  const items = letters.map((printed, i) => ({
    itemId: i + 1,
    price: mailerPrice({ kind: 'letter', sheets: printed.sheets, colour }, sandbox.pricing),
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
    { kind: 'merge', type: document.content.type, workMode, duplex, template: document.content.data, mergeData: request.MergeData! },
    document.storedFile ? [document.storedFile] : [],
    caller,
    sandbox,
  );
  const failing = items.filter((item) => item.failure !== undefined).length;
  const queued = `${items.length} letter${items.length === 1 ? '' : 's'} queued`;
  return { ResultCode: id, ResultDescription: failing === 0 ? queued : `${queued}; ${failing} without a usable address will fail` };
};
