/**
 * The extension's spending guard: its limits are the user settings `mailroom.spending.confirmAbove`
 * and `mailroom.spending.dailyBudget` (application scope: no workspace can loosen them), and today's
 * spending is the rulebook's (src/rulebook/spending.ts) over the machine's one send log, which the
 * command line writes too, for the active account's user at its service. What the service says of
 * each mailer comes from the tracked mailers (the refresher keeps them current) and, before a send
 * under a budget, from GetDetails of the day's mailers, those sent from the command line included.
 */
import { stat } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { SendLogRecord } from '../client';
import type { EnumValue } from '../contract';
import {
  amountSetting,
  DEFAULT_REPEAT_WINDOW_DAYS,
  mailersToAsk,
  reportOf,
  runSendGuard,
  spendingToday,
  type AccountRef,
  type GuardVerdict,
  type MailerReport,
  type SendGuardPorts,
  type ServiceAnswer,
  type Spending,
  type SpendingLimits,
} from '../rulebook';
import { clientModule } from './client-module';
import type { Accounts } from './connection/accounts';
import type { Clients } from './connection/clients';
import type { Log } from './log';
import { logLine, wordsOf } from './model/failure-words';
import { ownSendLogPath } from './send-log';
import type { TrackedMailers } from './tracked-mailers';

/** How many days back a repeat send is looked for (`mailroom.repeats.windowDays`; 0: never). */
export function repeatWindowDays(): number {
  const days = vscode.workspace.getConfiguration('mailroom').get<number>('repeats.windowDays', DEFAULT_REPEAT_WINDOW_DAYS);
  return Number.isInteger(days) && days >= 0 ? days : DEFAULT_REPEAT_WINDOW_DAYS;
}

const definedFields = (report: MailerReport): MailerReport =>
  Object.fromEntries(Object.entries(report).filter(([, value]) => value !== undefined));

export class SpendingGuard {
  private read: { readonly path: string; readonly stamp: string; readonly records: Promise<readonly SendLogRecord[]> } | undefined;
  /** What GetDetails said at the last send under a budget, of the day's mailers: their price, work mode and status. */
  private asked = new Map<number, MailerReport>();
  /** Whose mailers `asked` holds (Accounts.accountKey), and when they were last asked about. */
  private askedFor: string | undefined;
  private askedAt = 0;
  /** Why the last GetDetails got no answer, in words; undefined once one is answered. */
  private unanswered: string | undefined;

  constructor(
    private readonly accounts: Pick<Accounts, 'account' | 'accountKey'>,
    private readonly clients: Pick<Clients, 'client'>,
    private readonly mailers: Pick<TrackedMailers, 'list'>,
    private readonly log: Log,
  ) {}

  limits(): SpendingLimits {
    const settings = vscode.workspace.getConfiguration('mailroom.spending');
    return { confirmAbove: amountSetting(settings.get('confirmAbove')), dailyBudget: amountSetting(settings.get('dailyBudget')) };
  }

  private account(): AccountRef | undefined {
    const account = this.accounts.account;
    return account && { endpoint: account.endpoint, user: account.username };
  }

  /**
   * What is known of the active account's mailers without a call: the tracked mailers and the last
   * GetDetails asked here, the fresher over the other, field by field (a tracked mailer may not know its price yet).
   */
  private known(fresher: 'tracked' | 'asked'): Map<number, MailerReport> {
    const tracked = new Map(
      this.mailers.list().map((m): [number, MailerReport] => [m.id, { workMode: m.workMode, status: m.status, price: m.price }]),
    );
    const asked = this.askedFor === this.accounts.accountKey ? this.asked : new Map<number, MailerReport>();
    const [older, newer] = fresher === 'tracked' ? [asked, tracked] : [tracked, asked];
    const reports = new Map(older);
    for (const [id, report] of newer) reports.set(id, { ...reports.get(id), ...definedFields(report) });
    return reports;
  }

