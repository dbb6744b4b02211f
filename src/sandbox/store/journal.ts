/**
 * An append-only journal of JSON lines, the sandbox's one source of truth on disk.
 *
 * `append` resolves only once its line is on disk (fdatasync), so an answered send survives a
 * SIGKILL. Appends that arrive while a write is under way are written and synced together (group
 * commit): one fdatasync serves many concurrent sends. On open, a torn last line — a write that a
 * kill cut short, which was therefore never acknowledged — is cut off.
 */
import { promises as fsp } from 'node:fs';
import { dirname } from 'node:path';

interface Pending {
  readonly line: string;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

export class Journal<R> {
  private queue: Pending[] = [];
  private writing: Promise<void> | undefined;
  private failed: Error | undefined;

  private constructor(private readonly file: fsp.FileHandle) {}

  /** Opens (or creates) the journal, calling `apply` for every complete record in order. */
  static async open<R>(path: string, apply: (record: R) => void): Promise<Journal<R>> {
    const file = await fsp.open(path, 'a+');
    const text = (await file.readFile()).toString('utf8');
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      let record: R;
      try {
        record = JSON.parse(text.slice(start, end)) as R;
      } catch {
        break; // a garbled line: nothing after it can be trusted, nor was it acknowledged
      }
      apply(record);
      start = end + 1;
    }
    if (start < text.length) {
      await file.truncate(Buffer.byteLength(text.slice(0, start)));
      await file.datasync();
    }
    return new Journal<R>(file);
  }

  /** Writes a record; resolves once it is durable. */
  append(record: R): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ line: `${JSON.stringify(record)}\n`, resolve, reject });
      this.writing ??= this.flush();
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.file.write(batch.map((p) => p.line).join(''));
        await this.file.datasync();
        for (const p of batch) p.resolve();
      } catch (error) {
        // A journal that cannot be written must not acknowledge anything again.
        this.failed = error as Error;
        for (const p of [...batch, ...this.queue]) p.reject(this.failed);
        this.queue = [];
      }
    }
    this.writing = undefined;
  }

  /** Waits for every pending append, then closes the file. */
  async close(): Promise<void> {
    while (this.writing) await this.writing;
    await this.file.close();
  }
}

/** Writes a file atomically and durably: a temporary file, synced, renamed over the target, directory synced. */
export async function writeFileDurably(path: string, data: Uint8Array): Promise<void> {
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const handle = await fsp.open(temporary, 'w');
  try {
    await handle.writeFile(data);
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await fsp.rename(temporary, path);
  const directory = await fsp.open(dirname(path), 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}
