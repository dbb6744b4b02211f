/**
 * Whether the service answers the Mailers view's refreshes (model/service-health.ts): a refresh
 * that gets no answer begins an outage, which the status bar and the view's message show until a
 * refresh gets its answers again; that is said once, and logged once, not on every cycle.
 *
 * A refresh waiting on the service that waits a few seconds past the service's usual answer time
 * (ServiceHealth.patienceMs, learnt from its calls) begins the outage then, not when its calls
 * give up after their whole budget (60 s).
 */
import * as vscode from 'vscode';
import { clientModule } from './client-module';
import { getIntervalMs } from '../contract';
import type { Accounts } from './connection/accounts';
import type { Clients } from './connection/clients';
import { Disposable, Emitter, timeout, toDisposable } from './lifecycle';
import type { Log } from './log';
import { prompts } from './prompts';
import { GATEWAY_STATUSES, ServiceHealth, answeredAgainWords, noAnswerWithinWords } from './model/service-health';
import { logLine } from './model/failure-words';

export class OutageWatch extends Disposable {
  /** Whether the service answers, as the refreshes found it. */
  readonly health = new ServiceHealth();
  /** The refresh waiting on the service now, if one is: when it began, or its last call ended. */
  private waitingSince: number | undefined;
  /** When the refresh waiting now is taken for no answer. */
  private patience: vscode.Disposable | undefined;
  /** When the refresh under way began. */
  private refreshBegan: number | undefined;
  private readonly changed = this.register(new Emitter<void>());
  /** The service stopped answering, answers again, or another account is the active one. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly accounts: Accounts,
    clients: Clients,
    private readonly log: Log,
  ) {
    super();
    this.register(toDisposable(() => void this.patience?.dispose()));
    // Each answer tells how long the service takes; each call ended restarts the wait of a refresh under way.
    this.register(
      clients.onDidCall((event) => {
        if (event.error === undefined && event.operation.startsWith('Get')) this.health.heard(event.ms);
        if (this.waitingSince !== undefined) this.waitFor(Date.now());
      }),
    );
  }

  /** Another account is another service: what was found about the last one no longer holds. */
  reset(): void {
    this.health.reset();
    this.changed.fire();
  }

  /** Whether a refresh waits on the service now (the Mailers view shows its progress meanwhile). */
  get waiting(): boolean {
    return this.waitingSince !== undefined;
  }

  /** A refresh asks the service, from `at`. */
  began(at: number): void {
    this.refreshBegan = at;
    this.waitFor(at);
  }

  /** The refresh under way ended, answered or not. */
  ended(): void {
    this.stopWaiting();
    this.refreshBegan = undefined;
  }

  /**
   * Nothing shown needs the service (the mailers left in process were untracked): nothing is out
   * of date, so no warning stays up with no refresh left to take it down.
   */
  nothingToAsk(): void {
    if (this.health.unanswered) {
      this.health.clearOutage();
      this.changed.fire();
    }
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
    this.changed.fire();
  }

  /** A refresh got its answers: an outage it ends is said once, in the log and in a message. */
  answered(): void {
    const at = Date.now();
    const ended = this.health.answered(at);
    this.changed.fire();
    if (!ended) return;
    const words = answeredAgainWords(ended, at, { locale: vscode.env.language, now: at });
    this.log.info(words);
    void prompts.notify('info', words);
  }

  /**
   * A refresh that began at `began` failed (`words`): no answer (the network, a gateway) begins an
   * outage or goes on with it; an answer that is a failure ends one. `current`: whether the account
   * it asked for is still the active one (a refresh of another account tells nothing of this one).
   */
  async failed(error: unknown, words: string, began: number, current: () => boolean): Promise<void> {
    const { MailWsNetworkError, MailWsFault } = await clientModule();
    const noAnswer = error instanceof MailWsNetworkError || (error instanceof MailWsFault && GATEWAY_STATUSES.includes(error.httpStatus));
    if (!noAnswer || !current()) {
      this.log.error(logLine(`Refresh failed: ${words}`, error));
      // It answered in the end (a fault, a result code): an outage its slowness began is over.
      if (!noAnswer && current() && this.health.unanswered) {
        this.health.clearOutage();
        this.changed.fire();
      }
    } else if (this.health.notAnswering(began, words)) {
      this.log.error(logLine(`Refresh failed: ${words} The service is not answering: Mailroom asks again on its own, less often.`, error));
      this.changed.fire();
    }
    // Each call of the cycle has its line already; the outage was told when it began.
    else this.log.warn(logLine(`Refresh failed again, the service still not answering: ${words}`, error));
  }
}
