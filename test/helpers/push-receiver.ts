/**
 * A feedback push receiver for tests: a real HTTP server on a loopback port that records every
 * push it is sent (body and query string) and answers as the test's `answer` says: `0`, something
 * else, an HTTP error, late, never, or a byte at a time for ever. It can go away (`close`) and come back on the same port.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  readonly body: Record<string, string>;
  readonly query: Record<string, string>;
  readonly contentType: string | undefined;
  readonly method: string | undefined;
}

/**
 * What the receiver does with the n-th push (from 0): answer it, hold it unanswered, or trickle
 * (200 at once, then a space every 20 ms, never done: never silent long enough for an idle timeout).
 */
export type Answer = { readonly status?: number; readonly body: string; readonly delayMs?: number } | 'hold' | 'trickle';

export interface PushReceiver {
  readonly url: string;
  /** Every push that arrived, answered or not, in order of arrival. */
  readonly received: ReceivedPush[];
  /** The pushes answered `0` with 200, in order. */
  readonly accepted: ReceivedPush[];
  /** Resolves once `count` pushes were accepted. */
  acceptedCount(count: number): Promise<void>;
  /** Resolves once `count` pushes arrived. */
  receivedCount(count: number): Promise<void>;
  /** Resolves with the first push that arrived (or arrives) whose fields match these. */
  arrived(fields: Readonly<Record<string, string>>): Promise<ReceivedPush>;
  close(): Promise<void>;
  /** Listens again on the same port. */
  reopen(): Promise<void>;
}

export async function startPushReceiver(
  answer: (n: number, push: ReceivedPush) => Answer = () => ({ body: '0' }),
  port = 0,
): Promise<PushReceiver> {
  const received: ReceivedPush[] = [];
  const accepted: ReceivedPush[] = [];
  const waiters: (() => void)[] = [];
  const notify = () => waiters.splice(0).forEach((w) => w());
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => (done() ? resolve() : waiters.push(check));
      check();
    });
  let server: Server;
  const listen = async (on: number) => {
    server = createServer((req, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () => {
        const push: ReceivedPush = {
          body: Object.fromEntries(new URLSearchParams(text)),
          query: Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams),
          contentType: req.headers['content-type'],
          method: req.method,
        };
        const n = received.push(push) - 1;
        notify();
        const a = answer(n, push);
        if (a === 'hold') return;
        if (a === 'trickle') {
          res.writeHead(200, { 'Content-Type': 'text/plain' }).write(' ');
          const drip = setInterval(() => res.write(' '), 20);
          res.on('close', () => clearInterval(drip));
          return;
        }
        setTimeout(() => {
          res.writeHead(a.status ?? 200, { 'Content-Type': 'text/plain' }).end(a.body);
          if ((a.status ?? 200) === 200 && a.body.trim() === '0') accepted.push(push);
          notify();
        }, a.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(on, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  const bound = await listen(port);
  return {
    url: `http://127.0.0.1:${bound}/feedback`,
    received,
    accepted,
    acceptedCount: (count) => until(() => accepted.length >= count),
    receivedCount: (count) => until(() => received.length >= count),
    arrived: async (fields) => {
      const matches = (p: ReceivedPush) => Object.entries(fields).every(([name, value]) => p.body[name] === value);
      await until(() => received.some(matches));
      return received.find(matches)!;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    reopen: async () => {
      await listen(bound);
    },
  };
}
