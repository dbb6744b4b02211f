/**
 * A batch's items in the Mailers view, a page at a time (GetBatchStatus of an ItemID range: a
 * batch may hold 100,000), with a Show More row for the next; each says who it goes to when this
 * machine sent the merge (batch-recipients.ts). While the filter's text found items by their
 * recipients (recipient-search.ts), only those are read.
 */
import * as vscode from 'vscode';
import { ITEMS_PER_PAGE, itemIdsOf } from '../model/batch-items';
import { wordsOf } from '../model/failure-words';
import type { TrackedMailer } from '../model/mailers';
import type { BatchItem, MailersNode } from './mailers-nodes';

/** A batch's items as far as they are shown: the rows, how many items, where the next page starts, and whether there is one. */
interface ItemPages {
  readonly nodes: readonly MailersNode[];
  readonly shown: number;
  readonly next: number;
  readonly more: boolean;
}

export class BatchPages {
  /** A batch's items as far as they are shown, read a page at a time, until the mailers or the filter change. */
  private readonly items = new Map<number, Promise<ItemPages>>();
  /** How many of a batch's items the person has had shown (Show More): read again as many when the mailers change. */
  private readonly extent = new Map<number, number>();

  constructor(
    /** GetBatchStatus of the items `itemIds` names (the service's ID syntax: "101-201", "3,17"). */
    private readonly readBatchItems: (id: number, itemIds: string) => Promise<readonly BatchItem[]>,
    /** Each item's recipient (item 1 first), when this machine kept them for the batch (batch-recipients.ts). */
    private readonly recipientsOf: (batch: TrackedMailer) => Promise<readonly string[] | undefined>,
    /** The items of a batch the filter's text found, while it has text and found any (recipient-search.ts). */
    private readonly wantedOf: (batch: number) => readonly number[] | undefined,
  ) {}

  /** The mailers changed: the items are read again when shown, as far as the person had them shown. */
  clear(): void {
    this.items.clear();
  }

  /** The filter changed what is shown: the items are read again from the first page. */
  reset(): void {
    this.items.clear();
    this.extent.clear();
  }

  /** A batch's rows: its items as far as shown (the first page, at first), and Show More when it has more. */
  rows(batch: TrackedMailer): Promise<MailersNode[]> {
    let items = this.items.get(batch.id);
    if (!items) {
      items = this.nextPage(batch, undefined);
      this.items.set(batch.id, items);
    }
    return items.then((pages) => [...pages.nodes, ...(pages.more ? [{ kind: 'more', batch, shown: pages.shown } as const] : [])]);
  }

  /**
   * Show More: the batch's next page of items, under those shown. A page that cannot be read leaves
   * those shown as they are. Answers whether the batch's rows changed.
   */
  async showMore(batch: TrackedMailer): Promise<boolean> {
    const shown = this.items.get(batch.id);
    const pages = await shown;
    if (!pages?.more) return false;
    const next = this.nextPage(batch, pages);
    const read = await next;
    // The mailers or the filter changed meanwhile: the view reads the batch afresh, as far as shown.
    this.extent.set(batch.id, read.shown);
    if (this.items.get(batch.id) !== shown) return false;
    this.items.set(batch.id, next);
    return true;
  }

  /**
   * The page after `before` (the first, without it): the next ITEMS_PER_PAGE items, or of the items
   * the filter's text found. One item more than a page is asked for, to tell whether there are more.
   * The first is as long as the person last had shown: a refresh does not fold the items back.
   */
  private async nextPage(batch: TrackedMailer, before: ItemPages | undefined): Promise<ItemPages> {
    const wanted = this.wantedOf(batch.id);
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
}
