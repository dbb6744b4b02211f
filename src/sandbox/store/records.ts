/**
 * What the sandbox keeps: accounts, users, mailers and stored files, and the journal records that
 * change them. Times are epoch milliseconds; money is in dollars.
 */
import type { PrintJobRecord } from './print-jobs';

export interface AccountRecord {
  readonly id: string;
  readonly name: string;
  balance: number;
}

export interface UserRecord {
  readonly id: string;
  readonly accountId: string;
  username: string;
  /** As credentials.ts keeps it: salted and hashed, never as written. */
  passwordHash: string;
  readonly admin: boolean;
  /** The API key's digest (credentials.ts), never the key. */
  readonly apiKeyDigest?: string;
  readonly blocked?: boolean;
  /** SetUserSettings values by setting name. */
  settings: Record<string, string>;
  /** Since when each kind of feedback push has been on (pushes/due.ts): changes before are not pushed. */
  readonly pushesSince?: Readonly<Partial<Record<PushKind, number>>>;
}

/** The `Feedback_Post_WhenToSend_*` events a user can ask to be pushed. */
export type PushKind = 'Completed' | 'Error' | 'BatchErrors';

/** The recipient of a letter, with the contract's field names (the postal code as PostalCode). */
export interface PostalAddress {
  readonly AttentionLine1?: string;
  readonly AttentionLine2?: string;
  readonly AttentionLine3?: string;
  readonly Company?: string;
  readonly Address1?: string;
  readonly Address2?: string;
  readonly City?: string;
  readonly State?: string;
  readonly PostalCode?: string;
  readonly Country?: string;
}

export type WorkModeUsed = 'Production' | 'Development';

export interface BatchItemRecord {
  readonly itemId: number;
  readonly price: number;
  readonly sheets: number;
  /** The final status this item fails with, decided when it was printed. */
  readonly failure?: number;
}

/**
 * A batch's items as the journal writes them: runs of consecutive items (from item 1) with the
 * same price, sheets and failure, `[count, price, sheets, failure?]`. A 100,000-row merge's items
 * are a few runs, not 100,000 objects that every commit of the batch and every compaction would
 * write and every start read. Records written before hold `items` as they are in memory.
 */
export type ItemRun = readonly [count: number, price: number, sheets: number, failure?: number];

export interface MailerRecord {
  readonly id: number;
  readonly accountId: string;
  readonly userId: string;
  readonly mailerType: 'Letter' | 'Postcard';
  readonly description?: string;
  readonly workMode: WorkModeUsed;
  readonly submittedAt: number;
  readonly price: number;
  readonly sheets: number;
  readonly printColor: 'Black' | 'FullColor';
  readonly printSides: 'PrintSimplex' | 'PrintDuplex';
  /**
   * Whether its price was drawn from the balance (always for Development, which costs nothing): at
   * send, or later, at `fundedAt`, by funds that arrived while it waited (funding.ts).
   */
  funded: boolean;
  /**
   * When funds that arrived while it waited for them paid for it (funding.ts): its course goes on
   * from then (lifecycle.ts). Absent for a mailer paid at send, and in records written before.
   */
  fundedAt?: number;
  /** The final status this mailer fails with, decided when it was printed. */
  readonly failure?: number;
  readonly items?: readonly BatchItemRecord[];
  /** On disk only, in place of `items` (`journalMailer`): the store reads it back as `items`. */
  readonly itemRuns?: readonly ItemRun[];
  /** The printed PDF's blob name, until no status can serve it any more (`pdfs-dropped`). */
  pdf?: string;
  /** Instead of `pdf`: the job that prints it when first needed (print-jobs.ts), kept and dropped as `pdf` would be. */
  job?: PrintJobRecord;
  cancelledAt?: number;
  /** A failure the sandbox's control path chose (`mailroom sandbox fail`): the mailer ends at `status` at `at`. */
  failedAt?: { readonly status: number; readonly at: number };
  /** The feedback pushes its receiver answered `0` to (pushes/due.ts's `pushKey`): never sent again. */
  pushed?: readonly string[];
}

export interface StoredFileRecord {
  readonly accountId: string;
  readonly ownerId: string;
  readonly name: string;
  readonly permissions: 'Account' | 'User';
  readonly description?: string;
  readonly submittedAt: number;
  lastUsage: number;
  readonly blob: string;
}

