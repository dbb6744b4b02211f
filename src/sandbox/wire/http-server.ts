/**
 * The sandbox's HTTP front: each service path with the bindings the contract gives it, its WSDL
 * (`?WSDL`), discovery document (`?disco`) and help pages, as an .asmx service answers them.
 * Request bodies are capped (413, without reading the rest) and slow clients are cut off.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { FORM_CONTENT_TYPE, findOperation, generateWsdl, serviceByPath, type Service } from '../../contract';
import { isControlPath, type ControlRoute } from '../control/route';
import { MAX_QUERY_STRING_LENGTH, queryStringTooLong } from './error-page';
import { faultResponse, internalError, unreadableRequest } from './faults';
import { handleHttpCall } from './http-get-post';
import { discoDocument, operationHelpPage, serviceHelpPage } from './pages';
import { plainText, type WireResponse } from './response';
import type { StreamedFileBody } from './streamed-bytes';
import type { StreamedBody } from './streamed-xml';
import { handleSoap, requestedAction, soapVersionOf, type Invoke } from './soap';

export interface HttpLimits {
  /** Largest request body accepted, in bytes. */
  readonly maxBodyBytes: number;
  /** Time for a whole request to arrive, headers and body. */
  readonly requestTimeoutMs: number;
  /** Time for the headers to arrive. */
  readonly headersTimeoutMs: number;
  /**
   * Largest request line and headers. A query string past ASP.NET's 2,048 characters gets
   * ASP.NET's own HTTP 400; this is far above Node's 16 KB so that a long one gets that answer,
   * not Node's 431.
   */
  readonly maxHeaderBytes: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  maxBodyBytes: 32 * 1024 * 1024,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  maxHeaderBytes: 1024 * 1024,
};

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (declared > max) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        chunks.length = 0;
        req.removeAllListeners('data');
        req.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function queryKeys(url: URL): Set<string> {
  return new Set([...url.searchParams.keys()].map((k) => k.toLowerCase()));
}

const UNRECOGNIZED = (name: string) => plainText(500, `Request format is unrecognized for URL unexpectedly ending in '/${name}'.`);

