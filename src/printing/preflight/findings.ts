/**
 * What the preflight finds, each with the service's own code and words (the contract's code
 * tables) and, in people's words, what is wrong: an `error` is something the service would refuse
 * or fail the mailer with; a `warning` is likely trouble the service does not check. A warning
 * about how something prints (a font not embedded, an image under 300 DPI, a character no
 * printing font draws) has no code: the service has none for it.
 */
import {
  RECIPIENT_FIELDS,
  STATUS,
  checkRecipient,
  describeResultCode,
  describeStatus,
  mailerStatuses,
  type RecipientFields,
} from '../../contract';
import { fieldsWithLineBreaks } from '../address-fields';
import { zipMeant, zipMeantWords } from '../address/zip-written';
import { verifyAddress } from '../address/verify';
import type { LowResolutionImage } from '../pdf-inspection';

export type Severity = 'error' | 'warning';

export interface Finding {
  /**
   * The service's code: a result code it refuses the send with, or the status the mailer fails
   * with; none for a warning about how something prints, which the service has no code for.
   */
  readonly code?: number;
  readonly severity: Severity;
  /** The code's meaning in the service's words, then what is wrong. */
  readonly message: string;
  /** The field (an address field, a merge column) it is about. */
  readonly field?: string;
  /** A merge's 1-based data row (the row after the header is 1). */
  readonly row?: number;
  /** The CSV's 1-based line that row starts on. */
  readonly line?: number;
  /** The printed letter's 1-based pages it is about (its address page, when it has one, is 1), as the proof numbers them. */
  readonly pages?: readonly number[];
  /** The service's limit, in bytes, the letter is over (its printed PDF's 2 MB): nothing over it is sent. */
  readonly limit?: number;
  /** What the field should hold instead of what it does (a ZIP code's own city), for a quick fix. */
  readonly suggestion?: { readonly instead: string; readonly value: string };
}

/** A code's meaning as the service says it: a mailer status's description, else the result code's. */
export function meaningOf(code: number): string {
  return mailerStatuses.some((s) => s.code === code) ? describeStatus(code) : describeResultCode(code);
}

export function finding(
  code: number,
  severity: Severity,
  detail: string,
  where: Omit<Finding, 'code' | 'severity' | 'message'> = {},
): Finding {
  return { code, severity, message: `${meaningOf(code)}. ${detail}`, ...where };
}

/** A warning the service has no code for: how something prints. */
export function printNotice(detail: string, where: Omit<Finding, 'code' | 'severity' | 'message'> = {}): Finding {
  return { severity: 'warning', message: detail, ...where };
}

/** An image drawn at under 300 DPI, `where` it is ("page 2", "the image side"): a letter's and a postcard's one warning of it. */
export function lowResolutionFinding(image: LowResolutionImage, where: string): Finding {
  return printNotice(
    `An image of ${image.pixels.width} × ${image.pixels.height} pixels is drawn ${Number(image.drawn.width.toFixed(2))} × ` +
      `${Number(image.drawn.height.toFixed(2))} in, at ${image.dpi} DPI (${where}): the service asks for 300 DPI or more; it may print blurred.`,
    { pages: image.pages },
  );
}

/** Pages in words: "page 3", "pages 2 and 4", "pages 1–60", "pages 1, 3 and 5–7". */
export function pageWords(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const spans: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    spans.push(j - i >= 2 ? `${sorted[i]}–${sorted[j]}` : j === i ? `${sorted[i]}` : `${sorted[i]}, ${sorted[j]}`);
    i = j + 1;
  }
  const list = spans.join(', ').split(', ');
  const words = list.length === 1 ? list[0]! : `${list.slice(0, -1).join(', ')} and ${list.at(-1)!}`;
  return `${sorted.length === 1 ? 'page' : 'pages'} ${words}`;
}

/** Invisible characters in a field: controls but line breaks (a finding of their own), and format characters (zero-width ones, marks of direction). */
const UNSEEN = /[\p{Cc}\p{Cf}]/gu;
const LINE_BREAK_CHARACTERS = new Set(['\n', '\r']);

/**
 * A field's characters that are not printed as typed: a tab the envelope shows as a space, a
 * control or zero-width character it does not show at all, which the service's address check
 * still reads. Mailroom's own finding: the service has no code for it.
 */
