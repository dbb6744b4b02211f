/**
 * 6. Deadlines: how soon a call to a server that never answers ends, against a raw Node request
 * to the same server given the same timeout (the floor: a timer and a destroyed socket). A read is
 * measured with one attempt and with its retries: a call's timeout is its whole budget, retries
 * included, so both should end at about the timeout.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { builtClient } from './support/built';
import { compared, median, timed, type Row } from './support/measure';
import type { Size, Sizes } from './support/size';

/** A server that reads each request and never answers. */
async function hangingServer(): Promise<{ url: string; close(): void }> {
  const server = createServer((req: IncomingMessage, _res: ServerResponse) => req.resume());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** A raw GET that gives up after timeoutMs: the least any client can do. */
function rawGiveUp(url: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request(`${url}/MailWS.asmx/GetLetterStatus?Username=demo&Password=demo&ID=7`, { signal: AbortSignal.timeout(timeoutMs) });
    req.on('error', () => resolve());
    req.end();
  });
}

/** The timeouts given, and the calls (and raw requests) made with each. */
const RUNS: Sizes<{ readonly timeoutsMs: readonly number[]; readonly rounds: number }> = {
  full: { timeoutsMs: [300, 1000], rounds: 5 },
  small: { timeoutsMs: [100], rounds: 1 },
};

export async function deadlines(size: Size = 'full'): Promise<Row[]> {
  const { timeoutsMs, rounds } = RUNS[size];
  const server = await hangingServer();
  const rows: Row[] = [];
  try {
    for (const timeoutMs of timeoutsMs) {
      for (const attempts of [1, 3]) {
        const client = new builtClient.MailWsClient({
          endpoint: server.url,
          binding: 'http-get',
          credentials: { username: 'demo', password: 'demo' },
          timeoutMs,
          retry: { attempts, baseDelayMs: 10 },
        });
        const clientMs: number[] = [];
        const floorMs: number[] = [];
        for (let i = 0; i < rounds; i++) {
          clientMs.push(await timed(() => client.simple.GetLetterStatus({ ID: 7 }).catch(() => undefined)));
          floorMs.push(await timed(() => rawGiveUp(server.url, timeoutMs)));
        }
        client.close();
        rows.push(
          compared(
            'deadlines',
            `no answer · timeout ${timeoutMs} ms · ${attempts} attempt${attempts > 1 ? 's' : ''}`,
            'ms',
            median(clientMs),
            { name: 'raw request, same timeout', value: median(floorMs) },
            1.1,
          ),
        );
      }
    }
  } finally {
    server.close();
  }
  return rows;
}
