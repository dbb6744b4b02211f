/**
 * The report operations: status and details of one mailer, of an ID string, of a range and of a
 * batch's items, and the printed PDF.
 */
import { INVALID_IDS, MAX_IDS_PER_QUERY, OK, describeStatus, missingFieldCodes, type Structure, RESULT } from '../../contract';
import { isPrinted } from '../lifecycle';
import { pdfKeptUntil } from '../retention';
import { bytesInFile } from '../wire/streamed-bytes';
import { BEING_PRINTED, printedPdfOf } from './printed-pdf';
import type { BatchItemRecord, MailerRecord } from '../store/records';
import { refuse, type Caller, type Handler, type SandboxState } from './context';
import {
  canSee,
  detailsItem,
  idsOf,
  itemStatus,
  noPermissionsDetails,
  noPermissionsItem,
  ownMailer,
  printProperties,
  reporter,
  statusItem,
  type Reporter,
} from './mailers';

/** The items of an ID string, an unseen ID reported as such; -3115 when none can be seen. */
function listReport<T>(
  text: string | undefined,
  caller: Caller,
  sandbox: SandboxState,
  seen: (m: MailerRecord, r: Reporter) => T,
  unseen: (id: number) => T,
): T[] {
  const ids = idsOf(text);
  const r = reporter(caller, sandbox);
  let any = false;
  const items = ids.map((id) => {
    const mailer = sandbox.store.mailers.get(id);
    if (!canSee(mailer, caller, sandbox)) return unseen(id);
    any = true;
    return seen(mailer, r);
  });
  if (!any) refuse(RESULT.NoData);
  return items;
}

/** The caller's mailers from MinID to MaxID, both included, ascending, at most 1000; -3115 when none. */
function rangeReport<T>(
  min: number | undefined,
  max: number | undefined,
  caller: Caller,
  sandbox: SandboxState,
  item: (m: MailerRecord, r: Reporter) => T,
): T[] {
  if (min === undefined) refuse(missingFieldCodes.MinID!);
  if (max === undefined) refuse(missingFieldCodes.MaxID!);
  if (min > max) refuse(INVALID_IDS);
  const { mailers } = sandbox.store;
  const found: MailerRecord[] = [];
  if (max - min < mailers.size) {
    for (let id = min; id <= max && found.length < MAX_IDS_PER_QUERY; id++) {
      const mailer = mailers.get(id);
      if (canSee(mailer, caller, sandbox)) found.push(mailer);
    }
  } else {
    for (const mailer of mailers.values()) if (mailer.id >= min && mailer.id <= max && canSee(mailer, caller, sandbox)) found.push(mailer);
    found.sort((a, b) => a.id - b.id).splice(MAX_IDS_PER_QUERY);
  }
  if (found.length === 0) refuse(RESULT.NoData);
  const r = reporter(caller, sandbox);
  return found.map((m) => item(m, r));
}

const withoutDescription = ({ Description: _, ...status }: Structure<'LetterStatusAndDesc'>): Structure<'LetterStatus'> => status;

function extendedItem(mailer: MailerRecord, r: Reporter): Structure<'ExtendedDetails'> {
  return { ...detailsItem(mailer, r), ...printProperties(mailer) };
}

/** Details and print properties; the encoder writes only the fields of the operation's result. */
function letterDetails(mailer: MailerRecord, r: Reporter) {
  return { ResultCode: OK, ...detailsItem(mailer, r), ...printProperties(mailer) };
}

/** A batch's items named by an ItemID string (empty: all); -3115 when none of them exist. */
function batchItems(batch: MailerRecord, itemIds: string | undefined) {
  const items = batch.items ?? refuse(RESULT.NoSuchItemId);
  if (!itemIds) return items;
  const wanted = new Set(idsOf(itemIds));
  const chosen = items.filter((item) => wanted.has(item.itemId));
  if (chosen.length === 0) refuse(RESULT.NoData);
  return chosen;
}

/**
 * Each item's status as its report says it: the batch's course with the item's failure, worked
 * out once per failure, since a batch's items (100,000 of a large merge) share a few.
 */
function itemReports(batch: MailerRecord, r: Reporter, sandbox: SandboxState) {
  const byFailure = new Map<number | undefined, { Status: number; Description: string; LastUpdateTime: Date }>();
  return (item: BatchItemRecord) => {
    let report = byFailure.get(item.failure);
    if (!report) {
      const s = itemStatus(batch, item, r, sandbox);
      report = { Status: s.status, Description: describeStatus(s.status), LastUpdateTime: r.time(s.since) };
      byFailure.set(item.failure, report);
    }
    return report;
  };
}

