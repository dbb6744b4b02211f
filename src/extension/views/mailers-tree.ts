/**
 * The Mailers view: mailers grouped in process / completed / failed or cancelled, batches with their
 * items; only those Filter Mailers… keeps, while a filter is on. Sends of unknown outcome are shown
 * whatever the filter: they wait for the person before anything is sent again. The active account's;
 * with `mailroom.mailers.groupByAccount` on, every listed account's, each under its own row (another
 * account's mailers are shown, not acted on: its row switches to it).
 *
 * A batch's items come a page at a time, with a Show More row for the next (batch-pages.ts); Filter
 * Mailers… finds a batch by its items' recipients, then shows only the items that match
 * (recipient-search.ts). How each row looks is mailers-rows.ts's.
 */
import * as vscode from 'vscode';
import { keyOfAccount, type Account } from '../connection/accounts';
import { filterRows } from '../model/mailer-filter';
import type { MailerFilterState } from '../mailer-filter-state';
import { groupMailers, groupOf, type MailerGroup, type TrackedMailer } from '../model/mailers';
import { Disposable, Emitter } from '../lifecycle';
import type { TrackedMailers } from '../tracked-mailers';
import { BatchPages } from './batch-pages';
import type { AccountNode, BatchItem, GroupNode, MailersNode } from './mailers-nodes';
import { treeItemOf } from './mailers-rows';
import { RecipientSearch } from './recipient-search';

export { isMoreNode, type BatchItem, type MailersNode } from './mailers-nodes';

export class MailersTree extends Disposable implements vscode.TreeDataProvider<MailersNode> {
  private readonly changed = this.register(new Emitter<MailersNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly groups = new Map<MailerGroup, GroupNode>();
  private readonly nodes = new Map<number, MailersNode>();
  /** Filter Mailers… finds batches by their items' recipients too. */
  private readonly search: RecipientSearch;
  /** The batches' items shown, a page at a time. */
  private readonly pages: BatchPages;

  private readonly accountNodes = new Map<string, AccountNode>();

  constructor(
    private readonly mailers: TrackedMailers,
    /** GetBatchStatus of the items `itemIds` names (the service's ID syntax: "101-201", "3,17"). */
    readBatchItems: (id: number, itemIds: string) => Promise<readonly BatchItem[]>,
    private readonly filter: MailerFilterState,
    /** The accounts listed and the active one's key, for the view grouped by account. */
    private readonly accounts: { readonly listed: readonly Account[]; readonly accountKey: string | undefined },
    /** Each item's recipient (item 1 first), when this machine kept them for the batch (batch-recipients.ts). */
    recipientsOf: (batch: TrackedMailer) => Promise<readonly string[] | undefined>,
  ) {
    super();
    this.search = new RecipientSearch(
      mailers,
      filter,
      recipientsOf,
      () => this.isDisposed,
      () => {
        this.pages.reset();
        this.changed.fire(undefined);
      },
    );
    this.pages = new BatchPages(readBatchItems, recipientsOf, (batch) => this.search.itemsOf(batch));
    this.register(
      mailers.onDidChange(() => {
        this.pages.clear();
        this.changed.fire(undefined);
        if (filter.current.text?.trim()) void this.search.find();
      }),
    );
    this.register(
      filter.onDidChange(() => {
        this.search.forgetOtherText();
        this.pages.reset();
        this.changed.fire(undefined);
        void this.search.find();
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
    return filterRows(this.mailers.list(), this.filter.current, (mailer) => this.search.has(mailer.id));
  }

  /** Whether the items' recipients have been searched for the filter's text now (the view then shows what they found). */
  get itemsFound(): Promise<void> {
    return this.search.done;
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
    if (node.kind === 'mailer') return node.mailer.isBatch && !node.otherAccount ? this.pages.rows(node.mailer) : [];
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

  /** Show More: the batch's next page of items, under those shown. A page that cannot be read leaves those shown as they are. */
  async showMore(batch: TrackedMailer): Promise<void> {
    if (await this.pages.showMore(batch)) this.changed.fire(this.nodes.get(batch.id));
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
    return treeItemOf(node);
  }

  /** The node of a mailer, once the view has shown it. */
  nodeOf(id: number): MailersNode | undefined {
    this.getChildren();
    for (const group of this.groups.values()) this.getChildren(group);
    return this.nodes.get(id);
  }
}
