/**
 * One HTTP exchange over Node's HTTP with keep-alive, with a deadline, cancellation and an upper
 * bound on what it reads, and failures that say whether the request may have reached the service
 * and name where it went (never with its query or credentials: see endpointOf).
 *
 * The bound is the operation's (the contract's answerLimit): an answer that says it is larger is
 * refused before a byte of it is read, and one that grows past it as it comes is cut there, so
 * that a wrong endpoint answering hundreds of megabytes costs no more memory than the bound.
 *
 * The deadline is the whole call's, not this exchange's: the client sets it once, when a call
 * begins, and every attempt of a read runs against what is left of it. A server that trickles its
 * answer a byte at a time is given up on at the deadline, however long each byte takes.
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { StringDecoder } from 'node:string_decoder';
import { answerLimit, megabytes, type AnswerLimit, type Operation } from '../contract';
import { endpointOf, MailWsNetworkError, MailWsResponseError } from './errors';

export interface Exchange {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** The answer's text, read as UTF-8 as it came (every answer of the service is text: XML, a fault, an error page). */
  readonly text: string;
}

export interface ExchangeOptions {
  readonly operation: string;
  readonly method: 'GET' | 'POST';
  readonly headers?: Readonly<Record<string, string>>;
  /** The request body, or its pieces in order (written one after another, never joined). */
  readonly body?: string | Uint8Array | readonly (string | Uint8Array)[];
  /** The call's whole budget, for the message when it runs out. */
  readonly timeoutMs: number;
  /** When the call gives up (epoch ms): its start plus timeoutMs. The exchange ends there. */
  readonly deadline: number;
  readonly signal?: AbortSignal;
  /** The largest answer the operation can need (the contract's answerLimit); a larger one is refused, unread. */
  readonly answerLimit: AnswerLimit;
  /** Told how much of the request has been sent and of the answer received, for a progress display. */
  readonly onProgress?: (progress: Progress) => void;
}

export interface Progress {
  readonly direction: 'up' | 'down';
  readonly bytes: number;
  /** Unknown for an answer without a Content-Length. */
  readonly total?: number;
}

const CHUNK = 256 * 1024;
/** setTimeout's longest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class Transport {
  private readonly http = new HttpAgent({ keepAlive: true, maxSockets: 16 });
  private readonly https = new HttpsAgent({ keepAlive: true, maxSockets: 16 });

  exchange(url: string, options: ExchangeOptions): Promise<Exchange> {
    const { operation } = options;
    if (options.signal?.aborted) return Promise.reject(new MailWsNetworkError(operation, false, 'cancelled before it was sent', { url }));
    return new Promise<Exchange>((resolve, reject) => {
      const secure = url.startsWith('https:');
      const pieces =
        options.body === undefined
          ? []
          : Array.isArray(options.body)
            ? (options.body as readonly (string | Uint8Array)[])
            : [options.body as string | Uint8Array];
      const length = pieces.reduce((sum, piece) => sum + (typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length), 0);
      let req: ClientRequest;
      try {
        req = (secure ? httpsRequest : httpRequest)(url, {
          method: options.method,
          agent: secure ? this.https : this.http,
          headers: { ...options.headers, ...(options.body === undefined ? {} : { 'Content-Length': String(length) }) },
        });
      } catch {
        // Node's error (ERR_INVALID_URL, say) keeps the whole URL, which over HTTP GET holds the
        // password: neither it nor its cause goes on.
        reject(new MailWsNetworkError(operation, false, 'that address cannot be called (check the endpoint: its port, its host)', { url }));
        return;
      }
      let sent = false;
      let settled = false;
      const failWith = (error: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        req.destroy();
        reject(error);
      };
      const fail = (reason: string, cause?: unknown) => failWith(new MailWsNetworkError(operation, sent, reason, { url, cause }));
      const budget = `the call's ${options.timeoutMs / 1000} s timeout`;
      const timer = setTimeout(
        () => fail(sent ? `the answer never completed within ${budget}` : `the request was not sent within ${budget}`),
        Math.min(MAX_TIMER_MS, Math.max(0, options.deadline - Date.now())),
      );
      const onAbort = () => fail('cancelled');
      options.signal?.addEventListener('abort', onAbort, { once: true });
      // Once the whole request is handed to the socket it may be processed, whatever happens next.
      req.on('finish', () => (sent = true));
      req.on('error', (error: NodeJS.ErrnoException) => fail(networkReason(error), error));
      req.on('response', (res) => {
        const limit = options.answerLimit;
        const declared = Number(res.headers['content-length']);
        const total = res.headers['content-length'] !== undefined && Number.isFinite(declared) ? declared : undefined;
        if (total !== undefined && total > limit.bytes) return failWith(tooLarge(operation, url, limit, total));
        // Each piece becomes text as it comes (a character cut between two pieces is joined by the
        // decoder): the answer is never held as bytes and as text at once.
        const decoder = new StringDecoder('utf8');
        const pieces: string[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (settled) return;
          if (size + chunk.length > limit.bytes) return failWith(tooLarge(operation, url, limit));
          pieces.push(decoder.write(chunk));
          size += chunk.length;
          options.onProgress?.({ direction: 'down', bytes: size, ...(total === undefined ? {} : { total }) });
        });
        res.on('error', (error) => fail(networkReason(error), error));
        res.on('aborted', () => fail('the connection closed before the answer was complete'));
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          options.signal?.removeEventListener('abort', onAbort);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: (pieces.push(decoder.end()), pieces.join('')),
          });
        });
      });
      if (length <= CHUNK && pieces.every((piece) => typeof piece === 'string')) {
        // A small form or envelope goes in one write with the headers, as a raw request would.
        if (length > 0) options.onProgress?.({ direction: 'up', bytes: length, total: length });
        req.end(pieces.join(''));
      } else writePieces(req, pieces, length, options.onProgress, () => settled);
    });
  }

  close(): void {
    this.http.destroy();
    this.https.destroy();
  }
}

/**
 * Writes the body's pieces in slices of about CHUNK bytes, waiting for the socket to drain, so
 * that a large document is never copied whole and the progress follows the bytes as they leave.
 */
