/**
 * The store keeps what it acknowledged and nothing it refused, through disk faults and damaged
 * files, over real HTTP: a full disk, a read-only one and an I/O error at each write point (the
 * journal's write and sync, a blob's open and rename, a compaction's write), through the store's
 * own file layer with faults injected (test/helpers/faulty-files.ts; a real small tmpfs is in
 * test/cli/store-faults.test.ts where the machine lets one be mounted); then a torn last line, a
 * flipped byte mid-journal and a changed blob on disk. Each asserts what the service answered, what
 * GetLetterStatus and the stored state show, before and after a restart.
 */
import { strict as assert } from 'node:assert';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JournalDamagedError } from '../../src/sandbox';
import { MAX_KEPT_JOB } from '../../src/sandbox/operations/kept-content';
import { htmlWithAddress } from '../helpers/documents';
import { faultyFiles, type Fault, type FaultyFiles } from '../helpers/faulty-files';
import { soapCaller, startTestSandbox, type Call, type TestSandbox } from '../helpers/sandbox';
import { storedState } from '../helpers/stored-state';
import { withTextLayout } from '../helpers/engines';

const demo = { Username: 'demo', Password: 'demo' };
/** Too large to keep as a print job: its PDF is printed at send and kept as a blob. */
// Each with the address in the recipient box (read from the page: sent without one), so that it is mailed.
const LARGE_LETTER: Buffer = Buffer.from(htmlWithAddress(`<p>${'Hello '.repeat(MAX_KEPT_JOB / 6)}</p>`));
const SMALL_LETTER: Buffer = Buffer.from(htmlWithAddress('<p>Hello</p>'));

