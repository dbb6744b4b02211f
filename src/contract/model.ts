/**
 * The contract tables walked once into plain objects that the WSDL writer, the codecs and the
 * sandbox read: services, operations, fields and resolved types.
 */
import { enums, type EnumName } from './enums';
import { structures, type StructureName } from './structures';
import { services, type Binding, type ServiceKey } from './services';
import type { FieldSpec, PrimitiveName } from './types';
import { OK } from './codes';

export const NAMESPACE = 'Mailing';

export type TypeRef =
  | { readonly kind: 'primitive'; readonly name: PrimitiveName }
  | { readonly kind: 'enum'; readonly name: EnumName; readonly values: readonly string[] }
  | { readonly kind: 'structure'; readonly name: StructureName; readonly fields: readonly Field[] }
  | {
      readonly kind: 'array';
      /** `ArrayOf<Item>`, the wire type's name. */
      readonly name: string;
      readonly item: TypeRef;
      /** The element name of each item: the item type's name. */
      readonly itemElement: string;
    };

export interface Field {
  readonly name: string;
  readonly type: TypeRef;
  /** `minOccurs` of the element: 1 for value types unless the table marks the field optional. */
  readonly required: boolean;
}

export interface Operation {
  readonly service: Service;
  readonly name: string;
  readonly doc: string;
  readonly params: readonly Field[];
  /** `int` or a structure. */
  readonly result: TypeRef;
  /** The child of the response element: `<Operation>Result`. */
  readonly resultElement: string;
  /** The SOAP body's answer element, `<Operation>Response`. */
  readonly responseElement: string;
  /** `Mailing/<Operation>`, unquoted. */
  readonly soapAction: string;
  /** What a call does to the account (see operationEffect). */
  readonly effect: OperationEffect;
}

/** What a call does to the account, as the contract table says: see `services.ts`. */
export type OperationEffect = 'send' | 'read' | 'change';

export interface Service {
  readonly key: ServiceKey;
  readonly title: string;
  readonly path: string;
  /** The .asmx class name, which names the WSDL service, port types and bindings. */
  readonly className: string;
  readonly bindings: readonly Binding[];
  readonly operations: readonly Operation[];
}

const PRIMITIVES: readonly PrimitiveName[] = ['string', 'int', 'decimal', 'dateTime', 'boolean', 'base64Binary'];

export function isValueType(type: TypeRef): boolean {
  if (type.kind === 'enum') return true;
  return type.kind === 'primitive' && type.name !== 'string' && type.name !== 'base64Binary';
}

const resolved = new Map<string, TypeRef>();

export function resolveType(notation: string): TypeRef {
  const known = resolved.get(notation);
  if (known) return known;
  const type = readType(notation);
  resolved.set(notation, type);
  return type;
}

function readType(notation: string): TypeRef {
  if (notation.endsWith('[]')) {
    const item = resolveType(notation.slice(0, -2));
    const itemName = item.name;
    return { kind: 'array', name: `ArrayOf${itemName[0]!.toUpperCase()}${itemName.slice(1)}`, item, itemElement: itemName };
  }
  if ((PRIMITIVES as readonly string[]).includes(notation)) {
    return { kind: 'primitive', name: notation as PrimitiveName };
  }
  if (notation in enums) {
    const name = notation as EnumName;
    return { kind: 'enum', name, values: enums[name] };
  }
  if (notation in structures) {
    const name = notation as StructureName;
    return { kind: 'structure', name, fields: (structures[name] as readonly FieldSpec[]).map(readField) };
  }
  throw new Error(`The contract names an unknown type: ${notation}`);
}

function readField([spec, notation]: FieldSpec): Field {
  const optional = spec.endsWith('?');
  const type = resolveType(notation);
  return { name: optional ? spec.slice(0, -1) : spec, type, required: !optional && isValueType(type) };
}

interface OperationTable {
  readonly doc: string;
  readonly params: readonly FieldSpec[];
  readonly result: string;
  readonly effect: OperationEffect;
}

function readService(key: ServiceKey): Service {
  const table = services[key];
  const operations: Operation[] = [];
  const service: Service = {
    key,
    title: table.title,
    path: table.path,
    className: table.className,
    bindings: table.bindings,
    operations,
  };
  for (const [name, op] of Object.entries(table.operations as Record<string, OperationTable>)) {
    operations.push({
      service,
      name,
      doc: op.doc,
      params: op.params.map(readField),
      result: resolveType(op.result),
      resultElement: `${name}Result`,
      responseElement: `${name}Response`,
      soapAction: `${NAMESPACE}/${name}`,
      effect: op.effect,
    });
  }
  return service;
}

/** The four services in the order of their paths: simple, dated A, dated B, admin. */
export const serviceList: readonly Service[] = (Object.keys(services) as ServiceKey[]).map(readService);

/** All 29 service operations: each operation on each service that offers it. */
export const operationList: readonly Operation[] = serviceList.flatMap((s) => s.operations);

/**
 * What a call does to the account, from the contract table: `send` spends money (never retried),
 * `read` changes nothing (safe to retry), `change` changes something else (cancel, stored files, settings).
 */
export function operationEffect(op: Operation): OperationEffect {
  return op.effect;
}

/**
 * Whether a result code (the bare int, or a structure's ResultCode) is a success: a send answers
 * the new mailer's or batch's ID, a positive number; every other operation answers -3000 (OK).
 */
export function isSuccessCode(op: Operation, code: number): boolean {
  return op.effect === 'send' ? code > 0 : code === OK;
}

/** The effect of the operations of that name (the same on every service that offers one). */
export function effectOfOperationNamed(name: string): OperationEffect | undefined {
  return operationList.find((op) => op.name === name)?.effect;
}

export function serviceByKey(key: ServiceKey): Service {
  return serviceList.find((s) => s.key === key)!;
}

/** The service at a path, compared without regard to case as IIS does. */
export function serviceByPath(path: string): Service | undefined {
  const wanted = path.toLowerCase();
  return serviceList.find((s) => s.path.toLowerCase() === wanted);
}

export function findOperation(service: Service, name: string): Operation | undefined {
  return service.operations.find((op) => op.name === name);
}