function writePieces(
  req: ClientRequest,
  pieces: readonly (string | Uint8Array)[],
  total: number,
  onProgress: ((progress: Progress) => void) | undefined,
  stopped: () => boolean,
): void {
  let piece = 0;
  let offset = 0;
  let written = 0;
  const pump = (): void => {
    while (piece < pieces.length && !stopped()) {
      const current = pieces[piece]!;
      let end = Math.min(offset + CHUNK, current.length);
      // A string is cut between characters, never inside a surrogate pair.
      if (typeof current === 'string' && end < current.length && /[\uD800-\uDBFF]/.test(current[end - 1]!)) end--;
      const slice = typeof current === 'string' ? current.slice(offset, end) : current.subarray(offset, end);
      written += typeof slice === 'string' ? Buffer.byteLength(slice) : slice.length;
      offset = end;
      if (offset >= current.length) {
        piece++;
        offset = 0;
      }
      onProgress?.({ direction: 'up', bytes: written, total });
      if (!req.write(slice)) {
        req.once('drain', pump);
        return;
      }
    }
    if (!stopped()) req.end();
  };
  pump();
}

/**
 * An answer larger than its operation can need: not a Mail WS answer, so something else answers
 * at the endpoint (or a proxy in front of it adds to what the service says). Names the host, never
 * the query or credentials.
 */
function tooLarge(operation: string, url: string, limit: AnswerLimit, declared?: number): MailWsResponseError {
  const most = `${megabytes(limit.bytes)}${limit.holds ? `, holding ${limit.holds}` : ''}`;
  const seen =
    declared === undefined ? `it went on past that, and was not read further` : `it said it was ${megabytes(declared)}, and was not read`;
  const todo = [limit.advice, `check that ${endpointOf(url)} is the Mail WS, and nothing else answers there`].filter(Boolean).join(', or ');
  return new MailWsResponseError(operation, `a ${operation} answer is at most ${most}, but ${seen}; ${todo}`);
}

/** The operation's bound on its answer (the contract's answerLimit), or a client's lower one. */
export function limitOf(op: Operation, maxResponseBytes: number | undefined): AnswerLimit {
  const own = answerLimit(op);
  if (maxResponseBytes === undefined || maxResponseBytes >= own.bytes) return own;
  return { bytes: maxResponseBytes, holds: '', advice: 'this client is set to read no more (maxResponseBytes)' };
}

function networkReason(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'the service refused the connection (is it running at that address?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return "the service's host name could not be resolved";
    case 'ECONNRESET':
    case 'EPIPE':
      return 'the connection was cut';
    default:
      return error.message;
  }
}
