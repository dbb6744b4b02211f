/**
 * A sandbox's data as it is on disk: the state the real Store rebuilds from a data folder (which
 * is what a restart does: it also compacts the journal and removes orphan blobs there), as plain
 * data to compare, and what the folder holds.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { JournalRecord } from '../../src/sandbox/store/records';
import { Store } from '../../src/sandbox/store/store';

export interface StoredState {
  readonly accounts: unknown[];
  readonly users: unknown[];
  readonly mailers: { id: number; pdf?: string; job?: unknown; cancelledAt?: number; description?: string; price: number }[];
  readonly files: { name: string; blob: string; description?: string; lastUsage: number }[];
  readonly nextMailerId: number;
}

/** Opens the data folder with the real Store (a restart), and gives its whole state. */
export async function storedState(dataDir: string): Promise<StoredState> {
  const store = await Store.open(dataDir);
  try {
    const state: StoredState = {
      accounts: [...store.accounts.values()],
      users: [...store.users.values()],
      mailers: [...store.mailers.values()].sort((a, b) => a.id - b.id),
      files: [...store.files.values()]
        .flatMap((byName) => [...byName.values()])
        .sort((a, b) => `${a.accountId}/${a.name}`.localeCompare(`${b.accountId}/${b.name}`)),
      nextMailerId: store.allocateMailerId(),
    };
    // As JSON would hold it: a field set to undefined in memory is a field left out on disk.
    return JSON.parse(JSON.stringify(state)) as StoredState;
  } finally {
    await store.close();
  }
}

/** The records of the data folder's journal, as they are on disk now (without a restart). */
export function journalRecords(dataDir: string): JournalRecord[] {
  const text = readFileSync(join(dataDir, 'journal.jsonl'), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as JournalRecord);
}

/** The blob names a state refers to: printed PDFs, mail merges' jobs (store/print-jobs.ts) and stored files. */
export function namedBlobs(state: StoredState): string[] {
  const job = (m: StoredState['mailers'][number]) => (m.job as { kind?: string; blob?: string } | undefined)?.blob;
  return [...state.files.map((f) => f.blob), ...state.mailers.flatMap((m) => [m.pdf, job(m)].filter((b) => b !== undefined))].sort();
}

export function blobsOnDisk(dataDir: string): string[] {
  return readdirSync(join(dataDir, 'blobs')).sort();
}

/** Bytes of every file under `dir`. */
export function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(path) : statSync(path).size;
  }
  return total;
}
