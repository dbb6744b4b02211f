/**
 * A mailer's printed PDF: the blob printed at send, or, for a mailer sent with its print job kept
 * instead (store/print-jobs.ts), the job printed now, dated the mailer's submission. The same job
 * and date print the same pages, so every GetPDF of a mailer answers the same PDF, before and
 * after a restart.
 *
 * A letter's or postcard's PDF is small: the last few printed are kept in memory, since a PDF is
 * often fetched more than once in a row (a preview, then a save). A mail merge's batch PDF can be
 * hundreds of megabytes: it is printed on first need a slice of rows at a time into a blob of its
 * own (printing/merge.ts `printMergeInto`, with turns of the event loop between letters and
 * slices, so that the sandbox's other callers are answered meanwhile), which the job's record
 * names (print-jobs.ts `printedBlobOf`): a second GetPDF, and a restart, find it printed, and it
 * goes when the job goes. It is answered from the file (wire/streamed-bytes.ts), never held whole.
 */
import type { StoreFile } from '../store/store-files';
import { markCutInk, printLetters, printMergeInto, printPostcard, turnTaker, type PrintOptions } from '../../printing';
import { mergeJobOf, printJobOf, printedBlobOf, type MergeJobRecord, type PrintJob, type PrintJobRecord } from '../store/print-jobs';
import type { MailerRecord } from '../store/records';
import type { SandboxState } from './context';
import { readMergeData, templateOf } from './merge-data';
import { holdPoint } from '../store/hold-points';
import { mergePrinterFile, printMergeApart } from './merge-printer';

/** How many printed PDFs are kept in memory. */
const KEPT = 8;
/** How many bytes of them, at most: the most recent is kept whatever its size. */
const KEPT_BYTES = 64 * 1024 * 1024;
/** By the job record itself: a mailer's job is never changed, only dropped, which drops it from here in time. */
const recent = new Map<PrintJobRecord, { readonly pdf: Promise<Uint8Array>; bytes: number }>();
/** Merges being printed, by their printed blob's name: two GetPDFs at once print once. */
const printing = new Map<string, Promise<string | undefined>>();

/** A mailer's PDF: its bytes, or for a batch's, the path of the blob that holds them. */
export type PrintedPdf = { readonly bytes: Uint8Array } | { readonly path: string } | typeof BEING_PRINTED;

/**
 * A letter's or postcard's print job as its PDF; a letter's with red boxes, shown and not printed,
 * where the printer would cut or hide its ink, as its proof has them (printing/letter-cut-marks.ts).
 */
export async function printJob(job: PrintJob, options: PrintOptions = {}): Promise<Uint8Array> {
  if (job.kind === 'postcard') return (await printPostcard(job.job, options)).pdf;
  return markCutInk((await printLetters([job.job], options)).pdf, job.job);
}

/**
 * A merge's job printed into its blob, on a printing thread of its own where the build has one
 * (merge-printer.ts): false when the job's blob was dropped while being read.
 */
async function printMergeJob(record: MergeJobRecord, printedAt: Date, file: StoreFile, blob: () => Promise<Buffer | undefined>) {
  const bytes = await blob();
  if (!bytes) return false;
  const worker = mergePrinterFile();
  if (worker) {
    const input = { job: bytes, type: record.type, workMode: record.workMode, duplex: record.duplex, printedAt: printedAt.getTime() };
    await printMergeApart(worker, input, file);
  } else {
    const { template, mergeData } = mergeJobOf(bytes);
    // Read as the send read them: it was taken, so it reads again.
    const { columns, rows } = await readMergeData(mergeData);
    const print = { workMode: record.workMode, duplex: record.duplex };
    await printMergeInto(file, templateOf(record.type, template), columns, rows, print, { printedAt, pause: turnTaker() });
  }
  await holdPoint('merge-printing');
  return true;
}

/**
 * How long a GetPDF waits, by default, for a batch's PDF being printed before it answers -3020:
 * well inside the client's call budget (60 s), with room left to send a PDF of hundreds of MB.
 */
