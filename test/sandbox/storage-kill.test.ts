/**
 * SIGKILL inside the windows where storage changes: the real command line, `mailroom sandbox`,
 * holds at a fault-injection point (src/sandbox/store/hold-points.ts); the test checks that it is
 * inside the window (what the data folder holds there), copies the folder, kills the child, and
 * shows that a restart holds exactly the state of that copy, which is every acknowledged change,
 * with no orphan blob and no temporary file left. The child runs on the wall clock, and so does
 * everything here that reads times.
 */
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataFolderInUseError } from '../../src/sandbox';
import { DEMO_ACCOUNTS } from '../../src/sandbox/accounts';
import { JANE_DOE, htmlWithAddress } from '../helpers/documents';
import { startHeldSandbox, type HeldSandbox } from '../helpers/held-sandbox';
import { projectRoot } from '../helpers/tools';
import { PRINTED_AT_SEND, httpCaller, soapCaller, type Call } from '../helpers/sandbox';
import { blobsOnDisk, journalRecords as journal, namedBlobs, storedState, type StoredState } from '../helpers/stored-state';

const demo = { Username: 'demo', Password: 'demo' };

const readIfThere = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.ok(done(), `gave up waiting for ${what}`);
}

const temporaries = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.tmp'));

/** The demo account's balance in a fresh sandbox. */
const DEMO_BALANCE = DEMO_ACCOUNTS.accounts[0]!.balance!;

/** What churnUntilCompaction had acknowledged when the child held in the compaction. */
interface Churned {
  /** The last version of churn.html answered; the next one was sent and is `pending`. */
  readonly acknowledged: number;
  readonly pending: Promise<unknown>;
  /** The Production letters sent, the first one cancelled. */
  readonly ids: readonly number[];
  /** The demo account's balance: the start balance less the letter not cancelled. */
  readonly balance: number;
}

