/**
 * An append-only journal of JSON lines, the sandbox's one source of truth on disk.
 *
 * `append` resolves only once its line is on disk (fdatasync), so an answered send survives a
 * SIGKILL. Appends that arrive while a write is under way are written and synced together (group
 * commit): one fdatasync serves many concurrent sends. On open, a torn last line — a write that a
 * kill cut short, which was therefore never acknowledged — is cut off, and the temporary file of a
 * compaction that a kill interrupted is removed.
 *
 * `compact` replaces the file with a snapshot: records that rebuild the same state, written to a
 * temporary file, synced, renamed over the journal, then the directory synced. A kill before the
 * rename leaves the old journal whole; after it, the new one holds everything the old one did.
 * Appends go on meanwhile: the snapshot is taken when the compaction's turn comes in the writing
 * loop, so it holds every record applied so far, the ones written and the ones still queued. The
 * queued ones are then not written again (they would be applied twice) but acknowledged once the
 * snapshot is durable; records that arrive later are written after the snapshot, in the new file.
 */
import { promises as fsp } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { syncDirectory, temporaryName, writeAll } from './durable-files';
import { holdPoint } from './hold-points';

interface Pending {
  readonly line: string;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

interface Compaction<R> {
  readonly snapshot: () => readonly R[];
  /** Everyone who asked for this compaction before it started. */
  readonly waiting: { readonly resolve: () => void; readonly reject: (error: Error) => void }[];
}

export class Journal<R> {
  private queue: Pending[] = [];
  private compaction: Compaction<R> | undefined;
  private writing: Promise<void> | undefined;
  private failed: Error | undefined;

  private constructor(
    private readonly path: string,
    private file: fsp.FileHandle,
    /** Records in the file, and queued for it: what the store's compaction policy weighs. */
    private count: number,
  ) {}

  get records(): number {
    return this.count;
  }

  /** Opens (or creates) the journal, calling `apply` for every complete record in order. */
  static async open<R>(path: string, apply: (record: R) => void): Promise<Journal<R>> {
    await removeTemporaries(path);
    const file = await fsp.open(path, 'a+');
    const text = (await file.readFile()).toString('utf8');
    let start = 0;
    let count = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      let record: R;
      try {
        record = JSON.parse(text.slice(start, end)) as R;
      } catch {
        break; // a garbled line: nothing after it can be trusted, nor was it acknowledged
      }
      apply(record);
      count++;
      start = end + 1;
    }
    if (start < text.length) {
      await file.truncate(Buffer.byteLength(text.slice(0, start)));
      await file.datasync();
    }
    return new Journal<R>(path, file, count);
  }

  /** Writes a record; resolves once it is durable. */
  append(record: R): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    this.count++;
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ line: `${JSON.stringify(record)}\n`, resolve, reject });
      this.writing ??= this.run();
    });
  }

  /**
   * Replaces the journal with the records `snapshot` gives when the compaction's turn comes (it
   * must describe every record appended so far); resolves once that is durable. A compaction
   * already waiting serves this call too.
   */
  compact(snapshot: () => readonly R[]): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise<void>((resolve, reject) => {
      this.compaction ??= { snapshot, waiting: [] };
      this.compaction.waiting.push({ resolve, reject });
      this.writing ??= this.run();
    });
  }

  private async run(): Promise<void> {
    while (!this.failed && (this.compaction || this.queue.length > 0)) {
      if (this.compaction) await this.replace(this.compaction);
      else await this.writeQueued();
    }
    this.writing = undefined;
  }

  private async writeQueued(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    try {
      await writeAll(this.file, Buffer.from(batch.map((p) => p.line).join('')));
      await this.file.datasync();
      for (const p of batch) p.resolve();
    } catch (error) {
      this.fail(error as Error, batch);
    }
  }

  private async replace(compaction: Compaction<R>): Promise<void> {
    this.compaction = undefined;
    const settle = (error?: Error) => compaction.waiting.forEach((w) => (error ? w.reject(error) : w.resolve()));
    // From here to the first await nothing else runs, so the snapshot holds exactly the records
    // written so far and the queued ones (`covered`).
    let bytes: Buffer;
    let count: number;
    try {
      const records = compaction.snapshot();
      bytes = Buffer.from(records.map((record) => `${JSON.stringify(record)}\n`).join(''));
      count = records.length;
    } catch (error) {
      return settle(error as Error);
    }
    const covered = this.queue;
    this.queue = [];
    const before = this.count;
    this.count = count;
    const temporary = temporaryName(this.path);
    let file: fsp.FileHandle | undefined;
    try {
      file = await fsp.open(temporary, 'ax');
      await writeAll(file, bytes);
      await file.datasync();
      // What is renamed over the journal must be the whole snapshot, or acknowledged records are lost.
      const written = (await file.stat()).size;
      if (written !== bytes.length) throw new Error(`the compacted journal holds ${written} of its ${bytes.length} bytes`);
      await holdPoint('compaction-written');
      await fsp.rename(temporary, this.path);
    } catch (error) {
      // The old journal is whole: the covered records go to it as if nothing had happened.
      await file?.close().catch(() => undefined);
      await fsp.rm(temporary, { force: true }).catch(() => undefined);
      this.queue = [...covered, ...this.queue];
      this.count = before + (this.count - count);
      return settle(error as Error);
    }
    // The new file is the journal now: later records go to it.
    const old = this.file;
    this.file = file;
    try {
      await old.close();
      await holdPoint('compaction-renamed');
      await syncDirectory(dirname(this.path));
    } catch (error) {
      this.fail(error as Error, covered);
      return settle(error as Error);
    }
    for (const p of covered) p.resolve();
    settle();
  }

  /** A journal that cannot be written must not acknowledge anything again. */
  private fail(error: Error, batch: readonly Pending[]): void {
    this.failed = error;
    for (const p of [...batch, ...this.queue]) p.reject(error);
    this.queue = [];
    for (const w of this.compaction?.waiting ?? []) w.reject(error);
    this.compaction = undefined;
  }

  /** Waits for every pending append and compaction, then closes the file. */
  async close(): Promise<void> {
    while (this.writing) await this.writing;
    await this.file.close();
  }
}

/** Removes what a kill left of writes to temporary names beside `path` (writeFileDurably, compaction). */
async function removeTemporaries(path: string): Promise<void> {
  const prefix = `${basename(path)}.`;
  const directory = dirname(path);
  const stale = (await fsp.readdir(directory).catch(() => [] as string[])).filter((n) => n.startsWith(prefix) && n.endsWith('.tmp'));
  for (const name of stale) await fsp.rm(join(directory, name), { force: true });
}
