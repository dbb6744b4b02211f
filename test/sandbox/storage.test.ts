/**
 * Storage tracks the state, over real HTTP: a replaced or deleted stored file and a PDF no status
 * can serve leave nothing in the data folder; with Security_KeepContentOnServer=False the printed
 * PDF goes once the mailer is final; after churn and a restart the folder is within 2× of a fresh
 * sandbox holding the same state. Every sandbox here runs on the helper's fixed clock (or, where
 * said, the wall clock throughout), and a restarted one goes on from its predecessor's clock.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { churn, freshFloor, ISSUE_CHURN } from '../helpers/churn';
import { htmlWithAddress, pageCount } from '../helpers/documents';
import { blobsOnDisk, folderBytes, namedBlobs, storedState } from '../helpers/stored-state';
import { httpCaller, soapCaller, startTestSandbox, type Call, type TestSandbox } from '../helpers/sandbox';
import type { SandboxOptions } from '../../src/sandbox';
import { MAX_KEPT_JOB } from '../../src/sandbox/operations/kept-content';
import { withTextLayout } from '../helpers/engines';

const demo = { Username: 'demo', Password: 'demo' };
const clerk = { Username: 'clerk', Password: 'clerk' };

type Pdf = { ResultCode: number; FileData?: Buffer };

/**
 * A letter too large to keep its print job in the journal (kept-content.ts), so its PDF is printed
 * and saved as a blob at send: what these tests follow. Small letters keep their job instead
 * (print-later.test.ts follows those).
 */
const LARGE_LETTER = Buffer.from(htmlWithAddress(`<p>${'Hello '.repeat(MAX_KEPT_JOB / 6)}</p>`));

function letter(call: Call, who: typeof demo, extra: Record<string, unknown> = {}): Promise<number> {
  const request = { ...who, MyDescription: 'kept?', FileExtension: 'html', FileBinaryData: LARGE_LETTER };
  return call('simple', 'SendLetterV2', { ...request, WorkMode: 'Development', ...extra }) as Promise<number>;
}

