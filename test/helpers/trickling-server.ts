/**
 * A server that begins its answers and never finishes them: the headers at once, then one byte a
 * second for as long as the client stays. Operations it is not told to trickle are passed on to an
 * upstream (the sandbox), so that a client can sign in through it before the answers slow down.
 * Used by the client's, the command line's and the extension's deadline tests; node:http only, so
 * that it also runs inside the extension host.
 */
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TricklingServer {
  readonly url: string;
  /** The operations it began to answer and never finished, in order. */
  readonly trickled: string[];
  /** Connections opened to it, trickled or passed on. */
  readonly connections: () => number;
  close(): Promise<void>;
}

export interface TricklingOptions {
  /** Which operations to trickle; every one when left out. */
  readonly trickles?: (operation: string) => boolean;
  /** Where the others go; without one they are answered 503. */
  readonly upstream?: string;
}

/**
 * The operation a request calls, on every binding: the path's last segment over HTTP GET and POST
 * (`/MailWS_DatedA.asmx/GetStatus`), the SOAPAction header over SOAP 1.1, the Content-Type's
 * action parameter over SOAP 1.2; both actions end in `/<operation>`.
 */
export function operationOf(req: IncomingMessage): string {
  const path = (req.url ?? '').split('?')[0]!;
  const afterService = /\.asmx\/([^/]+)$/i.exec(path);
  if (afterService) return afterService[1]!;
  const action = String(req.headers.soapaction ?? /action="([^"]*)"/.exec(String(req.headers['content-type'] ?? ''))?.[1] ?? '');
  return action.replace(/"/g, '').split('/').pop() ?? '';
}

/** What it trickles: the start of an answer, then spaces, which XML allows before the root. */
const OPENING = Buffer.from('<?xml version="1.0" encoding="utf-8"?>\r\n');

export async function startTricklingServer(options: TricklingOptions = {}): Promise<TricklingServer> {
  const trickled: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let connections = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const operation = operationOf(req);
      if (options.trickles?.(operation) ?? true) {
        trickled.push(operation);
        res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' });
        let sent = 0;
        const drip = () => {
          res.write(sent < OPENING.length ? OPENING.subarray(sent, sent + 1) : ' ');
          sent++;
        };
        drip();
        const timer = setInterval(drip, 1000);
        timers.add(timer);
        res.on('close', () => {
          clearInterval(timer);
          timers.delete(timer);
        });
        return;
      }
      if (!options.upstream) {
        res.writeHead(503, { 'Content-Type': 'text/plain' }).end('not trickled, and no upstream');
        return;
      }
      const upstream = httpRequest(`${options.upstream}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    trickled,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
