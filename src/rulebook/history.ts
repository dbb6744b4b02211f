/**
 * The send history's rows: each send of the machine's send log, joined with what the service
 * says of its mailer now, as `mailroom history` lists it and the extension's Send History view
 * shows it. The command line asks the service (GetDetails and GetStatus); the extension passes
 * what its tracked mailers hold, which its refresher keeps current. A row is data: each front end
 * says it in its own words.
 */
import { statusGroupOf, type StatusGroup } from '../contract';
import type { SendLogRecord, SendLogSending } from '../client/send-log';
import { chargeOf, type Charge, type MailerReport } from './charges';

/** What the service says of a mailer now. */
export interface MailerNow extends MailerReport {
  readonly sheets?: number | undefined;
  /** The status in the service's own words, where they are kept. */
  readonly statusText?: string | undefined;
  /** The status's last change, as the service wrote it (the account's wall time). */
  readonly lastUpdate?: string | undefined;
}

/** What is known of a sent mailer now; `reported` undefined when the service was asked and does not report it. */
export type MailerAnswer =
  | { readonly kind: 'asked'; readonly reported: MailerNow | undefined }
  /** Not asked: the front end says why, in its words (no credentials, no answer, not tracked). */
  | { readonly kind: 'not asked'; readonly why: string }
  /** Sent as another account than the one shown: not the shown account's to ask about. */
  | { readonly kind: 'other account' };

/** Why a row's status is what it is, for the front end's words. */
export type RowState =
  | { readonly kind: 'refused'; readonly reason: string; readonly code?: number }
  | { readonly kind: 'outcome unknown'; readonly reason?: string }
  | { readonly kind: 'not asked'; readonly why: string }
  | { readonly kind: 'other account' }
  | { readonly kind: 'not found' }
  | { readonly kind: 'reported'; readonly status: number; readonly statusText?: string };

/** A send as the log wrote it, with what the service says now. */
export interface HistoryRow extends Pick<
  SendLogSending,
  'entry' | 'endpoint' | 'user' | 'operation' | 'description' | 'recipient' | 'sha256' | 'source'
> {
  /** The mailer's (or batch's) ID; none when the send was refused or its outcome is unknown. */
  readonly id?: number;
  /** When the send was made (ISO 8601, UTC), from the log. */
  readonly submitted: string;
  /** The work mode the service reports, else the one the send asked for. */
  readonly workMode?: string;
  /** As the service reports it now. */
  readonly price?: number;
  /** The price predicted when it was sent, as the log keeps it. */
  readonly predictedPrice?: number;
  readonly sheets?: number;
  /** The mailer's status code; a refused send's result code. */
  readonly status?: number;
  readonly statusGroup: StatusGroup;
  readonly lastUpdate?: string;
  readonly outcome: SendLogRecord['outcome'];
  /** What it costs as the service counts it (charges.ts): a failed or cancelled mailer is never charged. */
  readonly charge: Charge;
  readonly state: RowState;
}

const defined = <T extends object>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };

export function historyRow(record: SendLogRecord, answer: MailerAnswer): HistoryRow {
  const reported = record.outcome === 'sent' && answer.kind === 'asked' ? answer.reported : undefined;
  const base = {
    entry: record.entry,
    submitted: record.time,
    endpoint: record.endpoint,
    user: record.user,
    operation: record.operation,
    sha256: record.sha256,
    outcome: record.outcome,
    charge: chargeOf(record, reported),
    ...defined({
      workMode: reported?.workMode || record.workMode,
      description: record.description,
      recipient: record.recipient,
      source: record.source,
      predictedPrice: record.price,
    }),
  };
  if (record.outcome === 'refused') {
    return {
      ...base,
      ...defined({ status: record.code }),
      statusGroup: 'failed',
      state: { kind: 'refused', reason: record.reason, ...defined({ code: record.code }) },
    };
  }
  if (record.outcome === 'unknown') {
    return { ...base, statusGroup: 'unknown', state: { kind: 'outcome unknown', ...defined({ reason: record.reason }) } };
  }
  const id = record.id;
  if (answer.kind !== 'asked') return { ...base, id, statusGroup: 'unknown', state: answer };
  const status = reported?.status;
  return {
    ...base,
    id,
    ...defined({ price: reported?.price, sheets: reported?.sheets, status, lastUpdate: reported?.lastUpdate }),
    statusGroup: statusGroupOf(status),
    state: status === undefined ? { kind: 'not found' } : { kind: 'reported', status, ...defined({ statusText: reported?.statusText }) },
  };
}

/** The rows of the log's records in the order they were sent (a log merged from another keeps its own order otherwise). */
export function historyRows(records: readonly SendLogRecord[], answerOf: (record: SendLogRecord) => MailerAnswer): HistoryRow[] {
  return [...records].sort((a, b) => Date.parse(a.time) - Date.parse(b.time)).map((record) => historyRow(record, answerOf(record)));
}

export interface HistoryFilter {
  /** A status group, or one status (or refusal) code. */
  readonly status?: StatusGroup | number;
  readonly since?: Date;
  readonly until?: Date;
  /** Found, without regard to case, in the ID, the description, the recipient or the source file. */
  readonly search?: string;
  readonly user?: string;
}

/** Whether a record is wanted by what the log alone can tell (all but the status). */
export function matchesRecord(record: SendLogRecord, filter: HistoryFilter): boolean {
  const time = Date.parse(record.time);
  if (filter.since && time < filter.since.getTime()) return false;
  if (filter.until && time > filter.until.getTime()) return false;
  if (filter.user !== undefined && record.user !== filter.user) return false;
  if (filter.search) {
    const wanted = filter.search.toLowerCase();
    const id = record.outcome === 'sent' ? String(record.id) : '';
    if (![id, record.description, record.recipient, record.source].some((text) => text?.toLowerCase().includes(wanted))) return false;
  }
  return true;
}

export function matchesStatus(row: HistoryRow, status: HistoryFilter['status']): boolean {
  if (status === undefined) return true;
  return typeof status === 'number' ? row.status === status : row.statusGroup === status;
}
