/**
 * The command line's spending guard: its limits (config.json: a profile's own, else the file's),
 * the rulebook's verdict on a send (src/rulebook/spending.ts) in the command line's words, and its
 * questions in the rulebook's order. A send past the daily budget is refused with what was spent
 * today, unless `--over-budget` says to send anyway; then the work mode is shown (Production is
 * asked, `--yes` answers; Default is shown and not asked, since scripts send in the account's own
 * mode); then a price above `confirmAbove` is asked about with the amount (`--yes` answers it).
 * `--yes` never passes a budget. The budget's last word is said under the send log's lock, when the
 * send is written down: a send started at the same moment elsewhere cannot pass it along with this one.
 */
import { fetchDetails, MailWsFailure, readSendLog, type CallOptions, type MailWsClient, type RecipientAddress } from '../client';
import type { EnumValue } from '../contract';
import {
  budgetAdmission,
  checkSend,
  dollars,
  mailersToAsk,
  mayCharge,
  OverBudget,
  sendLogPath,
  spendingToday,
  type AccountRef,
  type BudgetVerdict,
  type MailerReport,
  type Reports,
  type SpendingLimits,
} from '../rulebook';
import { readConfig } from './config';
import { profileOf, type GlobalValues, type Io } from './context';
import { UsageError } from './usage';

/** The guard's settings for the command's account: its profile's own, else the file's. */
export function limitsOf(values: GlobalValues, io: Io): SpendingLimits {
  return profileOf(values, io)?.spending ?? readConfig(io.env).spending ?? {};
}

export interface GuardedSend {
  readonly account: AccountRef;
  readonly mode: EnumValue<'WorkMode'>;
  /** The predicted price, in dollars (the sandbox's price list); none when it cannot be predicted. */
  readonly price: number | undefined;
  /** What goes, in words, shown with its work mode: "Sending letter.md as a letter to Jane Doe, Springfield". */
  readonly what: string;
  readonly yes: boolean | undefined;
  readonly overBudget: boolean | undefined;
  /** Whether the work mode is asked about (a raw `mailroom call` is the service's own operation: it asks about money only). */
  readonly askWorkMode?: boolean;
}

const who = (account: AccountRef) => `${account.user} at ${account.endpoint}`;

function overWords(verdict: Extract<BudgetVerdict, { kind: 'over' }>, account: AccountRef): string {
  const spent = `${dollars(verdict.spent)} spent today in Production by ${who(account)}`;
  return verdict.price === undefined
    ? `${spent}, and this send's price cannot be predicted here, so the daily budget of ${dollars(verdict.budget)} cannot be kept`
    : `${spent}; this send's ${dollars(verdict.price)} would pass the daily budget of ${dollars(verdict.budget)}`;
}

/** What the service says of the account's sends today, for the spending; offline (and said so) when it does not answer. */
async function reportsToday(io: Io, client: MailWsClient, ids: readonly number[]): Promise<Reports> {
  if (ids.length === 0) return new Map();
  try {
    const details = await fetchDetails(client, ids);
    return new Map([...details].map(([id, d]): [number, MailerReport] => [id, { workMode: d.WorkMode, status: d.Status, price: d.Price }]));
  } catch (error) {
    if (!(error instanceof MailWsFailure)) throw error;
    io.err.write(`The service did not say what today's sends cost (${error.message}): they count at their predicted prices.\n`);
    return 'offline';
  }
}

/**
 * Checks a send and asks what the rulebook says to ask; throws a UsageError (nothing sent) when
 * it may not go. Answers the call options that keep the budget under the send log's lock.
 */
export async function guardSend(
  io: Io,
  values: GlobalValues,
  client: MailWsClient,
  send: GuardedSend,
): Promise<Pick<CallOptions, 'admit'>> {
  const limits = mayCharge(send.mode) ? limitsOf(values, io) : {};
  let reports: Reports = new Map();
  let spent = 0;
  if (limits.dailyBudget !== undefined) {
    const now = new Date();
    const records = await readSendLog(sendLogPath(io.env));
    reports = await reportsToday(io, client, mailersToAsk(records, send.account, now));
    spent = spendingToday(records, send.account, reports, now).spent;
  }
  const check = checkSend(send.mode, send.price, limits, spent);
  if (check.budget.kind === 'over') {
    const over = overWords(check.budget, send.account);
    if (!send.overBudget) throw new UsageError(`Not sent: ${over}. Add --over-budget to send anyway (--yes does not).`);
    io.err.write(`Over budget: ${over}. Sending because of --over-budget.\n`);
  }
  if (send.askWorkMode !== false)
    io.err.write(`${send.what}, in ${send.mode === 'Default' ? "the account's default work mode" : `${send.mode} mode`}.\n`);
  for (const question of check.questions) {
    if (question.kind === 'work mode') {
      if (question.mode !== 'Production' || send.yes || send.askWorkMode === false) continue;
      if (!(await io.confirm('Production mode prints and mails it, and charges the account. Send?'))) {
        throw new UsageError('Not sent: Production mode prints and charges; add --yes to send without asking');
      }
    } else {
      const cost =
        question.price === undefined
          ? 'Its price cannot be predicted here'
          : `It costs about ${dollars(question.price)}, above ${dollars(question.threshold)}`;
      if (send.yes) io.err.write(`${cost}: sending because of --yes.\n`);
      else if (!(await io.confirm(`${cost} (the amount you asked to confirm). Send?`))) {
        throw new UsageError(`Not sent: ${cost.charAt(0).toLowerCase()}${cost.slice(1)}; add --yes to send without asking`);
      }
    }
  }
  const admission = send.overBudget ? undefined : budgetAdmission(send.account, limits, send, reports);
  if (!admission) return {};
  return {
    admit: (records) => {
      try {
        admission(records);
      } catch (error) {
        if (!(error instanceof OverBudget)) throw error;
        throw new UsageError(
          `Not sent: meanwhile other sends took the budget: ${overWords(error.verdict, send.account)}. Add --over-budget to send anyway.`,
        );
      }
    },
  };
}

/** A letter's predicted price, printed here as the service would print it. */
export async function predictedLetterPrice(letter: {
  readonly type: string;
  readonly data: Uint8Array;
  readonly address?: RecipientAddress;
}): Promise<number> {
  const { preflightLetter } = await import('../printing');
  return (await preflightLetter(letter, { workMode: 'Production' })).price;
}

/** A merge's predicted price, every row's letter's; none when the merge cannot be printed here (a template it cannot read). */
export async function predictedMergePrice(merge: {
  readonly type: string;
  readonly template: Uint8Array;
  readonly csv: string;
}): Promise<number | undefined> {
  const { preflightMerge } = await import('../printing');
  const report = await preflightMerge(merge, { workMode: 'Production' });
  return report.letters.length > 0 ? report.price : undefined;
}
