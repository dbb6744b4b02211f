/**
 * The sandbox's store through the command line, against a real `mailroom sandbox` process that is
 * restarted: a full disk and a read-only one (a real tmpfs of a few hundred KB, filled or remounted
 * read-only), a torn last line, a flipped byte mid-journal (and `--repair`), and a changed blob.
 * Each asserts what `mailroom send`, `status` and `pdf` answered, before and after the restart.
 *
 * Mounting a tmpfs needs root (CAP_SYS_ADMIN): where the machine does not allow it, the two disk
 * tests are skipped, saying so, and the same faults are covered through the store's file layer in
 * test/sandbox/store-faults.test.ts. The damage tests need no mount and always run.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sendLogPath } from '../../src/rulebook/places';
import { mailroom, type CliRun } from '../helpers/cli';
import { startHeldSandbox, type HeldSandbox } from '../helpers/held-sandbox';

const TMPFS_BYTES = 512 * 1024;

/** Mounts a tmpfs of TMPFS_BYTES at a new folder; undefined where the machine does not allow it. */
function mountTmpfs(): string | undefined {
  const at = mkdtempSync(join(tmpdir(), 'mailroom-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_BYTES}`, 'tmpfs', at], { stdio: 'ignore' });
    return at;
  } catch {
    rmSync(at, { recursive: true, force: true });
    return undefined;
  }
}

function unmount(at: string): void {
  execFileSync('umount', [at], { stdio: 'ignore' });
  rmSync(at, { recursive: true, force: true });
}

/** Fills the file system of `folder` until it refuses a byte more. */
function fill(folder: string): string {
  const path = join(folder, 'filler');
  const chunk = Buffer.alloc(4096, 1);
  for (;;) {
    try {
      appendFileSync(path, chunk);
    } catch {
      break;
    }
  }
  for (;;) {
    try {
      appendFileSync(path, Buffer.alloc(1));
    } catch {
      return path;
    }
  }
}

/**
 * 2,000 words that do not compress: a PDF (drawn here by the text layout) too large to keep as a
 * print job (kept-content.ts's MAX_KEPT_JOB, 16 KB), so kept as a blob, and of 7 sheets, which an envelope takes.
 */
function largeLetter(): string {
  return `<p>${randomBytes(12_000)
    .toString('hex')
    .replace(/(.{12})/g, '$1 ')}</p>`;
}

describe('the sandbox store through the command line, restarted', function () {
  this.timeout(120_000);
  let dir: string;
  let dataDir: string;
  let sandbox: HeldSandbox | undefined;
  let env: NodeJS.ProcessEnv;

  async function start(args: string[] = []): Promise<void> {
    sandbox = await startHeldSandbox(dataDir, [], ['--schedule', '0,0,0', ...args]);
    env = { MAILROOM_ENDPOINT: sandbox.url, MAILROOM_USER: 'demo', MAILROOM_PASSWORD: 'demo', MAILROOM_API_KEY: 'demo-key' };
  }
  async function stop(): Promise<void> {
    const child = sandbox?.process;
    sandbox = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  function send(name: string, content: string): Promise<CliRun> {
    const path = join(dir, name);
    writeFileSync(path, content);
    return mailroom(['send', path, '--to', 'Jane Doe, 1 Main St, Springfield, IL 62701', '--mode', 'Development'], { env });
  }
  async function sent(name: string, content = `<p>${name}</p>`): Promise<number> {
    const result = await send(name, content);
    assert.equal(result.code, 0, result.stderr);
    return Number(result.stdout);
  }
  /** The IDs `mailroom status` shows among `ids`. */
  async function shown(ids: readonly number[]): Promise<number[]> {
    const result = await mailroom(['status', ids.join(','), '--json'], { env });
    // It exits 1 when one is unknown, and says which; the rest are listed.
    for (const id of ids) if (result.stderr.includes(`unknown mailer ${id}`)) assert.notEqual(result.code, 0);
    return (JSON.parse(result.stdout || '[]') as { ID: number }[]).map((s) => s.ID);
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mailroom-cli-faults-'));
    dataDir = join(dir, 'data');
  });
  afterEach(async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('on a real small tmpfs', () => {
    let mount: string | undefined;
    before(function () {
      mount = mountTmpfs();
      if (!mount) console.log('    (no tmpfs can be mounted here without root: the disk faults run through the file layer only)');
      if (!mount) this.skip();
    });
    after(() => mount && unmount(mount));
    beforeEach(() => {
      dataDir = join(mount!, `data-${Date.now()}`);
      mkdirSync(dataDir);
    });
    afterEach(() => {
      rmSync(join(mount!, 'filler'), { force: true });
      for (const name of readdirSync(mount!)) rmSync(join(mount!, name), { recursive: true, force: true });
    });

    it('a full disk: both sends refused and never shown, before or after the restart; the acknowledged one kept', async () => {
      await start();
      const kept = await sent('kept.html');
      const filler = fill(mount!);
      for (const name of ['one.html', 'two.html']) {
        const refused = await send(name, `<p>${name}</p>`);
        assert.notEqual(refused.code, 0, refused.stdout);
        assert.match(refused.stderr, /storage failed \(ENOSPC\): nothing of this request was kept/);
      }
      assert.deepEqual(await shown([kept, kept + 1, kept + 2]), [kept], 'reads served; no refused ID shown');
      rmSync(filler);
      await stop();
      await start();
      assert.deepEqual(await shown([kept, kept + 1, kept + 2]), [kept], 'after the restart: the acknowledged one, nothing else');
      const next = await sent('next.html');
      assert.ok(next > kept);
    });

    it('a read-only disk: the send refused and never shown; the acknowledged one kept across the restart', async () => {
      // The blobs folder on a tmpfs of its own, remounted read-only while the sandbox runs (the
      // journal's, open for appending, could not be: it would be busy). The send's PDF is refused there.
      const blobs = join(dataDir, 'blobs');
      mkdirSync(blobs);
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_BYTES}`, 'tmpfs', blobs], { stdio: 'ignore' });
      try {
        await start();
        const kept = await sent('kept.html', largeLetter());
        execFileSync('mount', ['-o', 'remount,ro', blobs], { stdio: 'ignore' });
        const refused = await send('one.html', largeLetter());
        assert.notEqual(refused.code, 0);
        assert.match(refused.stderr, /storage failed \(EROFS\): nothing of this request was kept/);
        assert.deepEqual(await shown([kept, kept + 1]), [kept], 'reads served; the refused one not shown');
        await stop();
        execFileSync('mount', ['-o', 'remount,rw', blobs], { stdio: 'ignore' });
        await start();
        assert.deepEqual(await shown([kept, kept + 1]), [kept]);
        assert.equal(readdirSync(blobs).length, 1, 'nothing of the refused send on disk');
        await stop();
      } finally {
        execFileSync('umount', [blobs], { stdio: 'ignore' });
      }
    });
  });

  it('a torn last line: dropped and said in one line at the restart; every acknowledged send kept', async () => {
    await start();
    const kept = [await sent('a.html'), await sent('b.html')];
    await stop();
    appendFileSync(join(dataDir, 'journal.jsonl'), '{"t":"mailer","mailer":{"id":5');
    await start();
    assert.match(sandbox!.stderr(), /^journal\.jsonl: dropped its last line \(line \d+, a mailer record \(mailer 5\), \d+ bytes\)/m);
    assert.deepEqual(await shown(kept), kept);
  });

  it('a flipped byte mid-journal: the start stops naming the file, the line and what follows; --repair keeps every intact record', async () => {
    await start();
    const kept = [await sent('first.html'), await sent('second.html'), await sent('third.html')];
    await stop();
    const path = join(dataDir, 'journal.jsonl');
    const bytes = readFileSync(path);
    const at = bytes.indexOf('second.html');
    bytes[at] = bytes[at]! ^ 0x20;
    writeFileSync(path, bytes);
    await assert.rejects(
      start(),
      /journal\.jsonl is damaged at line 3 of 4 \(its checksum does not match its bytes\); 1 intact record follows it/,
    );
    assert.deepEqual(readFileSync(path), bytes, 'nothing changed');
    await start(['--repair']);
    assert.match(
      sandbox!.stderr(),
      new RegExp(`Repaired journal\\.jsonl: kept 3 intact records, lost 1 \\(line 3, a mailer record \\(mailer ${kept[1]}\\)`),
    );
    assert.equal(readdirSync(dataDir).filter((name) => name.startsWith('journal.jsonl.damaged-')).length, 1, 'the damaged file set aside');
    assert.deepEqual(await shown(kept), [kept[0], kept[2]]);
    await stop();
    await start();
    assert.deepEqual(await shown(kept), [kept[0], kept[2]], 'and after another restart');
  });

  it('a changed blob: `mailroom pdf` is refused naming the mailer, before and after the restart', async () => {
    await start();
    // Words that do not compress: a PDF too large to keep as a print job (kept-content.ts), so kept as a blob.
    const id = await sent('large.html', largeLetter());
    const blobs = readdirSync(join(dataDir, 'blobs'));
    assert.equal(blobs.length, 1, 'its PDF kept as a blob');
    const path = join(dataDir, 'blobs', blobs[0]!);
    const bytes = readFileSync(path);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0x01;
    writeFileSync(path, bytes);
    const out = join(dir, 'out.pdf');
    for (const restart of [false, true]) {
      if (restart) {
        await stop();
        await start();
      }
      const pdf = await mailroom(['pdf', String(id), '-o', out, '--wait'], { env });
      assert.notEqual(pdf.code, 0);
      assert.match(pdf.stderr, new RegExp(`The printed PDF of mailer ${id} is damaged on disk`));
      assert.throws(() => readFileSync(out), 'no PDF written from damaged bytes');
    }
  });

  it("the client's own send log: `mailroom history` names a damaged line and shows the sends after it", async () => {
    await start();
    const state = join(dir, 'state');
    env = { ...env, XDG_STATE_HOME: state };
    const ids = [await sent('a.html'), await sent('b.html'), await sent('c.html')];
    const path = sendLogPath(env);
    const lines = readFileSync(path, 'utf8').split('\n');
    const damaged = lines.findIndex((line) => line.includes('"b.html"'));
    lines[damaged] = lines[damaged]!.replace('{', '[');
    writeFileSync(path, lines.join('\n'));
    const history = await mailroom(['history', '--json'], { env });
    assert.equal(history.code, 0, history.stderr);
    assert.match(
      history.stderr,
      new RegExp(`sent\\.jsonl: line ${damaged + 1} is damaged \\(it does not read as JSON\\); its \\d+ bytes are left out`),
    );
    const shownIds = (JSON.parse(history.stdout) as { id?: number; ID?: number }[]).map((entry) => entry.id ?? entry.ID);
    assert.ok(shownIds.includes(ids[0]) && shownIds.includes(ids[2]), `the sends around it are shown: ${shownIds.join(', ')}`);
  });
});
