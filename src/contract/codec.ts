/**
 * Values of the contract's types to and from their XML form, walked from the contract's types so
 * that no operation is encoded or decoded by hand. The client and the sandbox both frame these
 * (SOAP envelopes, HTTP GET/POST) in their own way.
 *
 * A dateTime without an offset is the account's local time. It travels in a `Date` whose UTC
 * fields hold that wall time, so that nothing shifts it; one with an offset is a real instant.
 */
import { NAMESPACE, type Field, type Operation, type TypeRef } from './model';
import { el, type XmlElement } from './xml';
import { isNil, type ParsedElement } from './xml-reader';

/** A value that is not of its declared type; `.NET` words, as its faults give them. */
export class ValueError extends Error {
  override readonly name = 'ValueError';
  constructor(
    message: string,
    readonly element?: ParsedElement,
  ) {
    super(message);
  }
}

/** `0001-01-01T00:00:00`: what the service writes for a time that has not happened. */
export const ZERO_DATE = new Date(-62135596800000);

const INT32 = { min: -2147483648, max: 2147483647 };
const DATE_TIME = /^\s*(-?\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?(Z|[+-]\d{2}:\d{2})?\s*$/;

/**
 * The usual int text (of `text` from `from` to `to`), an optional minus and up to ten digits and
 * nothing else, read by hand; undefined for any other text (parseInt32 reads it by the rule).
 */
export function readPlainInt32(text: string, from = 0, to = text.length): number | undefined {
  const negative = text.charCodeAt(from) === 0x2d;
  const first = negative ? from + 1 : from;
  if (to <= first || to - first > 10) return undefined;
  let n = 0;
  for (let i = first; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return undefined;
    n = n * 10 + d;
  }
  const value = negative ? -n : n;
  if (value < INT32.min || value > INT32.max) throw new ValueError('Value was either too large or too small for an Int32.');
  return value;
}

export function parseInt32(text: string): number {
  const plain = readPlainInt32(text);
  if (plain !== undefined) return plain;
  if (!/^\s*[+-]?\d+\s*$/.test(text)) throw new ValueError('Input string was not in a correct format.');
  const value = Number(text.trim());
  if (value < INT32.min || value > INT32.max) throw new ValueError('Value was either too large or too small for an Int32.');
  return value;
}

export function parseDecimal(text: string): number {
  if (!/^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(text)) throw new ValueError('Input string was not in a correct format.');
  return Number(text.trim());
}

export function formatDecimal(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return value.toFixed(4).replace(/0+$/, '');
}

export function parseBoolean(text: string): boolean {
  switch (text.trim()) {
    case 'true':
    case '1':
      return true;
    case 'false':
    case '0':
      return false;
    default:
      throw new ValueError(`The string '${text}' is not a valid Boolean value.`);
  }
}

/** The digits of text[from, from + count) as a number, or -1 when one is not a digit. */
function digits(text: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** What a fraction of 1 to 7 digits is divided by to give milliseconds. */
const FRACTION_SCALE = [1, 0.01, 0.1, 1, 10, 100, 1000, 10000];

/**
 * `YYYY-MM-DDTHH:MM:SS[.fff…]` without an offset (of `text` from `from` to `to`), the form ASP.NET
 * writes, read without a regular expression; undefined for any other text (parseDateTime reads it
 * by the rule).
 */
export function readPlainDateTime(text: string, from = 0, to = text.length): Date | undefined {
  const length = to - from;
  const c = (k: number) => text.charCodeAt(from + k);
  if (length < 19 || c(4) !== 0x2d || c(7) !== 0x2d || c(10) !== 0x54 || c(13) !== 0x3a || c(16) !== 0x3a) return undefined;
  // Six reads, no array: this runs once per date of a 1000-status answer.
  const y = digits(text, from, 4);
  const mo = digits(text, from + 5, 2);
  const d = digits(text, from + 8, 2);
  const h = digits(text, from + 11, 2);
  const mi = digits(text, from + 14, 2);
  const s = digits(text, from + 17, 2);
  let ms = 0;
  if (length > 19) {
    if (c(19) !== 0x2e || length > 27 || length === 20) return undefined;
    const fraction = digits(text, from + 20, length - 20);
    if (fraction < 0) return undefined;
    ms = Math.floor(fraction / FRACTION_SCALE[length - 20]!);
  }
  if (y < 100 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59)
    return undefined;
  return new Date((((daysFromCivil(y, mo, d) * 24 + h) * 60 + mi) * 60 + s) * 1000 + ms);
}

/**
 * Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
 * days_from_civil), in plain arithmetic: cheaper than Date.UTC, once per date of an answer.
 */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

export function parseDateTime(text: string): Date {
  const fast = readPlainDateTime(text);
  if (fast) return fast;
  const m = DATE_TIME.exec(text);
  if (!m) throw new ValueError(`The string '${text}' is not a valid AllXsd value.`);
  const [, year, month, day, hour, minute, second, fraction = '', zone] = m;
  const [y, mo, d, h, mi, s] = [Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second)];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) {
    throw new ValueError(`The string '${text}' is not a valid AllXsd value.`);
  }
  let time = Date.UTC(y, mo - 1, d, h, mi, s, fraction ? Math.floor(Number(fraction.padEnd(3, '0').slice(0, 3))) : 0);
  // Date.UTC reads years 0 to 99 as 1900 to 1999; .NET's zero date is the year 1.
  if (y < 100) time = new Date(time).setUTCFullYear(y);
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    time -= sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000;
  }
  return new Date(time);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Written as ASP.NET writes an Unspecified DateTime: no offset, fraction only when there is one. */
