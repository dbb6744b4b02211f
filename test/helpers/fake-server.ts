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
  | { readonly kind: 'cut-midway'; readonly body: string }
  /**
   * Streams a large answer: `head`, then `repeat` again and again until `bytes` are written, then
   * `tail`, waiting for the socket to drain; with its Content-Length when `declared`. What was
   * written before the client let go is counted in `streamed`.
   */
  | {
      readonly kind: 'stream';
      readonly contentType?: string;
      readonly head: string;
      readonly repeat: string;
      readonly tail: string;
      readonly bytes: number;
      readonly declared: boolean;
    };

export interface FakeServer {
  readonly url: string;
  readonly requests: { method: string; url: string; body: string; headers: IncomingMessage['headers'] }[];
  /** Of each streamed answer, the bytes handed to the socket before it ended or the client let go. */
  readonly streamed: Promise<number>[];
  close(): Promise<void>;
}

export async function startFakeServer(script: Behaviour[] | ((index: number) => Behaviour)): Promise<FakeServer> {
  const requests: FakeServer['requests'] = [];
  const streamed: Promise<number>[] = [];
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
        case 'stream':
          streamed.push(stream(res, behaviour));
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
    streamed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes a stream behaviour's answer; resolves to the bytes written when it ends or the client lets go. */
function stream(res: ServerResponse, answer: Extract<Behaviour, { kind: 'stream' }>): Promise<number> {
  const head = Buffer.from(answer.head);
  const tail = Buffer.from(answer.tail);
  const unit = Buffer.from(answer.repeat);
  const repeats = Math.max(0, Math.ceil((answer.bytes - head.length - tail.length) / unit.length));
  // Many units to a write, so that the loop is the socket's pace, not the event loop's.
  const batch = Buffer.concat(Array.from({ length: Math.max(1, Math.floor((64 * 1024) / unit.length)) }, () => unit));
  const perBatch = batch.length / unit.length;
  const total = head.length + tail.length + repeats * unit.length;
  res.writeHead(200, {
    'Content-Type': answer.contentType ?? 'text/xml; charset=utf-8',
    ...(answer.declared ? { 'Content-Length': String(total) } : {}),
  });
  let written = 0;
  let left = repeats;
  return new Promise((resolve) => {
    const write = (chunk: Buffer) => {
      written += chunk.length;
      return res.write(chunk);
    };
    res.on('close', () => resolve(written));
    const pump = () => {
      while (left > 0 && !res.destroyed) {
        const n = Math.min(left, perBatch);
        left -= n;
        if (!write(n === perBatch ? batch : batch.subarray(0, n * unit.length))) return void res.once('drain', pump);
      }
      if (!res.destroyed) {
        write(tail);
        res.end();
      }
    };
    write(head);
    pump();
  });
}
