/**
 * The `soap` package (node-soap) as the writer of SOAP request bodies, and only that: its WSDL
 * object lays out an operation's element from the contract's WSDL (kept in memory, never fetched,
 * and one per writer: node-soap would cache a WSDL globally otherwise). The values it lays out are
 * already text, written by the contract's codec rules (see soap-values.ts).
 */
import { generateWsdl, serviceUrl, type Operation, type Service } from '../contract';
import type { SoapVersion } from './soap-envelope';
import type { WSDL } from 'soap';

export interface SoapRequestBody {
  /** The operation's action, as the WSDL's binding names it. */
  readonly action: string;
  /** `<Operation xmlns="Mailing">…</Operation>`. */
  readonly xml: string;
}

export class SoapBodyWriter {
  private constructor(
    private readonly service: Service,
    private readonly wsdl: WSDL,
  ) {}

  static async load(service: Service, baseUrl: string): Promise<SoapBodyWriter> {
    // Loaded on first use: node-soap and its dependencies cost activation time otherwise.
    const soap = await import('soap');
    const url = serviceUrl(baseUrl, service);
    const wsdl = new soap.WSDL(generateWsdl(service, url), `${url}?wsdl`, {});
    await new Promise<void>((resolve, reject) => wsdl.onReady((error) => (error ? reject(error) : resolve())));
    return new SoapBodyWriter(service, wsdl);
  }

  /** The operation's body element holding these fields (node-soap's objects: see soap-values.ts). */
  write(op: Operation, version: SoapVersion, fields: Readonly<Record<string, unknown>>): SoapRequestBody {
    const port = `${this.service.className}${version === 'soap11' ? 'Soap' : 'Soap12'}`;
    const method = this.wsdl.definitions.bindings[port]?.methods[op.name];
    if (!method) throw new Error(`${op.name} is not in the ${port} binding`);
    const { $name = op.name, targetNSAlias = '', targetNamespace, $type, $lookupType } = method.input;
    const xml = this.wsdl.objectToDocumentXML($name, fields, targetNSAlias, targetNamespace, $type || $lookupType) as string;
    return { action: method.soapAction, xml };
  }
}
