/**
 * Today's spending of an account, from its send log, as the spending guards of the command line
 * and the extension both count it: the predicted prices of its sends that may charge it
 * (Production, and Default, which may be Production), a send of unknown outcome counted since it
 * may have been made, one the service refused not, nor one known to be cancelled (the service gives
 * its amount back). Development costs nothing. "Today" is this machine's day.
 */
import type { SendLogRecord } from './send-log';

/** An amount as people read a price: `$12.50`. */
export const dollars = (amount: number): string => `$${amount.toFixed(2)}`;

/** Whether a send in this work mode may charge the account. */
export const mayCharge = (mode: string | undefined): boolean => mode !== 'Development';

export function spentToday(
  records: readonly SendLogRecord[],
  account: { readonly endpoint: string; readonly user: string },
  now = new Date(),
  /** Mailers known to be cancelled (service facts, Part B: the balance goes up at cancel). */
  cancelled: ReadonlySet<number> = new Set(),
): number {
  const today = now.toDateString();
  const spent = records
    .filter(
      (r) =>
        r.endpoint === account.endpoint &&
        r.user === account.user &&
        r.outcome !== 'refused' &&
        !(r.outcome === 'sent' && cancelled.has(r.id)) &&
        mayCharge(r.workMode) &&
        new Date(r.time).toDateString() === today,
    )
    .reduce((sum, r) => sum + (r.price ?? 0), 0);
  return Math.round(spent * 100) / 100;
}
