/**
 * Sample request and response bodies of an operation, walked from its fields: the help page shows
 * them with placeholders (`string`, `int`), the schema tests fill them with typed values.
 */
import { el, type XmlElement } from './xml';
import { NAMESPACE, type Field, type Operation, type TypeRef } from './model';

/** The text of a leaf: a primitive or an enum. */
export type LeafSample = (type: TypeRef & { kind: 'primitive' | 'enum' }) => string;

/** Placeholders as ASP.NET's help page writes them: the type's name, or an enum's values. */
export const placeholder: LeafSample = (type) => (type.kind === 'enum' ? type.values.join(' or ') : type.name);

function sampleValue(name: string, type: TypeRef, leaf: LeafSample): XmlElement {
  switch (type.kind) {
    case 'primitive':
    case 'enum':
      return el(name, {}, leaf(type));
    case 'structure':
      return el(
        name,
        {},
        type.fields.map((f) => sampleField(f, leaf)),
      );
    case 'array': {
      const item = sampleValue(type.itemElement, type.item, leaf);
      return el(name, {}, item, item);
    }
  }
}

function sampleField(field: Field, leaf: LeafSample): XmlElement {
  return sampleValue(field.name, field.type, leaf);
}

/** `<Operation xmlns="Mailing">` with one child per parameter. */
export function sampleRequest(op: Operation, leaf: LeafSample = placeholder): XmlElement {
  return el(
    op.name,
    { xmlns: NAMESPACE },
    op.params.map((p) => sampleField(p, leaf)),
  );
}

/** `<OperationResponse xmlns="Mailing"><OperationResult>…`. */
export function sampleResponse(op: Operation, leaf: LeafSample = placeholder): XmlElement {
  return el(op.responseElement, { xmlns: NAMESPACE }, sampleValue(op.resultElement, op.result, leaf));
}
