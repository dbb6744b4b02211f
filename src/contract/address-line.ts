/**
 * A recipient written on one line, as people write it, read strictly: a line that does not read
 * as an address is refused with what was understood, rather than sent to a wrong one.
 *
 * Parts are separated by commas (or line breaks):
 *
 *     Name, [Company,] Street, [Second street line,] City, ST 12345[-6789][, United States]
 *     Name, [Company,] Street, [Second street line,] City line, Country
 *
 * - A US address (no country, or US, USA, United States [of America]) ends with the city and a
 *   two-letter state and ZIP code, "Springfield, IL 62701" or "Springfield IL 62701"; the ZIP code
 *   must have the form the service checks (12345 or 12345-6789).
 * - Any other country ends with its English name (as `Intl.DisplayNames` gives it: "France",
 *   "United Kingdom", "UK", "Czechia"); the part before it is the city line as that country writes
 *   it, postal code included ("75001 Paris", "London NW1 5LR"), and is printed as written. For an
 *   address that needs its fields apart, use the fields themselves (the CLI's flags, the front
 *   matter's indented form). A city followed by a part that is a region code and a postal code
 *   ("Ottawa, ON K1A 0B1, Canada") is read as city, region and postal code.
 * - Between the name and the city: one part is the street; two are a street and a second line
 *   when the first starts with a number or "PO Box", else a company and a street; three are a
 *   company, a street and a second line.
 * - The contract's rules (`checkRecipient`: lengths, the fields the service needs, the ZIP code's
 *   form) then apply to what was read.
 */
import { RECIPIENT_FIELD_LABELS, checkRecipient, isUsAddress, type AddressProblem } from './recipient';
import { RECIPIENT_FIELDS } from './services';

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

export const ADDRESS_LINE_FORM = 'Name, Street, City, ST 12345';

/** An address that is not one the service can mail: what was understood, and why it is refused. */
export class AddressError extends Error {
  constructor(
    /** What was read: the line itself, quoted, or where the fields came from. */
    readonly what: string,
    readonly understood: RecipientAddress,
    /** In people's words, each one sentence. */
    readonly problems: readonly string[],
    /** The contract's findings among them, with the service's codes. */
    readonly findings: readonly AddressProblem[],
  ) {
    super(
      [
        `${what} is not an address Mailroom can send to. ${problems.join(' ')}`,
        `Understood: ${describeFields(understood)}.`,
        `Write it as "${ADDRESS_LINE_FORM}" (a company after the name, a second street line, and a country at the end may be added).`,
      ].join('\n'),
    );
    this.name = 'AddressError';
  }
}

/** Each field understood, by its people's name: `name "Jane Doe", city "Springfield"`. */
export function describeFields(address: RecipientAddress): string {
  const fields = RECIPIENT_FIELDS.filter((f) => (address as Record<string, string | undefined>)[f]).map(
    (f) => `${RECIPIENT_FIELD_LABELS[f].replace(/^The /, '')} "${(address as Record<string, string>)[f]}"`,
  );
  return fields.length > 0 ? fields.join(', ') : 'nothing';
}

const STATE_ZIP = /^([A-Za-z]{2})(?:\s+(.+))?$/;
const CITY_STATE_ZIP = /^(.+?)\s+([A-Za-z]{2})\s+(\S+)$/;
/** A region and a postal code after the city, as Canada writes them: "ON K1A 0B1". */
const REGION_POSTAL_CODE = /^([A-Za-z]{2,3})\s+(\S*\d.*)$/;
const STREET = /^(\d|p\.?\s*o\.?\s*box\b)/i;
/** Region codes that are not countries (pseudo-locales, unions, unknown). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

let countries: Set<string> | undefined;
const fold = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, "'")
    .toLowerCase();

/** English country names, long and short, from the runtime's ICU data; two-letter codes are not names ("IL" is a state). */
function isCountryName(part: string): boolean {
  if (!countries) {
    countries = new Set(['usa', 'united states of america', 'great britain', 'england', 'scotland', 'wales', 'northern ireland']);
    const long = new Intl.DisplayNames(['en'], { type: 'region' });
    const short = new Intl.DisplayNames(['en'], { type: 'region', style: 'short' });
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        if (NOT_COUNTRIES.has(code)) continue;
        for (const names of [long, short]) {
          const name = names.of(code);
          if (name && name !== code && !/\d/.test(name)) countries.add(fold(name));
        }
      }
    }
  }
  return countries.has(fold(part));
}

