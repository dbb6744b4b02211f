/**
 * The filter of this window's Mailers and Send History views (model/mailer-filter.ts). Kept in
 * memory only: per window, and gone on a reload, so that a window never opens on a list with
 * mailers hidden by a search made before (docs/extension.md, "Filter, export and the send history"). The context key
 * `mailroom.mailersFiltered` shows Clear Filter in the views' title bars while one is on.
 */
import * as vscode from 'vscode';
import type { MailroomContextKey } from './context-keys';
import { Disposable, Emitter } from './lifecycle';
import { isFiltering, NO_FILTER, type MailerFilter } from './model/mailer-filter';

export class MailerFilterState extends Disposable {
  private value: MailerFilter = NO_FILTER;
  private readonly changed = this.register(new Emitter<void>());
  readonly onDidChange = this.changed.event;

  get current(): MailerFilter {
    return this.value;
  }

  async set(filter: MailerFilter): Promise<void> {
    this.value = isFiltering(filter) ? filter : NO_FILTER;
    await vscode.commands.executeCommand('setContext', 'mailroom.mailersFiltered' satisfies MailroomContextKey, isFiltering(filter));
    this.changed.fire();
  }
}
