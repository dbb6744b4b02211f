/**
 * The blobs folder: printed PDFs and stored files, one file each under a name no other blob ever
 * had. A blob is written durably before the record that names it, and removed only after the
 * record that drops it is on disk, so a kill at any point leaves at worst a blob no record names:
 * an orphan, which the next start removes with whatever temporary files a kill left.
 *
 * A saved blob's name carries the checksum of its bytes (checksums.ts), so the record naming it
 * (itself checked) says what the blob must hold: a blob whose bytes changed is refused when read,
 * never used.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { holdPoint } from './hold-points';
import { temporaryName, writeFileDurably } from './durable-files';
import { blobDigest, digestInName } from './checksums';
import type { StoreFile, StoreFiles } from './store-files';

/** A blob whose bytes are not those its name's checksum promises: damaged on disk. */
export class BlobDamagedError extends Error {
  override readonly name = 'BlobDamagedError';
  constructor(
    readonly blob: string,
    what: string,
  ) {
    super(`${what} is damaged on disk (its bytes changed since it was kept: blob ${blob}); it is not used.`);
  }
}

export class Blobs {
  constructor(
    private readonly dir: string,
    private readonly files: StoreFiles,
  ) {}

  /** Saves a blob under a new name that carries its checksum, durably; the name goes into the record that uses it. */
  async save(data: Uint8Array, suffix = ''): Promise<string> {
    const name = `${randomUUID()}-${blobDigest(data)}${suffix}`;
    await writeFileDurably(join(this.dir, name), data, this.files);
    await holdPoint('blob-saved');
    return name;
  }

  /**
   * The blob's bytes, checked against its name's checksum (`what` names it in the refusal of
   * damaged bytes); undefined when it is missing because `named()` no longer holds: a record
   * dropped it while it was being read. A blob missing while still named is a damaged data folder.
   */
  async read(name: string, named: () => boolean, what = `blob ${name}`): Promise<Buffer | undefined> {
    let bytes: Buffer;
    try {
      bytes = await this.files.readFile(join(this.dir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !named()) return undefined;
      throw error;
    }
    const digest = digestInName(name);
    if (digest !== undefined && blobDigest(bytes) !== digest) throw new BlobDamagedError(name, what);
    return bytes;
  }

  /**
   * The path of a blob made from others on first need, `write` writing it into a temporary file
   * that is synced and renamed into place, so that the name only ever holds a whole blob (a kill
   * leaves a temporary file, which the next start removes). Undefined when `write` says it could
   * not (false: what it is made from was dropped meanwhile), or, the blob removed, when `named()`
   * no longer holds once it is in place: the record that dropped it may have removed its blobs
   * before it was.
   */
  async made(name: string, named: () => boolean, write: (file: StoreFile) => Promise<boolean>): Promise<string | undefined> {
    const path = join(this.dir, name);
    if (!(await this.files.exists(path))) {
      const temporary = temporaryName(path);
      const file = await this.files.open(temporary, 'w');
      let written: boolean;
      try {
        written = await write(file);
        if (written) await file.datasync();
      } catch (error) {
        await file.close().catch(() => undefined);
        await this.files.remove(temporary);
        throw error;
      }
      await file.close();
      if (!written) {
        await this.files.remove(temporary);
        return undefined;
      }
      await this.files.rename(temporary, path);
      await this.files.syncDirectory(this.dir);
    }
    if (named()) return path;
    await this.files.remove(path);
    return undefined;
  }

  /** Removes blobs that the data no longer names; call only once the record that dropped them is on disk. */
  async remove(names: readonly string[]): Promise<void> {
    await holdPoint('blobs-released');
    await this.unlink(names);
  }

  /** Removes every file of the folder that is not a blob in `named`: orphans of killed writes and their temporary files. */
  async removeAllBut(named: ReadonlySet<string>): Promise<void> {
    const orphans = (await this.files.list(this.dir)).filter((name) => !named.has(name));
    if (orphans.length > 0) await this.unlink(orphans);
  }

  private async unlink(names: readonly string[]): Promise<void> {
    for (const name of names) await this.files.remove(join(this.dir, name));
    await this.files.syncDirectory(this.dir);
  }
}
