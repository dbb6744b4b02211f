/**
 * Writing files so that what is acknowledged is on disk whole: every byte written (a write may
 * write less than it is given, e.g. on a nearly full disk, and says so only in its count), synced,
 * and put in place by a rename whose directory entry is synced too.
 */
import { dirname } from 'node:path';
import { diskFiles, type StoreFiles } from './store-files';

/** What `writeAll` needs of an open file: one write at the file's position, which may be short. */
export interface WritableFile {
  write(buffer: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }>;
}

/** Writes every byte of `data`, going on after a short write; a write of nothing is an error, never a loop. */
export async function writeAll(file: WritableFile, data: Uint8Array): Promise<void> {
  for (let offset = 0; offset < data.length;) {
    const { bytesWritten } = await file.write(data, offset, data.length - offset);
    if (!(bytesWritten > 0)) {
      const left = data.length - offset;
      const error: NodeJS.ErrnoException = new Error(`the disk took none of the last ${left} of ${data.length} bytes (is it full?)`);
      error.code = 'ENOSPC';
      throw error;
    }
    offset += bytesWritten;
  }
}

/** A name beside `path` for a file written before it is renamed to `path`; a start removes leftovers of killed writes. */
export function temporaryName(path: string): string {
  return `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
}

/** Writes a file atomically and durably: a temporary file, written whole and synced, renamed over the target, directory synced. */
export async function writeFileDurably(path: string, data: Uint8Array, files: StoreFiles = diskFiles): Promise<void> {
  const temporary = temporaryName(path);
  const handle = await files.open(temporary, 'w');
  try {
    await writeAll(handle, data);
    await handle.datasync();
    await handle.close();
    await files.rename(temporary, path);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await files.remove(temporary).catch(() => undefined);
    throw error;
  }
  await files.syncDirectory(dirname(path));
}
