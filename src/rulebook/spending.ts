/**
 * The spending guard's rule, the same for the command line and the extension: today's spending of
 * a user of a service, the verdict on a send against the daily budget, and what to ask before it.
 *
 * Today's spending is what the service charged that user in Production today (this machine's day),
 * counted over the machine's one send log (every send the command line and the extension made) as
 * charges.ts says: the price the service reports, nothing for what was refunded, failed or ran in
 * Development, and the predicted price of a send the service has not reported. The budget covers
 * one user at one service, the user a send signs in as (every loopback endpoint is the one local
 * sandbox): Mailroom cannot see what other users of the same account spend elsewhere.
 */
import type { EnumValue } from '../contract';
import type { SendLogRecord } from '../client/send-log';
import { chargeOf, mayCharge, type Charge, type MailerReport } from './charges';
import { sameAccount, type AccountRef } from './endpoint';
import { cents } from './money';
import { withinWindow } from './window';

export interface SpendingLimits {
  /** A send whose predicted price is above it (or cannot be predicted) is asked about again, with the amount. */
  readonly confirmAbove?: number | undefined;
  /** The most a user may spend in Production in one day. */
  readonly dailyBudget?: number | undefined;
}

/** Reports of the service on mailers, by ID; `offline` when it was not asked, or did not answer. */
export type Reports = ReadonlyMap<number, MailerReport> | 'offline';

export interface Spending {
  readonly spent: number;
  /** Of it, what the service did not confirm: sends counted at their predicted price. */
  readonly predicted: number;
  /** The service was not asked (or did not answer) about sends that count: they count at their predicted price. */
  readonly offline: boolean;
}

/** Whether a send of the log was made on `now`'s day (this machine's). */
const sentToday = (record: SendLogRecord, now: Date): boolean => new Date(record.time).toDateString() === now.toDateString();

/** What the service reports of a send's mailer: none for a send it made no mailer of, or when it was not asked. */
export const reportFor = (record: SendLogRecord, reports: Reports): MailerReport | undefined =>
  reports === 'offline' || record.outcome !== 'sent' ? undefined : reports.get(record.id);

/** The user's sends today (this machine's day) that may charge them: the ones the spending counts. */
export function sendsToday(records: readonly SendLogRecord[], account: AccountRef, now: Date): SendLogRecord[] {
  return records.filter((r) => r.outcome !== 'refused' && mayCharge(r.workMode) && sameAccount(r, account) && sentToday(r, now));
}

/**
 * The mailers to ask the service about (GetDetails) before a send: the user's made today (the
 * spending) and, within the repeat window, before (repeats.ts), that may have charged or mailed.
 */
export function mailersToAsk(records: readonly SendLogRecord[], account: AccountRef, now: Date, windowDays = 0): number[] {
  return records.flatMap((r) =>
    r.outcome === 'sent' && mayCharge(r.workMode) && sameAccount(r, account) && (withinWindow(r, now, windowDays) || sentToday(r, now))
      ? [r.id]
      : [],
  );
}

export function spendingToday(records: readonly SendLogRecord[], account: AccountRef, reports: Reports, now: Date): Spending {
  const charges = sendsToday(records, account, now).map((record) => ({
    record,
    charge: chargeOf(record, reportFor(record, reports)),
  }));
  const sum = (which: (charge: Charge) => boolean) =>
    cents(charges.reduce((total, { charge }) => total + (which(charge) ? charge.amount : 0), 0));
  return {
    spent: sum(() => true),
    predicted: sum((c) => c.basis === 'predicted' || c.basis === 'outcome unknown'),
    offline: reports === 'offline' && charges.some(({ record }) => record.outcome === 'sent'),
  };
}

export type BudgetVerdict =
  | { readonly kind: 'within' }
  /** Past the budget with this send's price; `price` undefined: it cannot be predicted, so the budget cannot be kept. */
  | { readonly kind: 'over'; readonly spent: number; readonly budget: number; readonly price: number | undefined };

export function budgetVerdict(limits: SpendingLimits, spent: number, price: number | undefined): BudgetVerdict {
  const budget = limits.dailyBudget;
  if (budget === undefined || (price !== undefined && spent + price <= budget + 1e-9)) return { kind: 'within' };
  return { kind: 'over', spent, budget, price };
}

export type SendQuestion =
  /** Production prints, mails and charges; Default is the account's own mode, which may be Production. */
  | { readonly kind: 'work mode'; readonly mode: 'Production' | 'Default' }
  /** Above the amount the person asked to confirm (or its price cannot be predicted). */
  | { readonly kind: 'amount'; readonly price: number | undefined; readonly threshold: number };

export interface SendCheck {
  /** Said before anything is asked: a send past the budget goes only when the person overrides it. */
  readonly budget: BudgetVerdict;
  /** Then these, in this order. */
  readonly questions: readonly SendQuestion[];
}

/** The verdict on a send and what to ask before it; Development costs nothing, so nothing is checked. */
export function checkSend(mode: EnumValue<'WorkMode'>, price: number | undefined, limits: SpendingLimits, spent: number): SendCheck {
  if (!mayCharge(mode)) return { budget: { kind: 'within' }, questions: [] };
  const { confirmAbove } = limits;
  const above = confirmAbove !== undefined && (price === undefined || price > confirmAbove + 1e-9);
  return {
    budget: budgetVerdict(limits, spent, price),
    questions: [
      { kind: 'work mode', mode: mode === 'Production' ? 'Production' : 'Default' },
      ...(above ? [{ kind: 'amount', price, threshold: confirmAbove } as const] : []),
    ],
  };
}

/**
 * A send the send log refused under its lock: with the sends it holds (some made meanwhile), it
 * would pass the budget. Its message is for a log; the front ends word its verdict.
 */
export class OverBudget extends Error {
  override readonly name = 'OverBudget';
  constructor(readonly verdict: Extract<BudgetVerdict, { kind: 'over' }>) {
    super(JSON.stringify(verdict));
  }
}
