/**
 * The sandbox's data: rebuilt from the journal on open, changed only by journal records, each
 * written to disk before the caller answers. Storage tracks the state: blobs (printed PDFs, mail
 * merges' print jobs, stored files) are written durably before the record that names them and removed once the record that
 * drops them is durable (blobs.ts); the journal is compacted to a snapshot on open when anything
 * in it is superseded, and while running when it has grown (snapshot.ts).
 *
 * A record is applied at once (so that concurrent requests see it: two sends never spend the same
 * money) but acknowledged only once durable. When its write fails, the journal cuts the file back
 * to what was acknowledged, and the state is read again from it (`undo`), so that nothing of a
 * refused record, nor of any record applied after it, is ever shown; the new blobs it named are
 * removed. The caller is told the storage failed (store-files.ts); reads go on being served.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { apiKeyDigest, hashPassword } from '../credentials';
import { Blobs } from './blobs';
import { Journal } from './journal';
import type { JournalOpenOptions } from './journal-reading';
import { diskFiles, storageFailure, type StoreFile } from './store-files';
import { jobBlobs } from './print-jobs';
import { DataFolderLock } from './lock';
import {
  chargeOf,
  journalRecord,
  storedMailer,
  type AccountRecord,
  type JournalRecord,
  type MailerRecord,
  type StoredFileRecord,
  type UserRecord,
} from './records';
import { liveRecords, shouldCompact, snapshotRecords } from './snapshot';

/** The first mailer ID of a fresh sandbox, so that IDs look like the service's. */
export const FIRST_MAILER_ID = 1021984;

export class Store {
  readonly accounts = new Map<string, AccountRecord>();
  readonly users = new Map<string, UserRecord>();
  readonly mailers = new Map<number, MailerRecord>();
  /** Stored files by account, then by lower-case name (names are unique in an account). */
  readonly files = new Map<string, Map<string, StoredFileRecord>>();
  private nextId = FIRST_MAILER_ID;
  /** How far the sandbox's clock runs ahead of the machine's (the control path's `advance`). */
  private offset = 0;
  /** The next mailer ID a reset left, so that a snapshot keeps IDs from being used again (0: never reset). */
  private resetNextId = 0;
  private journal!: Journal<JournalRecord>;
  private readonly listeners: ((record: JournalRecord, durable: Promise<void>) => void)[] = [];
  private readonly rebuiltListeners: (() => void)[] = [];
  private compacting: Promise<void> | undefined;
  /** After a failed compaction, the journal size at which to try again. */
  private retryAt = 0;
  /** Mailers whose send is applied but not yet on disk: shown to no one (`acknowledged`). */
  private readonly unacknowledged = new WeakSet<MailerRecord>();
  /** Whether the journal holds credentials as written (before Mailroom 0.1): a compaction leaves only hashes. */
  private credentialsAsWritten = false;

  private constructor(
    private readonly blobs: Blobs,
    private readonly lock: DataFolderLock,
  ) {}

  /**
   * Takes the data folder (lock.ts), reads the data (journal-reading.ts: a torn last line is
   * dropped, damage elsewhere stops the start unless `repair`), compacts the journal if anything
   * in it is superseded or unchecked, and removes orphan blobs.
   */
  static async open(dataDir: string, options: Partial<JournalOpenOptions> = {}): Promise<Store> {
    const files = options.files ?? diskFiles;
    const blobDir = join(dataDir, 'blobs');
    await mkdir(blobDir, { recursive: true });
    const store = new Store(new Blobs(blobDir, files), await DataFolderLock.acquire(dataDir));
    try {
      store.journal = await Journal.open<JournalRecord>(join(dataDir, 'journal.jsonl'), (record) => void store.apply(record), {
        files,
        repair: options.repair ?? false,
        say: options.say ?? ((line) => process.stderr.write(`${line}\n`)),
        onUndone: () => store.undo(),
      });
      if (store.journal.records > liveRecords(store) || store.credentialsAsWritten || store.journal.unchecked > 0) await store.compact();
      await store.blobs.removeAllBut(store.namedBlobs());
    } catch (error) {
      await store.journal?.close().catch(() => undefined);
      await store.lock.release();
      throw error;
    }
    return store;
  }

