/**
 * The service's limits on what a command sends, checked before anything is sent: the contract's
 * field limits (src/contract/rules.ts, the ones the preflight, the client and the sandbox hold a
 * request to), so that a 150-character description is a usage mistake naming the option, the
 * service's field and its limit, not the service's bare "-3212: one or more parameters are invalid".
 */
import { checkRecipient, fieldLimits, type RecipientFields } from '../contract';
import { UsageError } from './usage';

/** The words for a value past its field's limit; undefined when it is within it (or the field has none). */
export function lengthProblem(option: string, field: string, value: string | undefined): string | undefined {
  const limit = fieldLimits[field];
  if (value === undefined || !limit || value.length <= limit.maxLength) return undefined;
  return (
    `${option} is ${value.length} characters long; the service takes at most ${limit.maxLength} ` +
    `(${field}: it would answer ${limit.code}). Nothing was sent`
  );
}

/** Each option's value against its field's limit, in the order given: the first past it is refused. */
export function checkLengths(values: readonly (readonly [option: string, field: string, value: string | undefined])[]): void {
  for (const [option, field, value] of values) {
    const problem = lengthProblem(option, field, value);
    if (problem !== undefined) throw new UsageError(problem);
  }
}

const LENGTH_CODES = new Set(Object.values(fieldLimits).map((limit) => limit.code));

/**
 * The recipient's fields against their limits (the preflight's words: "The name is 61 characters
 * long; the service takes at most 45."), wherever they came from (--to, a flag, a front matter).
 */
export function checkRecipientLengths(address: RecipientFields): void {
  const tooLong = checkRecipient(address).find((problem) => LENGTH_CODES.has(problem.code));
  if (tooLong) {
    throw new UsageError(
      `The recipient cannot be sent to: ${tooLong.message.replace(/\.$/, '')} (${tooLong.field}: it would answer ${tooLong.code}). Nothing was sent`,
    );
  }
}
