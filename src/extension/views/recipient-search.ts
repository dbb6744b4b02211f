/**
 * Filter Mailers… finds a batch by its items' recipients, from what this machine kept of the
 * merges it sent (batch-recipients.ts): the batches whose items' recipients hold the filter's
 * text, and those items, which the view then shows alone (batch-pages.ts).
 */
import type { MailerFilterState } from '../mailer-filter-state';
import { itemsHolding } from '../model/batch-items';
import type { TrackedMailer } from '../model/mailers';
import type { TrackedMailers } from '../tracked-mailers';

export class RecipientSearch {
  /** While the filter has text: the batches with items whose recipient holds it, and those items. */
  private matches: ReadonlyMap<number, readonly number[]> = new Map();
  /** The text `matches` were found for. */
  private matchedText = '';
  private finding: Promise<void> = Promise.resolve();

  constructor(
    private readonly mailers: TrackedMailers,
    private readonly filter: MailerFilterState,
    /** Each item's recipient (item 1 first), when this machine kept them for the batch (batch-recipients.ts). */
    private readonly recipientsOf: (batch: TrackedMailer) => Promise<readonly string[] | undefined>,
    /** Whether the view is gone: a search that ends after it changes nothing. */
    private readonly gone: () => boolean,
    /** A search found batches, or found some before: the view is drawn again. */
    private readonly onFound: () => void,
  ) {}

  /** The items of a batch the filter's text found, if it found any. */
  itemsOf(batch: number): readonly number[] | undefined {
    return this.matches.get(batch);
  }

  /** Whether the filter's text found items of the batch. */
  has(batch: number): boolean {
    return this.matches.has(batch);
  }

  /** The filter changed: the last text's finds are not this one's (a batch found by its items' recipients is shown once they are searched). */
  forgetOtherText(): void {
    if ((this.filter.current.text?.trim() ?? '') !== this.matchedText) this.matches = new Map();
  }

  /** Whether the items' recipients have been searched for the filter's text now. */
  get done(): Promise<void> {
    return this.finding;
  }

  /**
   * The batches whose items' recipients hold the filter's text, read from what this machine kept
   * (one batch at a time); the view is drawn again when they find any, or found any before.
   */
  find(): Promise<void> {
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
      if ((this.filter.current.text?.trim() ?? '') !== text || this.gone()) return;
      const before = this.matches;
      this.matches = found;
      this.matchedText = text;
      if (before.size === 0 && found.size === 0) return;
      this.onFound();
    };
    return (this.finding = this.finding.then(find, find));
  }
}
