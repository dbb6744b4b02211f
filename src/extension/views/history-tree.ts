/**
 * The Send History view: every send of the machine's send log (send-log.ts: the command line's
 * sends too), newest first, with the status of its mailer as the Mailers view knows it, filtered
 * by the same filter as the Mailers view. A row of the active account opens the mailer's details
 * on a click, and its PDF preview from its menu. The log is read when the view is drawn: after
 * every send (the tracked mailers change) and every refresh that changed a status. A line of the
 * log that does not read is named in the view's message (file, line, size); the lines after it are shown.
 */
import * as vscode from 'vscode';
import type { ViewItem } from '../context-keys';
import type { MailroomCommand } from '../commands/ids';
import { clientModule } from '../client-module';
import type { Accounts } from '../connection/accounts';
import { Disposable, Emitter } from '../lifecycle';
import type { DamagedLine } from '../../client';
import { damagedLinesMessage } from '../model/damaged-lines';
import { historyEntries, type HistoryEntry } from '../model/history-entries';
import { filterMessage, filterRows } from '../model/mailer-filter';
import { ownSendLogPath } from '../send-log';
import type { MailerFilterState } from '../mailer-filter-state';
import type { TrackedMailers } from '../tracked-mailers';

export interface HistoryNode {
  readonly kind: 'history';
  readonly row: HistoryEntry;
}

const GROUP_ICONS: Readonly<Record<HistoryEntry['statusGroup'], vscode.ThemeIcon>> = {
  received: new vscode.ThemeIcon('inbox', new vscode.ThemeColor('charts.blue')),
  'in-process': new vscode.ThemeIcon('sync', new vscode.ThemeColor('charts.blue')),
  completed: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  cancelled: new vscode.ThemeIcon('circle-slash'),
  failed: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')),
  unknown: new vscode.ThemeIcon('question'),
};

export class HistoryTree extends Disposable implements vscode.TreeDataProvider<HistoryNode> {
  private readonly changed = this.register(new Emitter<HistoryNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  /** The rows as last drawn: Show Details and Preview PDF accept only an ID among them. */
  private rows: readonly HistoryEntry[] = [];
  /** Where the view's message goes (set by extension.ts once the view exists). */
  view: vscode.TreeView<HistoryNode> | undefined;

  constructor(
    private readonly accounts: Accounts,
    private readonly mailers: TrackedMailers,
    private readonly filter: MailerFilterState,
  ) {
    super();
    const redraw = () => this.changed.fire(undefined);
    this.register(mailers.onDidChange(redraw));
    this.register(filter.onDidChange(redraw));
    this.register(accounts.onDidChange(redraw));
  }

  /** The send log's rows of the active account and the filter, read now. */
  async read(): Promise<readonly HistoryEntry[]> {
    const { readSendLog } = await clientModule();
    const damaged: DamagedLine[] = [];
    const records = await readSendLog(ownSendLogPath(), (line) => damaged.push(line));
    const all = historyEntries(records, this.accounts.account, (id) => this.mailers.get(id));
    const shown = filterRows(all, this.filter.current);
    // A line of the log that does not read is named above the rows, never left out in silence.
    const said = [filterMessage(this.filter.current, shown.length, all.length, 'sends'), damagedLinesMessage(damaged)].filter(Boolean);
    if (this.view) this.view.message = said.length > 0 ? said.join(' ') : undefined;
    this.rows = shown;
    return shown;
  }

  /** Whether a row now shown names this mailer of the active account. */
  opens(id: number): boolean {
    return this.rows.some((row) => row.openable && row.id === id);
  }

  async getChildren(node?: HistoryNode): Promise<HistoryNode[]> {
    if (node) return [];
    return (await this.read()).map((row) => ({ kind: 'history', row }));
  }

  getTreeItem({ row }: HistoryNode): vscode.TreeItem {
    const label = row.description || (row.id === undefined ? row.operation : vscode.l10n.t('Mailer {0}', row.id));
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = `send:${row.entry}`;
    item.description = [row.id, row.statusText.replace(/^(Completed|Failed): .*/, '$1'), row.submitted]
      .filter((p) => p !== undefined)
      .join(' · ');
    item.iconPath = GROUP_ICONS[row.statusGroup];
    item.contextValue = (row.openable ? 'sent' : 'send') satisfies ViewItem;
    item.accessibilityInformation = {
      label: vscode.l10n.t('{0}, {1}, sent {2}', label, row.statusText, row.submitted),
    };
    item.tooltip = [
      `${label}${row.id === undefined ? '' : ` (${row.id})`}`,
      vscode.l10n.t('Sent: {0} with {1}', row.submitted, row.operation),
      vscode.l10n.t('Account: {0} at {1}', row.user, row.endpoint),
      row.workMode ? vscode.l10n.t('Work mode: {0}', row.workMode) : '',
      row.recipient ? vscode.l10n.t('To: {0}', row.recipient) : '',
      vscode.l10n.t('Status: {0}', row.statusText),
      row.priceText ?? '',
      row.source ? vscode.l10n.t('From: {0}', row.source) : '',
      `SHA-256: ${row.sha256}`,
    ]
      .filter(Boolean)
      .join('\n');
    if (row.openable)
      item.command = {
        command: 'mailroom.showDetails' satisfies MailroomCommand,
        title: vscode.l10n.t('Show Details'),
        arguments: [{ kind: 'history', row }],
      };
    return item;
  }
}
