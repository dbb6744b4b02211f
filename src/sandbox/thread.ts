/**
 * The sandbox on a thread of its own: a `worker_threads` Worker running the built
 * `dist/sandbox-worker.js` (thread-worker.ts), so that a send it prints (a 2,000-row mail merge
 * takes seconds) never holds the event loop of the thread that started it: in VS Code, the
 * extension host, which every extension shares.
 *
 * A thread rather than a child process: it lives and dies with the extension host, as the
 * in-process sandbox did, so the data folder's lock still names the host's process (a second
 * VS Code window joins it, and a host that crashed leaves a lock the next start takes over, never
 * a sandbox nobody owns); it needs no Node executable beside Electron's; and its files are the
 * host's own, so the host can see the journal closed. This file imports nothing of the sandbox
 * but its error and types, so that starting a thread does not load the sandbox into the caller.
 */
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SandboxServer } from '.';
import type { Schedule } from './lifecycle';
import { DataFolderInUseError } from './store/folder-in-use';

/** What a sandbox on a thread can be started with: data only, since it crosses to the thread by copy. */
export interface ThreadSandboxOptions {
  readonly dataDir: string;
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  readonly schedule?: Partial<Schedule>;
  /** The General_Timezone of the users it creates; the machine's by default. */
  readonly timeZone?: string;
}

/** An error as it crosses from the thread: what rebuilding it here needs. */
export interface ThreadError {
  readonly name: string;
  readonly message: string;
  readonly stack?: string;
  readonly code?: string;
  /** A DataFolderInUseError's own fields. */
  readonly dataDir?: string;
  readonly holder?: number;
  readonly url?: string;
}

/** What the thread says, in order: `listening` or `failed`; after a `close` asked for, `closed` or `close-failed`. */
export type FromThread =
  | { readonly kind: 'listening'; readonly url: string; readonly port: number }
  | { readonly kind: 'failed'; readonly error: ThreadError }
  | { readonly kind: 'closed' }
  | { readonly kind: 'close-failed'; readonly error: ThreadError };

export type ToThread = { readonly kind: 'close' };

/**
 * The data folders a thread of this process holds. Every thread has its own copy of the lock's
 * module, so a lock naming this process would look like a dead one's to a second thread, which
 * would take it over: a second start here is refused as a second process's would be.
 */
const threads = new Map<string, { url: string | undefined }>();

/**
 * Starts a sandbox on a thread running `workerFile` (the built dist/sandbox-worker.js) and answers
 * once it listens. A start that fails ends the thread and rejects with the sandbox's own error
 * (a DataFolderInUseError is one again). `onExit` hears of a thread that ended without being asked
 * to (it crashed): the sandbox is gone and a new start may take its folder.
 */
export async function startSandboxThread(
  workerFile: string,
  options: ThreadSandboxOptions,
  onExit?: (error: Error) => void,
): Promise<SandboxServer> {
  const folder = resolve(options.dataDir);
  const holding = threads.get(folder);
  if (holding) throw new DataFolderInUseError(options.dataDir, process.pid, holding.url);
  const held = { url: undefined as string | undefined };
  threads.set(folder, held);

  const worker = new Worker(workerFile, { workerData: options, name: 'Mailroom sandbox' });
  let lastError: Error | undefined;
  const exited = new Promise<number>((done) =>
    worker.once('exit', (code) => {
      threads.delete(folder);
      done(code);
    }),
  );
  worker.on('error', (error) => (lastError = error));
  // A thread that ends on its own after its start answered has crashed; one asked to close has not.
  let closing = false;
  const started = await new Promise<FromThread>((answer) => {
    worker.once('message', answer);
    void exited.then((code) =>
      answer({
        kind: 'failed',
        error: describeThreadError(lastError ?? new Error(`the sandbox thread ended (exit code ${code}) before it listened`)),
      }),
    );
  });
  if (started.kind !== 'listening') {
    await worker.terminate();
    throw rebuildThreadError(
      started.kind === 'failed' ? started.error : { name: 'Error', message: `the sandbox thread said ${started.kind} first` },
    );
  }
  held.url = started.url;
  void exited.then((code) => {
    if (!closing) onExit?.(lastError ?? new Error(`the sandbox thread ended (exit code ${code})`));
  });

  let closed: Promise<void> | undefined;
  return {
    url: started.url,
    port: started.port,
    close: () =>
      (closed ??= (async () => {
        closing = true;
        const answer = new Promise<FromThread | undefined>((done) => {
          worker.once('message', done);
          void exited.then(() => done(undefined));
        });
        worker.postMessage({ kind: 'close' } satisfies ToThread);
        const said = await answer;
        // Its journal is synced and closed by now: nothing is left for the thread to do.
        await worker.terminate();
        await exited;
        if (said?.kind === 'close-failed') throw rebuildThreadError(said.error);
        if (said?.kind !== 'closed') throw lastError ?? new Error('the sandbox thread ended before it closed its data');
      })()),
  };
}

/** An error as data, to cross to the other side. */
export function describeThreadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { code } = error as NodeJS.ErrnoException;
  // By name: the thread's error class is its own bundle's copy, not this module's.
  const inUse = error.name === 'DataFolderInUseError' ? (error as Partial<DataFolderInUseError>) : {};
  const own = {
    ...(typeof inUse.dataDir === 'string' ? { dataDir: inUse.dataDir } : {}),
    ...(typeof inUse.holder === 'number' ? { holder: inUse.holder } : {}),
    ...(typeof inUse.url === 'string' ? { url: inUse.url } : {}),
  };
  return {
    name: error.name,
    message: error.message,
    ...(error.stack === undefined ? {} : { stack: error.stack }),
    ...(typeof code === 'string' ? { code } : {}),
    ...own,
  };
}

/** The error the thread described, as the in-process sandbox would have thrown it. */
export function rebuildThreadError(described: ThreadError): Error {
  if (described.name === 'DataFolderInUseError' && described.dataDir !== undefined)
    return new DataFolderInUseError(described.dataDir, described.holder ?? 0, described.url);
  const error: NodeJS.ErrnoException = new Error(described.message);
  error.name = described.name;
  if (described.code !== undefined) error.code = described.code;
  if (described.stack !== undefined) error.stack = described.stack;
  return error;
}