/** `control`: the sandbox's control path (control/route.ts), beside the services and not one of them. */
export function createSandboxHttpServer(invoke: Invoke, limits: HttpLimits = DEFAULT_HTTP_LIMITS, control?: ControlRoute): Server {
  const wsdlCache = new Map<string, string>();

  async function route(req: IncomingMessage): Promise<WireResponse> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    // ASP.NET measures the raw query string, before any routing, for every method.
    if (url.search.length - 1 > MAX_QUERY_STRING_LENGTH) return queryStringTooLong();
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return plainText(400, 'Bad request path.');
    }
    if (control && isControlPath(path)) return control(req, path, (max) => readBody(req, Math.min(max, limits.maxBodyBytes)));
    let service = serviceByPath(path);
    let operationName: string | undefined;
    if (!service) {
      const slash = path.lastIndexOf('/');
      service = serviceByPath(path.slice(0, slash));
      operationName = path.slice(slash + 1);
    }
    if (!service) return plainText(404, `No Mail WS service at ${path}.`);
    const host = req.headers.host ?? 'localhost';
    const serviceUrl = `http://${host}${service.path}`;
    const method = req.method ?? 'GET';

    if (operationName === undefined) {
      if (method === 'GET' || method === 'HEAD') return servicePage(service, url, host, serviceUrl);
      if (method !== 'POST') return plainText(405, `The ${method} method is not allowed here.`);
      const version = soapVersionOf(req.headers['content-type']);
      if (!version) return plainText(415, `Request format is invalid: ${req.headers['content-type'] ?? 'no content type'}.`);
      const body = await readBody(req, limits.maxBodyBytes);
      let text: string;
      try {
        text = utf8.decode(body);
      } catch {
        return faultResponse(version, unreadableRequest(1, 1, 'Invalid character in the given encoding.'));
      }
      const soapAction = req.headers['soapaction'];
      return handleSoap(
        service,
        version,
        requestedAction(req.headers['content-type'], Array.isArray(soapAction) ? soapAction[0] : soapAction),
        text,
        invoke,
      );
    }

    const op = findOperation(service, operationName);
    if (method === 'GET') {
      if (!op || !service.bindings.includes('http-get')) return UNRECOGNIZED(operationName);
      return handleHttpCall(op, url.searchParams, invoke);
    }
    if (method === 'POST') {
      const media = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!op || !service.bindings.includes('http-post') || media !== FORM_CONTENT_TYPE) return UNRECOGNIZED(operationName);
      const body = await readBody(req, limits.maxBodyBytes);
      return handleHttpCall(op, new URLSearchParams(body.toString('utf8')), invoke);
    }
    return plainText(405, `The ${method} method is not allowed here.`);
  }

  function servicePage(service: Service, url: URL, host: string, serviceUrl: string): WireResponse {
    const keys = queryKeys(url);
    const xml = (body: string): WireResponse => ({ status: 200, contentType: 'text/xml; charset=utf-8', body });
    if (keys.has('wsdl')) {
      let wsdl = wsdlCache.get(serviceUrl);
      if (wsdl === undefined) {
        wsdl = generateWsdl(service, serviceUrl);
        if (wsdlCache.size < 64) wsdlCache.set(serviceUrl, wsdl);
      }
      return xml(wsdl);
    }
    if (keys.has('disco')) return xml(discoDocument(service, serviceUrl));
    const html = (body: string): WireResponse => ({ status: 200, contentType: 'text/html; charset=utf-8', body });
    const opName = [...url.searchParams].find(([key]) => key.toLowerCase() === 'op')?.[1];
    const op = opName === undefined ? undefined : findOperation(service, opName);
    return html(op ? operationHelpPage(op, host) : serviceHelpPage(service));
  }

  function send(req: IncomingMessage, res: ServerResponse, response: WireResponse): void {
    if (typeof response.body !== 'string' && !Buffer.isBuffer(response.body)) {
      res.writeHead(response.status, { 'Content-Type': response.contentType, 'Cache-Control': 'private, max-age=0', ...response.headers });
      if (req.method === 'HEAD') {
        if ('discard' in response.body) void response.body.discard().catch(() => undefined);
        return void res.end();
      }
      streamOut(res, response.body).catch((error: unknown) => res.destroy(error instanceof Error ? error : undefined));
      return;
    }
    const body = typeof response.body === 'string' ? Buffer.from(response.body, 'utf8') : response.body;
    res.writeHead(response.status, {
      'Content-Type': response.contentType,
      'Content-Length': body.length,
      'Cache-Control': 'private, max-age=0',
      ...response.headers,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /**
   * A streamed body, a part at a time (chunked, with no Content-Length), as fast as the caller
   * reads it, with a turn of the event loop between parts so that other callers are answered
   * meanwhile; a caller that goes away stops it.
   */
  async function streamOut(res: ServerResponse, body: StreamedBody | StreamedFileBody): Promise<void> {
    for await (const part of 'fileParts' in body ? body.fileParts() : body.parts()) {
      if (res.destroyed) return;
      if (!res.write(part)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    res.end();
  }

  const server = createServer(
    {
      maxHeaderSize: limits.maxHeaderBytes,
      // Node looks for expired requests only this often (30 s by default), which would let a slow client linger.
      connectionsCheckingInterval: Math.max(100, Math.min(1000, limits.headersTimeoutMs / 2)),
    },
    (req, res) => {
      route(req).then(
        (response) => send(req, res, response),
        (error: unknown) => {
          if (error instanceof BodyTooLarge) {
            send(req, res, {
              ...plainText(413, `The request body is larger than ${limits.maxBodyBytes} bytes.`),
              headers: { Connection: 'close' },
            });
            return;
          }
          send(req, res, plainText(500, internalError(error).message));
        },
      );
    },
  );
  server.requestTimeout = limits.requestTimeoutMs;
  server.headersTimeout = limits.headersTimeoutMs;
  return server;
}