/** The printed PDF while the mailer is printed and its PDF still kept (retention.ts), and a batch's once printed; -3020 otherwise. */
async function printedPdf(id: number | undefined, caller: Caller, sandbox: SandboxState) {
  const mailer = ownMailer(id, caller, sandbox);
  const r = reporter(caller, sandbox);
  if (!(mailer.pdf || mailer.job) || !isPrinted(r.status(mailer).status) || r.now >= pdfKeptUntil(mailer, sandbox))
    refuse(RESULT.PdfNotAvailable);
  const pdf = (await printedPdfOf(mailer, sandbox)) ?? refuse(RESULT.PdfNotAvailable);
  // A batch's PDF not printed within the sandbox's wait: "not available now: still processing"; it goes on printing.
  if (pdf === BEING_PRINTED) refuse(RESULT.PdfNotAvailable);
  // A batch's PDF is answered from its blob as it goes out, never held whole (wire/streamed-bytes.ts).
  const FileData = 'path' in pdf ? await bytesInFile(pdf.path) : Buffer.from(pdf.bytes.buffer, pdf.bytes.byteOffset, pdf.bytes.byteLength);
  return { ResultCode: OK, FileData };
}

export const getPDF: Handler<'simple' | 'datedA', 'GetPDF'> = (request, caller, sandbox) => printedPdf(request.ID, caller, sandbox);

export const simpleReports: {
  readonly [
    O in
      | 'GetLetterStatus'
      | 'GetLetterStatusV2'
      | 'GetLetterStatus_Multiple'
      | 'GetLetterStatusV2_Multiple'
      | 'GetLetterStatus_Range'
      | 'GetLetterStatusV2_Range'
      | 'GetLetterDetails'
      | 'GetLetterDetailsV2'
  ]: Handler<'simple', O>;
} = {
  GetLetterStatus: (request, caller, sandbox) => {
    const { Status, LastUpdateTime } = statusItem(ownMailer(request.ID, caller, sandbox), reporter(caller, sandbox));
    return { ResultCode: OK, Status, LastUpdateTime };
  },
  GetLetterStatusV2: (request, caller, sandbox) => {
    const { Status, Description, LastUpdateTime } = statusItem(ownMailer(request.ID, caller, sandbox), reporter(caller, sandbox));
    return { ResultCode: OK, Status, Description, LastUpdateTime };
  },
  GetLetterStatus_Multiple: (request, caller, sandbox) => ({
    ResultCode: OK,
    LetterStatuses: listReport(
      request.ID,
      caller,
      sandbox,
      (m, r) => withoutDescription(statusItem(m, r)),
      (id) => withoutDescription(noPermissionsItem(id)),
    ),
  }),
  GetLetterStatusV2_Multiple: (request, caller, sandbox) => ({
    ResultCode: OK,
    LetterStatuses: listReport(request.ID, caller, sandbox, statusItem, noPermissionsItem),
  }),
  GetLetterStatus_Range: (request, caller, sandbox) => ({
    ResultCode: OK,
    LetterStatuses: rangeReport(request.MinID, request.MaxID, caller, sandbox, (m, r) => withoutDescription(statusItem(m, r))),
  }),
  GetLetterStatusV2_Range: (request, caller, sandbox) => ({
    ResultCode: OK,
    LetterStatuses: rangeReport(request.MinID, request.MaxID, caller, sandbox, statusItem),
  }),
  GetLetterDetails: (request, caller, sandbox) => letterDetails(ownMailer(request.ID, caller, sandbox), reporter(caller, sandbox)),
  GetLetterDetailsV2: (request, caller, sandbox) => {
    const mailer = ownMailer(request.ID, caller, sandbox);
    return { ...letterDetails(mailer, reporter(caller, sandbox)), WorkMode: mailer.workMode };
  },
};

export const datedReports: {
  readonly [O in 'GetStatus' | 'GetDetails' | 'GetDetailsExtended' | 'GetBatchStatus' | 'GetBatchDetails']: Handler<'datedA', O>;
} = {
  GetStatus: (request, caller, sandbox) => ({
    ResultCode: OK,
    Statuses: listReport(request.ID, caller, sandbox, statusItem, noPermissionsItem),
  }),
  GetDetails: (request, caller, sandbox) => ({
    ResultCode: OK,
    Details: listReport(request.ID, caller, sandbox, detailsItem, noPermissionsDetails),
  }),
  GetDetailsExtended: (request, caller, sandbox) => ({
    ResultCode: OK,
    Details: listReport(request.ID, caller, sandbox, extendedItem, noPermissionsDetails),
  }),
  GetBatchStatus: (request, caller, sandbox) => {
    const batch = ownMailer(request.ID, caller, sandbox);
    const r = reporter(caller, sandbox);
    const report = itemReports(batch, r, sandbox);
    return {
      ResultCode: OK,
      ID: batch.id,
      Statuses: batchItems(batch, request.ItemID).map((item) => ({ ItemID: item.itemId, ...report(item) })),
    };
  },
  GetBatchDetails: (request, caller, sandbox) => {
    const batch = ownMailer(request.ID, caller, sandbox);
    const r = reporter(caller, sandbox);
    const report = itemReports(batch, r, sandbox);
    return {
      ...letterDetails(batch, r),
      Items: batchItems(batch, request.ItemID).map((item) => {
        const { Status, Description, LastUpdateTime } = report(item);
        return { ItemID: item.itemId, Status, Description, Price: item.price, NumOfSheets: item.sheets, LastUpdateTime };
      }),
    };
  },
};
