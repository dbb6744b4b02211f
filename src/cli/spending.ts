/**
 * The command line's spending guard: its limits (config.json: a profile's own, else the file's),
 * and its words and answers for the rulebook's send guard (src/rulebook/send-guard.ts), which
 * takes the steps in their order. A send past the daily budget is refused with what was spent
 * today, unless `--over-budget` says to send anyway; then the work mode is shown, and a send that
 * may print for real (Production, and Default, the account's own mode, which may be Production:
 * src/rulebook/for-real.ts) is asked about on a terminal; a script gives `--yes`, and without it is
 * refused with exit code 3; then a price above `confirmAbove` is asked about with the amount (`--yes` answers it).
 * `--yes` never passes a budget. The budget's last word is said under the send log's lock, when the
 * send is written down: a send started at the same moment elsewhere cannot pass it along with this one.
 */
import { tellDamaged } from './damaged-lines';
import {
  fetchDetails,
  MailWsFailure,
  readSendLog,
  type CallOptions,
  type MailWsClient,
  type RecipientAddress,
  type SendNote,
} from '../client';
import type { EnumValue } from '../contract';
import type { PreflightReport } from '../printing';
import {
  mayCharge,
  numberRuns,
  OverBudget,
  RepeatedSend,
  reportOf,
  runSendGuard,
  sendLogPath,
  DEFAULT_REPEAT_WINDOW_DAYS,
  type AccountRef,
  type BudgetVerdict,
  type ForReal,
  type GuardNotice,
  type GuardQuestion,
  type MailerReport,
  type SeenAccountMode,
  type ServiceAnswer,
  type SpendingLimits,
} from '../rulebook';
import { dollars, localMinute, recipientWords } from '../formats';
import { readConfig, unknownConfigKeys, unknownKeysWords } from './config';
import { accountOf, profileOf } from './account-options';
import type { Io } from './io';
import type { GlobalValues } from './global-options';
import { NotConfirmed, Refused } from './usage';
import { printing } from './printing';

/**
 * The guard's settings for the command's account: its profile's own, else the file's. A file with
 * a key Mailroom does not read refuses the send (it may charge): a misspelled `dailyBudget` is a
 * budget the person believes is on, and is not (docs/cli.md, "The spending guard").
 */
export function limitsOf(values: GlobalValues, io: Io): SpendingLimits {
  const { path, keys } = unknownConfigKeys(io.env);
  if (keys.length > 0) {
    throw new Refused(
      `Not sent: ${path} has ${keys.length === 1 ? 'a key' : 'keys'} Mailroom does not read: ${unknownKeysWords(keys)}; ` +
        'a budget or threshold you believe is set may not be. Correct the file to send in Production (Development sends go).',
    );
  }
  return profileOf(values, io)?.spending ?? readConfig(io.env).spending ?? {};
}

/** How many days back a repeat send is looked for: the profile's, else the file's (`repeats.windowDays`), else 30. */
export function repeatWindowOf(values: GlobalValues, io: Io): number {
  return (profileOf(values, io)?.repeats ?? readConfig(io.env).repeats)?.windowDays ?? DEFAULT_REPEAT_WINDOW_DAYS;
}

export interface GuardedSend {
  readonly mode: EnumValue<'WorkMode'>;
  /** The predicted price, in dollars (the sandbox's price list); none when it cannot be predicted. */
  readonly price: number | undefined;
  /** What goes, in words, shown with its work mode: "Sending letter.md as a letter to Jane Doe, Springfield". */
  readonly what: string;
}

/** A sending command's values: the global options and the flags every send takes (send.ts SENDING_OPTIONS). */
export interface SendingValues extends GlobalValues {
  readonly yes?: boolean | undefined;
  readonly 'over-budget'?: boolean | undefined;
  /** Send it although it repeats an earlier send (`--again`). */
  readonly again?: boolean | undefined;
}

const who = (account: AccountRef) => `${account.user} at ${account.endpoint}`;

function overWords(verdict: Extract<BudgetVerdict, { kind: 'over' }>, account: AccountRef): string {
  const spent = `${dollars(verdict.spent)} spent today in Production by ${who(account)}`;
  return verdict.price === undefined
    ? `${spent}, and this send's price cannot be predicted here, so the daily budget of ${dollars(verdict.budget)} cannot be kept`
    : `${spent}; this send's ${dollars(verdict.price)} would pass the daily budget of ${dollars(verdict.budget)}`;
}

