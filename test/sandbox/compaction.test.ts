/**
 * The journal's compaction, on real files: a snapshot rebuilds exactly the state the journal did
 * (balances, cancellations, last usages, hashed credentials, the next mailer ID) and holds nothing
 * superseded; appends that arrive while it runs are neither lost nor applied twice; a growing
 * journal is compacted while the sandbox runs; a start removes what killed writes left behind; a
 * compaction the disk takes only part of fails and leaves the old journal whole.
 */
import { spawnSync } from 'node:child_process';
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '../../src/sandbox/credentials';
import type { JournalRecord, UserRecord } from '../../src/sandbox/store/records';
import { MIN_SUPERSEDED } from '../../src/sandbox/store/snapshot';
import { Store } from '../../src/sandbox/store/store';
import { httpCaller, soapCaller, startTestSandbox, T0 } from '../helpers/sandbox';
import { blobsOnDisk, journalRecords, namedBlobs, storedState } from '../helpers/stored-state';
import { projectRoot } from '../helpers/tools';

const demo = { Username: 'demo', Password: 'demo' };

const USER: UserRecord = { id: 'a1u1', accountId: 'a1', username: 'ana', passwordHash: hashPassword('pw-ana'), admin: true, settings: {} };
const ACCOUNT: JournalRecord = { t: 'accounts', accounts: [{ id: 'a1', name: 'A', balance: 100 }], users: [USER] };

/** Mailer `n`, charged $1 when sent; IDs above a fresh sandbox's first. */
const idOf = (n: number) => 2_000_000 + n;
function charged(n: number): JournalRecord {
  return {
    t: 'mailer',
    mailer: {
      id: idOf(n),
      accountId: 'a1',
      userId: 'a1u1',
      mailerType: 'Letter',
      workMode: 'Production',
      submittedAt: T0,
      price: 1,
      sheets: 1,
      printColor: 'Black',
      printSides: 'PrintSimplex',
      funded: true,
    },
    charged: 1,
    usedFiles: [],
  };
}

