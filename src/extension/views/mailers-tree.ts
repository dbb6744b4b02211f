/**
 * The Mailers view: mailers grouped in process / completed / failed or cancelled, batches with their
 * items; only those Filter Mailers… keeps, while a filter is on. Sends of unknown outcome are shown
 * whatever the filter: they wait for the person before anything is sent again. The active account's;
 * with `mailroom.mailers.groupByAccount` on, every listed account's, each under its own row (another
 * account's mailers are shown, not acted on: its row switches to it).
 *
 * A batch's items come a page at a time (GetBatchStatus of an ItemID range: a batch may hold
 * 100,000), with a Show More row for the next; each says who it goes to when this machine sent the
 * merge (batch-recipients.ts), and Filter Mailers… finds a batch by its items' recipients, then
 * shows only the items that match.
 */
import * as vscode from 'vscode';
import { accountName } from '../account-name';
import { keyOfAccount, type Account } from '../connection/accounts';
import type { ViewItem } from '../context-keys';
import type { MailroomCommand } from '../commands/ids';
import { describeStatus, formatDateTime, isCancellableStatus, type ResultOf } from '../../contract';
import { filterRows } from '../model/mailer-filter';
import { ITEMS_PER_PAGE, itemIdsOf, itemLabel, itemsHolding } from '../model/batch-items';
import type { MailerFilterState } from '../mailer-filter-state';
import {
  GROUP_TITLES,
  groupMailers,
  groupOf,
  mailerSummary,
  needsUser,
  priceOf,
  type MailerGroup,
  type TrackedMailer,
} from '../model/mailers';
import type { SendAttempt } from '../model/attempts';
import { spokenAttempt, spokenAttempts, spokenBatchItem, spokenGroup, spokenMailer } from '../model/spoken-labels';
import { Disposable, Emitter } from '../lifecycle';
import type { TrackedMailers } from '../tracked-mailers';
import { wordsOf } from '../model/failure-words';

export type BatchItem = ResultOf<'datedA', 'GetBatchStatus'>['Statuses'][number];

/** `account`: the key of the account whose row it is under, when the view is grouped by account. */
type GroupNode =
  | { readonly kind: 'group'; readonly group: MailerGroup; readonly count: number; readonly account?: string }
  | { readonly kind: 'attempts'; readonly count: number; readonly account?: string };
type AccountNode = { readonly kind: 'account'; readonly account: Account; readonly active: boolean };
export type MailersNode =
  | AccountNode
  | GroupNode
  | { readonly kind: 'attempt'; readonly attempt: SendAttempt }
  /** `otherAccount`: the key of the account it is followed for, when that is not the active one. */
  | { readonly kind: 'mailer'; readonly mailer: TrackedMailer; readonly otherAccount?: string }
  | { readonly kind: 'item'; readonly batch: TrackedMailer; readonly item: BatchItem; readonly recipient?: string }
  /** The row after a page of a batch's items, when it has more: Show More. */
  | { readonly kind: 'more'; readonly batch: TrackedMailer; readonly shown: number }
  | { readonly kind: 'note'; readonly batch: TrackedMailer; readonly text: string };

