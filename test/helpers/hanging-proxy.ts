/**
 * A loopback proxy in front of a service (the sandbox) that can be made to hang: while hung it
 * accepts connections and requests and never answers them, as a server behind a dropped VPN does;
 * released, it passes requests on again. It can also fail the requests of some operations at once
 * (HTTP 503), as a service does whose one part is down. It notes every request's operation, when it
 * came and whether it was held. node:http only, so that it also runs inside the extension host.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operationOf } from './trickling-server';

export interface ProxiedRequest {
  readonly operation: string;
  /** When it came (ms since the epoch, the test's clock). */
  readonly at: number;
  /** Held unanswered: it came while the proxy hung. */
  readonly held: boolean;
}

export interface HangingProxy {
  readonly url: string;
  readonly requests: readonly ProxiedRequest[];
  /** From now on, requests get no answer (those under way finish). */
  hang(): void;
  /** From now on, requests are passed on again; the held ones stay unanswered until their clients give up. */
  release(): void;
  /** From now on, requests of these operations are answered 503 at once (none: all passed on again). */
  refuse(...operations: string[]): void;
  /** How many requests are held unanswered now. */
  readonly holding: number;
  /** Drops the connections of the requests held, as a dropped network does: their clients see them fail. */
  drop(): void;
  close(): Promise<void>;
}

export async function startHangingProxy(upstream: string): Promise<HangingProxy> {
  const requests: ProxiedRequest[] = [];
  const held = new Set<ServerResponse>();
  let hung = false;
  let refused = new Set<string>();
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    const onward = httpRequest(`${upstream}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    onward.on('error', () => res.destroy());
    req.pipe(onward);
  };
  const server = createServer((req, res) => {
    const operation = operationOf(req);
    requests.push({ operation, at: Date.now(), held: hung });
    if (refused.has(operation)) {
      req.resume();
      res.writeHead(503, { 'content-type': 'text/plain' }).end(`${operation} is down`);
      return;
    }
    if (!hung) return pass(req, res);
    // Read and never answered: the client waits until its own deadline.
    req.resume();
    held.add(res);
    res.on('close', () => held.delete(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    hang: () => void (hung = true),
    release: () => void (hung = false),
    refuse: (...operations) => void (refused = new Set(operations)),
    get holding() {
      return held.size;
    },
    drop: () => {
      for (const res of held) res.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
