/**
 * The spending guard of the command line (its settings in config.ts): a Production send whose
 * predicted price is above `confirmAbove` is asked about again, showing the amount (`--yes` answers
 * it); one that would take the account's Production spending today past `dailyBudget` is refused
 * with the amount spent, and only `--over-budget` sends it anyway, saying so. `--yes` never passes
 * a budget.
 *
 * Today's spending is the send log's (this machine's day): the predicted prices of the account's
 * Production sends, and of those in the account's default work mode, which may be Production; a
 * send whose outcome is unknown counts, since it may have been made. Development costs nothing here.
 */
import { dollars, mayCharge, readSendLog, spentToday as countSpentToday, type RecipientAddress } from '../client';
import type { EnumValue } from '../contract';
import { readConfig, type Spending } from './config';
import { profileOf, type Account, type GlobalValues, type Io } from './context';
import { sendLogPath } from './state';
import { UsageError } from './usage';

/** The guard's settings for the command's account: its profile's own, else the file's. */
export function spendingOf(values: GlobalValues, io: Io): Spending {
  return profileOf(values, io)?.spending ?? readConfig(io.env).spending ?? {};
}

export { mayCharge };

/** The account's spending today, from this machine's send log, counted as src/client/spending.ts says. */
export async function spentToday(io: Io, account: Account, now = new Date()): Promise<number> {
  return countSpentToday(await readSendLog(sendLogPath(io.env)), account, now);
}

export interface GuardedSend {
  readonly account: Account;
  readonly mode: EnumValue<'WorkMode'>;
  /** The predicted price, in dollars (the sandbox's price list); none when it cannot be predicted. */
  readonly price: number | undefined;
  readonly yes: boolean | undefined;
  readonly overBudget: boolean | undefined;
}

export async function guardSpending(io: Io, values: GlobalValues, send: GuardedSend): Promise<void> {
  if (!mayCharge(send.mode)) return;
  const { confirmAbove, dailyBudget } = spendingOf(values, io);
  const who = `${send.account.user} at ${send.account.endpoint}`;
  const { price } = send;
  if (dailyBudget !== undefined) {
    const spent = await spentToday(io, send.account);
    const over =
      price === undefined
        ? `${dollars(spent)} spent today in Production by ${who}, and this send's price cannot be predicted here, so the daily budget of ${dollars(dailyBudget)} cannot be kept`
        : spent + price > dailyBudget + 1e-9
          ? `${dollars(spent)} spent today in Production by ${who}; this send's ${dollars(price)} would pass the daily budget of ${dollars(dailyBudget)}`
          : undefined;
    if (over !== undefined) {
      if (!send.overBudget) throw new UsageError(`Not sent: ${over}. Add --over-budget to send anyway (--yes does not).`);
      io.err.write(`Over budget: ${over}. Sending because of --over-budget.\n`);
    }
  }
  if (confirmAbove !== undefined && (price === undefined || price > confirmAbove)) {
    const cost =
      price === undefined ? 'Its price cannot be predicted here' : `It costs about ${dollars(price)}, above ${dollars(confirmAbove)}`;
    if (send.yes) io.err.write(`${cost}: sending because of --yes.\n`);
    else if (!(await io.confirm(`${cost} (the amount you asked to confirm). Send?`))) {
      throw new UsageError(`Not sent: ${cost.charAt(0).toLowerCase()}${cost.slice(1)}; add --yes to send without asking`);
    }
  }
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
