/**
 * The store's file layer (src/sandbox/store/store-files.ts) over the real disk, failing what a test
 * tells it to as a disk would: a full disk (ENOSPC, after taking part of a write), a read-only one
 * (EROFS/EPERM), an I/O error (EIO), at a write, a sync, an open or a rename, of the paths it names.
 * Everything else goes to the disk as it is.
 */
import { diskFiles, type StoreFile, type StoreFiles } from '../../src/sandbox/store/store-files';

export type FaultedOperation = 'write' | 'datasync' | 'open' | 'rename';

export interface Fault {
  readonly at: FaultedOperation;
  readonly code: 'ENOSPC' | 'EROFS' | 'EPERM' | 'EACCES' | 'EIO';
  /** Which files: their path matches (every file when absent). */
  readonly path?: RegExp;
  /** For a write: how many of its bytes reach the disk before it fails (a full disk takes some). */
  readonly partial?: number;
}

export interface FaultyFiles extends StoreFiles {
  /** Fails operations from now on as `fault` says; undefined heals the disk. */
  fault: Fault | undefined;
  /** How many operations failed. */
  readonly failures: number;
}

function errno(code: string, operation: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected, ${operation} '${path}'`), { code });
}

export function faultyFiles(): FaultyFiles {
  let failures = 0;
  const layer: FaultyFiles = {
    fault: undefined,
    get failures() {
      return failures;
    },
    async open(path, flags) {
      check('open', path, flags);
      const file = await diskFiles.open(path, flags);
      return wrap(file, path);
    },
    readFile: (path) => diskFiles.readFile(path),
    async rename(from, to) {
      check('rename', to);
      await diskFiles.rename(from, to);
    },
    remove: (path) => diskFiles.remove(path),
    list: (path) => diskFiles.list(path),
    exists: (path) => diskFiles.exists(path),
    syncDirectory: (path) => diskFiles.syncDirectory(path),
  };

  /** Throws when the fault applies to this operation on this path (an open only when it writes). */
  function check(operation: FaultedOperation, path: string, flags?: string): void {
    const fault = layer.fault;
    if (!fault || fault.at !== operation || (fault.path && !fault.path.test(path))) return;
    if (operation === 'open' && flags === 'r') return;
    failures++;
    throw errno(fault.code, operation, path);
  }

  function wrap(file: StoreFile, path: string): StoreFile {
    return {
      write: (async (buffer: Uint8Array, offset = 0, length = buffer.length - offset, position?: number) => {
        const fault = layer.fault;
        if (fault?.at === 'write' && (!fault.path || fault.path.test(path)) && fault.partial) {
          await file.write(buffer, offset, Math.min(fault.partial, length), position);
        }
        check('write', path);
        return file.write(buffer, offset, length, position);
      }) as StoreFile['write'],
      datasync: async () => {
        check('datasync', path);
        await file.datasync();
      },
      truncate: (length) => file.truncate(length),
      readFile: ((options?: unknown) => file.readFile(options as undefined)) as StoreFile['readFile'],
      stat: ((options?: unknown) => file.stat(options as undefined)) as StoreFile['stat'],
      close: () => file.close(),
    };
  }
  return layer;
}
