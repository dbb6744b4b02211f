/**
 * Keeps the Mailers view current: refreshes on demand, and on its own while any mailer is in
 * process, in as few calls as the service allows (the client's tracking helper), backing off after
 * errors and slowing down while the window is not focused. Tells the user when a mailer ends.
 */
import * as vscode from 'vscode';
import { MailWsError, fetchStatuses } from '../client';
import type { Connection } from './connection';
import type { Log } from './log';
import { groupOf, type TrackedMailer } from './model/mailers';
import type { TrackedMailers } from './tracked-mailers';

const MAX_BACKOFF = 32;

export class Refresher implements vscode.Disposable {
  private timer: NodeJS.Timeout | undefined;
  private backoff = 1;
  private running: Promise<void> | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly mailers: TrackedMailers,
    private readonly log: Log,
  ) {}

  /** Refreshes now (joining one under way), then schedules the next one if anything is in process. */
  refresh(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
      this.schedule();
    });
    return this.running;
  }

  private async run(): Promise<void> {
    if (!this.connection.account) return;
    const open = this.mailers.list().filter((m) => groupOf(m) === 'inProcess' || m.price === undefined);
    if (open.length === 0) return;
    try {
      const client = await this.connection.client();
      const ids = open.map((m) => m.id);
      const statuses = await fetchStatuses(client, ids);
      const prices = new Map<number, number>();
      const unpriced = open.filter((m) => m.price === undefined).map((m) => m.id);
      if (unpriced.length > 0) {
        try {
          const details = await client.datedA.GetDetails({ ID: unpriced.slice(0, 1000).join(',') });
          for (const d of details.Details) if (d.Status !== -3001) prices.set(d.ID, d.Price);
        } catch (error) {
          if (!(error instanceof MailWsError && error.isWarning)) throw error;
        }
      }
      const ended = (await this.mailers.update(statuses, prices)).filter((m) => groupOf(m) !== 'inProcess');
      this.backoff = 1;
      this.notify(ended);
    } catch (error) {
      this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF);
      this.log.error(`Refresh failed: ${(error as Error).message}`);
    }
  }

  private notify(ended: readonly TrackedMailer[]): void {
    if (!vscode.workspace.getConfiguration('mailroom').get<boolean>('notifyOnCompletion', true)) return;
    for (const mailer of ended) {
      const text = `Mailroom: ${mailer.description ?? `Mailer ${mailer.id}`} (${mailer.id}): ${mailer.statusText ?? mailer.status}`;
      if (groupOf(mailer) === 'completed') void vscode.window.showInformationMessage(text);
      else void vscode.window.showWarningMessage(text);
    }
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.mailers.list().some((m) => groupOf(m) === 'inProcess')) return;
    const seconds = Math.max(2, vscode.workspace.getConfiguration('mailroom').get<number>('refreshIntervalSeconds', 10));
    const unfocused = vscode.window.state.focused ? 1 : 4;
    this.timer = setTimeout(() => void this.refresh(), seconds * 1000 * this.backoff * unfocused);
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
