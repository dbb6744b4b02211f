/**
 * A recipient in few words, as the send commands say where a letter goes before and after it is
 * sent ("to Jane Doe, Springfield"): the person or company and the city. The whole address in one
 * line (`recipientLine`) is the send log's, which the history and the Mailers view show.
 */
import type { RecipientAddress } from '../contract';

export { recipientLine } from '../client/send-log';

/** "Jane Doe, Springfield": the name (else the company) and the city; undefined for a letter whose address is in the document. */
export function recipientSummary(address: RecipientAddress | undefined): string | undefined {
  if (!address) return undefined;
  // An empty name (a merge row's empty cell) is no name: the company then.
  const summary = [address.AttentionLine1?.trim() || address.Company?.trim(), address.City?.trim()].filter(Boolean).join(', ');
  return summary || undefined;
}

/**
 * The send log's one-line recipient as people read an address: its fields are kept apart by commas
 * (`…, Springfield, IL, 62701`, which the repeat check compares), and a US state and ZIP code are
 * written as the post writes them, `Springfield, IL 62701`.
 */
export function recipientWords(line: string): string {
  return line.replace(/, ([A-Z]{2}), (\d{5}(?:-\d{4})?)(?=$|, )/, ', $1 $2');
}
