/**
 * Calls over SOAP 1.1 and 1.2, as zeep's SOAP bindings make them: the request's body written by
 * the `soap` package (node-soap) used as a serializer (soap-body-writer.ts), framed in its
 * envelope (soap-envelope.ts), sent by Mailroom's transport, so that timeouts, cancellation and
 * network errors mean the same on every binding, and the answer read by the contract's codec.
 * (node-soap's own reader took several times the network round trip for a 1000-status answer:
 * see test/bench.)
 *
 * Documents do not pass through node-soap: it writes a short placeholder for each, and their
 * base64 text is sent beside the envelope's pieces, never joined into one string (see the large
 * documents benchmark in test/bench for what it costs in memory).
 */
import { serviceUrl, type Operation, type Service, type ServiceKey } from '../contract';
import { randomBytes } from 'node:crypto';
import { failureReason } from './error-page';
import { MailWsFault, MailWsResponseError } from './errors';
import { SoapBodyWriter } from './soap-body-writer';
import { decodeSoapResult, readFault, requestEnvelope, requestHeaders, type SoapVersion } from './soap-envelope';
import { base64Of, toSoapFields } from './soap-values';
import { limitOf, type Exchange, type Progress, type Transport } from './transport';

export { decodeSoapResult, readFault } from './soap-envelope';

export interface CallSettings {
  /** The call's whole budget, retries included; see Transport. */
  readonly timeoutMs: number;
  /** When the call gives up (epoch ms), whichever attempt is under way. */
  readonly deadline: number;
  readonly signal?: AbortSignal;
  /** Largest answer read, when lower than the operation's own bound (the contract's answerLimit). */
  readonly maxResponseBytes?: number;
  readonly onProgress?: (progress: Progress) => void;
}

/** The envelope cut at its placeholders, with the documents' base64 text between. */
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

/** The result of an answer, or its fault as an error. */
function readAnswer(op: Operation, answer: Exchange): unknown {
  const text = answer.text;
  if (answer.status !== 200) {
    const fault = readFault(text);
    const reason = fault?.reason || failureReason(String(answer.headers['content-type'] ?? ''), text);
    throw new MailWsFault(op.name, fault?.code || `HTTP ${answer.status}`, reason, answer.status);
  }
  try {
    return decodeSoapResult(op, text);
  } catch (error) {
    throw new MailWsResponseError(op.name, (error as Error).message);
  }
}

export class SoapBinding {
  private readonly writers = new Map<ServiceKey, Promise<SoapBodyWriter>>();

  constructor(
    private readonly version: SoapVersion,
    private readonly baseUrl: string,
    private readonly transport: Transport,
  ) {}

  private writerFor(service: Service): Promise<SoapBodyWriter> {
    let writer = this.writers.get(service.key);
    if (!writer) {
      writer = SoapBodyWriter.load(service, this.baseUrl);
      writer.catch(() => this.writers.delete(service.key));
      this.writers.set(service.key, writer);
    }
    return writer;
  }

  /** The request's envelope, as pieces with the documents' base64 text between, and its headers. */
  async request(
    op: Operation,
    request: Readonly<Record<string, unknown>>,
  ): Promise<{ headers: Record<string, string>; body: string | string[] }> {
    const writer = await this.writerFor(op.service);
    const binaries = new Map<string, string>();
    const nonce = randomBytes(8).toString('hex');
    const placeholder = (bytes: Uint8Array) => {
      const key = `mailroom-document-${nonce}-${binaries.size}`;
      binaries.set(key, base64Of(bytes));
      return key;
    };
    let body;
    try {
      body = writer.write(op, this.version, toSoapFields(op.params, request, placeholder));
    } catch (error) {
      // node-soap's own errors can quote what it was given; only their first line is kept.
      throw new MailWsResponseError(
        op.name,
        String((error as Error)?.message ?? error)
          .split('\n')[0]!
          .slice(0, 300),
      );
    }
    return { headers: requestHeaders(this.version, body.action), body: withDocuments(requestEnvelope(this.version, body.xml), binaries) };
  }

  async call(op: Operation, request: Readonly<Record<string, unknown>>, settings: CallSettings): Promise<unknown> {
    const { headers, body } = await this.request(op, request);
    const url = serviceUrl(this.baseUrl, op.service);
    const answerLimit = limitOf(op, settings.maxResponseBytes);
    return readAnswer(
      op,
      await this.transport.exchange(url, { ...settings, operation: op.name, method: 'POST', headers, body, answerLimit }),
    );
  }
}
