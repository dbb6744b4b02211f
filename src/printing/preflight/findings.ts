/**
 * What the preflight finds, each with the service's own code and words (the contract's code
 * tables) and, in people's words, what is wrong: an `error` is something the service would refuse
 * or fail the mailer with; a `warning` is likely trouble the service does not check.
 */
import {
  US_ZIP_CODE,
  checkRecipient,
  describeResultCode,
  describeStatus,
  isUsAddress,
  mailerStatuses,
  type RecipientFields,
  STATUS,
} from '../../contract';
import { isKnownState, statesOfZip } from './zip-prefixes';

export type Severity = 'error' | 'warning';

export interface Finding {
  /** The service's code: a result code it refuses the send with, or the status the mailer fails with. */
  readonly code: number;
  readonly severity: Severity;
  /** The code's meaning in the service's words, then what is wrong. */
  readonly message: string;
  /** The field (an address field, a merge column) it is about. */
  readonly field?: string;
  /** A merge's 1-based data row (the row after the header is 1). */
  readonly row?: number;
  /** The CSV's 1-based line that row starts on. */
  readonly line?: number;
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

/** The contract's address rules (lengths, the fields needed, the US ZIP code's form), as findings. */
export function addressFindings(address: RecipientFields): Finding[] {
  return checkRecipient(address).map((p) => finding(p.code, 'error', p.message, { field: p.field }));
}

/**
 * A US ZIP code whose first three digits belong to another state than the one given (the table in
 * zip-prefixes.ts): a warning, since the service's own check takes any ZIP code of the right form.
 */
export function zipPrefixFinding(address: RecipientFields): Finding | undefined {
  const zip = address.PostalCode?.trim() ?? '';
  const state = address.State?.trim().toUpperCase() ?? '';
  if (!isUsAddress(address) || !US_ZIP_CODE.test(zip) || !isKnownState(state)) return undefined;
  const states = statesOfZip(zip);
  if (states.length === 0 || states.includes(state)) return undefined;
  return {
    code: STATUS.AddressNotVerified,
    severity: 'warning',
    message:
      `ZIP codes starting ${zip.slice(0, 3)} are ${states.join(' or ')}'s, not ${state}'s: the real service's address check may fail ` +
      `the letter with ${STATUS.AddressNotVerified} (${meaningOf(STATUS.AddressNotVerified)}). Check the ZIP code and the state; the sandbox checks only the ZIP code's form.`,
    field: 'PostalCode',
  };
}

export function hasErrors(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === 'error');
}