/**
 * What a line says, field by field, and what keeps it from being an address; refused when any.
 * `unread` are the problems of reading it (it is not written as an address), `findings` those of
 * the address read (the contract's rules, with the service's codes); `problems` both in words.
 */
export function readAddressLine(text: string): AddressRead {
  return readAddressParts(text.split(/[,\n]/));
}

/** What readAddressLine reads, and what keeps it from being an address. */
export interface AddressRead {
  address: RecipientAddress;
  problems: string[];
  findings: AddressProblem[];
  unread: string[];
}

/**
 * readAddressLine over parts already apart (a part may hold a comma: the lines of an envelope's
 * window, where "Acme, Inc." is one line): name first, city, state and ZIP code (or a city line
 * and a country) last.
 */
export function readAddressParts(written: readonly string[]): AddressRead {
  const parts = written.map((p) => p.trim()).filter(Boolean);
  const address: RecipientAddress = {};
  const problems: string[] = [];
  if (parts.length === 0) return { address, problems: ['The line is empty.'], findings: [], unread: ['The line is empty.'] };
  if (parts.length > 1 && isCountryName(parts.at(-1)!)) address.Country = parts.pop();
  // A country that is also a US state's name is read as neither: "Atlanta, Georgia" must not go abroad.
  if (address.Country && /^georgia$/i.test(address.Country)) {
    const ambiguous = `"${address.Country}" is both a US state and a country. For the state, write GA and the ZIP code ("Atlanta, GA 30303"); for the country, give the address field by field (Country: Georgia).`;
    return { address, problems: [ambiguous], findings: [], unread: [ambiguous] };
  }
  if (isUsAddress(address)) {
    const end = parts.pop()!;
    const stateZip = STATE_ZIP.exec(end);
    const cityStateZip = CITY_STATE_ZIP.exec(end);
    if (stateZip && parts.length > 1) {
      address.City = parts.pop();
      address.State = stateZip[1]!.toUpperCase();
      if (stateZip[2]) address.PostalCode = stateZip[2];
      else problems.push(`There is no ZIP code after the state ${address.State}.`);
    } else if (cityStateZip) {
      address.City = cityStateZip[1];
      address.State = cityStateZip[2]!.toUpperCase();
      address.PostalCode = cityStateZip[3];
    } else {
      address.City = end;
      problems.push(`It does not end with a state and ZIP code ("Springfield, IL 62701"), nor with a country.`);
    }
  } else if (parts.length > 1) {
    const end = parts.pop()!;
    const regionCode = REGION_POSTAL_CODE.exec(end);
    if (regionCode && parts.length > 2) {
      address.City = parts.pop();
      address.State = regionCode[1]!.toUpperCase();
      address.PostalCode = regionCode[2];
    } else {
      address.City = end;
    }
  }
  const [name, ...middle] = parts;
  if (name !== undefined) address.AttentionLine1 = name;
  const [first, second, third, ...more] = middle;
  if (more.length > 0) {
    problems.push(`Between the name and the city there are ${middle.length} parts; at most a company, a street and a second street line.`);
  }
  if (third !== undefined) Object.assign(address, { Company: first, Address1: second, Address2: third });
  else if (second !== undefined && STREET.test(first!)) Object.assign(address, { Address1: first, Address2: second });
  else if (second !== undefined) Object.assign(address, { Company: first, Address1: second });
  else if (first !== undefined) address.Address1 = first;
  const findings = checkRecipient(address);
  return { address, problems: [...problems, ...findings.map((f) => f.message)], findings, unread: problems };
}

/** Why a line read by readAddressLine is not read as an address, with what was understood; what the preflight and the editor say. */
export function notReadAsAddress(
  what: string,
  line: string,
  read: { readonly address: RecipientAddress; readonly unread: readonly string[] },
): string {
  return `${what} "${line.trim()}" does not read as an address. ${read.unread.join(' ')} Understood: ${describeFields(read.address)}.`;
}

/** The recipient a line names; an AddressError when it does not read as an address. */
export function parseAddressLine(text: string): RecipientAddress {
  const { address, problems, findings } = readAddressLine(text);
  if (problems.length > 0) throw new AddressError(`"${text.trim()}"`, address, problems, findings);
  return address;
}

/** An address given field by field, held to the contract's rules; an AddressError naming `what` when it breaks one. */
export function checkAddressFields(what: string, address: RecipientAddress): RecipientAddress {
  const findings = checkRecipient(address);
  if (findings.length > 0)
    throw new AddressError(
      what,
      address,
      findings.map((f) => f.message),
      findings,
    );
  return address;
}