  get isEmpty(): boolean {
    return this.accounts.size === 0;
  }

  /** How far the sandbox's clock runs ahead of the machine's, in milliseconds. */
  get clockOffset(): number {
    return this.offset;
  }

  /** The first mailer ID after the last reset, or 0 if none. */
  get idFloor(): number {
    return this.resetNextId;
  }

  /** The next mailer ID, for a reset to carry on from. */
  get nextMailerId(): number {
    return this.nextId;
  }

  /** Reserves the next mailer ID at once, so that concurrent sends never share one. */
  allocateMailerId(): number {
    return this.nextId++;
  }

  userByName(username: string): UserRecord | undefined {
    for (const user of this.users.values()) if (user.username === username) return user;
    return undefined;
  }

  userByApiKey(apiKey: string): UserRecord | undefined {
    const digest = apiKeyDigest(apiKey);
    for (const user of this.users.values()) if (user.apiKeyDigest === digest) return user;
    return undefined;
  }

  filesOf(accountId: string): Map<string, StoredFileRecord> {
    let files = this.files.get(accountId);
    if (!files) this.files.set(accountId, (files = new Map<string, StoredFileRecord>()));
    return files;
  }

  /** Saves a blob under a new name, durably; the name goes into the record that uses it. */
  saveBlob(data: Uint8Array, suffix = ''): Promise<string> {
    return this.blobs.save(data, suffix).catch((error: Error) => Promise.reject(storageFailure(error)));
  }

  /**
   * A blob's bytes, checked (`what` names it when they changed on disk: blobs.ts's
   * BlobDamagedError); undefined when a record dropped it meanwhile, so that `named()` no longer holds.
   */
  readBlob(name: string, named: () => boolean, what?: string): Promise<Buffer | undefined> {
    return this.blobs.read(name, named, what);
  }

  /**
   * The path of a blob made on first need from what a record already names (a merge's printed
   * PDF), `write` writing it the first time (false when it could not: what it is made from was
   * dropped); undefined when it could not or `named()` no longer holds: a record dropped it.
   */
  madeBlob(name: string, named: () => boolean, write: (file: StoreFile) => Promise<boolean>): Promise<string | undefined> {
    return this.blobs.made(name, named, write);
  }

  /**
   * Whether the mailer's send is on disk, so that it may be shown: a send being written is applied
   * at once (its charge counts for the next send) but shown only once it is acknowledged.
   */
  acknowledged(mailer: MailerRecord): boolean {
    return !this.unacknowledged.has(mailer);
  }

  /**
   * Calls `listener` whenever the state was read again from disk after a failed write (`undo`):
   * what was worked out from records applied since the last durable one may no longer hold.
   */
  onRebuilt(listener: () => void): void {
    this.rebuiltListeners.push(listener);
  }

