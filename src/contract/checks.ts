/**
 * The checks the service makes before doing any work, with the codes it answers. The sandbox
 * makes them after authenticating; the client makes them before sending, so that a mistake costs
 * no call.
 */
import { INVALID_IDS, parseIds } from './ids';
import type { Field } from './model';
import { fieldLimits, missingFieldCodes } from './rules';

/** The first field, in contract order and depth first, longer than the service allows. */
export function checkFieldLengths(fields: readonly Field[], value: Readonly<Record<string, unknown>>): number | undefined {
  for (const field of fields) {
    const v = value[field.name];
    if (v === undefined || v === null) continue;
    const limit = fieldLimits[field.name];
    if (limit && typeof v === 'string' && v.length > limit.maxLength) return limit.code;
    const type = field.type;
    const nested =
      type.kind === 'structure'
        ? checkFieldLengths(type.fields, v as Record<string, unknown>)
        : type.kind === 'array' && type.item.kind === 'structure'
          ? firstOf(
              (v as Record<string, unknown>[]).map((item) =>
                item ? checkFieldLengths((type.item as { fields: readonly Field[] }).fields, item) : undefined,
              ),
            )
          : undefined;
    if (nested !== undefined) return nested;
  }
  return undefined;
}

function firstOf(codes: readonly (number | undefined)[]): number | undefined {
  return codes.find((code) => code !== undefined);
}

/** An ID string: -4009 when missing, -4013 when it is not one or names more than one query answers. */
export function checkIdString(text: string | undefined): number | undefined {
  if (!text) return missingFieldCodes.ID;
  return parseIds(text).ok ? undefined : INVALID_IDS;
}
