/**
 * Typed request values as the objects the `soap` package (node-soap) lays out, walked from the
 * contract. Every leaf is already text written by the contract's codec (formatLeaf: dateTimes
 * without an offset, as ASP.NET writes them), and a value-type field that holds nothing is its
 * zero, as XmlSerializer writes it: node-soap only lays the values out, so a request carries the
 * same values over SOAP as over HTTP GET and POST. (Answers are read by the codec too.)
 */
import { formatLeaf, zeroValue, type Field, type TypeRef } from '../contract';

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
      return formatLeaf(value, type);
    case 'primitive':
      return type.name === 'base64Binary' ? binary(value as Uint8Array) : formatLeaf(value, type);
    case 'structure':
      return toSoapFields(type.fields, value as Record<string, unknown>, binary);
    case 'array':
      return { [type.itemElement]: (value as unknown[]).map((item) => toSoapValue(type.item, item, binary)) };
  }
}

/** Each field's value mapped by its type, leaving out those that map to nothing. */
export function mapFields(
  fields: readonly Field[],
  value: Readonly<Record<string, unknown>>,
  map: (type: TypeRef, v: unknown) => unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const v = map(field.type, value[field.name]);
    if (v !== undefined) out[field.name] = v;
  }
  return out;
}

export function toSoapFields(
  fields: readonly Field[],
  value: Readonly<Record<string, unknown>>,
  binary: BinaryPlaceholder = base64Of,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const v = toSoapValue(field.type, value[field.name] ?? (field.required ? zeroValue(field.type) : undefined), binary);
    if (v !== undefined) out[field.name] = v;
  }
  return out;
}
