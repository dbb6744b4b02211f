/**
 * The blobs folder: printed PDFs and stored files, one file each under a name no other blob ever
 * had. A blob is written durably before the record that names it, and removed only after the
 * record that drops it is on disk, so a kill at any point leaves at worst a blob no record names:
 * an orphan, which the next start removes with whatever temporary files a kill left.
 */
import { promises as fsp } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { holdPoint } from './hold-points';
import { syncDirectory, temporaryName, writeFileDurably } from './durable-files';

export class Blobs {
  constructor(private readonly dir: string) {}

  /** Saves a blob under a new name, durably; the name goes into the record that uses it. */
  async save(data: Uint8Array, suffix = ''): Promise<string> {
    const name = `${randomUUID()}${suffix}`;
    await writeFileDurably(join(this.dir, name), data);
    await holdPoint('blob-saved');
    return name;
  }

  /**
   * The blob's bytes; undefined when it is missing because `named()` no longer holds: a record
   * dropped it while it was being read. A blob missing while still named is a damaged data folder.
   */
  async read(name: string, named: () => boolean): Promise<Buffer | undefined> {
    try {
      return await fsp.readFile(join(this.dir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !named()) return undefined;
      throw error;
    }
  }

  /**
   * The path of a blob made from others on first need, `write` writing it into a temporary file
   * that is synced and renamed into place, so that the name only ever holds a whole blob (a kill
   * leaves a temporary file, which the next start removes). Undefined when `write` says it could
   * not (false: what it is made from was dropped meanwhile), or, the blob removed, when `named()`
   * no longer holds once it is in place: the record that dropped it may have removed its blobs
   * before it was.
   */
  async made(name: string, named: () => boolean, write: (file: FileHandle) => Promise<boolean>): Promise<string | undefined> {
    const path = join(this.dir, name);
    if (!(await exists(path))) {
      const temporary = temporaryName(path);
      const file = await fsp.open(temporary, 'w');
      let written: boolean;
      try {
        written = await write(file);
        if (written) await file.datasync();
      } catch (error) {
        await file.close().catch(() => undefined);
        await fsp.rm(temporary, { force: true });
        throw error;
      }
      await file.close();
      if (!written) {
        await fsp.rm(temporary, { force: true });
        return undefined;
      }
      await fsp.rename(temporary, path);
      await syncDirectory(this.dir);
    }
    if (named()) return path;
    await fsp.rm(path, { force: true });
    return undefined;
  }

  /** Removes blobs that the data no longer names; call only once the record that dropped them is on disk. */
  async remove(names: readonly string[]): Promise<void> {
    await holdPoint('blobs-released');
    await this.unlink(names);
  }

  /** Removes every file of the folder that is not a blob in `named`: orphans of killed writes and their temporary files. */
  async removeAllBut(named: ReadonlySet<string>): Promise<void> {
    const orphans = (await fsp.readdir(this.dir)).filter((name) => !named.has(name));
    if (orphans.length > 0) await this.unlink(orphans);
  }

  private async unlink(names: readonly string[]): Promise<void> {
    for (const name of names) await fsp.rm(join(this.dir, name), { force: true });
    await syncDirectory(this.dir);
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await fsp.access(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