  /** Calls `listener` with every record committed from now on, once it is applied, and with the promise of its being durable. */
  onCommit(listener: (record: JournalRecord, durable: Promise<void>) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Applies a record now and resolves once it is durable and the blobs it dropped are removed. A
   * blob that cannot be removed now is an orphan that the next start removes: the record stands.
   */
  commit(record: JournalRecord): Promise<void> {
    // While a failed write is undone, the state is read again: nothing may be applied to it meanwhile.
    const refusing = this.journal.refusing;
    if (refusing) return this.refused(record, refusing);
    const released = this.apply(record);
    const mailer = record.t === 'mailer' ? this.mailers.get(record.mailer.id) : undefined;
    if (mailer) this.unacknowledged.add(mailer);
    const durable = this.journal.append(journalRecord(record)).then(
      () => void (mailer && this.unacknowledged.delete(mailer)),
      (error: Error) => this.refused(record, error),
    );
    for (const listener of this.listeners) listener(record, durable);
    this.compactIfGrown();
    return released.length === 0 ? durable : durable.then(() => this.blobs.remove(released).catch(() => undefined));
  }

  /** A record refused: the state does not hold it (or no longer: `undo`), nor may the new blobs it named stay. */
  private async refused(record: JournalRecord, error: Error): Promise<never> {
    const named = this.namedBlobs();
    await this.blobs.remove(blobsOf(record).filter((blob) => !named.has(blob))).catch(() => undefined);
    throw storageFailure(error);
  }

  /**
   * A write failed and the journal is cut back to what was acknowledged: the state is read from it
   * again, so that what the refused records (and every one applied after them) changed is gone.
   * Mailer IDs go on from where they were, never handing out one a refused send had.
   */
  private async undo(): Promise<void> {
    const nextId = this.nextId;
    this.accounts.clear();
    this.users.clear();
    this.mailers.clear();
    this.files.clear();
    this.offset = 0;
    this.resetNextId = 0;
    await this.journal.replay((record) => void this.apply(record));
    this.nextId = Math.max(this.nextId, nextId);
    for (const listener of this.rebuiltListeners) listener();
  }

  /** Replaces the journal with a snapshot of the state; resolves once that is durable. */
  compact(): Promise<void> {
    return this.journal.compact(() => snapshotRecords(this));
  }

  private compactIfGrown(): void {
    const records = this.journal.records;
    if (this.compacting || records < this.retryAt || !shouldCompact(records, liveRecords(this))) return;
    this.compacting = this.compact()
      .then(
        () => (this.retryAt = 0),
        // The old journal is whole and goes on; try again once it has grown as much again.
        () => (this.retryAt = 2 * this.journal.records),
      )
      .then(() => (this.compacting = undefined));
  }

  /** Every blob a record names: the rest of the folder is orphans. */
  private namedBlobs(): Set<string> {
    const named = new Set<string>();
    for (const files of this.files.values()) for (const file of files.values()) named.add(file.blob);
    for (const mailer of this.mailers.values()) {
      if (mailer.pdf) named.add(mailer.pdf);
      for (const blob of jobBlobs(mailer.job)) named.add(blob);
    }
    return named;
  }

  /** Changes the state by one record; gives the blobs it no longer names. */
  private apply(record: JournalRecord): string[] {
    switch (record.t) {
      case 'accounts':
        this.accounts.clear();
        this.users.clear();
        for (const account of record.accounts) this.accounts.set(account.id, { ...account });
        for (const user of record.users) this.users.set(user.id, this.upgraded(user));
        return [];
      case 'mailer': {
        this.mailers.set(record.mailer.id, storedMailer(record.mailer));
        this.nextId = Math.max(this.nextId, record.mailer.id + 1);
        const account = this.accounts.get(record.mailer.accountId);
        if (account) account.balance = round(account.balance - record.charged);
        const files = this.filesOf(record.mailer.accountId);
        for (const name of record.usedFiles) {
          const file = files.get(name.toLowerCase());
          if (file) file.lastUsage = record.mailer.submittedAt;
        }
        return [];
      }
      case 'cancel': {
        const mailer = this.mailers.get(record.id);
        if (!mailer) return [];
        mailer.cancelledAt = record.at;
        this.refund(mailer, record);
        return [];
      }
      case 'file': {
        const files = this.filesOf(record.file.accountId);
        const replaced = files.get(record.file.name.toLowerCase());
        files.set(record.file.name.toLowerCase(), { ...record.file });
        return replaced && replaced.blob !== record.file.blob ? [replaced.blob] : [];
      }
      case 'file-deleted': {
        const files = this.filesOf(record.accountId);
        const deleted = files.get(record.name.toLowerCase());
        files.delete(record.name.toLowerCase());
        return deleted ? [deleted.blob] : [];
      }
      case 'user':
        this.users.set(record.user.id, this.upgraded(record.user));
        return [];
      case 'pdfs-dropped': {
        const released: string[] = [];
        for (const id of record.ids) {
          const mailer = this.mailers.get(id);
          if (mailer?.pdf) released.push(mailer.pdf);
          released.push(...jobBlobs(mailer?.job));
          if (mailer) {
            delete mailer.pdf;
            delete mailer.job;
          }
        }
        return released;
      }
      case 'clock':
        this.offset = record.offset;
        return [];
      case 'fail': {
        const mailer = this.mailers.get(record.id);
        if (!mailer) return [];
        mailer.failedAt = { status: record.status, at: record.at };
        this.refund(mailer, record);
        return [];
      }
      case 'funds': {
        const account = this.accounts.get(record.accountId);
        if (account) account.balance = round(record.balance);
        if (record.at !== undefined) this.fund(record.funded, record.at);
        return [];
      }
      case 'reset': {
        const released = [...this.namedBlobs()];
        // A GetPDF under way holds the old record: with its content gone, what it prints is not kept (printed-pdf.ts).
        for (const mailer of this.mailers.values()) {
          delete mailer.pdf;
          delete mailer.job;
        }
        this.mailers.clear();
        this.files.clear();
        this.nextId = Math.max(this.nextId, record.nextId);
        this.resetNextId = Math.max(this.resetNextId, record.nextId);
        return released;
      }
      case 'pushed': {
        const mailer = this.mailers.get(record.id);
        // A new array, so that a snapshot being written never sees this one change.
        if (mailer && !mailer.pushed?.includes(record.key)) mailer.pushed = [...(mailer.pushed ?? []), record.key];
        return [];
      }
    }
  }

  /** A mailer ended before it was mailed (a cancel, a chosen failure): what it was charged comes back, and pays for `funded`. */
  private refund(
    mailer: MailerRecord,
    record: { readonly refund: number; readonly funded?: readonly number[]; readonly at: number },
  ): void {
    const account = this.accounts.get(mailer.accountId);
    if (account) account.balance = round(account.balance + record.refund);
    this.fund(record.funded, record.at);
  }

  /** Mailers that waited for funds, paid for at `at`: each charged its price once. */
  private fund(ids: readonly number[] | undefined, at: number): void {
    for (const id of ids ?? []) {
      const mailer = this.mailers.get(id);
      if (!mailer || mailer.funded) continue;
      mailer.funded = true;
      mailer.fundedAt = at;
      const account = this.accounts.get(mailer.accountId);
      if (account) account.balance = round(account.balance - chargeOf(mailer));
    }
  }

  private upgraded(user: UserRecord & { password?: string; apiKey?: string }): UserRecord {
    this.credentialsAsWritten ||= user.password !== undefined || user.apiKey !== undefined;
    return upgraded(user);
  }

  /** Tells a process that finds the data folder taken where this sandbox listens (lock.ts). */
  announce(url: string): Promise<void> {
    return this.lock.announce(url);
  }

  async close(): Promise<void> {
    await this.journal.close();
    await this.lock.release();
  }
}

/** The blobs a record names: what a refused record leaves behind unless removed. */
function blobsOf(record: JournalRecord): string[] {
  if (record.t === 'file') return [record.file.blob];
  if (record.t !== 'mailer') return [];
  return [...(record.mailer.pdf ? [record.mailer.pdf] : []), ...jobBlobs(record.mailer.job)];
}

/** Money to the cent, without binary-fraction drift. */
export function round(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/**
 * A user as kept now. Journals written before Mailroom 0.1 hashed credentials (credentials.ts)
 * hold `password` and `apiKey` as written: they are hashed when read, and the compaction on open
 * rewrites the journal with the hashes only.
 */
function upgraded(user: UserRecord & { password?: string; apiKey?: string }): UserRecord {
  const { password, apiKey, ...rest } = user;
  return {
    ...rest,
    passwordHash: rest.passwordHash ?? hashPassword(password ?? ''),
    ...(rest.apiKeyDigest === undefined && apiKey !== undefined ? { apiKeyDigest: apiKeyDigest(apiKey) } : {}),
    settings: { ...user.settings },
  };
}
