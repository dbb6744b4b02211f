/**
 * The mailers a user follows, as the Mailers view shows them: what was sent (or added by ID) and
 * the last status the service gave. No VS Code here, so that it is tested as plain code.
 */
import * as l10n from '@vscode/l10n';
import { describeStatus, isCompletedStatus, isFinalStatus, NO_PERMISSIONS_STATUS, STATUS } from '../../contract';
import { endedBeforePrinting, mayCharge } from '../../rulebook';
import { dollars } from '../../formats';

export interface TrackedMailer {
  readonly id: number;
  /** What the user called it when sending (MyDescription), if known. */
  readonly description?: string;
  readonly status?: number;
  readonly statusText?: string;
  readonly price?: number;
  /** As the service wrote it: the account's wall time, no offset. */
  readonly lastUpdate?: string;
  readonly isBatch?: boolean;
  /** The SHA-256 of the letter's bytes, when it was sent after a preflight (Preview Before Sending, or a send command's own). */
  readonly sha256?: string;
  /** The recipient in one line, when it was sent from here (Filter Mailers… searches it). */
  readonly recipient?: string;
  /** Development or Production, as GetDetails reports it (a Default send's resolved mode). */
  readonly workMode?: string;
  /** SubmitTime as the service wrote it (the account's wall time, no offset), from GetDetails. */
  readonly submitted?: string;
}

/**
 * Whether the refresher still has to ask GetDetails: for the price, and (for mailers tracked
 * before Filter Mailers… needed them) the work mode and the time submitted. Asked once per mailer.
 */
export function needsDetails(mailer: TrackedMailer): boolean {
  return mailer.price === undefined || mailer.workMode === undefined || mailer.submitted === undefined;
}

export type MailerGroup = 'inProcess' | 'completed' | 'failed';

export const GROUP_TITLES: Readonly<Record<MailerGroup, () => string>> = {
  inProcess: () => l10n.t('In process'),
  completed: () => l10n.t('Completed'),
  failed: () => l10n.t('Failed or cancelled'),
};

/** Where a mailer belongs: in process until its status is final, then completed or not. */
export function groupOf(mailer: TrackedMailer): MailerGroup {
  if (mailer.status === undefined || !isFinalStatus(mailer.status)) return 'inProcess';
  return isCompletedStatus(mailer.status) ? 'completed' : 'failed';
}

/**
 * Whether a mailer waits for the user: -990, not enough funds, which goes on only once funds
 * arrive (within 72 hours, else -1010). The one in-process status the user must act on.
 */
export function needsUser(mailer: TrackedMailer): boolean {
  return mailer.status === STATUS.NotEnoughFunds;
}

/**
 * Whether a mailer may yet come to wait for the user: one not printed yet (Received, In Process,
 * or not yet known) that may be charged, so anything but a known Development send, or one waiting
 * already. The refresh keeps its usual pace for these (model/refresh-schedule.ts).
 */
export function mayNeedUser(mailer: TrackedMailer): boolean {
  if (needsUser(mailer)) return true;
  const unprinted = mailer.status === undefined || mailer.status === STATUS.Received || mailer.status === STATUS.InProcess;
  return unprinted && mayCharge(mailer.workMode);
}

/** The mailers by group, newest first, groups in a fixed order and only when not empty. */
export function groupMailers(mailers: readonly TrackedMailer[]): [MailerGroup, TrackedMailer[]][] {
  const groups: Record<MailerGroup, TrackedMailer[]> = { inProcess: [], completed: [], failed: [] };
  for (const mailer of mailers) groups[groupOf(mailer)].push(mailer);
  return (Object.keys(groups) as MailerGroup[]).filter((g) => groups[g].length > 0).map((g) => [g, groups[g].sort((a, b) => b.id - a.id)]);
}

/** The text a mailer's row shows after its name: ID, status and price. */
export function mailerSummary(mailer: TrackedMailer): string {
  const status = mailer.status === undefined ? l10n.t('not yet known') : (mailer.statusText ?? describeStatus(mailer.status));
  const price = priceOf(mailer);
  return `${mailer.id} · ${status.replace(/^(Completed|Failed): .*/, '$1')}${price ? ` · ${price}` : ''}`;
}

/** A mailer's price as a row shows it: "$0.87"; "not charged" once it failed or was cancelled in Production; none when unknown. */
export function priceOf(mailer: TrackedMailer): string | undefined {
  if (mailer.price === undefined || mailer.status === NO_PERMISSIONS_STATUS) return undefined;
  return endedBeforePrinting(mailer) ? l10n.t('not charged') : dollars(mailer.price);
}
