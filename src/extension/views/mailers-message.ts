/**
 * The Mailers view's message says two things, each when it holds: that the service is not
 * answering (written by status-bar.ts, as `message`) and which filter is on, with how many mailers
 * it keeps and how to clear it. Neither hides the other.
 */
import type * as vscode from 'vscode';
import { Disposable } from '../lifecycle';
import { filterMessage } from '../model/mailer-filter';
import type { MailerFilterState } from '../mailer-filter-state';
import type { TrackedMailers } from '../tracked-mailers';
import type { MailersTree } from './mailers-tree';

export class MailersMessage extends Disposable {
  private outage: string | undefined;

  constructor(
    private readonly view: vscode.TreeView<unknown>,
    private readonly tree: MailersTree,
    private readonly mailers: TrackedMailers,
    private readonly filter: MailerFilterState,
  ) {
    super();
    this.register(mailers.onDidChange(() => this.update()));
    this.register(filter.onDidChange(() => this.update()));
    // A batch found by its items' recipients is shown once they are searched, after the filter changed.
    this.register(tree.onDidChangeTreeData(() => this.update()));
  }

  /** The service-health part, as MailroomStatus sets it. */
  get message(): string | undefined {
    return this.outage;
  }

  set message(words: string | undefined) {
    this.outage = words;
    this.update();
  }

  private update(): void {
    const filtered = filterMessage(this.filter.current, this.tree.shown().length, this.mailers.list().length, 'mailers');
    this.view.message = [this.outage, filtered].filter(Boolean).join('\n') || undefined;
  }
}
