/**
 * The Send History view's rows: the rulebook's history rows (src/rulebook/history.ts) of the
 * machine's send log, each sent mailer's status as the tracked mailers know it (the refresher
 * keeps them current, so the view costs no call of its own), in the extension's words, newest
 * first. A send is the active account's when the rulebook says it was made as that user of that
 * service; only then is its ID one the active account can open, and its tracked mailer its status.
 */
import * as l10n from '@vscode/l10n';
import type { SendLogRecord } from '../../client';
import { describeStatus, type StatusGroup } from '../../contract';
import { historyRows, sameAccount, type HistoryRow, type MailerAnswer } from '../../rulebook';
import { dollars, localMinute } from '../../formats';
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
  /** As the service reports it, else as predicted at the send. */
  readonly price?: number;
  /**
   * The price in words, as the service counts it: never as charged for a mailer that failed or was
   * cancelled, and as a prediction while the service has not said (a send of the command line's
   * this window does not track, one whose answer never came). None when no price is known.
   */
  readonly priceText?: string;
  readonly source?: string;
  readonly sha256: string;
  /** A mailer of the active account: Show Details and Preview PDF open it. */
  readonly openable: boolean;
}

export interface ActiveAccount {
  readonly endpoint: string;
  readonly username: string;
}

function statusText(row: HistoryRow): string {
  const { state } = row;
  switch (state.kind) {
    case 'refused':
      return l10n.t('Refused: {0}', state.reason);
    case 'outcome unknown':
      return l10n.t('Outcome unknown');
    case 'other account':
      return l10n.t('Sent from another account');
    case 'not asked':
      return l10n.t('Sent; not tracked in the Mailers view');
    case 'not found':
      return l10n.t('Sent; its status is not known yet');
    case 'reported':
      return state.statusText ?? describeStatus(state.status);
  }
}

function priceText(row: HistoryRow, price: number): string {
  switch (row.charge.basis) {
    case 'not charged':
      return l10n.t('Price: {0}, not charged', dollars(price));
    case 'predicted':
    case 'outcome unknown':
      return l10n.t('Price: about {0}, predicted: the service has not said what it charged', dollars(row.predictedPrice ?? price));
    case 'awaiting funds':
      return l10n.t('Price: {0}, charged once the account has the funds', dollars(price));
    case 'charged':
      return l10n.t('Price: {0}', dollars(price));
  }
}

function entryOf(row: HistoryRow): HistoryEntry {
  const price = row.price ?? row.predictedPrice;
  return {
    entry: row.entry,
    submitted: localMinute(row.submitted),
    operation: row.operation,
    endpoint: row.endpoint,
    user: row.user,
    sha256: row.sha256,
    ...(row.id === undefined ? {} : { id: row.id }),
    ...(row.description === undefined ? {} : { description: row.description }),
    ...(row.recipient === undefined ? {} : { recipient: row.recipient }),
    ...(row.workMode === undefined ? {} : { workMode: row.workMode }),
    ...(row.source === undefined ? {} : { source: row.source }),
    ...(price === undefined ? {} : { price }),
    ...(row.status === undefined ? {} : { status: row.status }),
    statusText: statusText(row),
    statusGroup: row.statusGroup,
    ...(price === undefined ? {} : { priceText: priceText(row, price) }),
    openable: row.outcome === 'sent' && row.state.kind !== 'other account',
  };
}

/** The log's records as rows, newest first. */
export function historyEntries(
  records: readonly SendLogRecord[],
  account: ActiveAccount | undefined,
  tracked: (id: number) => TrackedMailer | undefined,
): HistoryEntry[] {
  const active = account && { endpoint: account.endpoint, user: account.username };
  const answerOf = (record: SendLogRecord): MailerAnswer => {
    if (!active || !sameAccount(record, active)) return { kind: 'other account' };
    const mailer = record.outcome === 'sent' ? tracked(record.id) : undefined;
    if (!mailer) return { kind: 'not asked', why: 'not tracked' };
    return {
      kind: 'asked',
      reported: { workMode: mailer.workMode, status: mailer.status, price: mailer.price, statusText: mailer.statusText },
    };
  };
  return historyRows(records, answerOf).map(entryOf).reverse();
}
