/**
 * The spending guard's arithmetic and words, as the CLI's (src/cli/spending.ts) has them: today's
 * Production spending of an account is the send log's predicted prices of its sends that may charge
 * it (Production, and Default, which may be Production), a send of unknown outcome counted since it
 * may have been made, one the service refused not. Development costs nothing. "Today" is this
 * machine's day. No VS Code here, so that it is tested as plain code.
 */
import * as l10n from '@vscode/l10n';
import type { SendLogRecord } from '../../client';
import type { EnumValue } from '../../contract';

/** Whether a send in this work mode may charge the account. */
export const mayCharge = (mode: string | undefined) => mode !== ('Development' satisfies EnumValue<'WorkMode'>);

export const dollars = (amount: number) => `$${amount.toFixed(2)}`;

export function spentToday(
  records: readonly SendLogRecord[],
  account: { readonly endpoint: string; readonly user: string },
  now = new Date(),
  /** Mailers known to be cancelled: the service gives their amount back (service facts, Part B). */
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

export interface SpendingLimits {
  readonly confirmAbove?: number;
  readonly dailyBudget?: number;
}

/**
 * Why a send is refused, or undefined when it is within the budget. A send whose price could not
 * be predicted (a stored file, which has no bytes here) is refused only once the budget is spent.
 */
export function overBudget(limits: SpendingLimits, spent: number, price: number | undefined, who: string): string | undefined {
  const { dailyBudget } = limits;
  if (dailyBudget === undefined) return undefined;
  if (price === undefined ? spent < dailyBudget - 1e-9 : spent + price <= dailyBudget + 1e-9) return undefined;
  return price === undefined
    ? l10n.t(
        'Mailroom: not sent. {0} spent today in Production by {1}, the whole daily budget of {2} (mailroom.spending.dailyBudget).',
        dollars(spent),
        who,
        dollars(dailyBudget),
      )
    : l10n.t(
        "Mailroom: not sent. {0} spent today in Production by {1}; this send's {2} would pass the daily budget of {3} (mailroom.spending.dailyBudget).",
        dollars(spent),
        who,
        dollars(price),
        dollars(dailyBudget),
      );
}

/** The question asked again before a send above the threshold, or undefined when it is not. */
export function aboveThreshold(
  limits: SpendingLimits,
  price: number | undefined,
  what: string,
): { readonly question: string; readonly button: string } | undefined {
  const { confirmAbove } = limits;
  if (confirmAbove === undefined || price === undefined || price <= confirmAbove + 1e-9) return undefined;
  return {
    question: l10n.t(
      '{0} costs about {1}, above the {2} you asked to confirm (mailroom.spending.confirmAbove). Send it?',
      what,
      dollars(price),
      dollars(confirmAbove),
    ),
    button: l10n.t('Send for {0}', dollars(price)),
  };
}
