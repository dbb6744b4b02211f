/**
 * A mailer's print job as the journal keeps it: what the printing layer needs to print the
 * mailer's PDF when it is first needed (GetPDF) rather than at send. Document bytes are base64;
 * everything else is the job as the send made it. The job is kept in place of the printed PDF,
 * under the same rules (retention.ts): dropped with it, and only for a mailer that did not fail.
 */
import type { Content, LetterJob, PostcardJob } from '../../printing';

type ContentRecord =
  { readonly kind: 'file'; readonly type: string; readonly base64: string } | Extract<Content, { readonly kind: 'blocks' }>;

export type PrintJobRecord =
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

export function printJobOf(record: PrintJobRecord): PrintJob {
  if (record.kind === 'letter') {
    const { kind: _, contents, ...rest } = record;
    return { kind: 'letter', job: { ...rest, contents: contents.map(contentOf) } };
  }
  const { kind: _, imageSide, addressSide, ...rest } = record;
  return { kind: 'postcard', job: { ...rest, imageSide: contentOf(imageSide), addressSide: contentOf(addressSide) } };
}
