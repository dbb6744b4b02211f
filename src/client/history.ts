/**
 * The send history: the send log's records joined with what the service says of their mailers now
 * (price, sheets, status, last update), and filtered as a person looks for a mailer: `mailroom
 * history`'s. The extension's Send History view joins the log with the mailers it tracks instead,
 * which its refresher keeps current, so that it costs no call (extension/model/history-entries.ts).
 */
import { describeStatus, formatDateTime, statusGroupOf, type StatusGroup } from '../contract';
import type { SendLogRecord, SendLogSending } from './send-log';
import type { MailerDetails, MailerStatus } from './tracking';

/** A send as the log wrote it (its account, operation, description, recipient, bytes' SHA-256, source), with what the service says now. */
export interface HistoryRow extends Pick<
  SendLogSending,
  'endpoint' | 'user' | 'operation' | 'description' | 'recipient' | 'sha256' | 'source'
> {
  /** The mailer's (or batch's) ID; none when the send was refused or its outcome is unknown. */
  readonly id?: number;
  /** When the send was made (ISO 8601, UTC), from the log. */
  readonly submitted: string;
  /** The work mode the service reports, else the one the send asked for. */
  readonly workMode?: string;
  /** As the service reports it now (GetDetails). */
  readonly price?: number;
  readonly sheets?: number;
  /** The mailer's status code; a refused send's result code. */
  readonly status?: number;
  readonly statusText: string;
  readonly statusGroup: StatusGroup;
  /** The status's last change, as the service wrote it (the account's wall time). */
  readonly lastUpdate?: string;
  readonly outcome: SendLogRecord['outcome'];
}

/** What the service said of an account's mailers; absent when it was not asked (say why). */
export interface AccountAnswer {
  readonly details: ReadonlyMap<number, MailerDetails>;
  readonly statuses: ReadonlyMap<number, MailerStatus>;
}

export function historyRow(record: SendLogRecord, answer: AccountAnswer | string | undefined): HistoryRow {
  const base = {
    submitted: record.time,
    endpoint: record.endpoint,
    user: record.user,
    operation: record.operation,
    ...(record.workMode === undefined ? {} : { workMode: record.workMode }),
    ...(record.description === undefined ? {} : { description: record.description }),
    ...(record.recipient === undefined ? {} : { recipient: record.recipient }),
    sha256: record.sha256,
    ...(record.source === undefined ? {} : { source: record.source }),
    outcome: record.outcome,
  };
  if (record.outcome === 'refused') {
    return {
      ...base,
      ...(record.code === undefined ? {} : { status: record.code }),
      statusText: `Refused: ${record.reason}`,
      statusGroup: 'failed',
    };
  }
  if (record.outcome === 'unknown') {
    return { ...base, statusText: `Outcome unknown: ${record.reason ?? 'no answer was recorded'}`, statusGroup: 'unknown' };
  }
  const id = record.id;
  if (answer === undefined || typeof answer === 'string') {
    return { ...base, id, statusText: `Not asked: ${answer ?? 'the service was not asked'}`, statusGroup: 'unknown' };
  }
  const details = answer.details.get(id);
  const status = answer.statuses.get(id)?.Status ?? details?.Status;
  const lastUpdate = answer.statuses.get(id)?.LastUpdateTime;
  return {
    ...base,
    id,
    ...(details?.WorkMode ? { workMode: details.WorkMode } : {}),
    ...(details ? { price: details.Price, sheets: details.NumOfSheets } : {}),
    ...(status === undefined ? {} : { status }),
    statusText: status === undefined ? 'Not found: the service does not report this mailer' : describeStatus(status),
    statusGroup: statusGroupOf(status),
    ...(lastUpdate ? { lastUpdate: formatDateTime(lastUpdate) } : {}),
  };
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
