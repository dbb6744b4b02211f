/**
 * The service's check of a US address when it prints a mailer, against the USPS's ZIP codes
 * (zips.ts): a ZIP code that does not exist, or whose state is not the State given, fails the
 * mailer with -1018 ("Failed: the US address could not be verified") in Production. Development
 * mailers are never mailed, and are not failed for it. A City the ZIP code does not serve is not
 * failed here: the USPS mails by the ZIP code, and the names it accepts for one are more than the
 * data knows (zips.ts); the preflight warns of it.
 *
 * The sandbox (letter.ts, postcard.ts) and the preflight (preflight/findings.ts) both decide with this, so that
 * the preflight says what the sandbox does. A ZIP code not of the form (12345 or 12345-6789) is the
 * contract's rule (src/contract/recipient.ts), failed in both work modes, and not checked again here.
 */
import { STATUS, US_ZIP_CODE, isUsAddress, type RecipientFields } from '../../contract';
import { servesCity, stateCode, zipCode, type ZipCode } from './zips';

export type AddressVerdict =
  /** No such ZIP code (its five digits, for a ZIP+4). */
  | { readonly kind: 'unknown-zip'; readonly zip: string }
  /** The ZIP code is another state's than the one given (as written). */
  | { readonly kind: 'other-state'; readonly zip: ZipCode; readonly state: string }
  /** The ZIP code does not serve the city given (as written). */
  | { readonly kind: 'other-city'; readonly zip: ZipCode; readonly city: string };

/** What is wrong with a US address's ZIP code, state and city, if anything; an address of another country is not checked. */
export function verifyAddress(address: RecipientFields): AddressVerdict | undefined {
  const written = address.PostalCode?.trim() ?? '';
  if (!isUsAddress(address) || !US_ZIP_CODE.test(written)) return undefined;
  const zip = zipCode(written);
  if (!zip) return { kind: 'unknown-zip', zip: written.slice(0, 5) };
  const state = address.State?.trim() ?? '';
  if (state && stateCode(state) !== zip.state) return { kind: 'other-state', zip, state };
  const city = address.City?.trim() ?? '';
  if (city && !servesCity(zip, city)) return { kind: 'other-city', zip, city };
  return undefined;
}

/** Whether the service's address check fails a mailer for it (in Production): all but a city it may take. */
export function failsAddressCheck(verdict: AddressVerdict | undefined): boolean {
  return verdict !== undefined && verdict.kind !== 'other-city';
}

/** -1018 for a mailer in Production whose address the service's check fails (the printer's rule). */
export function addressCheckFailure(address: RecipientFields, workMode: 'Production' | 'Development'): number | undefined {
  return workMode === 'Production' && failsAddressCheck(verifyAddress(address)) ? STATUS.AddressNotVerified : undefined;
}
