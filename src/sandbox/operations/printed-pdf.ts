/**
 * A mailer's printed PDF: the blob printed at send, or, for a mailer sent with its print job kept
 * instead (store/print-jobs.ts), the job printed now, dated the mailer's submission. The same job
 * and date print the same bytes, so every GetPDF of a mailer answers the same PDF, before and after
 * a restart. The last few printed are kept in memory, since a PDF is often fetched more than once
 * in a row (a preview, then a save).
 */
import { printLetters, printPostcard, type PrintOptions } from '../../printing';
import { printJobOf, type PrintJob, type PrintJobRecord } from '../store/print-jobs';
import type { MailerRecord } from '../store/records';
import type { SandboxState } from './context';

/** How many printed PDFs are kept in memory. */
const KEPT = 8;
/** By the job record itself: a mailer's job is never changed, only dropped, which drops it from here in time. */
const recent = new Map<PrintJobRecord, Promise<Uint8Array>>();

/** A letter's or postcard's print job as its PDF. */
export async function printJob(job: PrintJob, options: PrintOptions = {}): Promise<Uint8Array> {
  return job.kind === 'letter' ? (await printLetters([job.job], options)).pdf : (await printPostcard(job.job, options)).pdf;
}

const print = (record: PrintJobRecord, submittedAt: number) => printJob(printJobOf(record), { printedAt: new Date(submittedAt) });

function printOnce(record: PrintJobRecord, submittedAt: number): Promise<Uint8Array> {
  let printed = recent.get(record);
  if (printed) {
    recent.delete(record); // to the end: the most recently used
  } else {
    printed = print(record, submittedAt);
    printed.catch(() => recent.delete(record));
  }
  recent.set(record, printed);
  for (const oldest of recent.keys()) {
    if (recent.size <= KEPT) break;
    recent.delete(oldest);
  }
  return printed;
}

/** The mailer's printed PDF; undefined when it was dropped (retention.ts) while being read, or was never kept. */
export async function printedPdfOf(mailer: MailerRecord, sandbox: SandboxState): Promise<Uint8Array | undefined> {
  const { pdf, job } = mailer;
  if (pdf) return sandbox.store.readBlob(pdf, () => mailer.pdf === pdf);
  return job ? printOnce(job, mailer.submittedAt) : undefined;
}
