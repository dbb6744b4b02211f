/**
 * Typed request values as the objects the `soap` package (node-soap) serializes, walked from the
 * contract. (Answers are read by the contract's codec; see soap-binding.ts.)
 */
import type { Field, TypeRef } from '../contract';

/**
 * Stands in for a document's bytes in what node-soap writes: the base64 text goes to the wire
 * beside the envelope instead of through it (see soap-binding.ts). Answers the placeholder.
 */
export type BinaryPlaceholder = (bytes: Uint8Array) => string;

/** The bytes' base64 text, without copying them first; what node-soap writes when no placeholder stands in. */
export const base64Of: BinaryPlaceholder = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

/** A typed request value as node-soap serializes it: arrays wrapped in their item element. */
export function toSoapValue(type: TypeRef, value: unknown, binary: BinaryPlaceholder = base64Of): unknown {
  if (value === undefined || value === null) return undefined;
  switch (type.kind) {
    case 'enum':
      return value;
    case 'primitive':
      if (type.name === 'base64Binary') return binary(value as Uint8Array);
      if (type.name === 'dateTime') return (value as Date).toISOString();
      return String(value);
    case 'structure':
      return toSoapFields(type.fields, value as Record<string, unknown>, binary);
    case 'array':
      return { [type.itemElement]: (value as unknown[]).map((item) => toSoapValue(type.item, item, binary)) };
  }
}

/** Each field's value mapped by its type, leaving out those that map to nothing. */
export function mapFields(fields: readonly Field[], value: Readonly<Record<string, unknown>>, map: (type: TypeRef, v: unknown) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const v = map(field.type, value[field.name]);
    if (v !== undefined) out[field.name] = v;
  }
  return out;
}

export function toSoapFields(fields: readonly Field[], value: Readonly<Record<string, unknown>>, binary: BinaryPlaceholder = base64Of): Record<string, unknown> {
  return mapFields(fields, value, (type, v) => toSoapValue(type, v, binary));
}
