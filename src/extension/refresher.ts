/**
 * Keeps the Mailers view current: refreshes on demand, and on its own while any mailer is in
 * process, in as few calls as the service allows (the client's tracking helper), backing off after
 * errors and slowing down while the window is not focused. Tells the user when a mailer ends.
 * A refresh is bounded by its calls' timeouts (`mailroom.timeoutSeconds`, retries included): one
 * against a server that never finishes its answer ends there, with an error naming the endpoint.
 *
 * It also finds out whether the service answers (model/service-health.ts): a refresh that gets no
 * answer begins an outage, which the status bar and the view's message show until a refresh gets
 * its answers again; that is said once, and logged once, not on every cycle. Meanwhile the refresh
 * backs off as after any failure (model/refresh-schedule.ts), on the one timer it keeps.
 *
 * A refresh waiting on the service shows the Mailers view's progress at once, and one that waits
 * a few seconds past the service's usual answer time (ServiceHealth.patienceMs, learnt from its
 * calls) begins the outage then, not when its calls give up after their whole budget (60 s).
 */
import * as vscode from 'vscode';
import { clientModule } from './client-module';
import { MAX_IDS_PER_QUERY, NO_PERMISSIONS_STATUS, formatDateTime, formatIds, getIntervalMs } from '../contract';
import type { Accounts } from './connection/accounts';
import type { Clients } from './connection/clients';
import { Disposable, Emitter, timeout, toDisposable } from './lifecycle';
import type { Log } from './log';
import { groupOf, mayNeedUser, needsDetails, needsUser, type TrackedMailer } from './model/mailers';
import { PUSHED_WINDOW_MS, RefreshSchedule } from './model/refresh-schedule';
import { prompts } from './prompts';
import { GATEWAY_STATUSES, ServiceHealth, answeredAgainWords, noAnswerWithinWords } from './model/service-health';
import type { MailerFacts, TrackedMailers } from './tracked-mailers';
import type { MailerStatus } from '../client';
import type { MailroomCommand } from './commands/ids';
import { logLine, wordsOf } from './model/failure-words';

/** The Mailers view's ID (package.json), where a refresh shows its progress. */
const MAILERS_VIEW = 'mailroom.mailers';

export class Refresher extends Disposable {
  /** The next refresh, when one is scheduled. */
  private next: vscode.Disposable | undefined;
  private readonly schedule = new RefreshSchedule();
  private running: Promise<Error | undefined> | undefined;
  /** When the last feedback push arrived (push-listener.ts): polling slows down while they do. */
  private lastPushAt = -Infinity;
  /** Whether the service answers, as the refreshes found it. */
  readonly health = new ServiceHealth();
  /** The refresh waiting on the service now, if one is: when it began, or its last call ended. */
  private waitingSince: number | undefined;
  /** When the refresh waiting now is taken for no answer. */
  private patience: vscode.Disposable | undefined;
  private readonly healthChanged = this.register(new Emitter<void>());
  /** The service stopped answering, answers again, or another account is the active one. */
  readonly onDidChangeHealth = this.healthChanged.event;

