/**
 * Mailroom's local Mail WS: every service, operation and binding of the contract, with accounts,
 * mailers that move through their statuses with time, printed PDFs and stored files, all kept in
 * a data directory that survives restarts and SIGKILL and holds only what the data still needs
 * (store/store.ts, retention.ts).
 */
import { mkdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { accountsRecord, DEMO_ACCOUNTS, parseAccountsFile, type AccountsFile } from './accounts';
import { DEFAULT_SCHEDULE, type Schedule } from './lifecycle';
export { INTERACTIVE_SCHEDULE } from './lifecycle';
export { DataFolderInUseError } from './store/folder-in-use';
import { createControlRoute } from './control/route';
import { createInvoke } from './operations/dispatch';
import { handlers } from './operations';
import type { SandboxState } from './operations/context';
import { DEFAULT_PRICING, type Pricing } from '../printing';
import { PRINT_WAIT_MS } from './operations/printed-pdf';
import { Retention } from './retention';
import { DEFAULT_PUSH_OPTIONS, Pusher, type PushOptions } from './pushes/pusher';
import { Store } from './store/store';
import type { StoreFiles } from './store/store-files';
export { JournalDamagedError } from './store/journal-reading';
import { createSandboxHttpServer, DEFAULT_HTTP_LIMITS, type HttpLimits } from './wire/http-server';

export interface SandboxOptions {
  /** Where everything is kept. */
  readonly dataDir: string;
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  readonly host?: string;
  /** Replaces the accounts with these (`--accounts FILE`); a fresh data directory gets the demo accounts. */
  readonly accounts?: AccountsFile;
  readonly schedule?: Partial<Schedule>;
  /**
   * How long a GetPDF waits for a batch's PDF being printed (`--print-wait`) before it answers -3020,
   * the service's "not available now: still processing"; PRINT_WAIT_MS by default.
   */
  readonly printWaitMs?: number;
  readonly pricing?: Partial<Pricing>;
  readonly limits?: Partial<HttpLimits>;
  /** The real service's rate limit of Get methods (-3500); off by default. */
  readonly rateLimit?: boolean;
  /** The General_Timezone of the users it creates (times are written in it); the machine's by default. */
  readonly timeZone?: string;
  /** The clock statuses are derived from; `Date.now` unless a test injects one. */
  readonly now?: () => number;
  /** How feedback pushes are retried (pushes/pusher.ts); tests shorten the waits. */
  readonly pushes?: Partial<PushOptions>;
  /** Keep every intact record of a damaged journal, setting the damaged file aside (`--repair`, store/journal-reading.ts). */
  readonly repair?: boolean;
  /** Where what the start did to the data is said (a dropped torn line, a repair); standard error by default. */
  readonly say?: (line: string) => void;
  /** The store's file operations (store/store-files.ts): the disk, or a layer over it. */
  readonly files?: StoreFiles;
}

/** The sandbox listening: where it is and how to stop it (what its operations work with is `SandboxState`). */
export interface SandboxServer {
  /** The base URL: `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Stops listening, waits for pending writes, closes the data. */
  close(): Promise<void>;
}

export async function readAccountsFile(path: string): Promise<AccountsFile> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`accounts file ${path}: ${(error as Error).message}`, { cause: error });
  }
  return parseAccountsFile(json);
}

export async function startSandbox(options: SandboxOptions): Promise<SandboxServer> {
  await mkdir(options.dataDir, { recursive: true });
  const store = await Store.open(options.dataDir, {
    ...(options.files ? { files: options.files } : {}),
    ...(options.say ? { say: options.say } : {}),
    repair: options.repair ?? false,
  });
  if (options.accounts) await store.commit(accountsRecord(options.accounts, options.timeZone));
  else if (store.isEmpty) await store.commit(accountsRecord(DEMO_ACCOUNTS, options.timeZone));

  const clock = options.now ?? Date.now;
  const sandbox: SandboxState = {
    store,
    schedule: { ...DEFAULT_SCHEDULE, ...options.schedule },
    pricing: { ...DEFAULT_PRICING, ...options.pricing },
    printWaitMs: options.printWaitMs ?? PRINT_WAIT_MS,
    // The control path's `advance` puts the clock ahead of the machine's, durably (control/).
    now: () => clock() + store.clockOffset,
  };
  const retention = new Retention(sandbox);
  await retention.sweepIfDue();
  const pusher = new Pusher(sandbox, { ...DEFAULT_PUSH_OPTIONS, ...options.pushes });
  const invoke = createInvoke(handlers, sandbox, { rateLimit: options.rateLimit ?? false });
  const control = createControlRoute(sandbox);
  const server = createSandboxHttpServer(
    async (op, request) => {
      await retention.sweepIfDue();
      pusher.wakeIfDue();
      return invoke(op, request);
    },
    { ...DEFAULT_HTTP_LIMITS, ...options.limits },
    control,
  );
  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
  } catch (error) {
    // A port in use: the data folder is let go, so that a start on another port can take it.
    await pusher.stop();
    await retention.stop();
    await store.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  await store.announce(url);
  return {
    url,
    port,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await pusher.stop();
      await retention.stop();
      await store.close();
    },
  };
}
