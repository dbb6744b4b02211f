/**
 * The mailers followed in the Mailers view: sent from this VS Code or added by ID, remembered per
 * account in global state, so that they survive restarts and follow the user across workspaces.
 */
import * as vscode from 'vscode';
import type { MailerStatus } from '../client';
import { formatDateTime } from '../contract';
import type { Accounts } from './connection/accounts';
import { Disposable, Emitter } from './lifecycle';
import type { SendAttempt } from './model/attempts';
import type { TrackedMailer } from './model/mailers';

/** What GetDetails adds to a mailer's status. */
export type MailerFacts = Pick<TrackedMailer, 'price' | 'isBatch' | 'workMode' | 'submitted' | 'description'>;

export class TrackedMailers extends Disposable {
  private readonly changed = this.register(new Emitter<void>());
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly state: vscode.Memento,
    private readonly accounts: Pick<Accounts, 'accountKey'>,
  ) {
    super();
  }

  private get key(): string | undefined {
    const account = this.accounts.accountKey;
    return account && `mailroom.mailers|${account}`;
  }

  /** Sends of unknown outcome (model/attempts.ts), remembered like the mailers. */
  attempts(): SendAttempt[] {
    return this.key ? (this.state.get<SendAttempt[]>(`${this.key}|attempts`) ?? []) : [];
  }

  async addAttempt(attempt: SendAttempt): Promise<void> {
    await this.saveAttempts([...this.attempts(), attempt]);
  }

  async removeAttempt(key: string): Promise<void> {
    await this.saveAttempts(this.attempts().filter((a) => a.key !== key));
  }

  private async saveAttempts(attempts: readonly SendAttempt[]): Promise<void> {
    if (!this.key) return;
    await this.state.update(`${this.key}|attempts`, attempts);
    this.changed.fire();
  }

  list(): TrackedMailer[] {
    return this.key ? (this.state.get<TrackedMailer[]>(this.key) ?? []) : [];
  }

  /** The mailers followed for any account (Accounts.accountKey's key), for the view grouped by account. */
  listOf(accountKey: string): TrackedMailer[] {
    return this.state.get<TrackedMailer[]>(`mailroom.mailers|${accountKey}`) ?? [];
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

  /**
   * Takes in fresh statuses and details; answers the mailers whose status changed. State is
   * written (and the view told) only when something did change.
   */
  async update(
    statuses: ReadonlyMap<number, MailerStatus>,
    details: ReadonlyMap<number, MailerFacts> = new Map(),
  ): Promise<TrackedMailer[]> {
    const changed: TrackedMailer[] = [];
    let dirty = false;
    const next = this.list().map((mailer) => {
      const status = statuses.get(mailer.id);
      const facts = details.get(mailer.id);
      const updated: TrackedMailer = {
        ...mailer,
        ...(status ? { status: status.Status, statusText: status.Description, lastUpdate: formatDateTime(status.LastUpdateTime) } : {}),
        ...facts,
      };
      if (status && status.Status !== mailer.status) changed.push(updated);
      if (JSON.stringify(updated) !== JSON.stringify(mailer)) dirty = true;
      return updated;
    });
    if (dirty) await this.save(next);
    return changed;
  }

  /** Called when the account changes: the view shows that account's mailers. */
  refreshView(): void {
    this.changed.fire();
  }
}
