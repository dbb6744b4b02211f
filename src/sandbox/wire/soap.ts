/**
 * SOAP 1.1 and 1.2 on the sandbox's side: find the operation (SOAPAction quoted or not, the SOAP
 * 1.2 `action=` parameter, or the body element when neither is sent), read its parameters from the
 * contract, and write the response on one line as ASP.NET does. Namespaces are matched by URI,
 * never by prefix.
 */
import {
  CONTENT_TYPES,
  NAMESPACE,
  SOAP11_ENVELOPE_NS,
  SOAP12_ENVELOPE_NS,
  ValueError,
  XSD_NS,
  XSI_NS,
  XmlSyntaxError,
  attributeValue,
  childElement,
  decodeFields,
  el,
  encodeValue,
  readXml,
  writeXml,
  type Operation,
  type ParsedElement,
  type Service,
} from '../../contract';
import { SoapFault, faultResponse, internalError, unreadableRequest } from './faults';
import type { WireResponse } from './response';
import { fileField, streamedBytes } from './streamed-bytes';
import { longList, streamedXml } from './streamed-xml';

export type SoapVersion = 'soap11' | 'soap12';
export type Invoke = (op: Operation, request: Record<string, unknown>) => Promise<unknown>;

const ENVELOPES: Record<SoapVersion, string> = { soap11: SOAP11_ENVELOPE_NS, soap12: SOAP12_ENVELOPE_NS };

/** The SOAP version a content type asks for, if any. */
export function soapVersionOf(contentType: string | undefined): SoapVersion | undefined {
  const media = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (media === 'text/xml') return 'soap11';
  if (media === 'application/soap+xml') return 'soap12';
  return undefined;
}

/** The action of a request: the SOAP 1.2 `action=` parameter, else the SOAPAction header; unquoted. */
export function requestedAction(contentType: string | undefined, soapAction: string | undefined): string | undefined {
  const parameter = /(?:^|;)\s*action\s*=\s*("([^"]*)"|[^;\s]*)/i.exec(contentType ?? '');
  const raw = parameter ? (parameter[2] ?? parameter[1]) : soapAction;
  const action = raw
    ?.trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
  return action ? action : undefined;
}

function operationForAction(service: Service, action: string): Operation {
  const name = action.startsWith(`${NAMESPACE}/`) ? action.slice(NAMESPACE.length + 1) : undefined;
  const op = service.operations.find((o) => o.name === name);
  if (!op) throw new SoapFault('Client', `Server did not recognize the value of HTTP Header SOAPAction: ${action}.`);
  return op;
}

function readEnvelope(version: SoapVersion, text: string): ParsedElement {
  let root: ParsedElement;
  try {
    root = readXml(text);
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw unreadableRequest(error.line, error.column, error.message);
    throw error;
  }
  if (root.local !== 'Envelope') {
    throw unreadableRequest(root.line, root.column, `<${root.local} xmlns='${root.ns}'> was not expected.`);
  }
  if (root.ns !== ENVELOPES[version]) {
    throw new SoapFault(
      'VersionMismatch',
      `Possible SOAP version mismatch: Envelope namespace ${root.ns} was unexpected. Expecting ${ENVELOPES[version]}.`,
    );
  }
  const header = childElement(root, root.ns, 'Header');
  for (const entry of header?.children ?? []) {
    const must = attributeValue(entry, root.ns, 'mustUnderstand');
    if (must === '1' || must === 'true') throw new SoapFault('MustUnderstand', `SOAP header ${entry.local} was not understood.`);
  }
  return root;
}

function readCall(
  service: Service,
  version: SoapVersion,
  action: string | undefined,
  text: string,
): { op: Operation; request: Record<string, unknown> } {
  const actionOp = action === undefined ? undefined : operationForAction(service, action);
  const envelope = readEnvelope(version, text);
  const body = childElement(envelope, envelope.ns, 'Body');
  if (!body) throw unreadableRequest(envelope.line, envelope.column, 'The SOAP Body element is missing.');
  const call = body.children[0];
  let op = actionOp;
  if (!op) {
    op = call && call.ns === NAMESPACE ? service.operations.find((o) => o.name === call.local) : undefined;
    if (!op) throw new SoapFault('Client', 'Unable to handle request without a valid action parameter. Please supply a valid soap action.');
  }
  if (!call || call.ns !== NAMESPACE || call.local !== op.name) {
    const where = call ?? body;
    throw unreadableRequest(where.line, where.column, `<${where.local} xmlns='${where.ns}'> was not expected.`);
  }
  try {
    return { op, request: decodeFields(call, op.params) };
  } catch (error) {
    if (error instanceof ValueError) {
      const at = error.element ?? call;
      throw unreadableRequest(at.line, at.column, error.message);
    }
    throw error;
  }
}

export function soapResponse(version: SoapVersion, op: Operation, result: unknown): WireResponse {
  const envelope = (value: unknown) =>
    el(
      'soap:Envelope',
      { 'xmlns:soap': ENVELOPES[version], 'xmlns:xsi': XSI_NS, 'xmlns:xsd': XSD_NS },
      el('soap:Body', {}, el(op.responseElement, { xmlns: NAMESPACE }, encodeValue(op.resultElement, op.result, value))),
    );
  const list = longList(op, result);
  const inFile = fileField(op, result);
  const body = list
    ? streamedXml(result as Record<string, unknown>, list, envelope, false)
    : inFile
      ? streamedBytes(result as Record<string, unknown>, inFile, envelope, false)
      : writeXml(envelope(result), { indent: false });
  return { status: 200, contentType: CONTENT_TYPES[version], body };
}

/** Answers one SOAP request to a service. */
export async function handleSoap(
  service: Service,
  version: SoapVersion,
  action: string | undefined,
  text: string,
  invoke: Invoke,
): Promise<WireResponse> {
  let call: { op: Operation; request: Record<string, unknown> };
  try {
    call = readCall(service, version, action, text);
  } catch (error) {
    if (error instanceof SoapFault) return faultResponse(version, error);
    throw error;
  }
  try {
    return soapResponse(version, call.op, await invoke(call.op, call.request));
  } catch (error) {
    return faultResponse(version, internalError(error));
  }
}
