/**
 * A mailer's printed PDF: the blob printed at send, or, for a mailer sent with its print job kept
 * instead (store/print-jobs.ts), the job printed now, dated the mailer's submission. The same job
 * and date print the same bytes, so every GetPDF of a mailer answers the same PDF, before and after
 * a restart. The last few printed are kept in memory, since a PDF is often fetched more than once
 * in a row (a preview, then a save), up to a bound in bytes: a batch's PDF can be large.
 *
 * A mail merge's job is read from its blob and printed with turns of the event loop between its
 * letters (printing/merge.ts `turnTaker`), so that printing thousands of letters never holds the
 * sandbox's other callers for long.
 */
import { mergeRows, printLetters, printMerge, printPostcard, turnTaker, type PrintOptions } from '../../printing';
import { mergeJobOf, printJobOf, type MergeJobRecord, type PrintJob, type PrintJobRecord } from '../store/print-jobs';
import type { MailerRecord } from '../store/records';
import type { SandboxState } from './context';
import { readMergeData, templateOf } from './merge-data';

/** How many printed PDFs are kept in memory. */
const KEPT = 8;
/** How many bytes of them, at most: the most recent is kept whatever its size. */
const KEPT_BYTES = 64 * 1024 * 1024;
/** By the job record itself: a mailer's job is never changed, only dropped, which drops it from here in time. */
const recent = new Map<PrintJobRecord, { readonly pdf: Promise<Uint8Array | undefined>; bytes: number }>();

/** A letter's or postcard's print job as its PDF. */
export async function printJob(job: PrintJob, options: PrintOptions = {}): Promise<Uint8Array> {
  return job.kind === 'letter' ? (await printLetters([job.job], options)).pdf : (await printPostcard(job.job, options)).pdf;
}

/** A merge's job as its batch's PDF: undefined when its blob was dropped while being read. */
async function printMergeJob(
  record: MergeJobRecord,
  printedAt: Date,
  blob: (name: string) => Promise<Buffer | undefined>,
): Promise<Uint8Array | undefined> {
  const bytes = await blob(record.blob);
  if (!bytes) return undefined;
  const { template, mergeData } = mergeJobOf(bytes);
  // Read as the send read them: it was taken, so it reads again.
  const { columns, rows } = await readMergeData(mergeData);
  const print = { workMode: record.workMode, duplex: record.duplex };
  return (await printMerge(templateOf(record.type, template), mergeRows(columns, rows), print, { printedAt, pause: turnTaker() })).pdf;
}

function print(record: PrintJobRecord, submittedAt: number, blob: (name: string) => Promise<Buffer | undefined>) {
  const printedAt = new Date(submittedAt);
  return record.kind === 'merge' ? printMergeJob(record, printedAt, blob) : printJob(printJobOf(record), { printedAt });
}

function printOnce(
  record: PrintJobRecord,
  submittedAt: number,
  blob: (name: string) => Promise<Buffer | undefined>,
): Promise<Uint8Array | undefined> {
  let kept = recent.get(record);
  if (kept) {
    recent.delete(record); // to the end: the most recently used
  } else {
    const entry = { pdf: print(record, submittedAt, blob), bytes: 0 };
    kept = entry;
    entry.pdf.then(
      (pdf) => {
        // A job whose blob was dropped while being read is not kept: it is gone.
        if (!pdf) return void recent.delete(record);
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

/** The mailer's printed PDF; undefined when it was dropped (retention.ts) while being read, or was never kept. */
export async function printedPdfOf(mailer: MailerRecord, sandbox: SandboxState): Promise<Uint8Array | undefined> {
  const { pdf, job } = mailer;
  if (pdf) return sandbox.store.readBlob(pdf, () => mailer.pdf === pdf);
  const blob = (name: string) => sandbox.store.readBlob(name, () => mailer.job === job);
  return job ? printOnce(job, mailer.submittedAt, blob) : undefined;
}
