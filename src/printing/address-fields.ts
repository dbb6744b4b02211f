/**
 * An address field as the service reads it: one line. What the printer draws of a field, and
 * which fields hold a line break, for the printer, the preflight and the live diagnostics alike
 * (no pdf-lib here: the diagnostics load this without the print shop).
 */
import { RECIPIENT_FIELDS, type RecipientField, type RecipientFields } from '../contract';

const LINE_BREAKS = /\r\n|\r|\n/;

/** An address field as one line: its lines (a line break the service does not read) each trimmed, joined by a space; a tab a space. */
export const oneLine = (value: string | undefined): string | undefined =>
  value
    ?.split(LINE_BREAKS)
    .map((part) => part.replace(/\t+/g, ' ').trim())
    .filter(Boolean)
    .join(' ');

/**
 * The address fields that hold a line break: the service reads each field as one line, and a
 * letter whose address it cannot read fails at -1045 (as a merge row's, merge.ts rowAddress).
 */
export function fieldsWithLineBreaks(address: RecipientFields): RecipientField[] {
  return RECIPIENT_FIELDS.filter((field) => LINE_BREAKS.test((address as Readonly<Record<string, string | undefined>>)[field] ?? ''));
}
