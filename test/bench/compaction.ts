/**
 * 6. Sandbox storage. The time one journal compaction takes for 100,000 mailers (plus a cancel
 * for every tenth), against writing the same bytes with writeFileDurably (the I/O alone) and
 * against JSON.stringify of the state then writeFileDurably (the least a durable snapshot costs).
 * And the data folder after the churn of issue 12 (test/helpers/churn.ts: 400 replace-uploads of
 * a 120 KB stored file, 100 upload-and-delete cycles, 200 settings changes, 40 letters, half
 * cancelled), while running and after a restart, against a fresh sandbox brought to the same state.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountsRecord, DEMO_ACCOUNTS } from '../../src/sandbox/accounts';
import { writeFileDurably } from '../../src/sandbox/store/durable-files';
import type { JournalRecord } from '../../src/sandbox/store/records';
import { snapshotRecords } from '../../src/sandbox/store/snapshot';
import { FIRST_MAILER_ID, Store } from '../../src/sandbox/store/store';
import { churn, freshFloor, ISSUE_CHURN, type ChurnPlan } from '../helpers/churn';
import { T0, startTestSandbox } from '../helpers/sandbox';
import { folderBytes } from '../helpers/stored-state';
import { alternate, compared, type Row } from './support/measure';
import type { Size, Sizes } from './support/size';

/** The mailers of the journal compacted, the rounds of each compaction against its floor, and the churn. */
const RUNS: Sizes<{ readonly mailers: number; readonly rounds: number; readonly warmUp: number; readonly churn: ChurnPlan }> = {
  full: { mailers: 100_000, rounds: 7, warmUp: 2, churn: ISSUE_CHURN },
  small: {
    mailers: 2_000,
    rounds: 1,
    warmUp: 1,
    churn: { replaces: 20, fileBytes: 16 * 1024, deletes: 5, settingChanges: 10, letters: 6 },
  },
};

/** A journal as a sandbox writes it: the demo accounts, then letters as commitMailer records them. */
function journalOf(mailers: number): string {
  const accounts = accountsRecord(DEMO_ACCOUNTS);
  if (accounts.t !== 'accounts') throw new Error('no accounts record');
  const [account, user] = [accounts.accounts[0]!, accounts.users[0]!];
  const lines = [JSON.stringify(accounts)];
  for (let i = 0; i < mailers; i++) {
    const id = FIRST_MAILER_ID + i;
    const record: JournalRecord = {
      t: 'mailer',
      mailer: {
        id,
        accountId: account.id,
        userId: user.id,
        mailerType: 'Letter',
        description: `Invoice ${i}`,
        workMode: 'Development',
        submittedAt: T0 + i * 1000,
        price: 0.62,
        sheets: 1,
        printColor: 'Black',
        printSides: 'PrintSimplex',
        funded: true,
        pdf: `${randomUUID()}.pdf`,
      },
      charged: 0,
      usedFiles: [],
    };
    lines.push(JSON.stringify(record));
    if (i % 10 === 9) lines.push(JSON.stringify({ t: 'cancel', id, at: T0 + i * 1000 + 500, refund: 0 } satisfies JournalRecord));
  }
  return `${lines.join('\n')}\n`;
}

async function compactionTime(mailers: number, rounds: number, warmUp: number): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mailroom-bench-compaction-'));
  try {
    const journal = journalOf(mailers);
    writeFileSync(join(dataDir, 'journal.jsonl'), journal);
    const store = await Store.open(dataDir); // reads it, and compacts it once (the cancels are superseded)
    const snapshot = readFileSync(join(dataDir, 'journal.jsonl'));
    const floorPath = join(dataDir, 'floor.jsonl');
    try {
      const sizes = `${(journal.length / 2 ** 20).toFixed(1)} MB journal → ${(snapshot.length / 2 ** 20).toFixed(1)} MB`;
      const [compaction, bytesOnly] = await alternate(
        rounds,
        () => store.compact(),
        () => writeFileDurably(floorPath, snapshot),
        warmUp,
      );
      const [again, stateAsJson] = await alternate(
        rounds,
        () => store.compact(),
        () => writeFileDurably(floorPath, Buffer.from(JSON.stringify(snapshotRecords(store)))),
        warmUp,
      );
      return [
        compared('journal compaction', `${mailers.toLocaleString('en-US')} mailers (${sizes})`, 'ms', compaction, {
          name: 'writeFileDurably of the same bytes',
          value: bytesOnly,
        }),
        compared('journal compaction', `${mailers.toLocaleString('en-US')} mailers`, 'ms', again, {
          name: 'JSON.stringify of the state + writeFileDurably',
          value: stateAsJson,
        }),
      ];
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function churnedFolder(plan: ChurnPlan): Promise<Row[]> {
  const dirs = [mkdtempSync(join(tmpdir(), 'mailroom-bench-churned-')), mkdtempSync(join(tmpdir(), 'mailroom-bench-floor-'))] as const;
  try {
    const churned = await startTestSandbox({ dataDir: dirs[0] });
    const floor = await startTestSandbox({ dataDir: dirs[1] });
    await churn(churned, plan);
    await freshFloor(floor, plan);
    const running = folderBytes(dirs[0]);
    const floorRunning = folderBytes(dirs[1]);
    await churned.close();
    await floor.close();
    // A restart is what Store.open does: it compacts the journal and removes orphans.
    for (const dir of dirs) await (await Store.open(dir)).close();
    const kb = (bytes: number) => bytes / 1024;
    const what = `${plan.replaces} replace-uploads of ${plan.fileBytes / 1024} KB, deletes, settings, sends, cancels`;
    return [
      compared(
        'storage after churn',
        `${what} · while running`,
        'KB',
        kb(running),
        { name: 'fresh sandbox, same state', value: kb(floorRunning) },
        2,
      ),
      compared(
        'storage after churn',
        `${what} · after a restart`,
        'KB',
        kb(folderBytes(dirs[0])),
        { name: 'fresh sandbox, same state', value: kb(folderBytes(dirs[1])) },
        2,
      ),
    ];
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

export async function storage(size: Size = 'full'): Promise<Row[]> {
  const { mailers, rounds, warmUp, churn: plan } = RUNS[size];
  return [...(await compactionTime(mailers, rounds, warmUp)), ...(await churnedFolder(plan))];
}
