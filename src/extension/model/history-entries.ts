/**
 * The Send History view's rows: the extension's send log (src/client/send-log.ts) joined with the
 * tracked mailers' statuses, which the refresher keeps current, so the view costs no call of its
 * own. A send belongs to the active account when its user is the account's and its endpoint the
 * account's (any loopback address for the local sandbox, which listens where it can); only then is
 * its ID one the active account can open, and its tracked mailer its status.
 */
import * as l10n from '@vscode/l10n';
import type { SendLogRecord } from '../../client';
import { describeStatus, statusGroupOf, type StatusGroup } from '../../contract';
import type { Filterable } from './mailer-filter';
import type { TrackedMailer } from './mailers';

export interface HistoryEntry extends Filterable {
  /** The log's own key of the send. */
  readonly entry: string;
  /** When the send was made, in this machine's time: `YYYY-MM-DD HH:MM`. */
  readonly submitted: string;
  readonly operation: string;
  readonly endpoint: string;
  readonly user: string;
  readonly statusText: string;
  readonly statusGroup: StatusGroup;
  readonly price?: number;
  readonly source?: string;
  readonly sha256: string;
  /** A mailer of the active account: Show Details and Preview PDF open it. */
  readonly openable: boolean;
}

export interface ActiveAccount {
  readonly endpoint: string;
  readonly username: string;
  readonly sandbox: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).hostname;
  } catch {
    return '';
  }
};

const trimmed = (endpoint: string) => endpoint.replace(/\/+$/, '');

export function ofAccount(record: Pick<SendLogRecord, 'endpoint' | 'user'>, account: ActiveAccount | undefined): boolean {
  if (!account || record.user !== account.username) return false;
  return account.sandbox ? LOOPBACK.has(hostOf(record.endpoint)) : trimmed(record.endpoint) === trimmed(account.endpoint);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as this machine's wall time, to the minute; the text as it is if it does not read. */
export function localMinute(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The log's records as rows, newest first. */
export function historyEntries(
  records: readonly SendLogRecord[],
  account: ActiveAccount | undefined,
  tracked: (id: number) => TrackedMailer | undefined,
): HistoryEntry[] {
  return records
    .map((record): HistoryEntry => {
      const mine = ofAccount(record, account);
      const base = {
        entry: record.entry,
        submitted: localMinute(record.time),
        operation: record.operation,
        endpoint: record.endpoint,
        user: record.user,
        ...(record.description === undefined ? {} : { description: record.description }),
        ...(record.recipient === undefined ? {} : { recipient: record.recipient }),
        ...(record.workMode === undefined ? {} : { workMode: record.workMode }),
        ...(record.source === undefined ? {} : { source: record.source }),
        ...(record.price === undefined ? {} : { price: record.price }),
        sha256: record.sha256,
      };
      if (record.outcome === 'refused') {
        return {
          ...base,
          ...(record.code === undefined ? {} : { status: record.code }),
          statusText: l10n.t('Refused: {0}', record.reason),
          statusGroup: 'failed',
          openable: false,
        };
      }
      if (record.outcome === 'unknown') {
        return { ...base, statusText: l10n.t('Outcome unknown'), statusGroup: 'unknown', openable: false };
      }
      const mailer = mine ? tracked(record.id) : undefined;
      const status = mailer?.status;
      return {
        ...base,
        id: record.id,
        // What the service reports (a Default send's resolved mode, its price) over what the send asked.
        ...(mailer?.workMode ? { workMode: mailer.workMode } : {}),
        ...(mailer?.price === undefined ? {} : { price: mailer.price }),
        ...(status === undefined ? {} : { status }),
        statusText:
          status !== undefined
            ? (mailer?.statusText ?? describeStatus(status))
            : mine
              ? l10n.t('Sent; not tracked in the Mailers view')
              : l10n.t('Sent from another account'),
        statusGroup: statusGroupOf(status),
        openable: mine,
      };
    })
    .reverse();
}
