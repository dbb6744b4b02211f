/**
 * The ZIP code a US PostalCode that is not of the form (12345 or 12345-6789) was most likely meant
 * to be: one whose leading zeros a spreadsheet dropped when it read the column as numbers (2134 for
 * Boston's 02134, 2134-1234, 21341234), or a ZIP+4 written without its hyphen or with a space
 * (021341234, 02134 1234). Only when that ZIP code is one the USPS has, and of the State given: a
 * guess the data does not back is no suggestion. The contract's rule still fails the form at -1018
 * (recipient.ts); this is the mend said beside it, and the editor's quick fix.
 */
import { stateCode, zipCode, type ZipCode } from './zips';

export interface ZipMeant {
  /** The ZIP code as it should be written. */
  readonly value: string;
  readonly zip: ZipCode;
  /** Why it was not: leading zeros dropped, or only the ZIP+4's hyphen. */
  readonly why: 'leading-zeros' | 'hyphen';
}

const DIGITS = /^\d{3,9}$/;
const SEPARATED = /^(\d{3,5})[\s-]+(\d{4})$/;

export function zipMeant(postalCode: string, state: string | undefined): ZipMeant | undefined {
  const written = postalCode.trim();
  const separated = SEPARATED.exec(written);
  const digits = DIGITS.test(written) ? written : undefined;
  if (!separated && !digits) return undefined;
  const [five, plus4] = separated
    ? [separated[1]!, separated[2]!]
    : digits!.length <= 5
      ? [digits!, '']
      : [digits!.slice(0, -4), digits!.slice(-4)];
  if (five.length < 3 || five.length > 5) return undefined;
  const padded = five.padStart(5, '0');
  const value = plus4 ? `${padded}-${plus4}` : padded;
  if (value === written) return undefined;
  const zip = zipCode(padded);
  if (!zip) return undefined;
  if (state?.trim() && stateCode(state) !== zip.state) return undefined;
  return { value, zip, why: padded === five ? 'hyphen' : 'leading-zeros' };
}

/** zipMeant in words, to follow the contract's "not a US ZIP code". */
export function zipMeantWords(meant: ZipMeant): string {
  const { value, zip, why } = meant;
  const place = `${zip.cities[0]!}, ${zip.state}`;
  return why === 'leading-zeros'
    ? ` Its leading zeros dropped? ${value} is ${place}'s: write ${value} (a spreadsheet drops them when it reads the column as numbers; keep it as text).`
    : ` Written with its hyphen, ${value} is ${place}'s ZIP+4.`;
}