export const PRINT_WAIT_MS = 20_000;

/** A batch's PDF that is being printed, not yet in place: GetPDF answers -3020 meanwhile. */
export const BEING_PRINTED = Symbol('being printed');

/** How a print that nobody waited for any longer failed, by its blob's name: told to the next GetPDF, which then prints again. */
const failed = new Map<string, unknown>();

/** The path of the merge's printed blob, printed now if it is not yet; undefined when the job was dropped meanwhile. */
function printedMerge(record: MergeJobRecord, mailer: MailerRecord, sandbox: SandboxState, named: () => boolean) {
  const name = printedBlobOf(record);
  const submittedAt = mailer.submittedAt;
  let made = printing.get(name);
  if (!made) {
    const failure = failed.get(name);
    if (failed.delete(name)) return Promise.reject(failure);
    const blob = () => sandbox.store.readBlob(record.blob, named, `The mail merge of mailer ${mailer.id} (its template and MergeData)`);
    made = sandbox.store
      .madeBlob(name, named, (file) => printMergeJob(record, new Date(submittedAt), file, blob))
      .finally(() => printing.delete(name));
    printing.set(name, made);
    made.catch((error: unknown) => failed.set(name, error));
  }
  return made;
}

/** The merge's printed blob, or BEING_PRINTED when it is not in place within the sandbox's wait (the print goes on). */
async function printedMergeWithin(record: MergeJobRecord, mailer: MailerRecord, sandbox: SandboxState, named: () => boolean) {
  const made = printedMerge(record, mailer, sandbox, named);
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<typeof BEING_PRINTED>((resolve) => (timer = setTimeout(() => resolve(BEING_PRINTED), sandbox.printWaitMs)));
  try {
    const path = await Promise.race([made, waited]);
    // Answered here: the failure is this caller's, not the next one's.
    if (path !== BEING_PRINTED) failed.delete(printedBlobOf(record));
    return path;
  } catch (error) {
    failed.delete(printedBlobOf(record));
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function printOnce(record: Exclude<PrintJobRecord, MergeJobRecord>, submittedAt: number): Promise<Uint8Array> {
  let kept = recent.get(record);
  if (kept) {
    recent.delete(record); // to the end: the most recently used
  } else {
    const entry = { pdf: printJob(printJobOf(record), { printedAt: new Date(submittedAt) }), bytes: 0 };
    kept = entry;
    entry.pdf.then(
      (pdf) => {
        entry.bytes = pdf.byteLength;
        trim();
      },
      () => recent.delete(record),
    );
  }
  recent.set(record, kept);
  trim();
  return kept.pdf;
}

/** Forgets the least recently used PDFs past KEPT of them or KEPT_BYTES, never the most recent. */
function trim(): void {
  let bytes = 0;
  for (const entry of recent.values()) bytes += entry.bytes;
  for (const [oldest, entry] of recent) {
    if (recent.size <= 1 || (recent.size <= KEPT && bytes <= KEPT_BYTES)) break;
    recent.delete(oldest);
    bytes -= entry.bytes;
  }
}

/** The mailer's printed PDF, or BEING_PRINTED (a batch's, not printed within the wait); undefined when it was dropped (retention.ts) while being read, or was never kept. */
export async function printedPdfOf(mailer: MailerRecord, sandbox: SandboxState): Promise<PrintedPdf | undefined> {
  const { pdf, job } = mailer;
  if (pdf) {
    const bytes = await sandbox.store.readBlob(pdf, () => mailer.pdf === pdf, `The printed PDF of mailer ${mailer.id}`);
    return bytes && { bytes };
  }
  if (!job) return undefined;
  if (job.kind !== 'merge') return { bytes: await printOnce(job, mailer.submittedAt) };
  const path = await printedMergeWithin(job, mailer, sandbox, () => mailer.job === job);
  return path === undefined || path === BEING_PRINTED ? path : { path };
}
