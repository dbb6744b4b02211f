/**
 * Faults exactly as an ASP.NET .asmx service writes them (shared/notes/soap-wire-facts.md):
 * HTTP 500, one line after the XML declaration; SOAP 1.2 with Code/Value, Reason/Text and Detail.
 */
import { CONTENT_TYPES, SOAP11_ENVELOPE_NS, SOAP12_ENVELOPE_NS, XML_DECLARATION, XSD_NS, XSI_NS, escapeText } from '../../contract';
import type { WireResponse } from './response';

export type FaultCode = 'Client' | 'Server' | 'VersionMismatch' | 'MustUnderstand';

/** A request the service refuses with a SOAP fault. */
export class SoapFault extends Error {
  override readonly name = 'SoapFault';
  constructor(
    readonly code: FaultCode,
    message: string,
  ) {
    super(message);
  }
}

const SOAP12_CODES: Record<FaultCode, string> = {
  Client: 'Sender',
  Server: 'Receiver',
  VersionMismatch: 'VersionMismatch',
  MustUnderstand: 'MustUnderstand',
};

export function faultResponse(version: 'soap11' | 'soap12', fault: SoapFault): WireResponse {
  const reason = escapeText(fault.message);
  const open = (ns: string) =>
    `${XML_DECLARATION}<soap:Envelope xmlns:soap="${ns}" xmlns:xsi="${XSI_NS}" xmlns:xsd="${XSD_NS}"><soap:Body><soap:Fault>`;
  const close = '</soap:Fault></soap:Body></soap:Envelope>';
  const body =
    version === 'soap11'
      ? `${open(SOAP11_ENVELOPE_NS)}<faultcode>soap:${fault.code}</faultcode><faultstring>${reason}</faultstring><detail />${close}`
      : `${open(SOAP12_ENVELOPE_NS)}<soap:Code><soap:Value>soap:${SOAP12_CODES[fault.code]}</soap:Value></soap:Code>` +
        `<soap:Reason><soap:Text xml:lang="en">${reason}</soap:Text></soap:Reason><soap:Detail />${close}`;
  return { status: 500, contentType: CONTENT_TYPES[version], body };
}

/** "Server was unable to read request. ---> There is an error in XML document (l, c). ---> …" */
export function unreadableRequest(line: number, column: number, inner: string): SoapFault {
  return new SoapFault(
    'Client',
    `Server was unable to read request. ---> There is an error in XML document (${line}, ${column}). ---> ${inner}`,
  );
}

/**
 * "Server was unable to process request. ---> …" for an error inside an operation. Local paths are
 * cut to their last part: a fault goes to whoever called, and the data directory is nobody's business.
 */
export function internalError(error: unknown): SoapFault {
  const message = error instanceof Error ? error.message : String(error);
  const safe = message.replace(/(?:[A-Za-z]:)?[\\/](?:[^\s'"\\/]+[\\/])+([^\s'"\\/]*)/g, '…/$1');
  return new SoapFault('Server', `Server was unable to process request. ---> ${safe}`);
}
