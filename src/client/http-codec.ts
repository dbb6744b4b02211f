/**
 * The HTTP GET and POST bindings, which the `soap` package cannot speak: a request as query or
 * form fields, every parameter present, binary data as repeated decimal byte values (as .NET's
 * own proxies send it); the answer as the bare result element, read by the contract's codec.
 */
import { NAMESPACE, decodeResult, formatLeaf, httpResultElement, readXml, type Operation } from '../contract';

/** The query or form fields of a call. Absent strings go as empty fields, as .NET proxies send them. */
export function encodeHttpFields(op: Operation, request: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  for (const param of op.params) {
    const value = request[param.name];
    const name = encodeURIComponent(param.name);
    const type = param.type;
    if (type.kind === 'primitive' && type.name === 'base64Binary') {
      if (value !== undefined) for (const byte of value as Uint8Array) parts.push(`${name}=${byte}`);
      continue;
    }
    if (type.kind !== 'primitive' && type.kind !== 'enum') throw new TypeError(`${op.name}.${param.name} cannot travel over HTTP GET or POST`);
    parts.push(`${name}=${value === undefined ? '' : encodeURIComponent(formatLeaf(value, type))}`);
  }
  return parts.join('&');
}

/** The typed result of an HTTP GET or POST answer's body (HTTP 200); throws when it is not one. */
export function decodeHttpResult(op: Operation, body: string): unknown {
  const root = readXml(body);
  const expected = httpResultElement(op);
  if (root.ns !== NAMESPACE || root.local !== expected) {
    throw new Error(`expected <${expected} xmlns="${NAMESPACE}">, got <${root.local} xmlns="${root.ns}">`);
  }
  return decodeResult(op, root);
}
