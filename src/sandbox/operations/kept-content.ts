/**
 * What a send keeps of its mailer's content, decided when it is committed. A small print job is
 * kept in the mailer's journal record and printed on first need (printed-pdf.ts): the send then
 * costs no PDF and no write of its own, only its share of the journal's group commit, so that
 * hundreds of concurrent sends a second are each durable when answered. A larger job is printed
 * now and its PDF saved as a blob, durably before the record, as every send did before: a job
 * kept in the journal is also kept in memory and rewritten by every compaction, which is right
 * for a test's short letter and wrong for a 30 MB PDF. A mail merge's PDF is printed at send.
 * A mailer that fails keeps nothing: no status ever serves its PDF (lifecycle.ts).
 */
import { mergeJobBytes, printJobRecord, type MergeJobBytes, type MergeJobRecord, type PrintJob } from '../store/print-jobs';
import type { MailerRecord } from '../store/records';
import type { SandboxState } from './context';
import { printJob } from './printed-pdf';

/**
 * The largest print job kept in the journal, in bytes of JSON (base64 documents): a one-page
 * letter or a small PDF, as tests send them.
 */
export const MAX_KEPT_JOB = 16 * 1024;

/** A mail merge's job as its send has it: the blob's bytes, and the rest of its record. */
export type NewMergeJob = Omit<MergeJobRecord, 'blob'> & MergeJobBytes;

/** The record's `pdf` or `job`, or nothing for a mailer that fails; a PDF or a merge's job is on disk when this resolves. */
export async function keptContent(
  printed: Uint8Array | PrintJob | NewMergeJob,
  failure: number | undefined,
  sandbox: SandboxState,
): Promise<Pick<MailerRecord, 'pdf' | 'job'>> {
  if (failure !== undefined) return {};
  if (printed instanceof Uint8Array) return { pdf: await sandbox.store.saveBlob(printed, '.pdf') };
  if (printed.kind === 'merge') {
    const { template, mergeData, ...job } = printed;
    return { job: { ...job, blob: await sandbox.store.saveBlob(mergeJobBytes({ template, mergeData }), '.merge') } };
  }
  const job = printJobRecord(printed);
  if (JSON.stringify(job).length <= MAX_KEPT_JOB) return { job };
  return { pdf: await sandbox.store.saveBlob(await printJob(printed), '.pdf') };
}
