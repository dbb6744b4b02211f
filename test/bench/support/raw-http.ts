/**
 * The floor of a call: the request's bytes as the client sent them, written with Node's HTTP over
 * a keep-alive connection, the answer read to its end and not parsed. Requests are captured by a
 * recording proxy in front of the service.
 */
import { Agent, createServer, request, type IncomingHttpHeaders } from 'node:http';

export interface RawRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** Sends raw requests to the service over its own keep-alive agent. */
export class RawSender {
  private readonly agent: Agent;
  constructor(
    private readonly endpoint: string,
    maxSockets = 1,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  send(raw: RawRequest): Promise<number> {
    const url = new URL(raw.path, this.endpoint);
    return new Promise((done, fail) => {
      const headers = { ...raw.headers, host: url.host, 'content-length': String(raw.body.length) };
      delete headers.connection;
      const req = request(url, { method: raw.method, headers, agent: this.agent }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => done(bytes));
        res.on('error', fail);
      });
      req.on('error', fail);
      req.end(raw.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** A proxy that forwards to the service and keeps the requests it saw. */
export async function recordingProxy(endpoint: string): Promise<{ url: string; last(): RawRequest; all(): RawRequest[]; close(): void }> {
  let last: RawRequest | undefined;
  const seen: RawRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw: RawRequest = { method: req.method!, path: req.url!, headers: req.headers, body: Buffer.concat(chunks) };
      last = raw;
      seen.push(raw);
      const url = new URL(raw.path, endpoint);
      const headers = { ...raw.headers, host: url.host };
      const upstream = request(url, { method: raw.method, headers }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      });
      upstream.end(raw.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    last: () => {
      if (!last) throw new Error('the proxy saw no request');
      return last;
    },
    all: () => [...seen],
    close: () => server.close(),
  };
}