function keepContent(sandbox: TestSandbox, value: 'True' | 'False'): Promise<unknown> {
  const settings = [['Security_KeepContentOnServer', value]];
  return soapCaller(sandbox.url, 'soap11')('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'demo', Settings: settings });
}

/** What `action` gives, and the one blob that appeared in the folder while it ran. */
async function withNewBlob<T>(sandbox: TestSandbox, action: () => Promise<T>): Promise<[T, string]> {
  const before = new Set(blobsOnDisk(sandbox.dataDir));
  const result = await action();
  const added = blobsOnDisk(sandbox.dataDir).filter((name) => !before.has(name));
  assert.equal(added.length, 1, `one new blob, not ${added.join(', ')}`);
  return [result, added[0]!];
}

describe('sandbox storage tracks the state', function () {
  // What is kept (a print job, or a PDF as a blob) is the subject: letters laid out by the text
  // layout keep their size, where an engine's PDF of a long HTML letter is small enough to keep.
  withTextLayout();
  this.timeout(120_000);
  const dirs: string[] = [];
  let sandbox: TestSandbox;
  let call: Call;
  /** A sandbox of its own data folder (kept across its restarts, removed after the test). */
  async function start(options: Partial<SandboxOptions> = {}): Promise<void> {
    const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'mailroom-storage-'));
    if (!dirs.includes(dataDir)) dirs.push(dataDir);
    sandbox = await startTestSandbox({ ...options, dataDir });
    call = httpCaller(sandbox.url, 'http-post');
  }
  /** Restarts on the same data, going on from the same clock. */
  async function restart(): Promise<void> {
    const { dataDir, now } = sandbox;
    await sandbox.close();
    await start({ dataDir, now });
  }
  beforeEach(() => start());
  afterEach(async () => {
    await sandbox.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('removes a replaced stored file’s bytes, and a deleted one’s, before answering', async () => {
    const upload = (data: string) =>
      call('datedA', 'UploadFile', {
        ...demo,
        MyFileName: 'notes.html',
        FileBinaryData: Buffer.from(data),
        Permissions: 'User',
        Description: data,
        Overwrite: true,
      });
    const [, first] = await withNewBlob(sandbox, () => upload('<p>first</p>'));
    assert.deepEqual(blobsOnDisk(sandbox.dataDir), [first]);
    assert.equal(await upload('<p>second</p>'), -3000);
    const [second] = blobsOnDisk(sandbox.dataDir);
    assert.notEqual(second, first, 'the first version is gone');
    assert.equal(readFileSync(join(sandbox.dataDir, 'blobs', second!), 'utf8'), '<p>second</p>');
    assert.equal(await call('datedA', 'DeleteUploadedFile', { ...demo, MyFileName: 'notes.html' }), -3000);
    assert.deepEqual(blobsOnDisk(sandbox.dataDir), []);
  });

  it('drops the PDF of a cancelled mailer, keeps none for one that fails, and keeps a printed one', async () => {
    const kept = await letter(call, demo);
    const cancelled = await letter(call, demo);
    const keptPdf = blobsOnDisk(sandbox.dataDir);
    assert.equal(keptPdf.length, 2);
    assert.equal(await call('datedA', 'CancelDelivery', { ...demo, ID: cancelled }), -3000);
    // An HTML letter without text or address fails when printed (-1045): no status ever serves its PDF.
    const failing = await letter(call, demo, { FileBinaryData: Buffer.from('<p></p>') });
    sandbox.advance(60_000);
    assert.equal(((await call('simple', 'GetLetterStatus', { ...demo, ID: failing })) as { Status: number }).Status, -1045);
    assert.equal(((await call('simple', 'GetPDF', { ...demo, ID: cancelled })) as Pdf).ResultCode, -3020);
    assert.equal(((await call('simple', 'GetPDF', { ...demo, ID: kept })) as Pdf).ResultCode, -3000);
    const [keptBlob] = blobsOnDisk(sandbox.dataDir);
    assert.equal(blobsOnDisk(sandbox.dataDir).length, 1, 'only the printed letter’s PDF is left');
    assert.ok(keptPdf.includes(keptBlob!));
  });

  it('drops the PDF of a Production letter that waits for funds it never gets, once it gives up', async () => {
    await sandbox.close();
    const poor = { name: 'Poor', balance: 0, users: [{ username: 'demo', password: 'demo', admin: true, settings: {} }] };
    await start({ accounts: { accounts: [poor] } });
    const id = await letter(call, demo, { WorkMode: 'Production' });
    const status = async () => ((await call('simple', 'GetLetterStatus', { ...demo, ID: id })) as { Status: number }).Status;
    sandbox.advance(9999);
    assert.equal(await status(), -990);
    assert.equal(blobsOnDisk(sandbox.dataDir).length, 1, 'funds may still come (src/sandbox/funding.ts): it may yet be printed');
    sandbox.advance(1);
    assert.equal(await status(), -1010);
    assert.deepEqual(blobsOnDisk(sandbox.dataDir), [], 'never printed, so not kept');
  });

  it('with Security_KeepContentOnServer=False, answers -3020 for the PDF once the mailer is final and removes it', async () => {
    assert.equal(await keepContent(sandbox, 'False'), -3000);
    const [id, mine] = await withNewBlob(sandbox, () => letter(call, demo));
    const colleagues = await letter(call, clerk); // clerk keeps content (the default)
    sandbox.advance(4000); // printed: Waiting For Delivery, not final
    assert.equal(((await call('simple', 'GetLetterStatus', { ...demo, ID: id })) as { Status: number }).Status, -995);
    const served = (await call('simple', 'GetPDF', { ...demo, ID: id })) as Pdf;
    assert.equal(served.ResultCode, -3000);
    assert.deepEqual(served.FileData, readFileSync(join(sandbox.dataDir, 'blobs', mine)));

    sandbox.advance(2000); // Completed (-1002): final
    assert.equal(((await call('simple', 'GetLetterStatus', { ...demo, ID: id })) as { Status: number }).Status, -1002);
    for (const binding of ['http-get', 'soap11'] as const) {
      assert.deepEqual(await callerOf(binding)('simple', 'GetPDF', { ...demo, ID: id }), { ResultCode: -3020 });
    }
    assert.ok(!blobsOnDisk(sandbox.dataDir).includes(mine), 'the PDF is gone from disk');
    const colleaguesPdf = (await call('simple', 'GetPDF', { ...clerk, ID: colleagues })) as Pdf;
    assert.equal(colleaguesPdf.ResultCode, -3000, 'a colleague who keeps content keeps it');

    // Dropped for good: keeping content again does not bring it back, nor does a restart.
    assert.equal(await keepContent(sandbox, 'True'), -3000);
    assert.equal(((await call('simple', 'GetPDF', { ...demo, ID: id })) as Pdf).ResultCode, -3020);
    await restart();
    assert.equal(((await call('simple', 'GetPDF', { ...demo, ID: id })) as Pdf).ResultCode, -3020);
    assert.equal(blobsOnDisk(sandbox.dataDir).length, 1);
  });

  it('with Security_KeepContentOnServer=False, an idle sandbox on the wall clock drops the PDF when the mailer becomes final', async () => {
    await sandbox.close();
    await start({ now: Date.now, schedule: { inProcessMs: 100, printedMs: 200, completedMs: 300 } });
    assert.equal(await keepContent(sandbox, 'False'), -3000);
    await withNewBlob(sandbox, () => letter(call, demo));
    // No request from here on: only the sandbox's own timer can remove it.
    const deadline = Date.now() + 10_000;
    while (blobsOnDisk(sandbox.dataDir).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(blobsOnDisk(sandbox.dataDir), []);
  });

  const churnDone = `${ISSUE_CHURN.replaces} replace-uploads of ${ISSUE_CHURN.fileBytes / 1024} KB, deletes, settings, sends and cancels`;
  it(`after churn (${churnDone}), holds within 2× of a fresh sandbox in the same state, running and after a restart`, async () => {
    const floor = await startTestSandbox({ dataDir: mkdtempSync(join(tmpdir(), 'mailroom-floor-')) });
    dirs.push(floor.dataDir);
    // Closed whether the test passes or not: a sandbox left listening would keep the run from ending.
    let floorClosed: Promise<void> | undefined;
    const closeFloor = () => (floorClosed ??= floor.close());
    try {
      const churned = await churn(sandbox);
      assert.deepEqual(await freshFloor(floor), churned, 'the same mailer IDs');
      sandbox.advance(60_000);
      floor.advance(60_000);
      const view = async (s: TestSandbox) => {
        const c = httpCaller(s.url, 'http-post');
        const pdf = (await c('simple', 'GetPDF', { ...demo, ID: churned[0] })) as Pdf;
        return {
          files: await c('datedA', 'GetUploadedFileDetails', demo),
          mailers: await c('datedA', 'GetDetailsExtended', { ...demo, ID: churned.join(',') }),
          pdf: { code: pdf.ResultCode, pages: await pageCount(pdf.FileData!) },
          cancelledPdf: await c('simple', 'GetPDF', { ...demo, ID: churned[1] }),
        };
      };
      const before = await view(sandbox);
      assert.deepEqual(before, await view(floor), 'the same state, as the service shows it');
      // The stored file; the churn's short letters keep print jobs, not PDFs (kept-content.ts).
      const kept = 1;
      assert.equal(blobsOnDisk(sandbox.dataDir).length, kept, 'while running, only the blobs the state needs');
      const [running, floorRunning] = [folderBytes(sandbox.dataDir), folderBytes(floor.dataDir)];
      assert.ok(running <= 2 * floorRunning, `while running: ${running} bytes after churn, ${floorRunning} fresh`);
      await closeFloor();
      await restart();
      assert.deepEqual(await view(sandbox), before, 'the same state after the restart');
      await sandbox.close();

      // Both restarted (Store.open is what a start does), so both journals are compacted.
      const state = await storedState(sandbox.dataDir);
      const floorState = await storedState(floor.dataDir);
      await start(); // for afterEach
      assert.deepEqual(blobsOnDisk(dirs[0]!), namedBlobs(state), 'no blob that no record names');
      assert.equal(namedBlobs(state).length, kept);
      const withJobs = state.mailers.filter((m) => m.job !== undefined).length;
      assert.equal(withJobs, ISSUE_CHURN.letters / 2, 'the print jobs of the letters not cancelled, and no other');
      assert.equal(namedBlobs(floorState).length, namedBlobs(state).length);
      const churnedBytes = folderBytes(dirs[0]!);
      const floorBytes = folderBytes(floor.dataDir);
      assert.ok(churnedBytes <= 2 * floorBytes, `${churnedBytes} bytes after churn, ${floorBytes} fresh`);
    } finally {
      await closeFloor();
    }
  });

  function callerOf(binding: 'http-get' | 'soap11'): Call {
    return binding === 'soap11' ? soapCaller(sandbox.url, binding) : httpCaller(sandbox.url, binding);
  }
});
