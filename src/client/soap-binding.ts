/**
 * Calls over SOAP 1.1 and 1.2 through the `soap` package (node-soap). Each client builds its own
 * node-soap clients from the contract's WSDLs in memory, never fetched and never shared (node-soap
 * would cache a WSDL globally otherwise), and node-soap's HTTP goes through Mailroom's transport,
 * so that timeouts, cancellation and network errors mean the same on every binding.
 *
 * node-soap writes the request; the answer is read by the contract's codec, as on every other
 * binding and in the sandbox. node-soap's own reader (sax, then its object mapping) took 18 ms
 * of client time for a 1000-status answer, three times the network round trip (test/bench); the
 * codec reads it in about 3. node-soap is handed an empty answer of the right shape instead.
 *
 * Documents do not pass through node-soap either: it writes a short placeholder for each, and the
 * base64 text is sent beside the envelope's pieces. Through node-soap a 32 MB PDF cost 7.7 times
 * its size in memory (base64, escaping, the envelope, its bytes) and nine times the CPU of
 * encoding it; beside it, one base64 string.
 */
import {
  SOAP11_ENVELOPE_NS,
  SOAP12_ENVELOPE_NS,
  NAMESPACE,
  childElement,
  decodeResult,
  generateWsdl,
  readXml,
  serviceUrl,
  type Operation,
  type ParsedElement,
  type Service,
  type ServiceKey,
} from '../contract';
import { randomBytes } from 'node:crypto';
import { failureReason } from './error-page';
import { MailWsFault, MailWsNetworkError, MailWsResponseError } from './errors';
import { base64Of, toSoapFields } from './soap-values';
import type { Progress, Transport } from './transport';

export interface CallSettings {
  /** The call's whole budget, retries included; see Transport. */
  readonly timeoutMs: number;
  /** When the call gives up (epoch ms), whichever attempt is under way. */
  readonly deadline: number;
  readonly signal?: AbortSignal;
  readonly maxResponseBytes: number;
  readonly onProgress?: (progress: Progress) => void;
}

type SoapMethod = (args: unknown, callback: (error: unknown, result: Record<string, unknown> | null) => void, options: unknown, headers?: unknown) => void;
type SoapClient = Record<string, Record<string, Record<string, SoapMethod>>>;

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

/** The envelope node-soap wrote, cut at its placeholders, with the documents' base64 text between. */
function withDocuments(envelope: string, binaries: ReadonlyMap<string, string>): string | string[] {
  if (binaries.size === 0) return envelope;
  const pieces: string[] = [];
  let from = 0;
  for (const [key, base64] of binaries) {
    const at = envelope.indexOf(key, from);
    if (at < 0) throw new Error('a document was lost on its way into the SOAP envelope');
    pieces.push(envelope.slice(from, at), base64);
    from = at + key.length;
  }
  pieces.push(envelope.slice(from));
  return pieces;
}

/** What node-soap is given to read once the codec has read the answer: the envelope alone. */
function emptyAnswer(ns: string): string {
  return `<soap:Envelope xmlns:soap="${ns}"><soap:Body/></soap:Envelope>`;
}

interface ExchangeOptions extends CallSettings {
  readonly op: Operation;
  /** The documents' base64 text, by placeholder, in the order node-soap wrote them. */
  readonly binaries: ReadonlyMap<string, string>;
  /** Where the decoded result is left for `call`. */
  readonly answer: { result?: unknown };
}

export class SoapBinding {
  private readonly clients = new Map<ServiceKey, Promise<SoapClient>>();

  constructor(
    private readonly version: 'soap11' | 'soap12',
    private readonly baseUrl: string,
    private readonly transport: Transport,
  ) {}

  /** node-soap's HTTP client: one exchange through the transport, faults read here. */
  private readonly httpClient = {
    request: (url: string, data: string, callback: (error: unknown, response?: unknown, body?: string) => void, headers: Record<string, string>, options: ExchangeOptions) => {
      Promise.resolve()
        .then(() => this.transport.exchange(url, { ...options, operation: options.op.name, method: 'POST', headers, body: withDocuments(data, options.binaries) }))
        .then((answer) => {
          const text = answer.body.toString('utf8');
          const { op } = options;
          if (answer.status !== 200) {
            const fault = readFault(text);
            return callback(new MailWsFault(op.name, fault?.code || `HTTP ${answer.status}`, fault?.reason || failureReason(String(answer.headers['content-type'] ?? ''), text), answer.status));
          }
          try {
            options.answer.result = decodeSoapResult(op, text);
          } catch (error) {
            return callback(new MailWsResponseError(op.name, (error as Error).message));
          }
          callback(null, { status: 200, statusCode: 200, headers: answer.headers }, emptyAnswer(this.version === 'soap11' ? SOAP11_ENVELOPE_NS : SOAP12_ENVELOPE_NS));
        }, callback);
      return {};
    },
  };

  private clientFor(service: Service): Promise<SoapClient> {
    let client = this.clients.get(service.key);
    if (!client) {
      client = (async () => {
        const soap = await import('soap');
        const url = serviceUrl(this.baseUrl, service);
        const options = { forceSoap12Headers: this.version === 'soap12', httpClient: this.httpClient as never };
        const wsdl = new soap.WSDL(generateWsdl(service, url), `${url}?wsdl`, options);
        await new Promise<void>((resolve, reject) => wsdl.onReady((error) => (error ? reject(error) : resolve())));
        return new soap.Client(wsdl, url, options) as unknown as SoapClient;
      })();
      client.catch(() => this.clients.delete(service.key));
      this.clients.set(service.key, client);
    }
    return client;
  }

  async call(op: Operation, request: Readonly<Record<string, unknown>>, settings: CallSettings): Promise<unknown> {
    const client = await this.clientFor(op.service);
    const port = `${op.service.className}${this.version === 'soap11' ? 'Soap' : 'Soap12'}`;
    const method = client[op.service.className]![port]![op.name]!;
    const answer: { result?: unknown } = {};
    const binaries = new Map<string, string>();
    const nonce = randomBytes(8).toString('hex');
    const placeholder = (bytes: Uint8Array) => {
      const key = `mailroom-document-${nonce}-${binaries.size}`;
      binaries.set(key, base64Of(bytes));
      return key;
    };
    await new Promise<void>((resolve, reject) =>
      method(toSoapFields(op.params, request, placeholder), (error) => (error ? reject(error) : resolve()), { ...settings, op, answer, binaries } satisfies ExchangeOptions),
    ).catch((error: unknown) => {
      if (error instanceof MailWsFault || error instanceof MailWsNetworkError || error instanceof MailWsResponseError) throw error;
      // node-soap's own errors can quote what it parsed; only their first line is kept.
      throw new MailWsResponseError(op.name, String((error as Error)?.message ?? error).split('\n')[0]!.slice(0, 300));
    });
    if (!('result' in answer)) throw new MailWsResponseError(op.name, `no ${op.resultElement} in the answer`);
    return answer.result;
  }
}
