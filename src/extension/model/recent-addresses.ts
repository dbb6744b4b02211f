/**
 * The addresses a user sent to lately, newest first, offered again at the next send. Kept in the
 * extension's global state (addresses are not secrets, but they stay on this machine).
 */
import type { RecipientAddress } from '../../client';

export const MAX_RECENT_ADDRESSES = 10;

const FIELDS: readonly (keyof RecipientAddress)[] = [
  'AttentionLine1',
  'AttentionLine2',
  'Company',
  'Address1',
  'Address2',
  'City',
  'State',
  'PostalCode',
  'Country',
];

/** The address with only its non-empty fields, in the contract's order, so that equal ones compare equal. */
function normalized(address: RecipientAddress): RecipientAddress {
  const out: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = address[field]?.trim();
    if (value) out[field] = value;
  }
  return out;
}

const keyOf = (address: RecipientAddress) => JSON.stringify(normalized(address)).toLowerCase();

/** The list with this address first, once, at most MAX_RECENT_ADDRESSES long. */
export function rememberAddress(recent: readonly RecipientAddress[], address: RecipientAddress): RecipientAddress[] {
  const key = keyOf(address);
  return [normalized(address), ...recent.filter((a) => keyOf(a) !== key)].slice(0, MAX_RECENT_ADDRESSES);
}

/** One line for a pick list: who, then where. */
export function addressLabel(address: RecipientAddress): { label: string; description: string } {
  const who = [address.AttentionLine1, address.Company].filter(Boolean).join(', ');
  const cityLine = [address.City, [address.State, address.PostalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const where = [address.Address1, address.Address2, cityLine, address.Country].filter(Boolean).join(', ');
  return { label: who || where, description: who ? where : '' };
}