/** A Show More row, as the workbench hands it back to its command. */
export function isMoreNode(node: unknown): node is Extract<MailersNode, { kind: 'more' }> {
  return typeof node === 'object' && node !== null && (node as { kind?: unknown }).kind === 'more';
}

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
  /** A batch's items as far as they are shown, read a page at a time, until the mailers or the filter change. */
  private readonly items = new Map<number, Promise<ItemPages>>();
  /** How many of a batch's items the person has had shown (Show More): read again as many when the mailers change. */
  private readonly extent = new Map<number, number>();
  /** While the filter has text: the batches with items whose recipient holds it, and those items. */
  private matches: ReadonlyMap<number, readonly number[]> = new Map();
  /** The text `matches` were found for. */
  private matchedText = '';

  private readonly accountNodes = new Map<string, AccountNode>();

  constructor(
    private readonly mailers: TrackedMailers,
    /** GetBatchStatus of the items `itemIds` names (the service's ID syntax: "101-201", "3,17"). */
    private readonly readBatchItems: (id: number, itemIds: string) => Promise<readonly BatchItem[]>,
    private readonly filter: MailerFilterState,
    /** The accounts listed and the active one's key, for the view grouped by account. */
    private readonly accounts: { readonly listed: readonly Account[]; readonly accountKey: string | undefined },
    /** Each item's recipient (item 1 first), when this machine kept them for the batch (batch-recipients.ts). */
    private readonly recipientsOf: (batch: TrackedMailer) => Promise<readonly string[] | undefined>,
  ) {
    super();
    this.register(
      mailers.onDidChange(() => {
        this.items.clear();
        this.changed.fire(undefined);
        if (filter.current.text?.trim()) void this.findItems();
      }),
    );
    this.register(
      filter.onDidChange(() => {
        // The last text's finds are not this one's: a batch found by its items' recipients is shown once they are searched.
        if ((filter.current.text?.trim() ?? '') !== this.matchedText) this.matches = new Map();
        this.items.clear();
        this.extent.clear();
        this.changed.fire(undefined);
        void this.findItems();
      }),
    );
    this.register(
      vscode.workspace.onDidChangeConfiguration(
        (e) => e.affectsConfiguration('mailroom.mailers.groupByAccount') && this.changed.fire(undefined),
      ),
    );
  }

  /** The mailers the view shows: those the filter keeps (all, without one). Export Mailers… writes these. */
  shown(): readonly TrackedMailer[] {
    return filterRows(this.mailers.list(), this.filter.current, (mailer) => this.matches.has(mailer.id));
  }

  /** Whether the items' recipients have been searched for the filter's text now (the view then shows what they found). */
  get itemsFound(): Promise<void> {
    return this.finding;
  }

  private finding: Promise<void> = Promise.resolve();

  /**
   * The batches whose items' recipients hold the filter's text, read from what this machine kept
   * (one batch at a time); the view is drawn again when they find any, or found any before.
   */
  private findItems(): Promise<void> {
    const text = this.filter.current.text?.trim() ?? '';
    const found = new Map<number, readonly number[]>();
    const find = async () => {
      if (text) {
        for (const mailer of this.mailers.list()) {
          if (!mailer.isBatch) continue;
          const recipients = await this.recipientsOf(mailer).catch(() => undefined);
          const items = recipients ? itemsHolding(recipients, text) : [];
          if (items.length > 0) found.set(mailer.id, items);
        }
      }
      // The filter changed meanwhile: its own search says what it finds.
      if ((this.filter.current.text?.trim() ?? '') !== text || this.isDisposed) return;
      const before = this.matches;
      this.matches = found;
      this.matchedText = text;
      if (before.size === 0 && found.size === 0) return;
      this.items.clear();
      this.extent.clear();
      this.changed.fire(undefined);
    };
    return (this.finding = this.finding.then(find, find));
  }

  /** Whether the view shows every listed account's mailers, each account under its own row. */
  get groupedByAccount(): boolean {
    return vscode.workspace.getConfiguration('mailroom').get<boolean>('mailers.groupByAccount', false);
  }

  getChildren(node?: GroupNode): MailersNode[];
  getChildren(node: MailersNode): MailersNode[] | Promise<MailersNode[]>;
  getChildren(node?: MailersNode): MailersNode[] | Promise<MailersNode[]> {
    if (!node) {
      this.groups.clear();
      if (!this.groupedByAccount) return this.activeGroups(undefined);
      this.accountNodes.clear();
      const active = this.accounts.accountKey;
      return this.accounts.listed.map((account) => {
        const accountNode: AccountNode = { kind: 'account', account, active: keyOfAccount(account) === active };
        this.accountNodes.set(keyOfAccount(account), accountNode);
        return accountNode;
      });
    }
    if (node.kind === 'account') {
      const key = keyOfAccount(node.account);
      if (key === this.accounts.accountKey) return this.activeGroups(key);
      return groupMailers(filterRows(this.mailers.listOf(key), this.filter.current)).map(([group, list]): MailersNode => ({
        kind: 'group',
        group,
        count: list.length,
        account: key,
      }));
    }
    if (node.kind === 'attempts') return this.mailers.attempts().map((attempt) => ({ kind: 'attempt', attempt }));
    if (node.kind === 'mailer') return node.mailer.isBatch && !node.otherAccount ? this.batchItems(node.mailer) : [];
    if (node.kind !== 'group') return [];
    const other = node.account !== undefined && node.account !== this.accounts.accountKey ? node.account : undefined;
    const list = other ? filterRows(this.mailers.listOf(other), this.filter.current) : this.shown();
    return (groupMailers(list).find(([g]) => g === node.group)?.[1] ?? []).map((mailer) => {
      if (other) return { kind: 'mailer', mailer, otherAccount: other };
      const mailerNode: MailersNode = { kind: 'mailer', mailer };
      this.nodes.set(mailer.id, mailerNode);
      return mailerNode;
    });
  }

  /** The active account's groups, under its row (`account`) when the view is grouped by account. */
  private activeGroups(account: string | undefined): MailersNode[] {
    const attempts = this.mailers.attempts();
    const under = account === undefined ? {} : { account };
    // Sends of unknown outcome come first: they need the user before anything is sent again.
    const unknown: MailersNode[] = attempts.length > 0 ? [{ kind: 'attempts', count: attempts.length, ...under }] : [];
    return [
      ...unknown,
      ...groupMailers(this.shown()).map(([group, list]) => {
        const groupNode: GroupNode = { kind: 'group', group, count: list.length, ...under };
        this.groups.set(group, groupNode);
        return groupNode;
      }),
    ];
  }

  private batchItems(batch: TrackedMailer): Promise<MailersNode[]> {
    let items = this.items.get(batch.id);
    if (!items) {
      items = this.nextPage(batch, undefined);
      this.items.set(batch.id, items);
    }
    return items.then((pages) => [...pages.nodes, ...(pages.more ? [{ kind: 'more', batch, shown: pages.shown } as const] : [])]);
  }

  /** Show More: the batch's next page of items, under those shown. A page that cannot be read leaves those shown as they are. */
  async showMore(batch: TrackedMailer): Promise<void> {
    const shown = this.items.get(batch.id);
    const pages = await shown;
    if (!pages?.more) return;
    const next = this.nextPage(batch, pages);
    const read = await next;
    // The mailers or the filter changed meanwhile: the view reads the batch afresh, as far as shown.
    this.extent.set(batch.id, read.shown);
    if (this.items.get(batch.id) !== shown) return;
    this.items.set(batch.id, next);
    this.changed.fire(this.nodes.get(batch.id));
  }

  /**
   * The page after `before` (the first, without it): the next ITEMS_PER_PAGE items, or of the items
   * the filter's text found. One item more than a page is asked for, to tell whether there are more.
   * The first is as long as the person last had shown: a refresh does not fold the items back.
   */
  private async nextPage(batch: TrackedMailer, before: ItemPages | undefined): Promise<ItemPages> {
    const wanted = this.matches.get(batch.id);
    const from = before?.next ?? 0;
    const count = before ? ITEMS_PER_PAGE : Math.max(ITEMS_PER_PAGE, this.extent.get(batch.id) ?? 0);
    let items: readonly BatchItem[];
    let more: boolean;
    try {
      if (wanted) {
        items = await this.readBatchItems(batch.id, itemIdsOf(wanted.slice(from, from + count)));
        more = from + count < wanted.length;
      } else {
        const read = await this.readBatchItems(batch.id, `${from + 1}-${from + count + 1}`);
        more = read.length > count;
        items = read.slice(0, count);
      }
    } catch (error) {
      if (before) throw error;
      const text = vscode.l10n.t('Items not available: {0}', wordsOf(error));
      return { nodes: [{ kind: 'note', batch, text }], shown: 0, next: 0, more: false };
    }
    let damaged: unknown;
    const recipients = await this.recipientsOf(batch).catch((error: unknown) => void (damaged = error));
    const nodes = items.map((item): MailersNode => {
      const recipient = recipients?.[item.ItemID - 1];
      return { kind: 'item', batch, item, ...(recipient ? { recipient } : {}) };
    });
    // A recipients file that does not read is named above the first page, never taken for none kept.
    if (damaged !== undefined && !before)
      nodes.unshift({ kind: 'note', batch, text: vscode.l10n.t('Recipients not shown: {0}', wordsOf(damaged)) });
    const all = [...(before?.nodes ?? []), ...nodes];
    return { nodes: all, shown: all.length, next: from + count, more };
  }

  getParent(node: MailersNode): MailersNode | undefined {
    if (node.kind === 'account') return undefined;
    if (node.kind === 'group' || node.kind === 'attempts')
      return node.account === undefined ? undefined : this.accountNodes.get(node.account);
    if (node.kind === 'mailer') return node.otherAccount ? undefined : this.groups.get(groupOf(node.mailer));
    if (node.kind === 'attempt') {
      const account = this.groupedByAccount ? this.accounts.accountKey : undefined;
      return { kind: 'attempts', count: this.mailers.attempts().length, ...(account === undefined ? {} : { account }) };
    }
    return node.kind === 'item' || node.kind === 'note' || node.kind === 'more' ? this.nodes.get(node.batch.id) : undefined;
  }

  getTreeItem(node: MailersNode): vscode.TreeItem {
    switch (node.kind) {
      case 'account': {
        const state = node.active ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
        const item = new vscode.TreeItem(accountName(node.account), state);
        item.id = `account:${keyOfAccount(node.account)}`;
        item.description = node.active ? vscode.l10n.t('active') : undefined;
        item.iconPath = new vscode.ThemeIcon(node.active ? 'account' : 'circle-outline');
        item.tooltip = node.active
          ? vscode.l10n.t('The active account: its mailers are refreshed, and new letters are sent from it.')
          : vscode.l10n.t('Switch to this account to refresh its mailers and act on them; they show as last refreshed.');
        if (!node.active) {
          item.contextValue = 'account' satisfies ViewItem;
          item.command = {
            command: 'mailroom.switchAccount' satisfies MailroomCommand,
            title: vscode.l10n.t('Switch Account'),
            arguments: [node],
          };
        }
        return item;
      }
      case 'group': {
        const item = new vscode.TreeItem(GROUP_TITLES[node.group](), vscode.TreeItemCollapsibleState.Expanded);
        item.id = node.account === undefined ? `group:${node.group}` : `group:${node.account}:${node.group}`;
        item.description = String(node.count);
        item.iconPath = GROUP_ICONS[node.group];
        item.accessibilityInformation = { label: spokenGroup(node.group, node.count) };
        return item;
      }
      case 'attempts': {
        const item = new vscode.TreeItem(vscode.l10n.t('Outcome unknown'), vscode.TreeItemCollapsibleState.Expanded);
        item.id = node.account === undefined ? 'group:attempts' : `group:${node.account}:attempts`;
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
        const status = batchItem.Description || describeStatus(batchItem.Status);
        const item = new vscode.TreeItem(itemLabel(batchItem.ItemID, status, node.recipient), vscode.TreeItemCollapsibleState.None);
        item.id = `item:${batch.id}:${batchItem.ItemID}`;
        // CancelDelivery takes a mailer's ID only: one letter of a batch cannot be cancelled, and the item says so.
        const cancellable = rowOf(batch) === 'mailer.cancellable';
        item.tooltip = [
          vscode.l10n.t(
            'Batch {0}, item {1}\nStatus: {2} ({3})\nLast update: {4}',
            batch.id,
            batchItem.ItemID,
            status,
            batchItem.Status,
            formatDateTime(batchItem.LastUpdateTime),
          ),
          node.recipient ? vscode.l10n.t('To: {0}', node.recipient) : '',
          cancellable
            ? vscode.l10n.t(
                'The service cannot cancel one letter of a batch, only the whole batch (Cancel Whole Batch…, on this item or the batch).',
              )
            : '',
        ]
          .filter(Boolean)
          .join('\n');
        item.iconPath = new vscode.ThemeIcon('mail');
        item.accessibilityInformation = {
          label: [spokenBatchItem(batch.id, batchItem.ItemID, status), node.recipient].filter(Boolean).join(', '),
        };
        item.contextValue = (cancellable ? 'batchItem.cancellable' : 'batchItem') satisfies ViewItem;
        // An item has no details of its own to show: its batch's details list every item.
        item.command = showDetailsOf(node, vscode.l10n.t("Show the batch's details"));
        return item;
      }
      case 'more': {
        const item = new vscode.TreeItem(vscode.l10n.t('Show More'), vscode.TreeItemCollapsibleState.None);
        item.id = `more:${node.batch.id}:${node.shown}`;
        item.description = vscode.l10n.t('{0} items shown; the next {1}', node.shown, ITEMS_PER_PAGE);
        item.iconPath = new vscode.ThemeIcon('more');
        item.command = {
          command: 'mailroom.showMoreItems' satisfies MailroomCommand,
          title: vscode.l10n.t('Show More'),
          arguments: [node],
        };
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
    item.id = node.otherAccount ? `mailer:${node.otherAccount}:${mailer.id}` : `mailer:${mailer.id}`;
    item.description = mailerSummary(mailer);
    item.accessibilityInformation = { label: spokenMailer(mailer) };
    // Waiting for funds (-990) waits for the user: it stands out among the mailers in process.
    item.iconPath = needsUser(mailer)
      ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'))
      : new vscode.ThemeIcon(mailer.isBatch ? 'files' : 'mail');
    // Another account's mailer has no actions: they would go to the active account's service.
    if (node.otherAccount) item.collapsibleState = vscode.TreeItemCollapsibleState.None;
    else {
      item.contextValue = rowOf(mailer);
      // A click (or Enter) opens the details; a batch still expands by its twistie.
      item.command = showDetailsOf(node, vscode.l10n.t('Show Details'));
    }
    const price = priceOf(mailer);
    item.tooltip = new vscode.MarkdownString(
      [
        `**${mailer.description ?? vscode.l10n.t('Mailer {0}', mailer.id)}**`,
        mailer.isBatch ? vscode.l10n.t('ID: {0} (a batch)', mailer.id) : vscode.l10n.t('ID: {0}', mailer.id),
        mailer.status === undefined
          ? vscode.l10n.t('Status: {0}', mailer.statusText ?? vscode.l10n.t('not yet known'))
          : vscode.l10n.t('Status: {0} ({1})', mailer.statusText ?? vscode.l10n.t('not yet known'), mailer.status),
        price === undefined ? '' : vscode.l10n.t('Price: {0}', price),
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

/** A batch's items as far as they are shown: the rows, how many items, where the next page starts, and whether there is one. */
interface ItemPages {
  readonly nodes: readonly MailersNode[];
  readonly shown: number;
  readonly next: number;
  readonly more: boolean;
}