describe('sandbox journal compaction', function () {
  this.timeout(60_000);
  let dataDir = '';
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'mailroom-compaction-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('rebuilds exactly the same state from the snapshot, with every superseded record gone', async () => {
    const sandbox = await startTestSandbox({ dataDir });
    try {
      const call = httpCaller(sandbox.url, 'http-post');
      const admin = soapCaller(sandbox.url, 'soap11');
      const upload = (name: string, text: string) =>
        call('datedA', 'UploadFile', {
          ...demo,
          MyFileName: name,
          FileBinaryData: Buffer.from(text),
          Permissions: 'User',
          Description: text,
          Overwrite: true,
        });
      await upload('letter.html', '<p>one</p>');
      await upload('letter.html', '<p>two</p>');
      await upload('gone.html', '<p>gone</p>');
      assert.equal(await call('datedA', 'DeleteUploadedFile', { ...demo, MyFileName: 'gone.html' }), -3000);
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) {
        sandbox.advance(1000);
        ids.push(
          (await call('simple', 'SendLetterV2', {
            ...demo,
            MyDescription: `paid ${i}`,
            FileExtension: 'MyFile:letter.html',
            WorkMode: 'Production',
          })) as number,
        );
      }
      assert.equal(await call('datedA', 'CancelDelivery', { ...demo, ID: ids[1] }), -3000);
      assert.equal(
        await admin('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'clerk', Settings: [['Security_Password', 'n3w-Secret']] }),
        -3000,
      );
      assert.equal(
        await admin('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'demo', Settings: [['Letters_PrintSides', 'Duplex']] }),
        -3000,
      );
    } finally {
      await sandbox.close();
    }
    const written = journalRecords(dataDir);

    const replayed = await storedState(dataDir); // the old journal, read; then compacted
    const compacted = journalRecords(dataDir);
    assert.deepEqual(await storedState(dataDir), replayed, 'the snapshot rebuilds the same state');
    assert.equal(replayed.mailers.filter((m) => m.cancelledAt !== undefined).length, 1);
    assert.ok(written.length > compacted.length, `${written.length} records, then ${compacted.length}`);
    assert.deepEqual(
      compacted.map((r) => r.t),
      ['accounts', 'file', 'mailer', 'mailer', 'mailer', 'mailer'],
      'one record for the accounts and users, one per stored file and per mailer',
    );
    assert.deepEqual(readdirSync(dataDir).sort(), ['blobs', 'journal.jsonl']);
    assert.deepEqual(blobsOnDisk(dataDir), namedBlobs(replayed));
  });

  it('writes appends that arrive during a compaction once: queued ones in the snapshot, later ones after it', async () => {
    const store = await Store.open(dataDir);
    await store.commit(ACCOUNT);
    const commits = [store.commit(charged(1)), store.commit(charged(2))]; // 1 is being written, 2 waits
    let compacted = false;
    const compaction = store.compact().then(() => (compacted = true));
    commits.push(store.commit(charged(3))); // also waits: in the snapshot
    let next = 4;
    let duringCompaction = 0;
    while (!compacted && next < 200) {
      await new Promise((resolve) => setImmediate(resolve));
      commits.push(store.commit(charged(next++)));
      if (!compacted) duringCompaction++;
    }
    await compaction;
    await Promise.all(commits);
    await store.close();

    const lines = journalRecords(dataDir);
    const mailerLines = lines.flatMap((r) => (r.t === 'mailer' ? [r] : []));
    assert.deepEqual(
      mailerLines.map((r) => r.mailer.id).sort((a, b) => a - b),
      Array.from({ length: next - 1 }, (_, i) => idOf(i + 1)),
      'every mailer once',
    );
    const snapshotted = mailerLines.filter((r) => r.charged === 0).map((r) => r.mailer.id);
    const appended = mailerLines.filter((r) => r.charged === 1).map((r) => r.mailer.id);
    assert.ok(
      [1, 2, 3].every((n) => snapshotted.includes(idOf(n))),
      `written or queued before the compaction's turn: in the snapshot (${snapshotted.join(',')})`,
    );
    assert.ok(
      duringCompaction > 0 && appended.length > 0,
      `${duringCompaction} committed during the compaction, ${appended.length} written after the snapshot`,
    );
    assert.equal(
      lines.findIndex((r) => r.t === 'mailer' && r.charged === 1),
      lines.length - appended.length,
      'after the snapshot',
    );

    const state = await storedState(dataDir);
    assert.equal(state.mailers.length, next - 1);
    assert.deepEqual(state.accounts, [{ id: 'a1', name: 'A', balance: 100 - (next - 1) }], 'each charged once');
    assert.equal(state.nextMailerId, idOf(next));
  });

  it('compacts a growing journal while running, once superseded records outnumber live ones', async () => {
    const store = await Store.open(dataDir);
    await store.commit(ACCOUNT);
    const changes = 2 * MIN_SUPERSEDED + 500;
    let shortest = Infinity;
    for (let i = 1; i <= changes; i++) {
      await store.commit({ t: 'user', user: { ...USER, settings: { General_Description: `change ${i}` } } });
      shortest = Math.min(shortest, journalRecords(dataDir).length);
    }
    await store.close();
    const lines = journalRecords(dataDir).length;
    assert.ok(lines <= MIN_SUPERSEDED, `${lines} records left of ${changes + 1} written`);
    assert.ok(shortest < changes / 2, 'compacted while running, not only at the end');
    const state = await storedState(dataDir);
    assert.deepEqual((state.users[0] as { settings: unknown }).settings, { General_Description: `change ${changes}` });
  });

  it('refuses to start rather than put a compacted journal the disk took only part of in place of the old one', async () => {
    const mailers = Array.from({ length: 1000 }, (_, i) => `${JSON.stringify(charged(i + 1))}\n`).join('');
    const user = (i: number): JournalRecord => ({ t: 'user', user: { ...USER, settings: { General_Description: `${i}` } } });
    const superseded = Array.from({ length: 5 }, (_, i) => `${JSON.stringify(user(i))}\n`).join('');
    const journal = `${JSON.stringify({ ...ACCOUNT, accounts: [{ id: 'a1', name: 'A', balance: 1000 }] })}\n${mailers}${superseded}`;
    writeFileSync(join(dataDir, 'journal.jsonl'), journal);
    // A file size limit in the child (the old journal, already larger, is only read): a write past
    // it is cut short, as on a nearly full disk, and the next one fails (EFBIG). The limit, in
    // blocks of 512 or 1024 bytes depending on the shell, is a quarter or half of the snapshot.
    const blocks = Math.floor(Buffer.byteLength(mailers) / 2048);
    const cli = [join(projectRoot, 'dist', 'cli.js'), 'sandbox', '--port', '0', '--data', dataDir];
    const limited = ['-c', 'ulimit -f "$0" && exec "$@"', String(blocks), process.execPath, ...cli];
    const child = spawnSync('sh', limited, { encoding: 'utf8', timeout: 30_000 });
    assert.notEqual(child.status, 0, `the sandbox started on a cut-short journal: ${child.stdout}`);
    assert.match(child.stderr, /EFBIG|file too large/i);
    assert.equal(readFileSync(join(dataDir, 'journal.jsonl'), 'utf8'), journal, 'the old journal, whole');
    assert.deepEqual(readdirSync(dataDir).sort(), ['blobs', 'journal.jsonl'], 'no temporary file, the folder released');
    const state = await storedState(dataDir); // without a limit: compacted
    assert.deepEqual(
      state.mailers.map((m) => m.id),
      Array.from({ length: 1000 }, (_, i) => idOf(i + 1)),
      'every acknowledged mailer',
    );
    assert.deepEqual(state.accounts, [{ id: 'a1', name: 'A', balance: 0 }]);
  });

  it('rewrites a journal holding credentials as written (before Mailroom 0.1) with their hashes only, on start', async () => {
    const legacy = {
      t: 'accounts',
      accounts: [{ id: 'a1', name: 'Old', balance: 5 }],
      users: [{ id: 'a1u1', accountId: 'a1', username: 'old', password: 'Old-Pass1', admin: true, apiKey: 'old-key', settings: {} }],
    };
    writeFileSync(join(dataDir, 'journal.jsonl'), `${JSON.stringify(legacy)}\n`);
    const state = await storedState(dataDir);
    const journal = readFileSync(join(dataDir, 'journal.jsonl'), 'utf8');
    assert.ok(!journal.includes('Old-Pass1') && !journal.includes('old-key'), journal);
    assert.deepEqual(await storedState(dataDir), state, 'the same users, hashed as they were read');
    assert.match(journal, /"passwordHash"/);
  });

  it('on start, removes a killed compaction’s file, killed writes’ temporary files and blobs no record names', async () => {
    const store = await Store.open(dataDir);
    await store.commit(ACCOUNT);
    const blob = await store.saveBlob(Buffer.from('<p>kept</p>'));
    await store.commit({
      t: 'file',
      file: { accountId: 'a1', ownerId: 'a1u1', name: 'kept.html', permissions: 'User', submittedAt: T0, lastUsage: T0, blob },
    });
    await store.close();
    writeFileSync(join(dataDir, 'journal.jsonl.4242.x1y2.tmp'), '{"t":"accounts","accounts":[],"users":[]}\n');
    writeFileSync(join(dataDir, 'blobs', 'orphan.pdf'), '%PDF');
    writeFileSync(join(dataDir, 'blobs', `${blob}.4242.z3.tmp`), 'half');

    const state = await storedState(dataDir);
    assert.deepEqual(readdirSync(dataDir).sort(), ['blobs', 'journal.jsonl']);
    assert.deepEqual(blobsOnDisk(dataDir), [blob]);
    assert.deepEqual(
      state.files.map((f) => f.name),
      ['kept.html'],
    );
  });
});