  /**
   * The active account's spending today: the status bar's. What the tracked mailers tell costs no
   * call; the day's mailers sent from elsewhere (the command line) are asked about, at most once a
   * minute. Undefined when signed out.
   */
  async spentToday(): Promise<Spending | undefined> {
    const account = this.account();
    if (!account) return undefined;
    const now = new Date();
    const records = await this.records();
    const tracked = new Set(this.mailers.list().map((m) => m.id));
    const untracked = mailersToAsk(records, account, now).filter((id) => !tracked.has(id));
    const known = this.askedFor === this.accounts.accountKey;
    const stale = now.getTime() - this.askedAt > 60_000;
    // A service that did not answer is asked again after a minute, not at every refresh.
    const waiting = known && this.unanswered !== undefined;
    if (untracked.length > 0 && (stale || (!waiting && untracked.some((id) => !known || !this.asked.has(id))))) {
      await this.ask(untracked);
    }
    // Unanswered: every send counts as made, at its predicted price (the rulebook's offline), and the tooltip says so.
    const offline = this.unanswered !== undefined && untracked.length > 0;
    return spendingToday(records, account, offline ? 'offline' : this.known('tracked'), now);
  }

  /**
   * The rulebook's send guard (src/rulebook/send-guard.ts) over the machine's send log and the
   * active account: the user's recent mailers are asked about first (one GetDetails), so that what
   * was cancelled or failed since, from here or the command line, counts nothing and is no repeat.
   * `person` says and asks in the extension's words.
   */
  async guard(
    send: { readonly mode: EnumValue<'WorkMode'>; readonly price: number | undefined },
    person: Pick<SendGuardPorts, 'say' | 'decide'>,
  ): Promise<GuardVerdict> {
    return runSendGuard(
      { ...send, account: this.account(), limits: this.limits(), windowDays: repeatWindowDays() },
      { readLog: () => this.records(), askService: (ids) => this.ask(ids), ...person },
    );
  }

  /**
   * Asks GetDetails of the active account's mailers; one it does not report counts at its predicted
   * price. Offline when the service did not answer: then every send counts as made (`unanswered` says why).
   */
  private async ask(ids: readonly number[]): Promise<ServiceAnswer> {
    const key = this.accounts.accountKey;
    if (key !== this.askedFor) {
      this.asked = new Map();
      this.askedFor = key;
      this.unanswered = undefined;
    }
    // Answered, what the tracked mailers and the last GetDetails know, the answer's over the rest.
    const answered = (): ServiceAnswer => ({ kind: 'answered', reports: this.known('asked') });
    if (ids.length === 0) return answered();
    this.askedAt = Date.now();
    try {
      const { fetchDetails } = await clientModule();
      const details = await fetchDetails(await this.clients.client(), ids);
      if (this.accounts.accountKey !== key) return answered();
      this.unanswered = undefined;
      for (const id of ids) {
        const d = details.get(id);
        this.asked.set(id, d ? reportOf(d) : {});
      }
      return answered();
    } catch (error) {
      if (this.accounts.accountKey !== key) return answered();
      // The verdict errs toward spent: every send counts as made, at its predicted price.
      this.unanswered = wordsOf(error).replace(/\.$/, '');
      this.log.warn(logLine('The service did not say how your recent sends ended: they count as made, at their predicted prices.', error));
      return { kind: 'offline', failure: error };
    }
  }

  /**
   * The send log's records, read again only when the file changed: the status bar asks at every
   * change of the tracked mailers (each refresh, each push), and the log changes only with a send.
   */
  private async records(): Promise<readonly SendLogRecord[]> {
    const path = ownSendLogPath();
    const stamp = await stat(path).then(
      (s) => `${s.size}:${s.mtimeMs}`,
      () => 'none',
    );
    if (this.read?.path !== path || this.read.stamp !== stamp) {
      const { readSendLog } = await clientModule();
      const records = readSendLog(path);
      this.read = { path, stamp, records };
      // A failed read is not kept: the next asks again.
      records.catch(() => this.read?.records === records && (this.read = undefined));
    }
    return this.read.records;
  }
}
