/**
 * The notations both front ends write amounts, times and addresses in, for people: numbers and
 * the post's forms, in no language's words. The rulebook returns data (amounts in dollars, ISO
 * times, the send log's one-line recipient); the command line and the extension put them into
 * their own sentences with these. Nothing here but the contract's types.
 */
import type { RecipientAddress } from '../contract';

/** An amount as people read a price: `$12.50`, `$1,577.63` (thousands apart, as US dollars are written). */
export const dollars = (amount: number): string => `$${amount.toFixed(2).replace(/\d(?=(\d{3})+\.)/g, '$&,')}`;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as this machine's wall time, to the minute (`2026-11-26 09:05`); the text as it is if it does not read. */
export function localMinute(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A recipient in few words, as the send commands say where a letter goes before and after it is
 * sent ("to Jane Doe, Springfield"): the name (else the company) and the city; undefined for a
 * letter whose address is in the document.
 */
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
