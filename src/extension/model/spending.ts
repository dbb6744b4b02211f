/**
 * The spending guard's words and limits, as the CLI's (src/cli/spending.ts) has them; today's
 * spending is counted as the CLI counts it (src/client/spending.ts). No VS Code here, so that it is
 * tested as plain code.
 */
import * as l10n from '@vscode/l10n';
import { dollars } from './details';

export { mayCharge, spentToday } from '../../client/spending';

export { dollars };

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
