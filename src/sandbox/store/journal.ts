/**
 * An append-only journal of JSON lines, the sandbox's one source of truth on disk.
 *
 * `append` resolves only once its line is on disk (fdatasync), so an answered send survives a
 * SIGKILL. Appends that arrive while a write is under way are written and synced together (group
 * commit): one fdatasync serves many concurrent sends. A write that fails (a full or read-only
 * disk, an I/O error) is cut off the file again, so that the file holds only what was acknowledged,
 * and every record not yet durable is refused; the journal then takes appends again.
 *
 * Every line carries a checksum (checksums.ts). On open (`readJournal`), a damaged last line — a
 * write that a kill cut short, which was therefore never acknowledged — is cut off and said; a
 * damaged line anywhere else is corruption, not a torn write, and stops the open with the file, the
 * line and what is intact after it (`JournalDamagedError`), unless the open repairs: then every
 * intact record is kept, the damaged file is set aside beside the journal, and what was lost is
 * said. The temporary file of a compaction that a kill interrupted is removed.
 *
 * `compact` replaces the file with a snapshot: records that rebuild the same state, written to a
 * temporary file, synced, renamed over the journal, then the directory synced. A kill before the
 * rename leaves the old journal whole; after it, the new one holds everything the old one did.
 * Appends go on meanwhile: the snapshot is taken when the compaction's turn comes in the writing
 * loop, so it holds every record applied so far, the ones written and the ones still queued. The
 * queued ones are then not written again (they would be applied twice) but acknowledged once the
 * snapshot is durable; records that arrive later are written after the snapshot, in the new file.
 */
