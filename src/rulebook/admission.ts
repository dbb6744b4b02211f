/**
 * A send's last word, said by the send log under its lock just before it writes the send
 * (CallOptions.admit), over every send the log then holds, so that sends started at once, from
 * any front end, can never pass a budget together nor both mail the same letter: the budget
 * (spending.ts), then a repeat (repeats.ts). What it answers goes into the send's line.
 */
import type { SendAdmission } from '../client/send-log';
import type { EnumValue } from '../contract';
import { mayCharge } from './charges';
import type { AccountRef } from './endpoint';
import { RepeatedSend, repeatOf } from './repeats';
import { budgetVerdict, OverBudget, spendingToday, type Reports, type SpendingLimits } from './spending';

export interface SendRules {
  readonly account: AccountRef;
  readonly mode: EnumValue<'WorkMode'>;
  readonly price: number | undefined;
  readonly limits: SpendingLimits;
  /** The person said to send it past the budget. */
  readonly overBudget?: boolean | undefined;
  /** Days a repeat is looked for (0: never). */
  readonly windowDays: number;
  /** The person said to send it again, although it repeats an earlier send. */
  readonly again?: boolean | undefined;
  /** What the service reported of the user's mailers before the send (GetDetails). */
  readonly reports: Reports;
}

export function sendAdmission(rules: SendRules, now: () => Date = () => new Date()): SendAdmission {
  return (records, send) => {
    const at = now();
    if (rules.limits.dailyBudget !== undefined && mayCharge(rules.mode) && !rules.overBudget) {
      const verdict = budgetVerdict(rules.limits, spendingToday(records, rules.account, rules.reports, at).spent, rules.price);
      if (verdict.kind === 'over') throw new OverBudget(verdict);
    }
    const repeat = repeatOf(send, records, rules.account, rules.reports, at, rules.windowDays);
    if (repeat.kind === 'new') return undefined;
    const repeats = repeat.earlier.flatMap((e) => (e.id === undefined ? [] : [e.id]));
    // In Development a repeat is a test: it goes, and the log says what it repeats.
    if (!mayCharge(rules.mode)) return { repeats };
    if (!rules.again) throw new RepeatedSend(repeat);
    return { repeats, again: true };
  };
}
