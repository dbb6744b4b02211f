/**
 * node-soap's results as typed values, for the tests that drive the sandbox with node-soap as an
 * independent SOAP stack (the client itself reads answers with the contract's codec).
 * node-soap is told to leave leaves as text (its own `new Date(text)` would shift an offset-less
 * time into the machine's zone); the contract's codec reads them.
 */
import { mapFields } from '../../src/client/soap-values';
import { parseLeaf, type Field, type TypeRef } from '../../src/contract';

/** node-soap options that keep every leaf as the service wrote it, for `fromSoapValue` to read. */
export const SOAP_DESERIALIZERS: Readonly<Record<string, (text: string) => string>> = {
  dateTime: (text) => text,
  date: (text) => text,
  decimal: (text) => text,
  int: (text) => text,
  boolean: (text) => text,
};

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
