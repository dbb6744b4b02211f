/**
 * HTTP GET and POST on the sandbox's side: parameters as query or form fields (names matched
 * without regard to case, as ASP.NET does), every parameter present, byte arrays included (an
 * empty one cannot be said: ASP.NET fails on its absence); `base64Binary` as repeated decimal byte
 * values (as .NET proxies send them) or as one base64 string. The result is the bare
 * `<int xmlns="Mailing">` or a root named after the result type, indented. Mistakes answer HTTP 500
 * in plain text, as ASP.NET does.
 */
import {
  NAMESPACE,
  ValueError,
  XSD_NS,
  XSI_NS,
  el,
  encodeFields,
  formatLeaf,
  httpResultElement,
  parseBase64,
  parseLeaf,
  writeXml,
  CONTENT_TYPES,
  type Operation,
} from '../../contract';
import { internalError } from './faults';
import { plainText, type WireResponse } from './response';
import { fileField, streamedBytes, type StreamedFileBody } from './streamed-bytes';
import { longList, streamedXml, type StreamedBody } from './streamed-xml';
import type { Invoke } from './soap';

const CLR_TYPES: Record<string, string> = {
  int: 'System.Int32',
  decimal: 'System.Decimal',
  boolean: 'System.Boolean',
  dateTime: 'System.DateTime',
  string: 'System.String',
};

class RequestFormatError extends Error {}

const NULL_REFERENCE = 'Object reference not set to an instance of an object.';

function bytesOf(values: readonly string[]): Buffer {
  if (values.every((v) => /^\s*\d{1,3}\s*$/.test(v) && Number(v) <= 255)) return Buffer.from(values.map(Number));
  if (values.length === 1) return parseBase64(values[0]!);
  throw new RequestFormatError(`Cannot convert ${values.join(',')} to System.Byte[].`);
}

/**
 * A field's value as ASP.NET's HTTP GET/POST read it (Convert.ChangeType): a boolean as
 * Boolean.Parse takes it, True or False in any case and nothing else (XML's 1 and 0 are refused).
 */
function parseField(text: string, type: Parameters<typeof parseLeaf>[1]): unknown {
  if (type.kind !== 'primitive' || type.name !== 'boolean') return parseLeaf(text, type);
  const word = text.trim().toLowerCase();
  if (word !== 'true' && word !== 'false') throw new ValueError('String was not recognized as a valid Boolean.');
  return word === 'true';
}

/** The request of an operation from its query or form fields. */
export function readParameters(op: Operation, fields: URLSearchParams): Record<string, unknown> {
  const byName = new Map<string, string[]>();
  for (const [key, value] of fields) {
    const name = key.toLowerCase();
    const values = byName.get(name);
    if (values) values.push(value);
    else byName.set(name, [value]);
  }
  const request: Record<string, unknown> = {};
  for (const param of op.params) {
    const values = byName.get(param.name.toLowerCase()) ?? [];
    const type = param.type;
    if (type.kind === 'primitive' && type.name === 'base64Binary') {
      // ASP.NET's reader (ValueCollectionParameterReader.Read) takes GetValues(name).Length of an
      // array parameter without a null check: an absent one is a NullReferenceException.
      if (values.length === 0) throw new RequestFormatError(NULL_REFERENCE);
      request[param.name] = bytesOf(values);
      continue;
    }
    if (values.length === 0) throw new RequestFormatError(`Missing parameter: ${param.name}.`);
    if (type.kind !== 'primitive' && type.kind !== 'enum') throw new RequestFormatError(`Cannot convert ${param.name}.`);
    try {
      request[param.name] = parseField(values[0]!, type);
    } catch (error) {
      if (!(error instanceof ValueError)) throw error;
      const clr = type.kind === 'enum' ? type.name : CLR_TYPES[type.name];
      throw new RequestFormatError(`Cannot convert ${values[0]} to ${clr}.\r\nParameter name: type ---> ${error.message}`);
    }
  }
  return request;
}

/** The answer's text; streamed when it holds a long list (streamed-xml.ts) or bytes in a file (streamed-bytes.ts). */
export function httpResult(op: Operation, result: unknown): string | StreamedBody | StreamedFileBody {
  const name = httpResultElement(op);
  const root = (value: unknown) =>
    op.result.kind === 'primitive'
      ? el(name, { xmlns: NAMESPACE }, formatLeaf(value, op.result))
      : op.result.kind === 'structure'
        ? el(
            name,
            { 'xmlns:xsi': XSI_NS, 'xmlns:xsd': XSD_NS, xmlns: NAMESPACE },
            encodeFields(op.result.fields, value as Record<string, unknown>),
          )
        : el(name, { xmlns: NAMESPACE });
  const list = longList(op, result);
  if (list) return streamedXml(result as Record<string, unknown>, list, root, true);
  const inFile = fileField(op, result);
  if (inFile) return streamedBytes(result as Record<string, unknown>, inFile, root, true);
  return writeXml(root(result), { indent: true });
}

/** Answers one HTTP GET or POST call of an operation. */
export async function handleHttpCall(op: Operation, fields: URLSearchParams, invoke: Invoke): Promise<WireResponse> {
  let request: Record<string, unknown>;
  try {
    request = readParameters(op, fields);
  } catch (error) {
    if (error instanceof RequestFormatError || error instanceof ValueError) return plainText(500, error.message);
    throw error;
  }
  try {
    return { status: 200, contentType: CONTENT_TYPES['http-get'], body: httpResult(op, await invoke(op, request)) };
  } catch (error) {
    return plainText(500, internalError(error).message);
  }
}