export function unseenCharacters(field: string, value: string, where: Pick<Finding, 'row' | 'line'> = {}): Finding | undefined {
  const found = [...new Set(value.match(UNSEEN) ?? [])].filter((c) => !LINE_BREAK_CHARACTERS.has(c));
  if (found.length === 0) return undefined;
  const words = found.map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}${c === '\t' ? ' (a tab)' : ''}`);
  const tab = found.includes('\t');
  const others = found.length - (tab ? 1 : 0);
  const printed = tab
    ? others > 0
      ? 'A tab prints as a space and the others as nothing'
      : 'A tab prints as a space'
    : others === 1
      ? 'It prints as nothing'
      : 'They print as nothing';
  return printNotice(
    `${field} holds ${found.length === 1 ? 'a character' : 'characters'} the envelope does not show as typed: ${words.join(', ')}. ` +
      `${printed}, but the service's address check reads the field as sent: remove ${found.length === 1 ? 'it' : 'them'}.`,
    { ...where, field },
  );
}

/**
 * The contract's address rules (lengths, the fields needed, the US ZIP code's form), as findings;
 * with a field holding a line break, which the printer fails at -1045 (letter.ts
 * fieldsWithLineBreaks: the service reads each field as one line), and a field's characters the
 * envelope does not show as typed. The live diagnostics of a front matter say the same.
 */
export function addressFindings(address: RecipientFields): Finding[] {
  const lineBreaks = fieldsWithLineBreaks(address).map((field) =>
    finding(
      STATUS.AddressNotExtracted,
      'error',
      `${field} holds a line break: the service reads each address field as one line. Join its lines (the proof shows them joined).`,
      { field },
    ),
  );
  return [
    ...lineBreaks,
    ...checkRecipient(address).map((p) => withZipMeant(finding(p.code, 'error', p.message, { field: p.field }), address)),
    ...unseenInAddress(address),
  ];
}

/** A warning for each address field with characters the envelope does not show as typed (unseenCharacters). */
export function unseenInAddress(address: RecipientFields, where: Pick<Finding, 'row' | 'line'> = {}): Finding[] {
  return RECIPIENT_FIELDS.flatMap((field) => {
    const value = (address as Readonly<Record<string, string | undefined>>)[field];
    const found = value ? unseenCharacters(field, value, where) : undefined;
    return found ? [found] : [];
  });
}

/**
 * A ZIP code not of the form, with the ZIP code it most likely is (leading zeros a spreadsheet
 * dropped, a ZIP+4 without its hyphen: address/zip-written.ts) said and suggested; any other
 * finding as it is.
 */
export function withZipMeant(f: Finding, address: RecipientFields): Finding {
  if (f.code !== STATUS.AddressNotVerified || f.field !== 'PostalCode' || !address.PostalCode) return f;
  const meant = zipMeant(address.PostalCode, address.State);
  if (!meant) return f;
  return { ...f, message: f.message + zipMeantWords(meant), suggestion: { instead: address.PostalCode.trim(), value: meant.value } };
}

/**
 * The service's check of a US address's ZIP code, state and city (address/verify.ts, which the
 * sandbox fails mailers by): a ZIP code that does not exist or is another state's fails the letter
 * at -1018 in Production (an error), and is a warning in Development, which is never mailed. A
 * City the ZIP code does not serve is a warning in both, naming the ZIP code's city.
 */
export function zipFinding(address: RecipientFields, workMode: 'Production' | 'Development'): Finding | undefined {
  const verdict = verifyAddress(address);
  if (!verdict) return undefined;
  const production = workMode === 'Production';
  const fails = production
    ? 'The service fails the letter.'
    : 'In Production the service fails the letter; in Development it is not mailed, nor failed for it.';
  if (verdict.kind === 'unknown-zip') {
    return finding(STATUS.AddressNotVerified, production ? 'error' : 'warning', `${verdict.zip} is not a ZIP code the USPS has. ${fails}`, {
      field: 'PostalCode',
    });
  }
  const { zip } = verdict;
  const city = zip.cities[0]!;
  if (verdict.kind === 'other-state') {
    return finding(
      STATUS.AddressNotVerified,
      production ? 'error' : 'warning',
      `ZIP code ${zip.zip} is ${city}, ${zip.state}: not in ${verdict.state}. Check the ZIP code and the state. ${fails}`,
      { field: 'PostalCode' },
    );
  }
  return finding(
    STATUS.AddressNotVerified,
    'warning',
    `It may be: ZIP code ${zip.zip} is ${city}'s, and neither it nor any ZIP code near it (${zip.zip.slice(0, 3)}xx) is ` +
      `${verdict.city}'s. Unless the USPS takes ${verdict.city} for ${zip.zip}, the address check may fail the letter: ` +
      `write ${city}, or check the ZIP code.`,
    { field: 'City', suggestion: { instead: verdict.city, value: city } },
  );
}

/** zipFinding as the editor's live diagnostics ask for it (front-matter.ts): in Production, what mailing the letter meets. */
export function zipPrefixFinding(address: RecipientFields): Finding | undefined {
  return zipFinding(address, 'Production');
}

export function hasErrors(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === 'error');
}
