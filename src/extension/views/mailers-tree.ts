/**
 * The Mailers view: mailers grouped in process / completed / failed or cancelled, batches with their
 * items; only those Filter Mailers… keeps, while a filter is on. Sends of unknown outcome are shown
 * whatever the filter: they wait for the person before anything is sent again.
 */
import * as vscode from 'vscode';
import type { ViewItem } from '../context-keys';
import type { MailroomCommand } from '../commands/ids';
import { describeStatus, formatDateTime, isCancellableStatus, type ResultOf } from '../../contract';
import { filterRows } from '../model/mailer-filter';
import type { MailerFilterState } from '../mailer-filter-state';
import { GROUP_TITLES, groupMailers, groupOf, mailerSummary, type MailerGroup, type TrackedMailer } from '../model/mailers';
import type { SendAttempt } from '../model/attempts';
import { spokenAttempt, spokenAttempts, spokenBatchItem, spokenGroup, spokenMailer } from '../model/spoken-labels';
import { Disposable, Emitter } from '../lifecycle';
import type { TrackedMailers } from '../tracked-mailers';

export type BatchItem = ResultOf<'datedA', 'GetBatchStatus'>['Statuses'][number];

type GroupNode =
  { readonly kind: 'group'; readonly group: MailerGroup; readonly count: number } | { readonly kind: 'attempts'; readonly count: number };
export type MailersNode =
  | GroupNode
  | { readonly kind: 'attempt'; readonly attempt: SendAttempt }
  | { readonly kind: 'mailer'; readonly mailer: TrackedMailer }
  | { readonly kind: 'item'; readonly batch: TrackedMailer; readonly item: BatchItem }
  | { readonly kind: 'note'; readonly batch: TrackedMailer; readonly text: string };

const GROUP_ICONS: Readonly<Record<MailerGroup, vscode.ThemeIcon>> = {
  inProcess: new vscode.ThemeIcon('sync', new vscode.ThemeColor('charts.blue')),
  completed: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  failed: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')),
};

/**
 * What clicking a row (or Enter on it) does: a mailer and a batch item open the details (the
 * item's batch's, which list its items); a send of unknown outcome is looked up, which only reads;
 * the groups and notes do nothing.
 */
function showDetailsOf(node: MailersNode, title: string): vscode.Command {
  return { command: 'mailroom.showDetails' satisfies MailroomCommand, title, arguments: [node] };
}

/** A mailer row's contextValue: what its menus offer (context-keys.ts). */
function rowOf(mailer: TrackedMailer): ViewItem {
  if (mailer.status !== undefined && isCancellableStatus(mailer.status)) return 'mailer.cancellable';
  return groupOf(mailer) === 'inProcess' ? 'mailer.inProcess' : 'mailer.final';
}

