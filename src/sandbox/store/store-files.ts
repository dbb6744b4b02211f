/**
 * Every file operation the store does (journal, blobs, compaction), as one small interface: the
 * store's boundary with the disk. The sandbox uses the disk itself (`diskFiles`); a layer over it
 * can fail any operation as a disk would (a full disk, a read-only one, an I/O error), which is how
 * what the store promises under those faults is checked where no small real file system can be
 * mounted.
 */
import { promises as fsp } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/** An open file, as the store uses one. */
export type StoreFile = Pick<FileHandle, 'write' | 'datasync' | 'truncate' | 'readFile' | 'stat' | 'close'>;

export interface StoreFiles {
  /** Opens a file with `fs.open`'s flags (`a+`, `w`, `ax`). */
  open(path: string, flags: string): Promise<StoreFile>;
  readFile(path: string): Promise<Buffer>;
  rename(from: string, to: string): Promise<void>;
  /** Removes a file; one that is not there is no error. */
  remove(path: string): Promise<void>;
  /** The names in a folder; none when the folder is not there. */
  list(path: string): Promise<string[]>;
  /** Whether the path is there. */
  exists(path: string): Promise<boolean>;
  /** Makes a folder's entries (a rename, a new or removed file) durable. */
  syncDirectory(path: string): Promise<void>;
}

export const diskFiles: StoreFiles = {
  open: (path, flags) => fsp.open(path, flags),
  readFile: (path) => fsp.readFile(path),
  rename: (from, to) => fsp.rename(from, to),
  remove: (path) => fsp.rm(path, { force: true }),
  list: (path) =>
    fsp.readdir(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    }),
  exists: (path) =>
    fsp.access(path).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return false;
        throw error;
      },
    ),
  async syncDirectory(path) {
    const directory = await fsp.open(path, 'r');
    try {
      await directory.sync();
    } finally {
      await directory.close();
    }
  },
};

/** The error codes that mean the disk refused a write: full, read-only, not permitted, failing. */
const STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO', 'EFBIG']);

/**
 * What a caller is told when its change could not be kept: the storage failed, nothing of the
 * change is kept or shown, and what was kept before is still served.
 */
export class StorageFailedError extends Error {
  override readonly name = 'StorageFailedError';
  constructor(
    cause: Error,
    /** Whether the disk could not even confirm what it holds (a failed sync): no change is taken until a restart reads it again. */
    readonly untilRestart = false,
  ) {
    const code = (cause as NodeJS.ErrnoException).code;
    super(
      `The sandbox's storage failed (${code ?? cause.message}): nothing of this request was kept. ` +
        (untilRestart
          ? 'What was kept before is still served, but no change is taken until the sandbox is restarted.'
          : 'What was kept before is still served; free the disk or fix its permissions and try again.'),
      { cause },
    );
  }
}

/** The error a write failed with, said as a storage failure when the disk refused it. */
export function storageFailure(error: Error): Error {
  if (error instanceof StorageFailedError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  return code !== undefined && STORAGE_CODES.has(code) ? new StorageFailedError(error) : error;
}
