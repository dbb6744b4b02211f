/**
 * A receiver of the service's feedback pushes (Feedback_FeedbackType=Post): an HTTP server that
 * reads each push's `ID`, `ItemID`, `Auth`, `Status` and `StatusTime` (form-encoded body, the
 * same names in the query string; the body wins) and answers `0`, which tells the service it
 * arrived. Used by `mailroom listen` and by the extension's loopback receiver.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FeedbackPush {
  readonly ID: number;
  /** 0 for a mailer's own status, else the batch item's ID. */
  readonly ItemID: number;
  /** The user's Feedback_Post_Authentication, so that a receiver can tell the service's pushes from others. */
  readonly Auth: string;
  readonly Status: number;
  /** As the service writes times: the user's wall clock, without an offset. */
  readonly StatusTime: string;
}

export interface PushReceiver {
  /** Where it listens, as a URL to register in Feedback_Post_FeedbackURL. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** The most a push's body may hold: five short fields. */
const MAX_BODY = 16 * 1024;

/** A push's fields from a request's query string and body, or why it is not one (no valid ID, Status or ItemID). */
export function readPushOrWhy(query: URLSearchParams, body: URLSearchParams): FeedbackPush | { readonly problem: string } {
  const field = (name: string) => body.get(name) ?? query.get(name) ?? '';
  const id = Number(field('ID'));
  const status = Number(field('Status'));
  const item = Number(field('ItemID') || '0');
  const shown = (name: string) => (field(name) === '' ? `no ${name}` : `${name} ${JSON.stringify(field(name).slice(0, 40))}`);
  if (field('ID') === '' || !Number.isInteger(id) || id <= 0) return { problem: `${shown('ID')}, not a mailer's ID` };
  if (field('Status') === '' || !Number.isInteger(status)) return { problem: `${shown('Status')}, not a status code` };
  if (!Number.isInteger(item)) return { problem: `${shown('ItemID')}, not an item's ID` };
  return { ID: id, ItemID: item, Auth: field('Auth'), Status: status, StatusTime: field('StatusTime') };
}

/** A push's fields from a request's query string and body, or undefined when it carries no valid ID and Status. */
export function readPush(query: URLSearchParams, body: URLSearchParams): FeedbackPush | undefined {
  const read = readPushOrWhy(query, body);
  return 'problem' in read ? undefined : read;
}

/** A request the receiver answered 400 (or cut, past MAX_BODY): who sent it, how, and why it is not a push. */
export interface RefusedPush {
  readonly from: string;
  readonly method: string;
  readonly problem: string;
}

/**
 * Listens on `host:port` (port 0: any free one) and calls `onPush` with each push before answering
 * `0`. A request that is not a push (no ID or Status) is answered 400, so that nothing mistakes it
 * for a delivered push.
 */
/** A request's query; undefined for a path no URL can hold (`//`), which anyone who reaches the port may send. */
function queryOf(path: string | undefined): URLSearchParams | undefined {
  try {
    return new URL(path ?? '/', 'http://receiver').searchParams;
  } catch {
    return undefined;
  }
}

export async function startPushReceiver(options: {
  readonly port: number;
  readonly host?: string;
  readonly onPush: (push: FeedbackPush) => void;
  /** Each request refused as not a push (`mailroom listen` says each). */
  readonly onRefused?: (refused: RefusedPush) => void;
}): Promise<PushReceiver> {
  const server = createServer((req, res) => {
    const refuse = (problem: string) =>
      options.onRefused?.({ from: req.socket.remoteAddress ?? 'an unknown address', method: req.method ?? '', problem });
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_BODY) {
        refuse(`a body over ${MAX_BODY / 1024} KB`);
        req.destroy();
      }
    });
    req.on('end', () => {
      const query = queryOf(req.url);
      const read =
        req.method !== 'POST' && req.method !== 'GET'
          ? { problem: `the method ${req.method}, not POST or GET` }
          : query === undefined
            ? { problem: 'a request path that is not a URL' }
            : readPushOrWhy(query, new URLSearchParams(text));
      if ('problem' in read) {
        refuse(read.problem);
        res.writeHead(400, { 'Content-Type': 'text/plain' }).end('not a feedback push');
        return;
      }
      const push = read;
      try {
        options.onPush(push);
      } finally {
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('0');
      }
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