export class MailersTree extends Disposable implements vscode.TreeDataProvider<MailersNode> {
  private readonly changed = this.register(new Emitter<MailersNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly groups = new Map<MailerGroup, GroupNode>();
  private readonly nodes = new Map<number, MailersNode>();
  /** A batch's items as last read, until the mailers change again. */
  private readonly items = new Map<number, Promise<MailersNode[]>>();

  constructor(
    private readonly mailers: TrackedMailers,
    private readonly readBatchItems: (id: number) => Promise<readonly BatchItem[]>,
    private readonly filter: MailerFilterState,
  ) {
    super();
    this.register(
      mailers.onDidChange(() => {
        this.items.clear();
        this.changed.fire(undefined);
      }),
    );
    this.register(filter.onDidChange(() => this.changed.fire(undefined)));
  }

  /** The mailers the view shows: those the filter keeps (all, without one). Export Mailers… writes these. */
  shown(): readonly TrackedMailer[] {
    return filterRows(this.mailers.list(), this.filter.current);
  }

  getChildren(node?: GroupNode): MailersNode[];
  getChildren(node: MailersNode): MailersNode[] | Promise<MailersNode[]>;
  getChildren(node?: MailersNode): MailersNode[] | Promise<MailersNode[]> {
    if (!node) {
      this.groups.clear();
      const attempts = this.mailers.attempts();
      // Sends of unknown outcome come first: they need the user before anything is sent again.
      const unknown: MailersNode[] = attempts.length > 0 ? [{ kind: 'attempts', count: attempts.length }] : [];
      return [
        ...unknown,
        ...groupMailers(this.shown()).map(([group, list]) => {
          const groupNode: GroupNode = { kind: 'group', group, count: list.length };
          this.groups.set(group, groupNode);
          return groupNode;
        }),
      ];
    }
    if (node.kind === 'attempts') return this.mailers.attempts().map((attempt) => ({ kind: 'attempt', attempt }));
    if (node.kind === 'mailer') return node.mailer.isBatch ? this.batchItems(node.mailer) : [];
    if (node.kind !== 'group') return [];
    return (groupMailers(this.shown()).find(([g]) => g === node.group)?.[1] ?? []).map((mailer) => {
      const mailerNode: MailersNode = { kind: 'mailer', mailer };
      this.nodes.set(mailer.id, mailerNode);
      return mailerNode;
    });
  }

  private batchItems(batch: TrackedMailer): Promise<MailersNode[]> {
    let items = this.items.get(batch.id);
    if (!items) {
      items = this.readBatchItems(batch.id).then(
        (list) => list.map((item): MailersNode => ({ kind: 'item', batch, item })),
        (error: Error) => [{ kind: 'note', batch, text: vscode.l10n.t('Items not available: {0}', error.message) }],
      );
      this.items.set(batch.id, items);
    }
    return items;
  }

  getParent(node: MailersNode): MailersNode | undefined {
    if (node.kind === 'mailer') return this.groups.get(groupOf(node.mailer));
    if (node.kind === 'attempt') return { kind: 'attempts', count: this.mailers.attempts().length };
    return node.kind === 'item' || node.kind === 'note' ? this.nodes.get(node.batch.id) : undefined;
  }

  getTreeItem(node: MailersNode): vscode.TreeItem {
    switch (node.kind) {
      case 'group': {
        const item = new vscode.TreeItem(GROUP_TITLES[node.group](), vscode.TreeItemCollapsibleState.Expanded);
        item.id = `group:${node.group}`;
        item.description = String(node.count);
        item.iconPath = GROUP_ICONS[node.group];
        item.accessibilityInformation = { label: spokenGroup(node.group, node.count) };
        return item;
      }
      case 'attempts': {
        const item = new vscode.TreeItem(vscode.l10n.t('Outcome unknown'), vscode.TreeItemCollapsibleState.Expanded);
        item.id = 'group:attempts';
        item.description = String(node.count);
        item.iconPath = new vscode.ThemeIcon('question', new vscode.ThemeColor('list.warningForeground'));
        item.tooltip = vscode.l10n.t('Sends that left but got no answer: the mailer may exist. Look each up before sending again.');
        item.accessibilityInformation = { label: spokenAttempts(node.count) };
        return item;
      }
      case 'attempt': {
        const { attempt } = node;
        const item = new vscode.TreeItem(attempt.description, vscode.TreeItemCollapsibleState.None);
        item.id = `attempt:${attempt.key}`;
        const sentAt = new Date(attempt.sentAt).toLocaleTimeString();
        item.description = vscode.l10n.t('outcome unknown · {0} · {1}', attempt.workMode, sentAt);
        item.accessibilityInformation = { label: spokenAttempt(attempt.description, attempt.workMode, sentAt) };
        item.tooltip = vscode.l10n.t(
          'The request left, but no answer came back. Look it up to find the mailer it made, if any, before sending again.',
        );
        item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
        item.contextValue = 'attempt' satisfies ViewItem;
        item.command = { command: 'mailroom.lookUpAttempt' satisfies MailroomCommand, title: vscode.l10n.t('Look Up'), arguments: [node] };
        return item;
      }
      case 'item': {
        const { item: batchItem, batch } = node;
        const item = new vscode.TreeItem(vscode.l10n.t('Item {0}', batchItem.ItemID), vscode.TreeItemCollapsibleState.None);
        item.id = `item:${batch.id}:${batchItem.ItemID}`;
        item.description = batchItem.Description || describeStatus(batchItem.Status);
        item.tooltip = vscode.l10n.t(
          'Batch {0}, item {1}\nStatus: {2} ({3})\nLast update: {4}',
          batch.id,
          batchItem.ItemID,
          item.description,
          batchItem.Status,
          formatDateTime(batchItem.LastUpdateTime),
        );
        item.iconPath = new vscode.ThemeIcon('mail');
        item.accessibilityInformation = { label: spokenBatchItem(batch.id, batchItem.ItemID, item.description) };
        item.contextValue = 'batchItem' satisfies ViewItem;
        // An item has no details of its own to show: its batch's details list every item.
        item.command = showDetailsOf(node, vscode.l10n.t("Show the batch's details"));
        return item;
      }
      case 'note': {
        const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
        item.iconPath = new vscode.ThemeIcon('warning');
        return item;
      }
      case 'mailer':
        return this.mailerItem(node);
    }
  }

  private mailerItem(node: Extract<MailersNode, { kind: 'mailer' }>): vscode.TreeItem {
    const { mailer } = node;
    const item = new vscode.TreeItem(
      mailer.description || vscode.l10n.t('Mailer {0}', mailer.id),
      mailer.isBatch ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = `mailer:${mailer.id}`;
    item.description = mailerSummary(mailer);
    item.accessibilityInformation = { label: spokenMailer(mailer) };
    item.contextValue = rowOf(mailer);
    item.iconPath = new vscode.ThemeIcon(mailer.isBatch ? 'files' : 'mail');
    // A click (or Enter) opens the details; a batch still expands by its twistie.
    item.command = showDetailsOf(node, vscode.l10n.t('Show Details'));
    item.tooltip = new vscode.MarkdownString(
      [
        `**${mailer.description ?? vscode.l10n.t('Mailer {0}', mailer.id)}**`,
        mailer.isBatch ? vscode.l10n.t('ID: {0} (a batch)', mailer.id) : vscode.l10n.t('ID: {0}', mailer.id),
        mailer.status === undefined
          ? vscode.l10n.t('Status: {0}', mailer.statusText ?? vscode.l10n.t('not yet known'))
          : vscode.l10n.t('Status: {0} ({1})', mailer.statusText ?? vscode.l10n.t('not yet known'), mailer.status),
        mailer.price === undefined ? '' : vscode.l10n.t('Price: ${0}', mailer.price.toFixed(2)),
        mailer.lastUpdate ? vscode.l10n.t('Last update: {0}', mailer.lastUpdate) : '',
      ]
        .filter(Boolean)
        .join('  \n'),
    );
    item.tooltip.supportThemeIcons = false;
    return item;
  }

  /** The node of a mailer, once the view has shown it. */
  nodeOf(id: number): MailersNode | undefined {
    this.getChildren();
    for (const group of this.groups.values()) this.getChildren(group);
    return this.nodes.get(id);
  }
}
