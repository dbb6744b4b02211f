/**
 * What a compacted journal holds, and when the journal is compacted.
 *
 * A snapshot is ordinary records that rebuild the state exactly: one `accounts` record with every
 * account (balance as it is now) and user (credentials as kept: hashed), then one `file` record per
 * stored file (with its last usage), then one `mailer` record per mailer in the order they were
 * sent (with its cancellation, its funding and when, printed PDF if still kept, and pushes answered; nothing charged again; a
 * batch's items as runs, records.ts `journalMailer`). The next
 * mailer ID follows from the highest ID, as it does when the journal is read. Every other record
 * (cancels, users, deletions, replaced files, dropped PDFs, pushes answered, failures and funds
 * the control path set) is superseded and disappears; but for two the state holds outside those
 * records: a `clock` record when the clock runs ahead, and a `reset` record (before the files and
 * mailers) once a reset happened, so that IDs never come round again.
 */
import {
  journalMailer,
  type AccountRecord,
  type JournalRecord,
  type MailerRecord,
  type StoredFileRecord,
  type UserRecord,
} from './records';

export interface StoreState {
  readonly accounts: ReadonlyMap<string, AccountRecord>;
  readonly users: ReadonlyMap<string, UserRecord>;
  readonly mailers: ReadonlyMap<number, MailerRecord>;
  readonly files: ReadonlyMap<string, ReadonlyMap<string, StoredFileRecord>>;
  readonly clockOffset: number;
  readonly idFloor: number;
}

export function snapshotRecords(state: StoreState): JournalRecord[] {
  const records: JournalRecord[] = [{ t: 'accounts', accounts: [...state.accounts.values()], users: [...state.users.values()] }];
  if (state.clockOffset !== 0) records.push({ t: 'clock', offset: state.clockOffset });
  if (state.idFloor !== 0) records.push({ t: 'reset', nextId: state.idFloor });
  for (const files of state.files.values()) for (const file of files.values()) records.push({ t: 'file', file });
  for (const mailer of state.mailers.values()) records.push({ t: 'mailer', mailer: journalMailer(mailer), charged: 0, usedFiles: [] });
  return records;
}

/** How many records a snapshot of this state holds. */
export function liveRecords(state: StoreState): number {
  let files = 0;
  for (const byName of state.files.values()) files += byName.size;
  return 1 + (state.clockOffset !== 0 ? 1 : 0) + (state.idFloor !== 0 ? 1 : 0) + files + state.mailers.size;
}

/**
 * Below this many superseded records (some 70 KB) a journal is left as it is while the sandbox runs:
 * a compaction costs three fsyncs however small the state, so each is worth at least this many appends.
 */
export const MIN_SUPERSEDED = 256;

/**
 * While running, the journal is compacted once it holds at least as many superseded records as
 * live ones (so at most about twice what a snapshot holds), and at least MIN_SUPERSEDED of them:
 * each compaction rewrites the live records once for at least as many appended, so its cost
 * stays in proportion to the appends. On open it is compacted whenever anything is superseded,
 * since the whole journal has just been read anyway.
 */
export function shouldCompact(journalRecords: number, live: number): boolean {
  return journalRecords - live >= Math.max(live, MIN_SUPERSEDED);
}
