/**
 * The HTTP GET and POST bindings, which the `soap` package cannot speak: a request as query or
 * form fields, every parameter present, binary data as repeated decimal byte values (as .NET's
 * own proxies send it); the answer as the bare result element, read by the contract's codec.
 */
import { NAMESPACE, decodeResult, formatLeaf, httpResultElement, readUsualResult, readXml, type Operation } from '../contract';

/**
 * The query or form fields of a call, as pieces to send in order. Absent strings go as empty
 * fields, as .NET proxies send them; bytes as one `Name=value` field per byte, written straight
 * into one buffer (the form is about 4.6 characters per byte, so no string is built for it).
 */
export function encodeHttpPieces(op: Operation, request: Readonly<Record<string, unknown>>): (string | Buffer)[] {
  return httpFields(op, request, repeatedByteFields);
}

/** The fields as one query string, for HTTP GET. */
export function encodeHttpFields(op: Operation, request: Readonly<Record<string, unknown>>): string {
  return encodeHttpPieces(op, request)
    .map((piece) => (typeof piece === 'string' ? piece : piece.toString('latin1')))
    .join('');
}

/**
 * The length of HTTP GET's query string for a call, as ASP.NET measures it (raw, after the `?`),
 * worked out without writing the bytes' fields.
 */
export function httpQueryLength(op: Operation, request: Readonly<Record<string, unknown>>): number {
  return httpFields(op, request, repeatedByteFieldsLength).reduce<number>(
    (sum, piece) => sum + (typeof piece === 'string' ? piece.length : piece),
    0,
  );
}

/** The fields in order with `&` between them, each byte array's fields as `bytes` gives them. */
function httpFields<B>(
  op: Operation,
  request: Readonly<Record<string, unknown>>,
  bytes: (name: string, value: Uint8Array) => B,
): (string | B)[] {
  const pieces: (string | B)[] = [];
  const add = (piece: string | B) => pieces.push(...(pieces.length > 0 ? ['&', piece] : [piece]));
  for (const param of op.params) {
    const value = request[param.name];
    const name = encodeURIComponent(param.name);
    const type = param.type;
    if (type.kind === 'primitive' && type.name === 'base64Binary') {
      if (value !== undefined && (value as Uint8Array).length > 0) add(bytes(name, value as Uint8Array));
      continue;
    }
    if (type.kind !== 'primitive' && type.kind !== 'enum')
      throw new TypeError(`${op.name}.${param.name} cannot travel over HTTP GET or POST`);
    add(`${name}=${value === undefined ? '' : encodeURIComponent(formatLeaf(value, type))}`);
  }
  return pieces;
}

/** The length of `name=b1&name=b2&…`: the name (already URL-encoded, so ASCII) and `=` per field, one to three digits, `&` between. */
function repeatedByteFieldsLength(name: string, bytes: Uint8Array): number {
  let length = bytes.length * (name.length + 3) - 1;
  for (const b of bytes) length += b >= 100 ? 2 : b >= 10 ? 1 : 0;
  return length;
}

/** `name=b1&name=b2&…` for the bytes, in one buffer. */
function repeatedByteFields(name: string, bytes: Uint8Array): Buffer {
  const prefix = Buffer.from(`${name}=`, 'latin1');
  const out = Buffer.allocUnsafe(repeatedByteFieldsLength(name, bytes));
  let at = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (i > 0) out[at++] = 0x26; // &
    for (let k = 0; k < prefix.length; k++) out[at++] = prefix[k]!;
    const b = bytes[i]!;
    if (b >= 100) out[at++] = 0x30 + Math.floor(b / 100);
    if (b >= 10) out[at++] = 0x30 + (Math.floor(b / 10) % 10);
    out[at++] = 0x30 + (b % 10);
  }
  return out;
}

/** The typed result of an HTTP GET or POST answer's body (HTTP 200); throws when it is not one. */
export function decodeHttpResult(op: Operation, body: string): unknown {
  const expected = httpResultElement(op);
  // The usual answer read by its shape, without a tree; anything else by the strict reader, which says what is wrong.
  const usual = op.result.kind === 'structure' ? readUsualResult(body, expected, op.result.fields) : undefined;
  if (usual) return usual;
  const root = readXml(body);
  if (root.ns !== NAMESPACE || root.local !== expected) {
    throw new Error(`expected <${expected} xmlns="${NAMESPACE}">, got <${root.local} xmlns="${root.ns}">`);
  }
  return decodeResult(op, root);
}