describe('sandbox storage, killed inside its windows', function () {
  this.timeout(120_000);
  let dataDir = '';
  let copy = '';
  let child: HeldSandbox | undefined;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'mailroom-kill-'));
    copy = mkdtempSync(join(tmpdir(), 'mailroom-kill-copy-'));
  });
  afterEach(async () => {
    await child?.kill();
    child = undefined;
    for (const dir of [dataDir, copy]) rmSync(dir, { recursive: true, force: true });
  });

  /** The data folder as it is now, read as a restart would read it. */
  async function snapshotOfFolder(): Promise<StoredState> {
    rmSync(copy, { recursive: true, force: true });
    // Not the child's lock, nor a temporary file it may be writing or removing as the copy is made
    // (the copy is read while the child still runs; a start removes temporaries anyway).
    cpSync(dataDir, copy, { recursive: true, filter: (source) => source !== join(dataDir, 'lock') && !source.endsWith('.tmp') });
    return storedState(copy);
  }

  /** After the kill: a restart holds `expected`, and nothing that no record names. */
  async function restartHolds(expected: StoredState): Promise<StoredState> {
    await child!.kill();
    const state = await storedState(dataDir);
    assert.deepEqual(state, expected, 'the restarted state is the acknowledged one');
    assert.deepEqual(blobsOnDisk(dataDir), namedBlobs(state), 'no orphan blob');
    assert.deepEqual(temporaries(dataDir), [], 'no temporary file');
    return state;
  }

  /** The stored letter the paid letters send. */
  const LETTER = htmlWithAddress('<p>Dear reader</p>');

  function uploader(call: Call, name: string) {
    return (text: string) =>
      call('datedA', 'UploadFile', {
        ...demo,
        MyFileName: name,
        FileBinaryData: Buffer.from(text),
        Permissions: 'User',
        Description: text,
        Overwrite: true,
      });
  }

  /**
   * A little of everything (stored files, paid letters using one, a cancel, a new password), then
   * replace-uploads one at a time until the journal has grown enough to be compacted while running
   * and the child holds inside the compaction. Gives what was acknowledged: the last version, the
   * letters (the first cancelled) and the demo account's balance as the answers make it.
   */
  async function churnUntilCompaction(call: Call): Promise<Churned> {
    const upload = uploader(call, 'churn.html');
    // Sent without an address: the stored letter holds one in the recipient box of its page 1.
    assert.equal(await uploader(call, 'letter.html')(LETTER), -3000);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++)
      ids.push(
        (await call('simple', 'SendLetterV2', {
          ...demo,
          MyDescription: `paid ${i}`,
          FileExtension: 'MyFile:letter.html',
          WorkMode: 'Production',
        })) as number,
      );
    assert.equal(await call('datedA', 'CancelDelivery', { ...demo, ID: ids[0] }), -3000);
    const details = (await call('datedA', 'GetDetailsExtended', { ...demo, ID: String(ids[1]) })) as { Details: { Price: number }[] };
    const balance = Math.round((DEMO_BALANCE - details.Details[0]!.Price) * 100) / 100; // the cancelled letter refunded
    assert.equal(
      await soapCaller(child!.url, 'soap11')('admin', 'SetUserSettings', {
        APIKey: 'demo-key',
        Username: 'clerk',
        Settings: [['Security_Password', 'n3w-Secret']],
      }),
      -3000,
    );
    const held = child!.reached('compaction-written').then(() => 'held' as const);
    let acknowledged = 0;
    for (let version = 1; version <= 5000; version++) {
      const answer = upload(`v${version}`);
      if ((await Promise.race([answer.then(() => 'answered' as const), held])) === 'held') {
        return { acknowledged, pending: answer.catch(() => undefined), ids, balance };
      }
      acknowledged = version;
    }
    throw new Error('the journal was never compacted while running');
  }

  for (const killAt of ['compaction-written', 'compaction-renamed'] as const) {
    it(`keeps exactly the acknowledged state when killed during a compaction (${killAt})`, async () => {
      child = await startHeldSandbox(dataDir, ['compaction-written', 'compaction-renamed']);
      const churned = await churnUntilCompaction(httpCaller(child.url, 'http-post'));
      const before = journal(dataDir).length;
      assert.equal(temporaries(dataDir).length, 1, 'the new journal is written under its temporary name');
      const expected = await snapshotOfFolder();
      if (killAt === 'compaction-renamed') {
        child.release();
        await child.reached('compaction-renamed');
        assert.deepEqual(temporaries(dataDir), []);
        assert.ok(journal(dataDir).length < before / 10, `renamed: ${journal(dataDir).length} records where there were ${before}`);
      }
      const state = await restartHolds(expected);
      // `expected` is read from the same bytes as the restart: what the answers acknowledged, independently.
      assert.deepEqual(
        state.files.map((f) => f.name),
        ['churn.html', 'letter.html'],
        'the stored files, and nothing else',
      );
      const [churnFile, letterFile] = state.files as [StoredState['files'][number], StoredState['files'][number]];
      const version = Number(churnFile.description!.slice(1));
      const { acknowledged } = churned;
      assert.ok(version === acknowledged || version === acknowledged + 1, `${churnFile.description}: v${acknowledged} or the pending one`);
      assert.equal(readFileSync(join(dataDir, 'blobs', churnFile.blob), 'utf8'), churnFile.description);
      assert.equal(letterFile.description, LETTER);
      assert.equal(readFileSync(join(dataDir, 'blobs', letterFile.blob), 'utf8'), LETTER);
      assert.deepEqual(
        state.mailers.map((m) => m.id),
        churned.ids,
        'the letters sent, and nothing else',
      );
      assert.deepEqual(
        state.mailers.map((m) => m.cancelledAt !== undefined),
        [true, false],
        'the first one cancelled',
      );
      const balances = (state.accounts as { name: string; balance: number }[]).map((a) => [a.name, a.balance]);
      const other = DEMO_ACCOUNTS.accounts[1]!;
      assert.deepEqual(
        balances,
        [
          ['Demo', churned.balance],
          [other.name, other.balance],
        ],
        'the start balance less the letter not cancelled',
      );
      assert.equal(state.nextMailerId, churned.ids[1]! + 1);
      const pdf = (await httpCaller((await restarted()).url, 'http-post')('datedA', 'GetUploadedFileDetails', {
        Username: 'clerk',
        Password: 'n3w-Secret',
      })) as { ResultCode: number };
      assert.equal(pdf.ResultCode, -3163, 'the new password signs in (clerk has no stored files)');
    });
  }

  it('writes the changes that arrive during a compaction after it, once each', async () => {
    child = await startHeldSandbox(dataDir, ['compaction-written']);
    const call = httpCaller(child.url, 'http-post');
    const { acknowledged, pending } = await churnUntilCompaction(call);
    const expected = await snapshotOfFolder();
    const letter = { FileExtension: 'html', FileBinaryData: Buffer.from(htmlWithAddress('<p>During</p>')), WorkMode: 'Production' };
    const during = { ...demo, MyDescription: 'during', ...letter };
    const send = call('simple', 'SendLetterV2', during);
    let answered = false;
    void send.then(
      () => (answered = true),
      () => (answered = true),
    );
    await notShownWhileHeld(call, expected.nextMailerId);
    assert.equal(answered, false, 'the send waits for the held compaction to write its record');
    child.release();
    const [id] = (await Promise.all([send, pending])) as [number, unknown];
    const state = await restartHoldsWith(expected, id);
    const churned = state.files.find((f) => f.name === 'churn.html')!;
    assert.equal(churned.description, `v${acknowledged + 1}`, 'the upload that waited for the compaction');
  });

  /**
   * For two seconds (time for the send to be drawn and reach the store), the child does not show
   * mailer `id`: a send is applied at once but shown only once its record is on disk (store.ts).
   */
  async function notShownWhileHeld(call: Call, id: number): Promise<void> {
    const until = Date.now() + 2000;
    while (Date.now() < until) {
      const status = (await call('simple', 'GetLetterStatus', { ...demo, ID: id })) as { ResultCode: number };
      assert.equal(status.ResultCode, -3116, `mailer ${id} is not shown before its record is on disk`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Killed after the changes that waited for the compaction were answered: the state is `expected` with them. */
  async function restartHoldsWith(expected: StoredState, id: number): Promise<StoredState> {
    await child!.kill();
    const state = await storedState(dataDir);
    const mailer = state.mailers.find((m) => m.id === id)!;
    assert.equal(id, expected.nextMailerId);
    assert.deepEqual(
      state.mailers.filter((m) => m.id !== id),
      expected.mailers,
    );
    assert.deepEqual(state.users, expected.users);
    const [demoAccount, ...others] = expected.accounts as { id: string; balance: number }[];
    assert.deepEqual(
      state.accounts,
      [{ ...demoAccount, balance: Math.round((demoAccount!.balance - mailer.price) * 100) / 100 }, ...others],
      'charged once',
    );
    assert.equal(state.nextMailerId, id + 1);
    assert.deepEqual(blobsOnDisk(dataDir), namedBlobs(state));
    return state;
  }

  interface Removal {
    readonly what: string;
    readonly args?: string[];
    /** Blobs the data folder holds once the removal is done. */
    readonly blobsLeft: number;
    act(call: Call): Promise<void>;
    inWindow(dataDir: string): void;
    after(state: StoredState): void;
  }

  const removals: Removal[] = [
    {
      what: 'replacing a stored file',
      blobsLeft: 1,
      async act(call) {
        assert.equal(await uploader(call, 'doc.html')('<p>one</p>'), -3000);
        void uploader(call, 'doc.html')('<p>two</p>').catch(() => undefined);
      },
      inWindow(dir) {
        assert.equal(blobsOnDisk(dir).length, 2, 'both versions on disk');
        assert.equal(journal(dir).filter((r) => r.t === 'file').length, 2, 'the replacing record is on disk');
      },
      after(state) {
        assert.equal(state.files[0]!.description, '<p>two</p>');
        assert.equal(readFileSync(join(dataDir, 'blobs', state.files[0]!.blob), 'utf8'), '<p>two</p>');
      },
    },
    {
      what: 'deleting a stored file',
      blobsLeft: 0,
      async act(call) {
        assert.equal(await uploader(call, 'doc.html')('<p>one</p>'), -3000);
        void call('datedA', 'DeleteUploadedFile', { ...demo, MyFileName: 'doc.html' }).catch(() => undefined);
      },
      inWindow(dir) {
        assert.equal(blobsOnDisk(dir).length, 1, 'the bytes still on disk');
        assert.equal(journal(dir).at(-1)!.t, 'file-deleted', 'the deleting record is on disk');
      },
      after(state) {
        assert.deepEqual(state.files, []);
      },
    },
    {
      what: 'dropping the PDF of a final mailer whose owner keeps no content',
      args: ['--schedule', '0,0,0'],
      blobsLeft: 0,
      async act(call) {
        assert.equal(
          await soapCaller(child!.url, 'soap11')('admin', 'SetUserSettings', {
            APIKey: 'demo-key',
            Username: 'demo',
            Settings: [['Security_KeepContentOnServer', 'False']],
          }),
          -3000,
        );
        assert.ok(
          ((await call('simple', 'SendLetterAndAddressV2', {
            ...demo,
            ...JANE_DOE,
            MyDescription: 'final at once',
            FileExtension: 'html',
            // Too large to keep as a print job (kept-content.ts): printed at send into a blob.
            FileBinaryData: Buffer.from(`<p>final at once</p>${PRINTED_AT_SEND}`),
            WorkMode: 'Development',
          })) as number) > 0,
        );
      },
      inWindow(dir) {
        assert.equal(blobsOnDisk(dir).length, 1, 'the PDF still on disk');
        assert.equal(journal(dir).at(-1)!.t, 'pdfs-dropped', 'the dropping record is on disk');
      },
      after(state) {
        assert.equal(state.mailers.length, 1);
        assert.equal(state.mailers[0]!.pdf, undefined);
        assert.equal(state.mailers[0]!.job, undefined);
      },
    },
  ];

  for (const removal of removals) {
    it(`loses nothing and leaves no orphan when killed while ${removal.what} (blobs-released)`, async () => {
      child = await startHeldSandbox(dataDir, ['blobs-released'], removal.args);
      await removal.act(httpCaller(child.url, 'http-post'));
      await child.reached('blobs-released');
      removal.inWindow(dataDir);
      removal.after(await restartHolds(await snapshotOfFolder()));
      assert.equal(blobsOnDisk(dataDir).length, removal.blobsLeft);
    });
  }

  it('leaves no orphan when killed between an upload’s bytes and its record (blob-saved)', async () => {
    child = await startHeldSandbox(dataDir, ['blob-saved']);
    void uploader(httpCaller(child.url, 'http-post'), 'doc.html')('<p>never answered</p>').catch(() => undefined);
    await child.reached('blob-saved');
    assert.equal(blobsOnDisk(dataDir).length, 1, 'the bytes are on disk');
    assert.ok(!journal(dataDir).some((r) => r.t === 'file'), 'the record is not');
    const state = await restartHolds(await snapshotOfFolder());
    assert.deepEqual(state.files, []);
    assert.deepEqual(blobsOnDisk(dataDir), []);
  });

  it('takes over the folder of a killed sandbox that its parent has not reaped yet (a zombie)', async function () {
    if (process.platform !== 'linux') this.skip(); // /proc tells a zombie apart
    // The sandbox's parent becomes `sleep`, which never reaps it: killed, it stays a zombie.
    const cli = join(projectRoot, 'dist', 'cli.js');
    const parent = spawn('sh', [
      '-c',
      `"${process.execPath}" "${cli}" sandbox --port 0 --data "${dataDir}" >/dev/null & echo $!; exec sleep 60`,
    ]);
    try {
      const pid = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(d.toString()))));
      const lock = join(dataDir, 'lock');
      await until(() => /^\d+\nhttp:/.test(readIfThere(lock)), 'the sandbox listening');
      process.kill(pid, 'SIGKILL');
      await until(() => / Z /.test(readIfThere(`/proc/${pid}/stat`).replace(/^.*\)/s, ')')), 'the killed sandbox a zombie');
      assert.equal((await storedState(dataDir)).accounts.length, 2, 'its folder taken over');
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('refuses a second sandbox on a data folder in use, and takes over the folder of a killed one', async () => {
    child = await startHeldSandbox(dataDir, []);
    // The refusal says where the running one listens, so that a second VS Code window can join it.
    await assert.rejects(storedState(dataDir), (error: Error) => {
      assert.ok(error instanceof DataFolderInUseError);
      assert.equal(error.holder, child!.process.pid);
      assert.equal(error.url, child!.url);
      assert.match(error.message, new RegExp(`data folder .* is in use by process ${child!.process.pid} \\(listening on ${child!.url}\\)`));
      return true;
    });
    await child.kill();
    assert.equal(readFileSync(join(dataDir, 'lock'), 'utf8').split('\n')[0], String(child.process.pid), 'the killed one left its lock');
    assert.equal((await storedState(dataDir)).accounts.length, 2);
    assert.deepEqual(readdirSync(dataDir).sort(), ['blobs', 'journal.jsonl'], 'released on close');
  });

  for (const [what, content] of [
    ['empty', ''],
    ['garbled', 'x\u0000\u0000'],
    ['naming process 0', '0\n'],
  ] as const) {
    it(`refuses a data folder whose lock names no process (${what}), and leaves that lock alone`, async () => {
      writeFileSync(join(dataDir, 'lock'), content);
      await assert.rejects(storedState(dataDir), (error: Error) => {
        assert.ok(error instanceof DataFolderInUseError);
        assert.equal(error.holder, 0);
        assert.equal(error.url, undefined);
        assert.match(error.message, /is in use by another sandbox \(its lock names no process\); if no sandbox runs there, remove .*lock$/);
        return true;
      });
      assert.equal(readFileSync(join(dataDir, 'lock'), 'utf8'), content, 'not taken over');
      assert.deepEqual(readdirSync(dataDir).sort(), ['blobs', 'lock'], 'no journal written, no temporary file left');
    });
  }

  /** A sandbox on the killed one's data, on the wall clock as the child was. */
  async function restarted(): Promise<HeldSandbox> {
    child = await startHeldSandbox(dataDir, []);
    return child;
  }
});
