/**
 * The sandbox's data: rebuilt from the journal on open, changed only by journal records, each
 * written to disk before the caller answers. Blobs (printed PDFs, stored files) are written
 * durably before the record that names them.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { apiKeyDigest, hashPassword } from '../credentials';
import { Journal, writeFileDurably } from './journal';
import type { AccountRecord, JournalRecord, MailerRecord, StoredFileRecord, UserRecord } from './records';

/** The first mailer ID of a fresh sandbox, so that IDs look like the service's. */
export const FIRST_MAILER_ID = 1021984;

export class Store {
  readonly accounts = new Map<string, AccountRecord>();
  readonly users = new Map<string, UserRecord>();
  readonly mailers = new Map<number, MailerRecord>();
  /** Stored files by account, then by lower-case name (names are unique in an account). */
  readonly files = new Map<string, Map<string, StoredFileRecord>>();
  private nextId = FIRST_MAILER_ID;

  private constructor(
    private readonly blobDir: string,
    private journal: Journal<JournalRecord> | undefined,
  ) {}

  static async open(dataDir: string): Promise<Store> {
    const blobDir = join(dataDir, 'blobs');
    await mkdir(blobDir, { recursive: true });
    const store = new Store(blobDir, undefined);
    store.journal = await Journal.open<JournalRecord>(join(dataDir, 'journal.jsonl'), (record) => store.apply(record));
    return store;
  }

  get isEmpty(): boolean {
    return this.accounts.size === 0;
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
    if (!files) this.files.set(accountId, (files = new Map()));
    return files;
  }

  /** Saves a blob under a new name, durably; the name goes into the record that uses it. */
  async saveBlob(data: Uint8Array, suffix = ''): Promise<string> {
    const name = `${randomUUID()}${suffix}`;
    await writeFileDurably(join(this.blobDir, name), data);
    return name;
  }

  readBlob(name: string): Promise<Buffer> {
    return readFile(join(this.blobDir, name));
  }

  /** Applies a record now and resolves once it is durable. */
  commit(record: JournalRecord): Promise<void> {
    this.apply(record);
    return this.journal!.append(record);
  }

  private apply(record: JournalRecord): void {
    switch (record.t) {
      case 'accounts':
        this.accounts.clear();
        this.users.clear();
        for (const account of record.accounts) this.accounts.set(account.id, { ...account });
        for (const user of record.users) this.users.set(user.id, upgraded(user));
        return;
      case 'mailer': {
        this.mailers.set(record.mailer.id, { ...record.mailer });
        this.nextId = Math.max(this.nextId, record.mailer.id + 1);
        const account = this.accounts.get(record.mailer.accountId);
        if (account) account.balance = round(account.balance - record.charged);
        const files = this.filesOf(record.mailer.accountId);
        for (const name of record.usedFiles) {
          const file = files.get(name.toLowerCase());
          if (file) file.lastUsage = record.mailer.submittedAt;
        }
        return;
      }
      case 'cancel': {
        const mailer = this.mailers.get(record.id);
        if (!mailer) return;
        mailer.cancelledAt = record.at;
        const account = this.accounts.get(mailer.accountId);
        if (account) account.balance = round(account.balance + record.refund);
        return;
      }
      case 'file':
        this.filesOf(record.file.accountId).set(record.file.name.toLowerCase(), { ...record.file });
        return;
      case 'file-deleted':
        this.filesOf(record.accountId).delete(record.name.toLowerCase());
        return;
      case 'user':
        this.users.set(record.user.id, upgraded(record.user));
        return;
    }
  }

  async close(): Promise<void> {
    await this.journal?.close();
  }
}

/** Money to the cent, without binary-fraction drift. */
export function round(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/**
 * A user as kept now. Journals written before Mailroom 0.1 hashed credentials (credentials.ts)
 * hold `password` and `apiKey` as written: they are hashed when read, and the next change of the
 * user writes only the hashes.
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
