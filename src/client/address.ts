/**
 * A recipient written on one line, as people write it: "Jane Doe, Acme Corp, 1 Main St, Suite 200,
 * Springfield, IL 62701, USA". The name comes first; the first part that starts with a number (or
 * "PO Box") is the street, what follows it before the city a second address line, what stands
 * between name and street the company. The end is "City, ST 12345" or "City ST 12345", optionally
 * followed by a country. Anything else keeps its last part as the city.
 */
export interface RecipientAddress {
  AttentionLine1?: string;
  AttentionLine2?: string;
  Company?: string;
  Address1?: string;
  Address2?: string;
  City?: string;
  State?: string;
  PostalCode?: string;
  Country?: string;
}

const STATE_ZIP = /^([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)$/;
const CITY_STATE_ZIP = /^(.+?)\s+([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)$/;
const STREET = /^(\d|p\.?\s*o\.?\s*box\b)/i;

export function parseAddressLine(text: string): RecipientAddress {
  const parts = text
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const address: RecipientAddress = {};
  if (parts.length === 0) return address;
  const last = parts[parts.length - 1]!;
  const beforeLast = parts[parts.length - 2];
  if (parts.length > 2 && !/\d/.test(last) && beforeLast && (STATE_ZIP.test(beforeLast) || CITY_STATE_ZIP.test(beforeLast))) {
    address.Country = parts.pop();
  }
  const end = parts.pop()!;
  const stateZip = STATE_ZIP.exec(end);
  const cityStateZip = CITY_STATE_ZIP.exec(end);
  if (stateZip && parts.length > 1) {
    address.City = parts.pop();
    address.State = stateZip[1]!.toUpperCase();
    address.PostalCode = stateZip[2];
  } else if (cityStateZip) {
    address.City = cityStateZip[1];
    address.State = cityStateZip[2]!.toUpperCase();
    address.PostalCode = cityStateZip[3];
  } else {
    address.City = end;
  }
  const [name, ...middle] = parts;
  if (name !== undefined) address.AttentionLine1 = name;
  const street = middle.findIndex((p) => STREET.test(p));
  const beforeStreet = street < 0 ? middle.slice(0, -1) : middle.slice(0, street);
  const fromStreet = street < 0 ? middle.slice(-1) : middle.slice(street);
  if (beforeStreet[0] !== undefined) address.Company = beforeStreet[0];
  if (beforeStreet[1] !== undefined) address.AttentionLine2 = beforeStreet[1];
  if (fromStreet[0] !== undefined) address.Address1 = fromStreet[0];
  if (fromStreet.length > 1) address.Address2 = fromStreet.slice(1).join(', ');
  return address;
}
