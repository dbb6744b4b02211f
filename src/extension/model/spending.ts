/**
 * The spending guard's verdicts (src/rulebook/spending.ts) in the extension's words and questions.
 * No VS Code here, so that it is tested as plain code.
 */
import * as l10n from '@vscode/l10n';
import { type BudgetVerdict, type SendQuestion, type Spending } from '../../rulebook';
import { dollars } from '../../formats';

export interface Question {
  readonly question: string;
  readonly button: string;
}

type Over = Extract<BudgetVerdict, { kind: 'over' }>;

/** Asked before anything else, with a warning: a send past the daily budget goes only if the person says so. */
export function overBudgetQuestion(verdict: Over, who: string): Question {
  const spent = dollars(verdict.spent);
  const budget = dollars(verdict.budget);
  return {
    question:
      verdict.price === undefined
        ? l10n.t(
            "{0} spent today in Production by {1}, and this send's price cannot be predicted here, so the daily budget of {2} (mailroom.spending.dailyBudget) cannot be kept. Send it anyway?",
            spent,
            who,
            budget,
          )
        : l10n.t(
            "{0} spent today in Production by {1}; this send's {2} would pass the daily budget of {3} (mailroom.spending.dailyBudget). Send it anyway?",
            spent,
            who,
            dollars(verdict.price),
            budget,
          ),
    button: l10n.t('Send Over Budget'),
  };
}

/** Said when the send log refused the send under its lock: another send took what was left of the budget meanwhile. */
export function takenMeanwhile(verdict: Over, who: string): string {
  return l10n.t(
    'Mailroom: not sent. Meanwhile other sends by {0} took the daily budget: {1} spent today, and this send would pass {2} (mailroom.spending.dailyBudget).',
    who,
    dollars(verdict.spent),
    dollars(verdict.budget),
  );
}

/** The amount question, asked after the work mode's: above the threshold, or of a price that cannot be predicted. */
export function amountQuestion(question: Extract<SendQuestion, { kind: 'amount' }>, what: string): Question {
  const threshold = dollars(question.threshold);
  return question.price === undefined
    ? {
        question: l10n.t(
          '{0}: its price cannot be predicted here, and you asked to confirm what costs more than {1} (mailroom.spending.confirmAbove). Send it?',
          what,
          threshold,
        ),
        button: l10n.t('Send'),
      }
    : {
        question: l10n.t(
          '{0} costs about {1}, above the {2} you asked to confirm (mailroom.spending.confirmAbove). Send it?',
          what,
          dollars(question.price),
          threshold,
        ),
        button: l10n.t('Send for {0}', dollars(question.price)),
      };
}

/** Today's spending in a line of the status bar's tooltip, saying what the service has not confirmed. */
export function spendingLine(spending: Spending, who: string): string {
  const line = l10n.t('{0} spent today in Production by {1}', dollars(spending.spent), who);
  if (spending.offline) return l10n.t('{0} (the service did not answer: counted at the predicted prices)', line);
  if (spending.predicted > 0)
    return l10n.t('{0} ({1} of it predicted: not yet reported by the service)', line, dollars(spending.predicted));
  return line;
}

/** Said before a send when the service did not say how the user's recent sends ended (GetDetails failed). */
export function unansweredSpending(why: string): string {
  return l10n.t('Mailroom: the service did not say how your recent sends ended ({0}): they count as made, at their predicted prices.', why);
}