import { basename, dirname, join } from 'node:path';
import { checkedLine, readLine } from './checksums';
import { temporaryName, writeAll } from './durable-files';
import { holdPoint } from './hold-points';
import { readJournal, type JournalOpenOptions } from './journal-reading';
import { StorageFailedError, type StoreFile, type StoreFiles } from './store-files';

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
  /** The error of a failed write while it is being undone: appends are refused until the state is read again. */
  private undoing: Error | undefined;

  private constructor(
    private readonly path: string,
    private readonly files: StoreFiles,
    private file: StoreFile,
    /** Records in the file, and queued for it: what the store's compaction policy weighs. */
    private count: number,
    /** The bytes of the file that are durable and acknowledged: where a failed write is cut back to. */
    private size: number,
    /** Told, with the error, once a failed write is cut off: the records it refused were applied and must be undone. */
    private readonly onUndone: (error: Error) => Promise<void>,
    /** Records read at open without a checksum (written before checksums): a compaction writes them with one. */
    readonly unchecked: number,
  ) {}

  get records(): number {
    return this.count;
  }

  /** Why an append now would be refused: a failed write being undone, or a journal that cannot be written. */
  get refusing(): Error | undefined {
    return this.failed ?? this.undoing;
  }

  /**
   * Opens (or creates) the journal, calling `apply` for every intact record in order (readJournal);
   * `onUndone` is told when a failed write was cut off, so that the records it applied are undone.
   */
  static async open<R>(
    path: string,
    apply: (record: R) => void,
    options: JournalOpenOptions & { readonly onUndone: (error: Error) => Promise<void> },
  ): Promise<Journal<R>> {
    await removeTemporaries(path, options.files);
    const file = await options.files.open(path, 'a+');
    try {
      const { count, size, unchecked } = await readJournal(path, file, apply, options);
      return new Journal<R>(path, options.files, file, count, size, options.onUndone, unchecked);
    } catch (error) {
      await file.close().catch(() => undefined);
      throw error;
    }
  }

  /** Reads the durable records again (all intact: they were checked on open or written since), for a state rebuilt after a failed write. */
  async replay(apply: (record: R) => void): Promise<void> {
    const text = (await this.files.readFile(this.path)).subarray(0, this.size).toString('utf8');
    for (const line of text.split('\n')) {
      if (line === '') continue;
      const read = readLine(line, true);
      if (read.ok) apply(read.record as R);
    }
  }

  /** Writes a record; resolves once it is durable. */
  append(record: R): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    if (this.undoing) return Promise.reject(this.undoing);
    this.count++;
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ line: checkedLine(record), resolve, reject });
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
    const bytes = Buffer.from(batch.map((p) => p.line).join(''));
    try {
      await writeAll(this.file, bytes);
      await this.file.datasync();
    } catch (error) {
      return this.undo(error as Error, batch);
    }
    this.size += bytes.length;
    for (const p of batch) p.resolve();
  }

  /**
   * A write failed: what it may have left of its lines is cut off, so that the file holds only
   * what was acknowledged; it, and every record queued after it (applied on top of it), is refused
   * once the owner has undone them (`onUndone`). Appends are refused meanwhile. A file that cannot
   * be cut back, or synced once cut, fails the journal until a restart: it acknowledges nothing again.
   */
  private async undo(error: Error, batch: readonly Pending[]): Promise<void> {
    this.undoing = error;
    try {
      await this.file.truncate(this.size);
    } catch {
      // The refused lines may stay in the file (past `size`, which replay stops at): nothing more may follow them.
      this.failed = new StorageFailedError(error, true);
    }
    // A sync that failed cannot be trusted again (its pages may be lost): take nothing more until a restart reads the disk.
    if (!this.failed) await this.file.datasync().catch(() => (this.failed = new StorageFailedError(error, true)));
    const refused = [...batch, ...this.queue];
    this.queue = [];
    this.count -= refused.length;
    const waiting = this.compaction?.waiting ?? [];
    this.compaction = undefined;
    try {
      await this.onUndone(error);
    } catch {
      // The state could not be read again: nothing more may be acknowledged on top of it.
      this.failed ??= new StorageFailedError(error, true);
    }
    this.undoing = undefined;
    for (const p of refused) p.reject(error);
    for (const w of waiting) w.reject(error);
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
      bytes = Buffer.from(records.map((record) => checkedLine(record)).join(''));
      count = records.length;
    } catch (error) {
      return settle(error as Error);
    }
    const covered = this.queue;
    this.queue = [];
    const before = this.count;
    this.count = count;
    const temporary = temporaryName(this.path);
    let file: StoreFile | undefined;
    try {
      file = await this.files.open(temporary, 'ax');
      await writeAll(file, bytes);
      await file.datasync();
      // What is renamed over the journal must be the whole snapshot, or acknowledged records are lost.
      const written = (await file.stat()).size;
      if (written !== bytes.length) throw new Error(`the compacted journal holds ${written} of its ${bytes.length} bytes`);
      await holdPoint('compaction-written');
      await this.files.rename(temporary, this.path);
    } catch (error) {
      // The old journal is whole: the covered records go to it as if nothing had happened.
      await file?.close().catch(() => undefined);
      await this.files.remove(temporary).catch(() => undefined);
      this.queue = [...covered, ...this.queue];
      this.count = before + (this.count - count);
      return settle(error as Error);
    }
    // The new file is the journal now: later records go to it.
    const old = this.file;
    this.file = file;
    this.size = bytes.length;
    try {
      await old.close();
      await holdPoint('compaction-renamed');
      await this.files.syncDirectory(dirname(this.path));
    } catch (error) {
      this.fail(error as Error, covered);
      return settle(error as Error);
    }
    for (const p of covered) p.resolve();
    settle();
  }

  /** A journal that cannot be written must not acknowledge anything again. */
  private fail(error: Error, batch: readonly Pending[]): void {
    this.failed = new StorageFailedError(error, true);
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
async function removeTemporaries(path: string, files: StoreFiles): Promise<void> {
  const prefix = `${basename(path)}.`;
  const directory = dirname(path);
  const stale = (await files.list(directory)).filter((n) => n.startsWith(prefix) && n.endsWith('.tmp'));
  for (const name of stale) await files.remove(join(directory, name));
}
