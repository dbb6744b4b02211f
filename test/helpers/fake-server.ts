/**
 * A misbehaving HTTP server for the client's failure tests: each request is answered by the next
 * scripted behaviour (cut the connection after reading the request, never answer, answer a canned
 * body). It counts what it received. Only for failures the sandbox would never produce.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour =
  | { readonly kind: 'cut' }
  | { readonly kind: 'hang' }
  | {
      readonly kind: 'answer';
      readonly status?: number;
      readonly contentType?: string;
      readonly body: string | Buffer;
      /** Answered this long after the request arrived (nothing is sent before). */
      readonly delayMs?: number;
    }
  /** Sends headers and part of the body, then cuts. */
  | { readonly kind: 'cut-midway'; readonly body: string };

export interface FakeServer {
  readonly url: string;
  readonly requests: { method: string; url: string; body: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

export async function startFakeServer(script: Behaviour[] | ((index: number) => Behaviour)): Promise<FakeServer> {
  const requests: FakeServer['requests'] = [];
  const next = (i: number) => (typeof script === 'function' ? script(i) : (script[Math.min(i, script.length - 1)] as Behaviour));
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const index = requests.length;
      requests.push({ method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      const behaviour = next(index);
      switch (behaviour.kind) {
        case 'cut':
          req.socket.destroy();
          return;
        case 'hang':
          return;
        case 'cut-midway':
          res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': String(behaviour.body.length * 2) });
          res.write(behaviour.body);
          setTimeout(() => req.socket.destroy(), 20);
          return;
        case 'answer': {
          const answer = () => {
            if (res.destroyed) return; // the client gave up first
            res.writeHead(behaviour.status ?? 200, { 'Content-Type': behaviour.contentType ?? 'text/xml; charset=utf-8' });
            res.end(behaviour.body);
          };
          if (behaviour.delayMs === undefined) answer();
          else setTimeout(answer, behaviour.delayMs);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
