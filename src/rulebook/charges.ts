/**
 * What a mailer costs the account, as the service counts it: a mailer it reports in Production is
 * charged its price, unless it was cancelled (-1005: refunded at once) or ended in a failure (-1010
 * and every failure before printing: never charged, or refunded). Development is never charged
 * (its price is an estimate), and a mailer waiting for funds (-990) is charged when they arrive, so
 * it counts already. A send the log holds that the service has not reported (yet, or it was not
 * asked) counts at the price predicted when it was sent; so does one whose answer never came,
 * since a mailer may have been made.
 */
import { STATUS, statusGroupOf } from '../contract';
import type { SendLogRecord } from '../client/send-log';

/** Whether a send in this work mode may charge the account: Production, and Default (the account's own, which may be Production). */
export const mayCharge = (mode: string | undefined): boolean => mode !== 'Development';

/** What the service says of a mailer now, as far as money goes (GetDetails' WorkMode, Status and Price). */
export interface MailerReport {
  readonly workMode?: string | undefined;
  readonly status?: number | undefined;
  readonly price?: number | undefined;
}

/** A mailer's GetDetails as far as money goes. */
export const reportOf = (details: {
  readonly WorkMode?: string | undefined;
  readonly Status: number;
  readonly Price: number;
}): MailerReport => ({
  workMode: details.WorkMode,
  status: details.Status,
  price: details.Price,
});

export type ChargeBasis =
  /** Reported in Production and not refunded: its reported price. */
  | 'charged'
  /** Reported waiting for funds: charged once they arrive. */
  | 'awaiting funds'
  /** Made, and not reported by the service (not yet, or not asked): its predicted price. */
  | 'predicted'
  /** Its answer never came: a mailer may have been made, at its predicted price. */
  | 'outcome unknown'
  /** Refused, Development, cancelled or failed: nothing. */
  | 'not charged';

export interface Charge {
  readonly amount: number;
  readonly basis: ChargeBasis;
  /** Why it counts nothing, for the front ends' words. */
  readonly why?: 'refused' | 'development' | 'cancelled' | 'failed';
}

const NOTHING = (why: NonNullable<Charge['why']>): Charge => ({ amount: 0, basis: 'not charged', why });

/** What a reported mailer costs; undefined when the report does not tell (no status, or one the caller may not see). */
export function reportedCharge(report: MailerReport): Charge | undefined {
  if (report.workMode === 'Development') return NOTHING('development');
  const group = statusGroupOf(report.status);
  if (group === 'cancelled') return NOTHING('cancelled');
  if (group === 'failed') return NOTHING('failed');
  if (group === 'unknown' || report.workMode !== 'Production' || report.price === undefined) return undefined;
  return { amount: report.price, basis: report.status === STATUS.NotEnoughFunds ? 'awaiting funds' : 'charged' };
}

/**
 * Whether a mailer the service ran in Production ended before it was printed (it failed, or was
 * cancelled): then it was not printed, mailed or charged (a charge is refunded), though its work
 * mode says Production. The Mailers view's price and the details' work mode say so alike.
 */
export function endedBeforePrinting(report: MailerReport): boolean {
  const why = reportedCharge(report)?.why;
  return report.workMode === 'Production' && (why === 'failed' || why === 'cancelled');
}

/** What a send of the log costs, given what the service reports of its mailer now (none: not reported, or not asked). */
export function chargeOf(record: SendLogRecord, report: MailerReport | undefined): Charge {
  if (record.outcome === 'refused') return NOTHING('refused');
  if (!mayCharge(record.workMode)) return NOTHING('development');
  const predicted = record.price ?? 0;
  if (record.outcome === 'unknown') return { amount: predicted, basis: 'outcome unknown' };
  return (report && reportedCharge(report)) ?? { amount: predicted, basis: 'predicted' };
}

/**
 * What the service has charged for it, as an export's column says it: the amount when charged (or
 * once funds arrive), 0 when it never is (failed, cancelled, refused, Development), and undefined
 * while the service has not said (a price then is only a prediction).
 */
export function chargedAmount(charge: Charge | undefined): number | undefined {
  if (charge === undefined) return undefined;
  if (charge.basis === 'not charged') return 0;
  return charge.basis === 'charged' || charge.basis === 'awaiting funds' ? charge.amount : undefined;
}
