/**
 * SOAP 1.1 and 1.2 as framing, as zeep's Soap11Binding and Soap12Binding frame a message: the
 * envelope around a request's body and the HTTP headers that carry its action; an answer's
 * result or fault, read by the contract's codec as on every other binding and in the sandbox.
 */
import {
  NAMESPACE,
  SOAP11_ENVELOPE_NS,
  SOAP12_ENVELOPE_NS,
  XML_DECLARATION,
  childElement,
  decodeResult,
  readXml,
  type Operation,
  type ParsedElement,
} from '../contract';

export type SoapVersion = 'soap11' | 'soap12';

export function envelopeNamespace(version: SoapVersion): string {
  return version === 'soap11' ? SOAP11_ENVELOPE_NS : SOAP12_ENVELOPE_NS;
}

/** SOAP 1.1 names the action in a quoted SOAPAction header, SOAP 1.2 in the content type. */
export function requestHeaders(version: SoapVersion, action: string): Record<string, string> {
  return version === 'soap11'
    ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${action}"` }
    : { 'Content-Type': `application/soap+xml; charset=utf-8; action="${action}"` };
}

/** The request's envelope around its body element, on one line as .NET's proxies write it. */
export function requestEnvelope(version: SoapVersion, body: string): string {
  const xmlns =
    `xmlns:soap="${envelopeNamespace(version)}" ` +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"';
  return `${XML_DECLARATION}<soap:Envelope ${xmlns}><soap:Body>${body}</soap:Body></soap:Envelope>`;
}

/** A SOAP fault's code and reason, SOAP 1.1 (faultcode, faultstring) or 1.2 (Code/Value, Reason/Text). */
export function readFault(body: string): { code: string; reason: string } | undefined {
  let envelope: ParsedElement;
  try {
    envelope = readXml(body);
  } catch {
    return undefined;
  }
  const ns = envelope.ns;
  if (ns !== SOAP11_ENVELOPE_NS && ns !== SOAP12_ENVELOPE_NS) return undefined;
  const fault = childElement(childElement(envelope, ns, 'Body') ?? envelope, ns, 'Fault');
  if (!fault) return undefined;
  if (ns === SOAP11_ENVELOPE_NS) {
    return { code: childElement(fault, '', 'faultcode')?.text.trim() ?? '', reason: childElement(fault, '', 'faultstring')?.text ?? '' };
  }
  const code = childElement(childElement(fault, ns, 'Code') ?? fault, ns, 'Value')?.text.trim() ?? '';
  const reason = childElement(fault, ns, 'Reason')?.children.find((c) => c.local === 'Text')?.text ?? '';
  return { code, reason };
}

/** The typed result of a SOAP answer: Envelope, Body, `<OperationResponse>`, `<OperationResult>`. */
export function decodeSoapResult(op: Operation, body: string): unknown {
  const envelope = readXml(body);
  if (envelope.local !== 'Envelope' || (envelope.ns !== SOAP11_ENVELOPE_NS && envelope.ns !== SOAP12_ENVELOPE_NS)) {
    throw new Error(`expected a SOAP envelope, got <${envelope.local} xmlns="${envelope.ns}">`);
  }
  const soapBody = childElement(envelope, envelope.ns, 'Body');
  const response = soapBody && childElement(soapBody, NAMESPACE, op.responseElement);
  const result = response && childElement(response, NAMESPACE, op.resultElement);
  if (!result) throw new Error(`no ${op.resultElement} in the answer`);
  return decodeResult(op, result);
}