export type JournalRecord =
  /** Replaces every account and user: a fresh data directory, or `--accounts FILE`. */
  | { readonly t: 'accounts'; readonly accounts: readonly AccountRecord[]; readonly users: readonly UserRecord[] }
  /** A new mailer; its price, when charged, is drawn from the account. */
  | { readonly t: 'mailer'; readonly mailer: MailerRecord; readonly charged: number; readonly usedFiles: readonly string[] }
  /** The refund raised the balance: `funded`, as for `funds`. */
  | { readonly t: 'cancel'; readonly id: number; readonly at: number; readonly refund: number; readonly funded?: readonly number[] }
  | { readonly t: 'file'; readonly file: StoredFileRecord }
  | { readonly t: 'file-deleted'; readonly accountId: string; readonly name: string }
  | { readonly t: 'user'; readonly user: UserRecord }
  /** Printed PDFs no status can serve any more (retention.ts): their blobs are removed once this is on disk. */
  | { readonly t: 'pdfs-dropped'; readonly ids: readonly number[] }
  /** The control path (control/): how far the sandbox's clock runs ahead of the machine's, in all. */
  | { readonly t: 'clock'; readonly offset: number }
  /** The control path: a mailer not yet final ends now at a failure status; what was charged comes back (and pays `funded`, as for `funds`). */
  | {
      readonly t: 'fail';
      readonly id: number;
      readonly at: number;
      readonly status: number;
      readonly refund: number;
      readonly funded?: readonly number[];
    }
  /**
   * The control path: an account's balance, set at `at`; then the mailers waiting for funds that
   * it pays for (`funded`, IDs, funding.ts) are charged their price in that order, funded at `at`.
   * Records written before hold neither field.
   */
  | { readonly t: 'funds'; readonly accountId: string; readonly balance: number; readonly at?: number; readonly funded?: readonly number[] }
  /** The control path: every mailer and stored file forgotten; IDs go on from `nextId`, never reused. */
  | { readonly t: 'reset'; readonly nextId: number }
  /** A feedback push its receiver answered `0` to (pushes/pusher.ts). */
  | { readonly t: 'pushed'; readonly id: number; readonly key: string };

/**
 * What a Production mailer charges the account: its price, unless it fails before it is printed
 * (the failure is known at send: an address, a page size, too many sheets), which is never charged.
 * A batch's price is already its items that print (operations/merge.ts).
 */
export function chargeOf(mailer: Pick<MailerRecord, 'price' | 'failure'>): number {
  return mailer.failure === undefined ? mailer.price : 0;
}

/** A mailer as the journal writes it: a batch's items as runs, when they are items 1 to n. */
export function journalMailer(mailer: MailerRecord): MailerRecord {
  const { items, ...rest } = mailer;
  if (!items || items.some((item, i) => item.itemId !== i + 1)) return mailer;
  const runs: [number, number, number, number?][] = [];
  for (const item of items) {
    const last = runs[runs.length - 1];
    if (last && last[1] === item.price && last[2] === item.sheets && last[3] === item.failure) last[0]++;
    else runs.push(item.failure === undefined ? [1, item.price, item.sheets] : [1, item.price, item.sheets, item.failure]);
  }
  return { ...rest, itemRuns: runs };
}

/** A mailer as the journal wrote it, as the store keeps it: runs read back as items. */
export function storedMailer(mailer: MailerRecord): MailerRecord {
  const { itemRuns, ...rest } = mailer;
  if (!itemRuns) return { ...mailer };
  const items: BatchItemRecord[] = [];
  for (const [count, price, sheets, failure] of itemRuns) {
    for (let i = 0; i < count; i++) {
      items.push(
        failure === undefined ? { itemId: items.length + 1, price, sheets } : { itemId: items.length + 1, price, sheets, failure },
      );
    }
  }
  return { ...rest, items };
}

/** A record as the journal writes it (`journalMailer`). */
export function journalRecord(record: JournalRecord): JournalRecord {
  return record.t === 'mailer' && record.mailer.items ? { ...record, mailer: journalMailer(record.mailer) } : record;
}
