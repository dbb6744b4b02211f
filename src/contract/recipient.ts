/**
 * What the service asks of a recipient address, as data: the fields it needs (refused at send with
 * -4006, -4007, -4008) and the US ZIP code, present and of its form (accepted at send; the mailer
 * fails at printing with -1018). The sandbox, the client's check before sending, the one-line address reader and a
 * field-by-field input all read these rules, so that each is written once.
 *
 * A rule that reads two fields ("a name or a company", a ZIP code and the country it is for) is
 * checked at the later of the two, once both are known: asking for a company after a name was left
 * empty may still make the address whole.
 */
import { describeResultCode, describeStatus } from './codes';
import { MISSING_ATTENTION_OR_COMPANY, fieldLimits, missingFieldCodes } from './rules';
import { RECIPIENT_FIELDS } from './services';

export type RecipientField = (typeof RECIPIENT_FIELDS)[number];

/** A recipient's fields as typed; a field left empty may be '' or absent. */
export type RecipientFields = Readonly<Partial<Record<RecipientField, string>>>;

/** What is wrong with an address, for a person, with the service's code. */
export interface AddressProblem {
  /** The field to change. */
  readonly field: RecipientField;
  /** The service's code: a result code it refuses the send with, or -1018, the status the mailer fails with. */
  readonly code: number;
  /** What is wrong and what to do, in people's words. */
  readonly message: string;
  /** The code's meaning in the facts' words ("missing field: City", "Failed: the US address could not be verified"). */
  readonly meaning: string;
}

/** Each field as people call it, starting a sentence. */
export const RECIPIENT_FIELD_LABELS: Readonly<Record<RecipientField, string>> = {
  AttentionLine1: 'The name',
  AttentionLine2: 'The second attention line',
  AttentionLine3: 'The third attention line',
  Company: 'The company',
  Address1: 'The street address',
  Address2: 'The second address line',
  City: 'The city',
  State: 'The state',
  PostalCode: 'The ZIP or postal code',
  Country: 'The country',
};

/** A US ZIP code, as the service's address check takes it: five digits, or ZIP+4. */
export const US_ZIP_CODE = /^\d{5}(-\d{4})?$/;
/** The country names that make an address a US one; no country at all does too. */
const US_COUNTRY = /^(us|usa|united states( of america)?)$/i;

export function isUsAddress(address: { readonly Country?: unknown }): boolean {
  const country = address.Country;
  return typeof country !== 'string' || !country.trim() || US_COUNTRY.test(country.trim());
}

interface RecipientRule {
  /** The fields the rule reads. */
  readonly reads: readonly RecipientField[];
  /** The field a person changes to mend it. */
  readonly field: RecipientField;
  readonly code: number;
  /** Refused at send (true), or accepted and failed when printed (false). */
  readonly atSend: boolean;
  readonly broken: (address: Readonly<Record<string, unknown>>) => boolean;
  readonly message: (address: Readonly<Record<string, unknown>>) => string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** In the order the service checks them. */
export const RECIPIENT_RULES: readonly RecipientRule[] = [
  {
    reads: ['Address1'],
    field: 'Address1',
    code: missingFieldCodes.Address1!,
    atSend: true,
    broken: (a) => !a.Address1,
    message: () => 'A street address is needed.',
  },
  {
    reads: ['City'],
    field: 'City',
    code: missingFieldCodes.City!,
    atSend: true,
    broken: (a) => !a.City,
    message: () => 'A city is needed.',
  },
  {
    reads: ['AttentionLine1', 'Company'],
    field: 'Company',
    code: MISSING_ATTENTION_OR_COMPANY,
    atSend: true,
    broken: (a) => !a.AttentionLine1 && !a.Company,
    message: () => 'A name or a company is needed: the service takes the address with either, not with neither.',
  },
  {
    reads: ['PostalCode', 'Country'],
    field: 'PostalCode',
    code: -1018,
    atSend: false,
    // A US address without a ZIP code is one the service's check cannot verify either: one rule for
    // every address input (a merge row, --to, --state without --postal-code, an input, a postcard).
    broken: (a) => isUsAddress(a) && !US_ZIP_CODE.test(text(a.PostalCode)),
    message: (a) =>
      text(a.PostalCode)
        ? `${text(a.PostalCode)} is not a US ZIP code (12345 or 12345-6789).`
        : 'A ZIP code is needed for a US address (12345 or 12345-6789).',
  },
];

function problem(rule: Pick<RecipientRule, 'field' | 'code'>, message: string): AddressProblem {
  const meaning = rule.code === -1018 ? describeStatus(rule.code) : describeResultCode(rule.code);
  return { field: rule.field, code: rule.code, message, meaning };
}

/**
 * One field as it is typed, given the fields typed before it (a field present in `typed`, even as
 * '', counts as typed; one absent is still to come). Its length, then each rule it completes.
 * The value is taken trimmed, as an input keeps it. Undefined when the field may stay as it is.
 *
 * A problem found at a later field names the earlier one (`field`): "a name or a company" is
 * refused at Company; a ZIP code that is not a US one once the country is known (none, or the US),
 * at Country, naming PostalCode, with a word on naming the country instead.
 */
export function checkAddressField(field: RecipientField, value: string, typed: RecipientFields): AddressProblem | undefined {
  const address: Record<string, string> = {};
  for (const [f, t] of Object.entries(typed)) address[f] = (t ?? '').trim();
  address[field] = value.trim();
  return fieldProblem(field, address);
}

/** checkAddressField's rules over `address`: the fields typed so far, trimmed, this one among them. */
function fieldProblem(field: RecipientField, address: Readonly<Record<string, string>>): AddressProblem | undefined {
  const v = address[field]!;
  const limit = fieldLimits[field];
  if (limit && v.length > limit.maxLength) {
    return problem(
      { field, code: limit.code },
      `${RECIPIENT_FIELD_LABELS[field]} is ${v.length} characters long; the service takes at most ${limit.maxLength}.`,
    );
  }
  for (const rule of RECIPIENT_RULES) {
    if (!rule.reads.includes(field) || !rule.reads.every((f) => f in address)) continue;
    if (!rule.broken(address)) continue;
    const later = rule.field !== field && rule.field === 'PostalCode';
    return problem(
      rule,
      later ? `${rule.message(address)} Correct it, or give the country if the address is not in the US.` : rule.message(address),
    );
  }
  return undefined;
}

/**
 * A whole address, field by field in the contract's order, as a field-by-field input would check
 * it: every problem, the fields' own first. Empty when the service would take it and print it.
 */
export function checkRecipient(address: RecipientFields): AddressProblem[] {
  const problems: AddressProblem[] = [];
  // One address grown field by field (a merge checks every row: no copy per field).
  const typed: Record<string, string> = {};
  for (const field of RECIPIENT_FIELDS) {
    typed[field] = (address[field] ?? '').trim();
    const found = fieldProblem(field, typed);
    if (found) problems.push(found);
  }
  return problems;
}

/** The code the service refuses a send to this address with: -4006, -4007, -4008. */
export function checkAddress(address: Readonly<Record<string, unknown>>): number | undefined {
  return RECIPIENT_RULES.find((rule) => rule.atSend && rule.broken(address))?.code;
}

/** The status a mailer to this address fails with when printed: -1018 for a US address whose ZIP code is not one. */
export function checkMailableAddress(address: Readonly<Record<string, unknown>>): number | undefined {
  return RECIPIENT_RULES.find((rule) => !rule.atSend && rule.broken(address))?.code;
}
