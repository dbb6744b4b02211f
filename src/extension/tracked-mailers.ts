/**
 * The mailers followed in the Mailers view: sent from this VS Code or added by ID, remembered per
 * account in global state, so that they survive restarts and follow the user across workspaces.
 */
import * as vscode from 'vscode';
import type { MailerStatus } from '../client';
import { formatDateTime } from '../contract';
import type { Connection } from './connection';
import type { TrackedMailer } from './model/mailers';

export class TrackedMailers implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly state: vscode.Memento,
    private readonly connection: Connection,
  ) {}

  private get key(): string | undefined {
    const account = this.connection.accountKey;
    return account && `mailroom.mailers|${account}`;
  }

  list(): TrackedMailer[] {
    return this.key ? (this.state.get<TrackedMailer[]>(this.key) ?? []) : [];
  }

  get(id: number): TrackedMailer | undefined {
    return this.list().find((m) => m.id === id);
  }

  private async save(mailers: readonly TrackedMailer[]): Promise<void> {
    if (!this.key) return;
    await this.state.update(this.key, mailers);
    this.changed.fire();
  }

  async add(mailers: readonly TrackedMailer[]): Promise<void> {
    const known = new Map(this.list().map((m) => [m.id, m]));
    for (const mailer of mailers) known.set(mailer.id, { ...known.get(mailer.id), ...mailer });
    await this.save([...known.values()]);
  }

  async remove(id: number): Promise<void> {
    await this.save(this.list().filter((m) => m.id !== id));
  }

  /** Takes in fresh statuses; answers the mailers whose status changed. */
  async update(statuses: ReadonlyMap<number, MailerStatus>, prices: ReadonlyMap<number, number> = new Map()): Promise<TrackedMailer[]> {
    const changed: TrackedMailer[] = [];
    const next = this.list().map((mailer) => {
      const status = statuses.get(mailer.id);
      const price = prices.get(mailer.id);
      if (!status && price === undefined) return mailer;
      const updated: TrackedMailer = {
        ...mailer,
        ...(status ? { status: status.Status, statusText: status.Description, lastUpdate: formatDateTime(status.LastUpdateTime) } : {}),
        ...(price === undefined ? {} : { price }),
      };
      if (status && status.Status !== mailer.status) changed.push(updated);
      return updated;
    });
    await this.save(next);
    return changed;
  }

  /** Called when the account changes: the view shows that account's mailers. */
  refreshView(): void {
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
