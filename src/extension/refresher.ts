/**
 * Keeps the Mailers view current: refreshes on demand, and on its own while any mailer is in
 * process, in as few calls as the service allows (the client's tracking helper), backing off after
 * errors and slowing down while the window is not focused. Tells the user when a mailer ends.
 * A refresh is bounded by its calls' timeouts (`mailroom.timeoutSeconds`, retries included): one
 * against a server that never finishes its answer ends there, with an error naming the endpoint.
 */
import * as vscode from 'vscode';
import { clientModule } from './client-module';
import { MAX_IDS_PER_QUERY, NO_PERMISSIONS_STATUS, formatIds } from '../contract';
import type { Connection } from './connection';
import { Disposable, timeout, toDisposable } from './lifecycle';
import type { Log } from './log';
import { groupOf, type TrackedMailer } from './model/mailers';
import { RefreshSchedule } from './model/refresh-schedule';
import { prompts } from './prompts';
import type { MailerFacts, TrackedMailers } from './tracked-mailers';

export class Refresher extends Disposable {
  /** The next refresh, when one is scheduled. */
  private next: vscode.Disposable | undefined;
  private readonly schedule = new RefreshSchedule();
  private running: Promise<string | undefined> | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly mailers: TrackedMailers,
    private readonly log: Log,
  ) {
    super();
    this.register(
      toDisposable(() => {
        this.next?.dispose();
      }),
    );
  }

  /**
   * Refreshes now (joining one under way), then schedules the next one if anything is in process.
   * Resolves to why it failed (also in the log), or undefined.
   */
  refresh(): Promise<string | undefined> {
    if (this.isDisposed) return Promise.resolve(undefined);
    this.running ??= this.run().finally(() => {
      this.running = undefined;
      this.scheduleNext();
    });
    return this.running;
  }

  private async run(): Promise<string | undefined> {
    if (!this.connection.account) return undefined;
    const open = this.mailers.list().filter((m) => groupOf(m) === 'inProcess' || m.price === undefined);
    if (open.length === 0) return undefined;
    try {
      const { MailWsError, fetchStatuses } = await clientModule();
      const client = await this.connection.client();
      const ids = open.map((m) => m.id);
      const statuses = await fetchStatuses(client, ids);
      const details = new Map<number, MailerFacts>();
      const unpriced = open.filter((m) => m.price === undefined).map((m) => m.id);
      if (unpriced.length > 0) {
        try {
          const answer = await client.datedA.GetDetails({ ID: formatIds(unpriced.slice(0, MAX_IDS_PER_QUERY)) });
          for (const d of answer.Details) if (d.Status !== NO_PERMISSIONS_STATUS) details.set(d.ID, { price: d.Price, isBatch: d.IsBatch });
        } catch (error) {
          if (!(error instanceof MailWsError && error.isWarning)) throw error;
        }
      }
      const ended = (await this.mailers.update(statuses, details)).filter((m) => groupOf(m) !== 'inProcess');
      this.schedule.succeeded();
      this.notify(ended);
      return undefined;
    } catch (error) {
      if (this.isDisposed) return undefined;
      this.schedule.failed();
      this.log.error(`Refresh failed: ${(error as Error).message}`);
      return (error as Error).message;
    }
  }

  private notify(ended: readonly TrackedMailer[]): void {
    if (!vscode.workspace.getConfiguration('mailroom').get<boolean>('notifyOnCompletion', true)) return;
    for (const mailer of ended) {
      const text = `Mailroom: ${mailer.description ?? `Mailer ${mailer.id}`} (${mailer.id}): ${mailer.statusText ?? mailer.status}`;
      void prompts.notify(groupOf(mailer) === 'completed' ? 'info' : 'warning', text);
    }
  }

  private scheduleNext(): void {
    this.next?.dispose();
    this.next = undefined;
    // A refresh that was under way when the extension shut down schedules nothing.
    if (this.isDisposed) return;
    const delay = this.schedule.delayMs({
      intervalSeconds: vscode.workspace.getConfiguration('mailroom').get<number>('refreshIntervalSeconds', 10),
      focused: vscode.window.state.focused,
      anyInProcess: this.mailers.list().some((m) => groupOf(m) === 'inProcess'),
    });
    if (delay !== undefined) this.next = timeout(delay, () => void this.refresh());
  }
}
