/**
 * The error a sandbox's start answers when another sandbox holds its data folder (store/lock.ts).
 * A file of its own, importing nothing of the sandbox, so that the extension's side of the sandbox
 * thread (../thread.ts) can rebuild the error the thread reports without loading the sandbox.
 */
import { join } from 'node:path';

/** The data folder is held by a sandbox that runs; `url` is where it listens, once it does. */
export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    /** The holder's process ID; 0 when the lock names none (it is damaged: never so while being written). */
    readonly holder: number,
    readonly url: string | undefined,
  ) {
    const by = holder > 0 ? `process ${holder}${url ? ` (listening on ${url})` : ''}` : 'another sandbox (its lock names no process)';
    super(`the sandbox data folder ${dataDir} is in use by ${by}; if no sandbox runs there, remove ${join(dataDir, 'lock')}`);
    this.name = 'DataFolderInUseError';
  }
}
