/**
 * Amounts of money as both front ends read and write them: dollars to the cent, never negative.
 * The service prices in dollars (`Price`), and so do the spending limits and the sandbox's funds.
 * As people read a price (`$12.50`) is the front ends' notation (src/formats).
 */

/** An amount as a table's cell holds it (CSV): `12.50`. */
export const amountText = (amount: number): string => amount.toFixed(2);

/** Money to the cent, without binary-fraction drift. */
export const cents = (amount: number): number => Math.round(amount * 100) / 100;

/** An amount typed by a person: dollars, 0 or more, to the cent, a `$` allowed in front (`25`, `12.50`, `$3`); undefined otherwise. */
export function parseDollars(text: string): number | undefined {
  const match = /^\s*\$?\s*(\d{1,9}(\.\d{1,2})?)\s*$/.exec(text);
  return match ? Number(match[1]) : undefined;
}

/** An amount kept in settings (a JSON number): 0 or more and finite; undefined for anything else. */
export function amountSetting(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
