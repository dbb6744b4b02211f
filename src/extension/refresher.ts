/**
 * Keeps the Mailers view current: refreshes on demand, and on its own while any mailer is in
 * process, in as few calls as the service allows (the client's tracking helper), backing off after
 * errors and slowing down while the window is not focused. Tells the user when a mailer ends
 * (mailer-notices.ts). A refresh is bounded by its calls' timeouts (`mailroom.timeoutSeconds`,
 * retries included): one against a server that never finishes its answer ends there, with an
 * error naming the endpoint.
 *
 * It also finds out whether the service answers (outage-watch.ts): a refresh that gets no answer
 * begins an outage, shown until a refresh gets its answers again. Meanwhile the refresh backs off
 * as after any failure (model/refresh-schedule.ts), on the one timer it keeps. A refresh waiting
 * on the service shows the Mailers view's progress at once.
 */
import * as vscode from 'vscode';
import { clientModule } from './client-module';
import { MAX_IDS_PER_QUERY, NO_PERMISSIONS_STATUS, formatDateTime, formatIds } from '../contract';
import type { Accounts } from './connection/accounts';
import type { Clients } from './connection/clients';
import { Disposable, timeout, toDisposable } from './lifecycle';
import type { Log } from './log';
import { tellChanged } from './mailer-notices';
import { groupOf, mayNeedUser, needsDetails, type TrackedMailer } from './model/mailers';
import { PUSHED_WINDOW_MS, RefreshSchedule } from './model/refresh-schedule';
import type { ServiceHealth } from './model/service-health';
import { OutageWatch } from './outage-watch';
import type { MailerFacts, TrackedMailers } from './tracked-mailers';
import type { MailerStatus } from '../client';
import { wordsOf } from './model/failure-words';

/** The Mailers view's ID (package.json), where a refresh shows its progress. */
const MAILERS_VIEW = 'mailroom.mailers';

export class Refresher extends Disposable {
  /** The next refresh, when one is scheduled. */
  private next: vscode.Disposable | undefined;
  private readonly schedule = new RefreshSchedule();
  private running: Promise<Error | undefined> | undefined;
  /** When the last feedback push arrived (push-listener.ts): polling slows down while they do. */
  private lastPushAt = -Infinity;
  private readonly outage: OutageWatch;
  /** The service stopped answering, answers again, or another account is the active one. */
  readonly onDidChangeHealth: vscode.Event<void>;

  constructor(
    private readonly accounts: Accounts,
    private readonly clients: Clients,
    private readonly mailers: TrackedMailers,
    log: Log,
  ) {
    super();
    this.register(toDisposable(() => void this.next?.dispose()));
    this.outage = this.register(new OutageWatch(accounts, clients, log));
    this.onDidChangeHealth = this.outage.onDidChange;
    this.register(
      accounts.onDidChange(() => {
        // Pushes of the last account say nothing of whether this one's arrive.
        this.lastPushAt = -Infinity;
        this.outage.reset();
      }),
    );
  }

  /** Whether the service answers, as the refreshes found it. */
  get health(): ServiceHealth {
    return this.outage.health;
  }

  /** Whether a refresh waits on the service now (the Mailers view shows its progress meanwhile). */
  get waiting(): boolean {
    return this.outage.waiting;
  }

  /**
   * Refreshes now (joining one under way), then schedules the next one if anything is in process.
   * Resolves to its failure (also in the log), or undefined.
   */
  refresh(): Promise<Error | undefined> {
    if (this.isDisposed) return Promise.resolve(undefined);
    this.running ??= this.run().finally(() => {
      this.running = undefined;
      this.scheduleNext();
    });
    return this.running;
  }

  private async run(): Promise<Error | undefined> {
    if (!this.accounts.account) return undefined;
    const open = this.mailers.list().filter((m) => groupOf(m) === 'inProcess' || needsDetails(m));
    if (open.length === 0) {
      this.outage.nothingToAsk();
      return undefined;
    }
    const began = Date.now();
    const asking = this.ask(open, began);
    // Shown at once in the Mailers view (its progress bar) while the service is asked.
    void vscode.window.withProgress({ location: { viewId: MAILERS_VIEW } }, () => asking);
    return asking;
  }

  private async ask(open: readonly TrackedMailer[], began: number): Promise<Error | undefined> {
    // A refresh still under way when another account became the active one tells nothing about it.
    const account = this.accounts.accountKey;
    const current = () => this.accounts.accountKey === account;
    this.outage.began(began);
    try {
      const { MailWsError, fetchStatuses } = await clientModule();
      const client = await this.clients.client();
      const ids = open.map((m) => m.id);
      const statuses = await fetchStatuses(client, ids);
      const details = new Map<number, MailerFacts>();
      const unpriced = open.filter(needsDetails).map((m) => m.id);
      // A mailer tracked by its ID (Track Mailer IDs…) is named as the service keeps it, its MyDescription.
      const unnamed = new Set(open.filter((m) => !m.description).map((m) => m.id));
      if (unpriced.length > 0) {
        try {
          const answer = await client.datedA.GetDetails({ ID: formatIds(unpriced.slice(0, MAX_IDS_PER_QUERY)) });
          for (const d of answer.Details)
            if (d.Status !== NO_PERMISSIONS_STATUS)
              details.set(d.ID, {
                price: d.Price,
                isBatch: d.IsBatch,
                workMode: d.WorkMode,
                submitted: formatDateTime(d.SubmitTime),
                ...(unnamed.has(d.ID) && d.MyDescription ? { description: d.MyDescription } : {}),
              });
        } catch (error) {
          if (!(error instanceof MailWsError && error.isWarning)) throw error;
        }
      }
      const changed = await this.mailers.update(statuses, details);
      this.schedule.succeeded();
      if (current()) this.outage.answered();
      tellChanged(changed, this.accounts);
      return undefined;
    } catch (error) {
      if (this.isDisposed) return undefined;
      this.schedule.failed();
      const words = wordsOf(error);
      await this.outage.failed(error, words, began, current);
      return error instanceof Error ? error : new Error(words);
    } finally {
      this.outage.ended();
    }
  }

  /**
   * A feedback push told a mailer's new status: the tree shows it, and its end is told, without a
   * call to the service. Answers whether a mailer followed here changed.
   */
  async pushed(status: MailerStatus): Promise<boolean> {
    this.lastPushAt = Date.now();
    if (this.isDisposed || !this.mailers.get(status.ID)) return false;
    const changed = await this.mailers.update(new Map([[status.ID, status]]));
    tellChanged(changed, this.accounts);
    // The next poll (if anything is still in process) now comes at the slower pace.
    if (!this.running) this.scheduleNext();
    return changed.length > 0;
  }

  /** A push about a batch item: polling slows all the same, and the view reads the items again when shown. */
  pushedItem(): void {
    this.lastPushAt = Date.now();
    this.mailers.refreshView();
  }

  private scheduleNext(): void {
    this.next?.dispose();
    this.next = undefined;
    // A refresh that was under way when the extension shut down schedules nothing.
    if (this.isDisposed) return;
    const inProcess = this.mailers.list().filter((m) => groupOf(m) === 'inProcess');
    const delay = this.schedule.delayMs({
      intervalSeconds: vscode.workspace.getConfiguration('mailroom').get<number>('refreshIntervalSeconds', 10),
      focused: vscode.window.state.focused,
      anyInProcess: inProcess.length > 0,
      pushed: Date.now() - this.lastPushAt < PUSHED_WINDOW_MS,
      awaitingUser: inProcess.some(mayNeedUser),
    });
    if (delay !== undefined) this.next = timeout(delay, () => void this.refresh());
  }
}
