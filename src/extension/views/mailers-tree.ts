/** The Mailers view: mailers grouped in process / completed / failed or cancelled, batches with their items. */
import * as vscode from 'vscode';
import { GROUP_TITLES, groupMailers, groupOf, mailerSummary, type MailerGroup, type TrackedMailer } from '../model/mailers';
import type { TrackedMailers } from '../tracked-mailers';

export type MailersNode = { readonly kind: 'group'; readonly group: MailerGroup; readonly count: number } | { readonly kind: 'mailer'; readonly mailer: TrackedMailer };

const GROUP_ICONS: Readonly<Record<MailerGroup, vscode.ThemeIcon>> = {
  inProcess: new vscode.ThemeIcon('sync', new vscode.ThemeColor('charts.blue')),
  completed: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  failed: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')),
};

export class MailersTree implements vscode.TreeDataProvider<MailersNode> {
  private readonly changed = new vscode.EventEmitter<MailersNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly groups = new Map<MailerGroup, MailersNode>();
  private readonly nodes = new Map<number, MailersNode>();

  constructor(private readonly mailers: TrackedMailers) {
    mailers.onDidChange(() => this.changed.fire(undefined));
  }

  getChildren(node?: MailersNode): MailersNode[] {
    const grouped = groupMailers(this.mailers.list());
    if (!node) {
      this.groups.clear();
      return grouped.map(([group, list]) => {
        const groupNode: MailersNode = { kind: 'group', group, count: list.length };
        this.groups.set(group, groupNode);
        return groupNode;
      });
    }
    if (node.kind !== 'group') return [];
    return (grouped.find(([g]) => g === node.group)?.[1] ?? []).map((mailer) => {
      const mailerNode: MailersNode = { kind: 'mailer', mailer };
      this.nodes.set(mailer.id, mailerNode);
      return mailerNode;
    });
  }

  getParent(node: MailersNode): MailersNode | undefined {
    return node.kind === 'mailer' ? this.groups.get(groupOf(node.mailer)) : undefined;
  }

  getTreeItem(node: MailersNode): vscode.TreeItem {
    if (node.kind === 'group') {
      const item = new vscode.TreeItem(GROUP_TITLES[node.group], vscode.TreeItemCollapsibleState.Expanded);
      item.id = `group:${node.group}`;
      item.description = String(node.count);
      item.iconPath = GROUP_ICONS[node.group];
      return item;
    }
    const { mailer } = node;
    const item = new vscode.TreeItem(mailer.description || `Mailer ${mailer.id}`, vscode.TreeItemCollapsibleState.None);
    item.id = `mailer:${mailer.id}`;
    item.description = mailerSummary(mailer);
    item.contextValue = groupOf(mailer) === 'inProcess' ? 'mailer.inProcess' : 'mailer.final';
    item.iconPath = new vscode.ThemeIcon(mailer.isBatch ? 'files' : 'mail');
    item.tooltip = new vscode.MarkdownString(
      [`**${mailer.description ?? `Mailer ${mailer.id}`}**`, `ID: ${mailer.id}`, `Status: ${mailer.statusText ?? 'not yet known'}${mailer.status === undefined ? '' : ` (${mailer.status})`}`, mailer.price === undefined ? '' : `Price: $${mailer.price.toFixed(2)}`, mailer.lastUpdate ? `Last update: ${mailer.lastUpdate}` : '']
        .filter(Boolean)
        .join('  \n'),
    );
    return item;
  }

  /** The node of a mailer, once the view has shown it. */
  nodeOf(id: number): MailersNode | undefined {
    this.getChildren();
    for (const group of this.groups.values()) this.getChildren(group);
    return this.nodes.get(id);
  }
}
