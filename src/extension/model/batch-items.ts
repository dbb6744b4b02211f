/**
 * A merge's items and who each goes to. The service reports a batch's items by number only
 * (GetBatchStatus, GetBatchDetails: no recipient), and item N is the merge data's row N, so the
 * extension keeps each item's recipient in words when it sends a merge (batch-recipients.ts) and
 * shows it beside the item's number: "Item 3 · Jane Doe, Springfield". Its items are shown a page
 * at a time: a batch may hold 100,000. No VS Code here, so that it is tested as plain code.
 */
import * as l10n from '@vscode/l10n';
import { recipientSummary } from '../../formats';
import { searchable } from './mailer-filter';

/** Items shown at once under a batch; Show More adds as many again. */
export const ITEMS_PER_PAGE = 100;

/** The recipient field names a row's recipient in few words is read from, as the merge reads them (a column named twice by its last). */
const NAME_FIELDS = ['AttentionLine1', 'Company', 'City'] as const;

/**
 * Each data row's recipient in few words ("Jane Doe, Springfield": the name, else the company, and
 * the city), in row order: the batch's items 1…N; an empty string for a row that names neither. A
 * cell's line breaks become spaces, so that each recipient is one line.
 */
export function recipientsOfRows(columns: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const names = columns.map((c) => c.trim());
  const [name, company, city] = NAME_FIELDS.map((field) => names.lastIndexOf(field));
  const cell = (row: readonly string[], at: number) => {
    const value = at < 0 ? undefined : row[at]?.replace(/\s+/g, ' ').trim();
    return value || undefined;
  };
  return rows.map(
    (row) => recipientSummary({ AttentionLine1: cell(row, name!), Company: cell(row, company!), City: cell(row, city!) }) ?? '',
  );
}

/** An item's row label: "Item 3 · Jane Doe, Springfield", or "Item 3" when its recipient is not known. */
/**
 * "Received · Item 3 · Jane Doe, Springfield": the status first, where a narrow Mailers view (a
 * window 800 px wide) still shows it; a row's description, after the label, is the first cut.
 */
export function itemLabel(itemId: number, status: string, recipient: string | undefined): string {
  return recipient ? l10n.t('{0} · Item {1} · {2}', status, itemId, recipient) : l10n.t('{0} · Item {1}', status, itemId);
}

/** The items (1-based) whose recipient holds the text, without regard to case or accents. */
export function itemsHolding(recipients: readonly string[], text: string): number[] {
  const wanted = searchable(text.trim());
  const found: number[] = [];
  if (!wanted) return found;
  recipients.forEach((recipient, i) => {
    if (searchable(recipient).includes(wanted)) found.push(i + 1);
  });
  return found;
}

/**
 * The ItemID that asks for these items (the service's ID syntax: a range, or a comma list):
 * "101-200" for a run, "3,17,99" otherwise.
 */
export function itemIdsOf(items: readonly number[]): string {
  const first = items[0];
  if (first !== undefined && items.every((item, i) => item === first + i) && items.length > 1) return `${first}-${items.at(-1)!}`;
  return items.join(',');
}