describe('sandbox store under disk faults and damage', function () {
  withTextLayout();
  this.timeout(120_000);
  let dataDir: string;
  let files: FaultyFiles;
  let sandbox: TestSandbox | undefined;
  let call: Call;
  let said: string[];

  async function start(options: { repair?: boolean } = {}): Promise<void> {
    said = [];
    sandbox = await startTestSandbox({ dataDir, files, say: (line) => said.push(line), ...options });
    call = soapCaller(sandbox.url, 'soap11');
  }
  async function restart(options: { repair?: boolean } = {}): Promise<void> {
    await sandbox?.close();
    sandbox = undefined;
    files.fault = undefined;
    await start(options);
  }
  function send(description: string, letter = SMALL_LETTER): Promise<number> {
    const request = { ...demo, MyDescription: description, FileExtension: 'html', FileBinaryData: letter, WorkMode: 'Development' };
    return call('simple', 'SendLetterV2', request) as Promise<number>;
  }
  async function status(id: number): Promise<number> {
    const answer = (await call('simple', 'GetLetterStatus', { ...demo, ID: id })) as { ResultCode: number; Status?: number };
    return answer.ResultCode === -3116 ? -3116 : (answer.Status ?? answer.ResultCode);
  }
  async function ids(): Promise<number[]> {
    await sandbox?.close();
    sandbox = undefined;
    return (await storedState(dataDir)).mailers.map((m) => m.id);
  }

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mailroom-faults-'));
    files = faultyFiles();
    await start();
  });
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** What fails, how, for which letter; and whether the sandbox then takes changes only after a restart (a sync that failed). */
  const faults: [string, Fault, Buffer, boolean?][] = [
    ['a full disk taking part of the journal line', { at: 'write', code: 'ENOSPC', path: /journal\.jsonl$/, partial: 40 }, SMALL_LETTER],
    ['a read-only journal', { at: 'write', code: 'EPERM', path: /journal\.jsonl$/ }, SMALL_LETTER],
    ['an I/O error at the journal sync', { at: 'datasync', code: 'EIO', path: /journal\.jsonl$/ }, SMALL_LETTER, true],
    ['a full disk at the blob', { at: 'write', code: 'ENOSPC', path: /blobs/, partial: 100 }, LARGE_LETTER],
    ['a read-only blobs folder', { at: 'open', code: 'EACCES', path: /blobs/ }, LARGE_LETTER],
    ['a full disk after the blob, at the journal', { at: 'write', code: 'ENOSPC', path: /journal\.jsonl$/ }, LARGE_LETTER],
  ];
  for (const [what, fault, letter, untilRestart] of faults) {
    it(`refuses a send on ${what}, shows nothing of it, and keeps serving and then taking sends`, async () => {
      const kept = await send('kept', letter);
      files.fault = fault;
      const refused = await Promise.allSettled([send('refused 1', letter), send('refused 2', letter)]);
      for (const answer of refused) {
        assert.equal(answer.status, 'rejected');
        assert.match(
          String(answer.status === 'rejected' && answer.reason),
          /storage failed \((ENOSPC|EPERM|EIO|EACCES)\): nothing of this request was kept/,
        );
      }
      assert.ok(files.failures > 0, 'the fault was hit');
      // Reads go on; no refused ID is shown, ever.
      assert.notEqual(await status(kept), -3116, 'the acknowledged one is shown');
      for (const id of [kept + 1, kept + 2]) assert.equal(await status(id), -3116, `refused ${id} not shown`);
      files.fault = undefined;
      if (untilRestart) {
        await assert.rejects(send('not yet', letter), /no change is taken until the sandbox is restarted/);
        await restart();
      }
      const after = await send('after', letter);
      assert.ok(after > kept);
      for (let id = kept + 1; id < after; id++) assert.equal(await status(id), -3116, 'a refused ID is never shown');
      const blobs = readdirSync(join(dataDir, 'blobs')).length;
      assert.equal(blobs, letter === LARGE_LETTER ? 2 : 0, 'no blob of a refused send left behind');
      assert.deepEqual(await ids(), [kept, after], 'after a restart: the acknowledged, and nothing else');
      await start();
      for (let id = kept + 1; id < after; id++) assert.equal(await status(id), -3116, 'nor after a restart');
      assert.notEqual(await status(after), -3116);
    });
  }

  it('refuses a stored file and a setting on a full disk, keeping the old ones', async () => {
    const admin = soapCaller(sandbox!.url, 'soap11');
    const upload = (data: string) =>
      call('datedA', 'UploadFile', {
        ...demo,
        MyFileName: 'logo.html',
        FileBinaryData: Buffer.from(data),
        Permissions: 'User',
        Overwrite: true,
      });
    await upload('<p>one</p>');
    files.fault = { at: 'write', code: 'ENOSPC', path: /journal\.jsonl$/ };
    await assert.rejects(upload('<p>two</p>'), /storage failed \(ENOSPC\)/);
    await assert.rejects(
      admin('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'demo', Settings: [['Letters_PrintSides', 'Duplex']] }),
      /storage failed \(ENOSPC\)/,
    );
    files.fault = undefined;
    await sandbox!.close();
    sandbox = undefined;
    const stored = await storedState(dataDir);
    assert.equal(stored.files.length, 1);
    assert.equal(readFileSync(join(dataDir, 'blobs', stored.files[0]!.blob), 'utf8'), '<p>one</p>');
    const users = stored.users as { username: string; settings: Record<string, string> }[];
    assert.notEqual(users.find((u) => u.username === 'demo')!.settings.Letters_PrintSides, 'Duplex');
  });

  it('keeps the old journal whole when a compaction meets a full disk', async () => {
    const kept = [await send('a'), await send('b')];
    files.fault = { at: 'write', code: 'ENOSPC', path: /journal\.jsonl\..*\.tmp$/ };
    await sandbox!.close();
    sandbox = undefined;
    // A start compacts a journal whose records are superseded: the compaction fails, the start with it, nothing lost.
    appendFileSync(join(dataDir, 'journal.jsonl'), readFileSync(join(dataDir, 'journal.jsonl')));
    const before = readFileSync(join(dataDir, 'journal.jsonl'));
    said = [];
    await assert.rejects(startTestSandbox({ dataDir, files, say: (line) => said.push(line) }), /ENOSPC/);
    assert.deepEqual(readFileSync(join(dataDir, 'journal.jsonl')), before, 'the old journal, whole');
    files.fault = undefined;
    assert.deepEqual(await ids(), kept);
  });

  it('drops a torn last line at start, says so in one line, and keeps every acknowledged record', async () => {
    const kept = [await send('a'), await send('b')];
    await sandbox!.close();
    sandbox = undefined;
    appendFileSync(join(dataDir, 'journal.jsonl'), '{"t":"mailer","mailer":{"id":99');
    await start();
    assert.equal(said.length, 1);
    assert.match(
      said[0]!,
      /^journal\.jsonl: dropped its last line \(line \d+, a mailer record \(mailer 99\), 31 bytes\), a write cut short/,
    );
    for (const id of kept) assert.notEqual(await status(id), -3116);
    assert.deepEqual(await ids(), kept);
  });

  it('stops at a flipped byte mid-journal, naming the file, the line and what is intact after it; --repair keeps every intact record', async () => {
    const kept = [await send('first'), await send('second'), await send('third')];
    await sandbox!.close();
    sandbox = undefined;
    const path = join(dataDir, 'journal.jsonl');
    const lines = readFileSync(path, 'utf8').split('\n');
    // The second mailer's line (line 3 of 5: accounts, 3 mailers, then the empty end): one character changed.
    const at = lines.findIndex((line) => line.includes('"second"'));
    lines[at] = lines[at]!.replace('"second"', '"sEcond"');
    const damaged = lines.join('\n');
    writeFileSync(path, damaged);
    await assert.rejects(start(), (error: Error) => {
      assert.ok(error instanceof JournalDamagedError);
      assert.equal(error.line, at + 1);
      assert.equal(error.intactAfter, 1);
      assert.match(
        error.message,
        new RegExp(
          `journal\\.jsonl is damaged at line ${at + 1} of \\d+ \\(its checksum does not match its bytes\\); 1 intact record follows it\\. Nothing was changed\\.`,
        ),
      );
      assert.match(error.message, /mailroom sandbox --repair/);
      return true;
    });
    assert.equal(readFileSync(path, 'utf8'), damaged, 'nothing changed by the refused start');
    await start({ repair: true });
    assert.equal(said.length, 1);
    assert.match(
      said[0]!,
      new RegExp(
        `^Repaired journal\\.jsonl: kept \\d+ intact records, lost 1 \\(line ${at + 1}, a mailer record \\(mailer ${kept[1]}\\), \\d+ bytes\\); the damaged file is set aside as journal\\.jsonl\\.damaged-`,
      ),
    );
    const aside = readdirSync(dataDir).filter((name) => name.startsWith('journal.jsonl.damaged-'));
    assert.equal(aside.length, 1);
    assert.equal(readFileSync(join(dataDir, aside[0]!), 'utf8'), damaged, 'the damaged file, as it was, beside the journal');
    assert.notEqual(await status(kept[0]!), -3116);
    assert.equal(await status(kept[1]!), -3116, 'the damaged record is lost, and said to be');
    assert.notEqual(await status(kept[2]!), -3116, 'the record after the damage is kept');
    const next = await send('next');
    assert.ok(next > kept[2]!);
    assert.deepEqual(await ids(), [kept[0], kept[2], next]);
  });

  it('refuses a PDF whose blob changed on disk, naming the mailer, and never serves the damaged bytes', async () => {
    const id = await send('large', LARGE_LETTER);
    sandbox!.advance(60_000); // printed: its PDF is served
    const served = (await call('simple', 'GetPDF', { ...demo, ID: id })) as { ResultCode: number };
    assert.equal(served.ResultCode, -3000, 'served while intact');
    const blob = readdirSync(join(dataDir, 'blobs'))[0]!;
    const path = join(dataDir, 'blobs', blob);
    const bytes = readFileSync(path);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0x01;
    writeFileSync(path, bytes);
    await assert.rejects(call('simple', 'GetPDF', { ...demo, ID: id }), new RegExp(`The printed PDF of mailer ${id} is damaged on disk`));
    const now = sandbox!.now();
    await sandbox!.close();
    sandbox = await startTestSandbox({ dataDir, files, now: () => now });
    call = soapCaller(sandbox.url, 'soap11');
    await assert.rejects(call('simple', 'GetPDF', { ...demo, ID: id }), new RegExp(`mailer ${id} is damaged on disk`));
    assert.notEqual(await status(id), -3116, 'the mailer itself is still shown');
  });
});
