/**
 * The send guard's steps, in the one order every front end follows before a send that may charge:
 * read the send log, ask the service how the user's recent mailers ended (one GetDetails of the
 * day's mailers, those within the repeat window, and the newest `Default` send's, which says the
 * account's own mode), count today's spending (spending.ts), then the budget, the work mode and
 * the amount, each said or asked in turn. Its last word is said later, under the send log's lock
 * (admission.ts), by the admission it answers. The steps that read, call and talk are the front
 * end's (its ports): the command line asks on a terminal and takes `--yes`, the extension asks in
 * a modal and takes its settings; both word the verdicts themselves.
 */
import type { SendAdmission, SendLogRecord, SendNote } from '../client/send-log';
import type { EnumValue } from '../contract';
import { sendAdmission } from './admission';
import type { MailerReport } from './charges';
import type { AccountRef } from './endpoint';
import { lastDefaultSend, seenAccountMode, sendForReal, type ForReal } from './for-real';
import { checkSend, mailersToAsk, spendingToday, type BudgetVerdict, type Reports, type SendCheck, type SpendingLimits } from './spending';

/** What the service said of the mailers it was asked about; `offline` (with why) when it did not answer. */
export type ServiceAnswer =
  | { readonly kind: 'answered'; readonly reports: ReadonlyMap<number, MailerReport> }
  | { readonly kind: 'offline'; readonly failure: unknown };

/** What the guard tells the person, without asking. */
export type GuardNotice =
  /** The service did not say how the recent sends ended: they count as made, at their predicted prices. */
  | { readonly kind: 'offline'; readonly failure: unknown }
  /** The work mode the send goes in, and whether it may print for real, shown before anything is asked about it. */
  | { readonly kind: 'work mode'; readonly forReal: ForReal };

/** What the guard asks, in this order: the budget first, then the work mode, then the amount. */
export type GuardQuestion =
  /** Past the daily budget: it goes only if the person says so. */
  | { readonly kind: 'over budget'; readonly verdict: Extract<BudgetVerdict, { kind: 'over' }> }
  /** Production prints, mails and charges; Default is the account's own mode, which may be Production. */
  | { readonly kind: 'work mode'; readonly mode: 'Production' | 'Default'; readonly forReal: ForReal }
  /** Above the amount the person asked to confirm (or its price cannot be predicted). */
  | { readonly kind: 'amount'; readonly price: number | undefined; readonly threshold: number };

/** The front end's side of the guard: where the log and the service are, and how the person is told and asked. */
export interface SendGuardPorts {
  /** The machine's one send log (every front end's sends). */
  readonly readLog: () => Promise<readonly SendLogRecord[]>;
  /** GetDetails of these mailers (none: no call is needed). */
  readonly askService: (ids: readonly number[]) => Promise<ServiceAnswer>;
  readonly say: (notice: GuardNotice) => void;
  /** True to go on. A front end may throw its own refusal instead of answering false. */
  readonly decide: (question: GuardQuestion) => Promise<boolean>;
}

export interface SendToGuard {
  /** Whose send it is; none when no one is signed in (then no log of the user's is read). */
  readonly account: AccountRef | undefined;
  readonly mode: EnumValue<'WorkMode'>;
  /** The predicted price, in dollars; none when it cannot be predicted. */
  readonly price: number | undefined;
  readonly limits: SpendingLimits;
  /** Days a repeat is looked for (0: never). */
  readonly windowDays: number;
}

/** What the person chose, for the send log's last check: to pass the budget, to send again, and at what price. */
export interface AdmissionChoices {
  readonly overBudget: boolean | undefined;
  readonly again: boolean | undefined;
  readonly price: number | undefined;
}

export interface Admission {
  /** The send log's last word, said under its lock (CallOptions.admit). */
  readonly admit: SendAdmission;
  /** What the send's line says it repeated knowingly, once written. */
  readonly noted: () => SendNote | undefined;
}

export type GuardVerdict =
  /** The person (or the front end's settings) said no to this question: nothing is sent. */
  | { readonly kind: 'declined'; readonly at: GuardQuestion }
  | {
      readonly kind: 'cleared';
      readonly check: SendCheck;
      readonly forReal: ForReal;
      /** The service did not answer: every send counted as made. */
      readonly offline: boolean;
      /** For the send, and for the same send again with other choices (a merge without the rows sent before). */
      readonly admission: (choices: AdmissionChoices) => Admission;
    };

/**
 * Takes the guard's steps for a send: `declined` at the first question answered no (nothing after
 * it is said or asked), else the verdict and the admission for the send's call. A service that
 * does not answer leaves nothing known of the sends: every one counts as made, at its predicted price.
 */
export async function runSendGuard(send: SendToGuard, ports: SendGuardPorts): Promise<GuardVerdict> {
  const { account, mode, limits, windowDays } = send;
  const now = new Date();
  const records = account ? await ports.readLog() : [];
  let reports: Reports = new Map();
  if (account) {
    const toAsk = mailersToAsk(records, account, now, windowDays);
    // With the spending's mailers, the newest Default send's: how the service ran it says the account's own mode.
    const lastDefault = mode === 'Default' ? lastDefaultSend(records, account) : undefined;
    const answer = await ports.askService(lastDefault === undefined || toAsk.includes(lastDefault) ? toAsk : [...toAsk, lastDefault]);
    if (answer.kind === 'offline') ports.say({ kind: 'offline', failure: answer.failure });
    reports = answer.kind === 'offline' ? 'offline' : answer.reports;
  }
  const forReal = sendForReal(mode, account && seenAccountMode(records, account, reports));
  const spent = account && limits.dailyBudget !== undefined ? spendingToday(records, account, reports, now).spent : 0;
  const check = checkSend(mode, send.price, limits, spent);
  if (check.budget.kind === 'over') {
    const question = { kind: 'over budget', verdict: check.budget } as const;
    if (!(await ports.decide(question))) return { kind: 'declined', at: question };
  }
  ports.say({ kind: 'work mode', forReal });
  for (const asked of check.questions) {
    const question: GuardQuestion = asked.kind === 'work mode' ? { ...asked, forReal } : asked;
    if (!(await ports.decide(question))) return { kind: 'declined', at: question };
  }
  return {
    kind: 'cleared',
    check,
    forReal,
    offline: reports === 'offline',
    admission: (choices) => {
      let noted: SendNote | undefined;
      const admission = account && sendAdmission({ account, mode, limits, windowDays, reports, ...choices });
      return {
        admit: (sends, sending) => (noted = admission?.(sends, sending) ?? undefined),
        noted: () => noted,
      };
    },
  };
}