  constructor(
    private readonly accounts: Accounts,
    private readonly clients: Clients,
    private readonly mailers: TrackedMailers,
    private readonly log: Log,
  ) {
    super();
    this.register(
      toDisposable(() => {
        this.next?.dispose();
        this.patience?.dispose();
      }),
    );
    // Each answer tells how long the service takes; each call ended restarts the wait of a refresh under way.
    this.register(
      clients.onDidCall((event) => {
        if (event.error === undefined && event.operation.startsWith('Get')) this.health.heard(event.ms);
        if (this.waitingSince !== undefined) this.waitFor(Date.now());
      }),
    );
    // Another account is another service: what was found about the last one no longer holds.
    this.register(
      accounts.onDidChange(() => {
        // Pushes of the last account say nothing of whether this one's arrive.
        this.lastPushAt = -Infinity;
        this.health.reset();
        this.healthChanged.fire();
      }),
    );
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
      // Nothing shown needs the service (the mailers left in process were untracked): nothing is
      // out of date, so no warning stays up with no refresh left to take it down.
      if (this.health.unanswered) {
        this.health.clearOutage();
        this.healthChanged.fire();
      }
      return undefined;
    }
    const began = Date.now();
    const asking = this.ask(open, began);
    // Shown at once in the Mailers view (its progress bar) while the service is asked.
    void vscode.window.withProgress({ location: { viewId: MAILERS_VIEW } }, () => asking);
    return asking;
  }

  /** Whether a refresh waits on the service now (the Mailers view shows its progress meanwhile). */
  get waiting(): boolean {
    return this.waitingSince !== undefined;
  }

  /** (Re)starts the wait for the service's answer, from `from`. */
  private waitFor(from: number): void {
    this.waitingSince = from;
    this.patience?.dispose();
    const account = this.accounts.account;
    const paced = account ? getIntervalMs(account.endpoint, account.sandbox) : 0;
    const patience = this.health.patienceMs(paced);
    this.patience = timeout(patience, () => this.noAnswerYet(from, patience));
  }

  private stopWaiting(): void {
    this.waitingSince = undefined;
    this.patience?.dispose();
    this.patience = undefined;
  }

  /** The refresh under way got no answer for a few seconds past the usual: the outage begins now. */
  private noAnswerYet(began: number, waited: number): void {
    if (this.isDisposed || this.waitingSince !== began) return;
    const words = noAnswerWithinWords(waited, this.health.usualMs);
    if (!this.health.notAnswering(this.refreshBegan ?? began, words)) return;
    this.log.error(
      `Refresh waiting: ${words} The service is not answering: Mailroom goes on waiting, then asks again on its own, less often.`,
    );
    this.healthChanged.fire();
  }

  /** When the refresh under way began. */
  private refreshBegan: number | undefined;

  private async ask(open: readonly TrackedMailer[], began: number): Promise<Error | undefined> {
    // A refresh still under way when another account became the active one tells nothing about it.
    const account = this.accounts.accountKey;
    const current = () => this.accounts.accountKey === account;
    this.refreshBegan = began;
    this.waitFor(began);
    try {
      const { MailWsError, fetchStatuses } = await clientModule();
      const client = await this.clients.client();
      const ids = open.map((m) => m.id);
      const statuses = await fetchStatuses(client, ids);
      const details = new Map<number, MailerFacts>();
      const unpriced = open.filter(needsDetails).map((m) => m.id);
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
              });
        } catch (error) {
          if (!(error instanceof MailWsError && error.isWarning)) throw error;
        }
      }
      const changed = await this.mailers.update(statuses, details);
      this.schedule.succeeded();
      if (current()) this.answered();
      this.notify(changed);
      return undefined;
    } catch (error) {
      if (this.isDisposed) return undefined;
      this.schedule.failed();
      const words = wordsOf(error);
      const { MailWsNetworkError, MailWsFault } = await clientModule();
      const noAnswer = error instanceof MailWsNetworkError || (error instanceof MailWsFault && GATEWAY_STATUSES.includes(error.httpStatus));
      if (!noAnswer || !current()) {
        this.log.error(logLine(`Refresh failed: ${words}`, error));
        // It answered in the end (a fault, a result code): an outage its slowness began is over.
        if (!noAnswer && current() && this.health.unanswered) {
          this.health.clearOutage();
          this.healthChanged.fire();
        }
      } else if (this.health.notAnswering(began, words)) {
        this.log.error(
          logLine(`Refresh failed: ${words} The service is not answering: Mailroom asks again on its own, less often.`, error),
        );
        this.healthChanged.fire();
      }
      // Each call of the cycle has its line already; the outage was told when it began.
      else this.log.warn(logLine(`Refresh failed again, the service still not answering: ${words}`, error));
      return error instanceof Error ? error : new Error(words);
    } finally {
      this.stopWaiting();
      this.refreshBegan = undefined;
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
    this.notify(changed);
    // The next poll (if anything is still in process) now comes at the slower pace.
    if (!this.running) this.scheduleNext();
    return changed.length > 0;
  }

  /** A push about a batch item: polling slows all the same, and the view reads the items again when shown. */
  pushedItem(): void {
    this.lastPushAt = Date.now();
    this.mailers.refreshView();
  }

  /** A refresh got its answers: an outage it ends is said once, in the log and in a message. */
  private answered(): void {
    const at = Date.now();
    const ended = this.health.answered(at);
    this.healthChanged.fire();
    if (!ended) return;
    const words = answeredAgainWords(ended, at, { locale: vscode.env.language, now: at });
    this.log.info(words);
    void prompts.notify('info', words);
  }

  /** Tells the mailers whose status changed: a status the user must act on always, an end when asked to. */
  private notify(changed: readonly TrackedMailer[]): void {
    for (const mailer of changed.filter(needsUser)) void this.askForFunds(mailer);
    if (!vscode.workspace.getConfiguration('mailroom').get<boolean>('notifyOnCompletion', true)) return;
    for (const mailer of changed.filter((m) => groupOf(m) !== 'inProcess')) {
      const text = vscode.l10n.t(
        'Mailroom: {0} ({1}): {2}',
        mailer.description ?? vscode.l10n.t('Mailer {0}', mailer.id),
        mailer.id,
        mailer.statusText ?? String(mailer.status),
      );
      void prompts.notify(groupOf(mailer) === 'completed' ? 'info' : 'warning', text);
    }
  }

  /**
   * -990: the letter waits for funds, and fails (-1010) unless they arrive within 72 hours. Said
   * when it happens, with what to do: on the sandbox, Set Funds… (its control path); on a real
   * service, money added to the account there. Cancel Delivery works meanwhile.
   */
  private async askForFunds(mailer: TrackedMailer): Promise<void> {
    const name = mailer.description ?? vscode.l10n.t('Mailer {0}', mailer.id);
    const onSandbox = this.accounts.account?.sandbox === true;
    const text = onSandbox
      ? vscode.l10n.t(
          'Mailroom: {0} ({1}) is waiting for funds (-990): the sandbox account cannot pay for it. Set the funds and it goes on; without them it fails (-1010), sooner than the service does (72 hours).',
          name,
          mailer.id,
        )
      : vscode.l10n.t(
          'Mailroom: {0} ({1}) is waiting for funds (-990): add funds to the account at the service within 72 hours and it goes on; else it fails (-1010). Cancel Delivery from the Mailers view stops it.',
          name,
          mailer.id,
        );
    const setFunds = vscode.l10n.t('Set Funds…');
    const chosen = await prompts.notify('warning', text, ...(onSandbox ? [setFunds] : []));
    if (chosen === setFunds) await vscode.commands.executeCommand('mailroom.sandbox.setFunds' satisfies MailroomCommand);
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