export function formatDateTime(date: Date): string {
  const base =
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  const ms = date.getUTCMilliseconds();
  return ms === 0 ? base : `${base}.${pad(ms, 3).replace(/0+$/, '')}`;
}

export function parseBase64(text: string): Buffer {
  const compact = text.replace(/[\s]/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
    throw new ValueError('The input is not a valid Base-64 string as it contains a non-base 64 character.');
  }
  return Buffer.from(compact, 'base64');
}

/** A leaf value (primitive or enum) from its text. */
export function parseLeaf(text: string, type: TypeRef & { kind: 'primitive' | 'enum' }): unknown {
  if (type.kind === 'enum') {
    if (!type.values.includes(text)) throw new ValueError(`Instance validation error: '${text}' is not a valid value for ${type.name}.`);
    return text;
  }
  switch (type.name) {
    case 'string':
      return text;
    case 'int':
      return parseInt32(text);
    case 'decimal':
      return parseDecimal(text);
    case 'boolean':
      return parseBoolean(text);
    case 'dateTime':
      return parseDateTime(text);
    case 'base64Binary':
      return parseBase64(text);
  }
}

export function formatLeaf(value: unknown, type: TypeRef & { kind: 'primitive' | 'enum' }): string {
  if (type.kind === 'enum') return String(value);
  switch (type.name) {
    case 'decimal':
      return formatDecimal(value as number);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'dateTime':
      return formatDateTime(value as Date);
    case 'base64Binary':
      return Buffer.from(value as Uint8Array).toString('base64');
    default:
      return String(value);
  }
}

export interface DecodeOptions {
  /** Give an absent array as an empty one (what the typed client promises its callers). */
  readonly arraysAlwaysPresent?: boolean;
}

/** The value of an element of this type; undefined for `xsi:nil`. */
export function decodeValue(node: ParsedElement, type: TypeRef, options: DecodeOptions = {}): unknown {
  if (node.attributes.length > 0 && isNil(node)) return undefined;
  switch (type.kind) {
    case 'primitive':
    case 'enum':
      try {
        return parseLeaf(node.text, type);
      } catch (error) {
        if (error instanceof ValueError) throw new ValueError(error.message, node);
        throw error;
      }
    case 'structure':
      return decodeFields(node, type.fields, options);
    case 'array': {
      const items: unknown[] = [];
      for (const c of node.children)
        if (c.ns === NAMESPACE && c.local === type.itemElement && !(c.attributes.length > 0 && isNil(c)))
          items.push(decodeValue(c, type.item, options));
      return items;
    }
  }
}

/**
 * The fields of an element, read from its children in the `Mailing` namespace, by name. As in
 * ASP.NET, an unqualified or unknown child is ignored and an absent field is left undefined.
 */
export function decodeFields(node: ParsedElement, fields: readonly Field[], options: DecodeOptions = {}): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  const children = node.children;
  for (const field of fields) {
    // The first child of the field's name, found without a closure: this runs once per field of every item.
    let child: ParsedElement | undefined;
    for (let i = 0; i < children.length; i++) {
      const c = children[i]!;
      if (c.local === field.name && c.ns === NAMESPACE) {
        child = c;
        break;
      }
    }
    if (child) value[field.name] = decodeValue(child, field.type, options);
    else if (options.arraysAlwaysPresent && field.type.kind === 'array') value[field.name] = [];
  }
  return value;
}

/**
 * An operation's typed result from its result element (`<OperationResult>` in SOAP, the root in
 * HTTP GET and POST): a structure's fields, with absent arrays as empty ones, or the bare int.
 */
export function decodeResult(op: Operation, element: ParsedElement): unknown {
  return op.result.kind === 'structure' ? decodeFields(element, op.result.fields, { arraysAlwaysPresent: true }) : parseInt32(element.text);
}

/** The element for a value, or undefined where XmlSerializer writes nothing (null references). */
export function encodeValue(name: string, type: TypeRef, value: unknown): XmlElement | undefined {
  if (value === undefined || value === null) return undefined;
  switch (type.kind) {
    case 'primitive':
    case 'enum':
      return el(name, {}, formatLeaf(value, type));
    case 'structure':
      return el(name, {}, encodeFields(type.fields, value as Record<string, unknown>));
    case 'array':
      return el(
        name,
        {},
        (value as readonly unknown[]).flatMap((item) => encodeValue(type.itemElement, type.item, item) ?? []),
      );
  }
}

/** What XmlSerializer writes for a value-type field that holds nothing: 0, false, the zero date, the first enum value. */
export function zeroValue(type: TypeRef): unknown {
  if (type.kind === 'enum') return type.values[0];
  if (type.kind !== 'primitive') return undefined;
  return { int: 0, decimal: 0, boolean: false, dateTime: ZERO_DATE, string: undefined, base64Binary: undefined }[type.name];
}

/**
 * The elements of a structure's fields in order (other properties are not written); a required
 * field that holds nothing is written as its zero.
 */
export function encodeFields(fields: readonly Field[], value: Readonly<Record<string, unknown>>): XmlElement[] {
  const out: XmlElement[] = [];
  for (const field of fields) {
    const element = encodeValue(field.name, field.type, value[field.name] ?? (field.required ? zeroValue(field.type) : undefined));
    if (element) out.push(element);
  }
  return out;
}