/** What the service says of the user's recent mailers, for the spending and repeats; offline when it does not answer. */
async function askService(client: MailWsClient, ids: readonly number[]): Promise<ServiceAnswer> {
  if (ids.length === 0) return { kind: 'answered', reports: new Map() };
  try {
    const details = await fetchDetails(client, ids);
    return { kind: 'answered', reports: new Map([...details].map(([id, d]): [number, MailerReport] => [id, reportOf(d)])) };
  } catch (error) {
    if (!(error instanceof MailWsFailure)) throw error;
    return { kind: 'offline', failure: error };
  }
}

/** What guardSend answers: the call options that keep the rules under the send log's lock, and what they noted. */
export interface Guard {
  /** The account the send goes as, whose budget and send log the guard read. */
  readonly account: AccountRef;
  readonly options: Pick<CallOptions, 'admit'>;
  /** The same for the send at another price (a merge that leaves out rows sent before). */
  readonly at: (price: number | undefined) => Pick<CallOptions, 'admit'>;
  /** The earlier mailers the send repeated knowingly (a test in Development, or sent --again), once it was written. */
  readonly noted: () => SendNote | undefined;
}

/**
 * The rulebook's send guard (src/rulebook/send-guard.ts) with the command line's settings and words;
 * throws a Refused or NotConfirmed (nothing sent) when it may not go. The rules' last word is said
 * under the send log's lock (src/rulebook/admission.ts): what it refuses comes back from the call
 * as OverBudget or RepeatedSend, which refusalOf words.
 */
export async function guardSend(io: Io, values: SendingValues, client: MailWsClient, what: GuardedSend): Promise<Guard> {
  const account = accountOf(values, io);
  const { yes, again } = values;
  const overBudget = values['over-budget'];
  const limits = mayCharge(what.mode) ? limitsOf(values, io) : {};
  const say = (notice: GuardNotice) =>
    io.err.write(
      notice.kind === 'offline'
        ? `The service did not say how your recent sends ended (${(notice.failure as Error).message}): they count as made, at their predicted prices.\n`
        : `${what.what}, ${forRealWords(notice.forReal)}.\n`,
    );
  const decide = async (question: GuardQuestion): Promise<boolean> => {
    if (question.kind === 'over budget') {
      const over = overWords(question.verdict, account);
      if (!overBudget) throw new Refused(`Not sent: ${over}. Add --over-budget to send anyway (--yes does not).`);
      io.err.write(`Over budget: ${over}. Sending because of --over-budget.\n`);
    } else if (question.kind === 'work mode') {
      const { forReal } = question;
      if (!forReal.forReal || yes) return true;
      // A script cannot answer: it says so with --yes, and is told (exit code 3) rather than asked.
      if (!io.interactive) throw new NotConfirmed(`Not sent: ${mayPrintWords(forReal)}. Add --yes to send it from a script.`);
      if (!(await io.confirm(`${mayPrintWords(forReal)}. Send?`))) throw new NotConfirmed(`Not sent: ${mayPrintWords(forReal)}.`);
    } else {
      const cost =
        question.price === undefined
          ? 'Its price cannot be predicted here'
          : `It costs about ${dollars(question.price)}, above ${dollars(question.threshold)}`;
      if (yes) io.err.write(`${cost}: sending because of --yes.\n`);
      else if (!(await io.confirm(`${cost} (the amount you asked to confirm). Send?`))) {
        throw new Refused(`Not sent: ${cost.charAt(0).toLowerCase()}${cost.slice(1)}; add --yes to send without asking`);
      }
    }
    return true;
  };
  const verdict = await runSendGuard(
    { account, mode: what.mode, price: what.price, limits, windowDays: repeatWindowOf(values, io) },
    { readLog: () => readSendLog(sendLogPath(io.env), tellDamaged(io)), askService: (ids) => askService(client, ids), say, decide },
  );
  // The command line's decide refuses by throwing: a guard it answered is always cleared.
  if (verdict.kind !== 'cleared') throw new Refused('Not sent.');
  let noted: SendNote | undefined;
  const at = (price: number | undefined): Pick<CallOptions, 'admit'> => {
    const admission = verdict.admission({ overBudget, again, price });
    return {
      admit: (sends, sending) => {
        const note = admission.admit(sends, sending);
        noted = admission.noted();
        return note;
      },
    };
  };
  return { account, options: at(what.price), at, noted: () => noted };
}

/** What the service last said of the account's mode: "as the service ran mailer 1021984 (sent 2026-11-26 09:14)". */
const seenWords = (seen: SeenAccountMode) => `as the service ran mailer ${seen.mailer}, sent ${localMinute(seen.time)}`;

