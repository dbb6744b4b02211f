/**
 * A mailer's print job as the journal keeps it: what the printing layer needs to print the
 * mailer's PDF when it is first needed (GetPDF) rather than at send. Document bytes are base64;
 * everything else is the job as the send made it. The job is kept in place of the printed PDF,
 * under the same rules (retention.ts): dropped with it, and only for a mailer that did not fail.
 */
import type { Content, LetterJob, PostcardJob } from '../../printing';

type ContentRecord =
  { readonly kind: 'file'; readonly type: string; readonly base64: string } | Extract<Content, { readonly kind: 'blocks' }>;

/**
 * A mail merge's job: its template and its MergeData as sent (gzip CSV) are far too large for the
 * journal (a 100,000-row merge), so they are kept as a blob (`mergeJobBytes`), written durably
 * before the record that names it, and dropped with it as a PDF would be.
 */
export interface MergeJobRecord {
  readonly kind: 'merge';
  readonly blob: string;
  /** The template's file type: `html` or `docx`. */
  readonly type: string;
  readonly workMode: LetterJob['workMode'];
  readonly duplex: boolean;
}

/** What a merge's blob holds: the template's bytes and the MergeData as sent. */
export interface MergeJobBytes {
  readonly template: Uint8Array;
  readonly mergeData: Uint8Array;
}

/** The blob's bytes: the template's length (4 bytes, big-endian), the template, then the MergeData. */
export function mergeJobBytes(job: MergeJobBytes): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(job.template.length);
  return Buffer.concat([length, job.template, job.mergeData]);
}

export function mergeJobOf(bytes: Buffer): MergeJobBytes {
  const length = bytes.readUInt32BE(0);
  return { template: bytes.subarray(4, 4 + length), mergeData: bytes.subarray(4 + length) };
}

/**
 * The blob of a merge's printed PDF, printed from its job on first need (operations/printed-pdf.ts):
 * named after the job's blob, so that the job's record names it too, and it lasts and goes with
 * the job (a restart finds it printed).
 */
export function printedBlobOf(job: MergeJobRecord): string {
  return `${job.blob}.pdf`;
}

/** The blobs a mailer's job keeps (a merge's, and its printed PDF once printed), if any. */
export function jobBlobs(job: PrintJobRecord | undefined): string[] {
  return job?.kind === 'merge' ? [job.blob, printedBlobOf(job)] : [];
}

export type PrintJobRecord =
  | MergeJobRecord
  | ({ readonly kind: 'letter'; readonly contents: readonly ContentRecord[] } & Omit<LetterJob, 'contents'>)
  | ({ readonly kind: 'postcard'; readonly imageSide: ContentRecord; readonly addressSide: ContentRecord } & Omit<
      PostcardJob,
      'imageSide' | 'addressSide'
    >);

export type PrintJob = { readonly kind: 'letter'; readonly job: LetterJob } | { readonly kind: 'postcard'; readonly job: PostcardJob };

function contentRecord(content: Content): ContentRecord {
  return content.kind === 'file' ? { kind: 'file', type: content.type, base64: Buffer.from(content.data).toString('base64') } : content;
}

function contentOf(record: ContentRecord): Content {
  return record.kind === 'file' ? { kind: 'file', type: record.type, data: Buffer.from(record.base64, 'base64') } : record;
}

export function printJobRecord(job: PrintJob): PrintJobRecord {
  if (job.kind === 'letter') return { ...job.job, kind: 'letter', contents: job.job.contents.map(contentRecord) };
  return { ...job.job, kind: 'postcard', imageSide: contentRecord(job.job.imageSide), addressSide: contentRecord(job.job.addressSide) };
}

export function printJobOf(record: Exclude<PrintJobRecord, MergeJobRecord>): PrintJob {
  if (record.kind === 'letter') {
    const { kind: _, contents, ...rest } = record;
    return { kind: 'letter', job: { ...rest, contents: contents.map(contentOf) } };
  }
  const { kind: _, imageSide, addressSide, ...rest } = record;
  return { kind: 'postcard', job: { ...rest, imageSide: contentOf(imageSide), addressSide: contentOf(addressSide) } };
}
