/**
 * Which binding a call goes over. ASP.NET refuses some calls over HTTP GET and POST that it takes
 * over SOAP, so a client that chose GET or POST sends those over another binding, and says why.
 */
import { isSoapBinding, type Binding, type Operation } from '../contract';
import { httpQueryLength } from './http-codec';

/**
 * HTTP GET and POST carry a document as one `Name=value` field per byte, about 4.6 characters a
 * byte: 256 KB already makes a request near ASP.NET's default 4 MB limit, so a larger document
 * goes over SOAP 1.1 (base64, 1.33 characters a byte), which every service offers.
 */
export const HTTP_DOCUMENT_LIMIT = 256 * 1024;

/** ASP.NET's default `maxQueryStringLength`: a longer query string gets HTTP 400, so such a GET goes as POST. */
export const HTTP_GET_QUERY_LIMIT = 2048;

/** The binding a call goes over, and why when it is not the client's. */
export interface Route {
  readonly binding: Binding;
  readonly reason?: string;
}

/**
 * A byte array with no bytes: over HTTP GET/POST it is sent as no field at all, and ASP.NET's reader
 * (ValueCollectionParameterReader.Read) then fails with a NullReferenceException (HTTP 500).
 */
function emptyByteArray(op: Operation, request: Readonly<Record<string, unknown>>): string | undefined {
  const empty = op.params.find((param) => {
    const value = request[param.name];
    return param.type.kind === 'primitive' && param.type.name === 'base64Binary' && !(value instanceof Uint8Array && value.length > 0);
  });
  return empty?.name;
}

function documentBytes(op: Operation, request: Readonly<Record<string, unknown>>): number {
  let bytes = 0;
  for (const param of op.params) {
    const value = request[param.name];
    if (param.type.kind === 'primitive' && param.type.name === 'base64Binary' && value instanceof Uint8Array) bytes += value.length;
  }
  return bytes;
}

/**
 * The binding a call goes over, and why when it is not the chosen one: SOAP 1.1 where the service
 * offers no other; from HTTP GET or POST, SOAP 1.1 for an empty byte array (which ASP.NET cannot
 * read there) or a document of more than HTTP_DOCUMENT_LIMIT bytes; from HTTP GET, POST when the
 * query string, credentials included, would pass HTTP_GET_QUERY_LIMIT.
 */
export function routeCall(chosen: Binding, op: Operation, request?: Readonly<Record<string, unknown>>): Route {
  if (!op.service.bindings.includes(chosen)) return { binding: 'soap11', reason: `the ${op.service.title} offers SOAP only` };
  if (isSoapBinding(chosen) || !request) return { binding: chosen };
  const empty = emptyByteArray(op, request);
  if (empty !== undefined)
    return { binding: 'soap11', reason: `an empty ${empty} cannot travel over HTTP GET or POST (ASP.NET fails on it)` };
  if (documentBytes(op, request) > HTTP_DOCUMENT_LIMIT) return { binding: 'soap11', reason: 'documents over 256 KB go over SOAP' };
  if (chosen === 'http-get') {
    const length = httpQueryLength(op, request);
    if (length > HTTP_GET_QUERY_LIMIT) {
      return { binding: 'http-post', reason: `the query string would be ${length} characters, past ASP.NET's ${HTTP_GET_QUERY_LIMIT}` };
    }
  }
  return { binding: chosen };
}
