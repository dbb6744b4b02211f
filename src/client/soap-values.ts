/**
 * Typed values to and from the objects the `soap` package (node-soap) builds and reads, walked
 * from the contract. node-soap is told to leave dateTimes as text (its own `new Date(text)` would
 * shift an offset-less time into the machine's zone); everything else is read by the contract's
 * codec, so that every binding gives the same typed result.
 */
import { parseLeaf, type Field, type TypeRef } from '../contract';

/** node-soap options that keep every leaf as the service wrote it, for `fromSoapValue` to read. */
export const SOAP_DESERIALIZERS: Readonly<Record<string, (text: string) => string>> = {
  dateTime: (text) => text,
  date: (text) => text,
  decimal: (text) => text,
  int: (text) => text,
  boolean: (text) => text,
};

/** A typed request value as node-soap serializes it: arrays wrapped in their item element. */
export function toSoapValue(type: TypeRef, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  switch (type.kind) {
    case 'enum':
      return value;
    case 'primitive':
      if (type.name === 'base64Binary') return Buffer.from(value as Uint8Array).toString('base64');
      if (type.name === 'dateTime') return (value as Date).toISOString();
      return String(value);
    case 'structure':
      return toSoapFields(type.fields, value as Record<string, unknown>);
    case 'array':
      return { [type.itemElement]: (value as unknown[]).map((item) => toSoapValue(type.item, item)) };
  }
}

/** Each field's value mapped by its type, leaving out those that map to nothing. */
function mapFields(fields: readonly Field[], value: Readonly<Record<string, unknown>>, map: (type: TypeRef, v: unknown) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const v = map(field.type, value[field.name]);
    if (v !== undefined) out[field.name] = v;
  }
  return out;
}

export function toSoapFields(fields: readonly Field[], value: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return mapFields(fields, value, toSoapValue);
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // node-soap gives an empty element as an empty object.
  return '';
}

/** A node-soap result value as the typed client gives it: numbers, Dates, Buffers, arrays always arrays. */
export function fromSoapValue(type: TypeRef, value: unknown): unknown {
  switch (type.kind) {
    case 'primitive':
    case 'enum':
      if (value === undefined || value === null) return undefined;
      return parseLeaf(textOf(value), type);
    case 'structure':
      return fromSoapFields(type.fields, (value ?? {}) as Record<string, unknown>);
    case 'array': {
      const items = (value as Record<string, unknown> | undefined)?.[type.itemElement];
      const list = items === undefined || items === null ? [] : Array.isArray(items) ? items : [items];
      return list.map((item) => fromSoapValue(type.item, item));
    }
  }
}

export function fromSoapFields(fields: readonly Field[], value: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return mapFields(fields, value, fromSoapValue);
}