/** The work mode as the line before sending says it: which of the rulebook's cases the send is. */
export function forRealWords(forReal: ForReal): string {
  switch (forReal.kind) {
    case 'Development':
      return 'in Development mode';
    case 'Production':
      return 'in Production mode: printed, mailed and charged';
    case 'Default, Production':
      return `in Default mode = the account's Production (${seenWords(forReal.seen)}): printed, mailed and charged`;
    case 'Default, unknown':
      return forReal.seen
        ? `in Default mode, the account's work mode unknown (it was Development ${seenWords(forReal.seen)}; it may have changed): it may be printed, mailed and charged`
        : "in Default mode, the account's work mode unknown (the service cannot be asked it): it may be printed, mailed and charged";
  }
}

/** What a send that may print for real does, for its question and its refusal. */
function mayPrintWords(forReal: ForReal): string {
  switch (forReal.kind) {
    case 'Production':
      return 'Production mode prints, mails and charges it';
    case 'Default, Production':
      return "Default mode is the account's Production mode, which prints, mails and charges it";
    default:
      return "Default mode is the account's own work mode, which may be Production: it may be printed, mailed and charged";
  }
}

/** A refusal of the rules under the send log's lock, in the command line's words; undefined for any other error. */
export function refusalOf(error: unknown, account: AccountRef, mailer: 'letter' | 'postcard' = 'letter'): Refused | undefined {
  if (error instanceof OverBudget) {
    return new Refused(
      `Not sent: meanwhile other sends took the budget: ${overWords(error.verdict, account)}. Add --over-budget to send anyway.`,
    );
  }
  if (error instanceof RepeatedSend) {
    const { earlier, rows, of } = error.verdict;
    const before = earlier
      .map((e) => `${e.id === undefined ? 'a send of unknown outcome' : `mailer ${e.id}`} on ${localMinute(e.time)}`)
      .join(', ');
    if (rows) {
      const which = rows.length === of ? `all ${of} rows` : `${rows.length} of ${of} rows (${rowList(rows)})`;
      return new Refused(
        `Not sent: ${which} of this merge went before, the same letter to the same recipient, in ${before}. Add --skip-sent to send only the others, or --again to send them all again.`,
      );
    }
    const recipient = earlier[0]?.recipient;
    return new Refused(
      `Not sent: the same ${mailer} went to ${recipient === undefined ? 'the same recipient' : recipientWords(recipient)} as ${before}. Add --again to send it again.`,
    );
  }
  return undefined;
}

/** Row numbers as a person reads them: "3, 7, 9–12", and "…" past twenty runs (the rulebook's numberRuns). */
export function rowList(rows: readonly number[]): string {
  const { runs, more } = numberRuns(rows);
  const words = runs.map(({ first, last }) =>
    last > first + 1 ? `${first}–${last}` : last === first + 1 ? `${first}, ${last}` : String(first),
  );
  return more ? `${words.join(', ')}, …` : words.join(', ');
}

/** Says, after a send, what it knowingly repeated. */
export function sayRepeated(io: Io, noted: SendNote | undefined, mode: EnumValue<'WorkMode'>): void {
  if (!noted?.repeats?.length) return;
  const mailers = noted.repeats.join(', ');
  io.err.write(
    noted.again
      ? `Sent again as asked (--again): it repeats mailer ${mailers}; the send log says so.\n`
      : `A repeat of mailer ${mailers}, sent in ${mode} mode as a test.\n`,
  );
}

/** How the account's letters print, as the preflight takes it (src/cli/print-settings.ts printingOf). */
export interface PrintedAs {
  readonly duplex: boolean;
  readonly colour: boolean;
}

/**
 * A letter printed here as the service would print it for the account (its sides and colour), in
 * Production: its price, and what a send of it sends (the PDF its engine drew, or the file as it
 * is with `asIs`), which is what is priced.
 */
export async function preflightToSend(
  letter: {
    readonly type: string;
    readonly data: Uint8Array;
    readonly address?: RecipientAddress;
    readonly base?: string;
    readonly title?: string;
  },
  printed: PrintedAs,
  options: { readonly asIs?: boolean } = {},
): Promise<PreflightReport> {
  const { preflightLetter } = await printing();
  return preflightLetter(letter, { workMode: 'Production', ...printed }, options);
}

/** A merge's predicted price, every row's letter's, printed for the account; none when the merge cannot be printed here (a template it cannot read) or no row's address can be read. */
export async function predictedMergePrice(
  merge: {
    readonly type: string;
    readonly template: Uint8Array;
    readonly csv: string;
  },
  printed: PrintedAs,
): Promise<number | undefined> {
  const { preflightMerge } = await printing();
  const report = await preflightMerge(merge, { workMode: 'Production', ...printed }, { letters: false });
  // No row's address can be read (a misnamed column): unknown, never $0.00.
  return report.rows > 0 && report.priceUnknown === undefined ? report.price : undefined;
}
