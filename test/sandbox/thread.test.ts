/**
 * The sandbox on a thread of its own (src/sandbox/thread.ts), as the extension starts it: the
 * built dist/sandbox-worker.js in a worker thread. It answers while the thread that started it is
 * blocked, its start errors come back as the sandbox threw them, and close() ends with the journal
 * closed and the folder let go. Needs `npm run build`.
 */
import { strict as assert } from 'node:assert';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { DataFolderInUseError } from '../../src/sandbox/store/folder-in-use';
import { startSandboxThread } from '../../src/sandbox/thread';
import { cliPath, suiteEnv } from '../helpers/cli';
import { projectRoot, useTempDir } from '../helpers/tools';

const worker = join(projectRoot, 'dist', 'sandbox-worker.js');
const sample = join(projectRoot, 'test', 'sample');

/** The journals this process holds open (a worker thread's files are its process's), as the kernel lists them. */
function openJournals(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const path = readlinkSync(join('/proc/self/fd', fd));
      return path.endsWith('journal.jsonl') ? [path] : [];
    } catch {
      return []; // closed while being listed
    }
  });
}

describe('the sandbox on a thread of its own', () => {
  const dir = useTempDir();

  it("sends a mail merge while the starting thread is blocked, and closes with its journal closed and the folder's lock gone", async () => {
    const dataDir = join(dir(), 'data');
    const sandbox = await startSandboxThread(worker, { dataDir, port: 0 });
    let closed = false;
    try {
      assert.equal(
        readFileSync(join(dataDir, 'lock'), 'utf8'),
        `${process.pid}\n${sandbox.url}\n`,
        "the lock names this process, as the in-process sandbox's did",
      );
      assert.deepEqual(openJournals(), [join(dataDir, 'journal.jsonl')]);
      // A synchronous child blocks this thread until it ends: a sandbox on this thread could not
      // answer it, and the merge would run into the timeout.
      const id = execFileSync(
        process.execPath,
        [cliPath, 'merge', join(sample, 'invite.html'), join(sample, 'people.csv'), '--mode', 'Development'],
        {
          env: {
            PATH: process.env.PATH,
            HOME: dir(),
            ...suiteEnv(),
            MAILROOM_ENDPOINT: sandbox.url,
            MAILROOM_USER: 'demo',
            MAILROOM_PASSWORD: 'demo',
          },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          timeout: 30_000,
        },
      );
      assert.match(id.trim(), /^\d+$/, 'the batch was sent and answered its ID');
      await sandbox.close();
      closed = true;
      assert.deepEqual(openJournals(), [], 'the journal is closed once close() resolves');
      assert.equal(existsSync(join(dataDir, 'lock')), false, 'the data folder is let go');
      await assert.rejects(fetch(`${sandbox.url}/MailWS.asmx?WSDL`), 'it no longer listens');
      const mailers = readFileSync(join(dataDir, 'journal.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { t: string; mailer?: { id: number } })
        .flatMap((record) => (record.t === 'mailer' && record.mailer ? [record.mailer.id] : []));
      assert.ok(mailers.includes(Number(id)), `the batch ${id.trim()} is in the journal on disk (${mailers.join(', ')})`);
    } finally {
      if (!closed) await sandbox.close();
    }
  });

  it('refuses a second thread on the same folder with the DataFolderInUseError a second process gets, naming where the first listens', async () => {
    const dataDir = join(dir(), 'data');
    const first = await startSandboxThread(worker, { dataDir, port: 0 });
    try {
      const error = await startSandboxThread(worker, { dataDir, port: 0 }).then(
        () => assert.fail('a second sandbox started on the folder'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof DataFolderInUseError, String(error));
      assert.equal(error.url, first.url);
      assert.equal(error.holder, process.pid);
      assert.equal((await fetch(`${first.url}/MailWS.asmx?WSDL`)).ok, true, 'the first still answers');
    } finally {
      await first.close();
    }
    const again = await startSandboxThread(worker, { dataDir, port: 0 });
    await again.close();
  });

  it("brings back the sandbox thread's own DataFolderInUseError when another process holds the folder, with that process and its URL", async () => {
    const dataDir = join(dir(), 'data');
    const other = spawn(process.execPath, [cliPath, 'sandbox', '--port', '0', '--data', dataDir], {
      env: { PATH: process.env.PATH, HOME: dir(), ...suiteEnv() },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => other.once('exit', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        other.stdout.on('data', (d: Buffer) => {
          output += d.toString();
          const m = /listening on (http:\/\/\S+)/.exec(output);
          if (m) resolve(m[1]!);
        });
        void exited.then(() => reject(new Error(`mailroom sandbox exited: ${output}`)));
      });
      const error = await startSandboxThread(worker, { dataDir, port: 0 }).then(
        () => assert.fail('a sandbox started on a folder another process holds'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof DataFolderInUseError, String(error));
      assert.deepEqual([error.holder, error.url], [other.pid, url]);
      assert.match(error.message, /^the sandbox data folder .* is in use by process \d+ \(listening on http:/);
    } finally {
      other.kill('SIGTERM');
      await exited;
    }
  });

  it('brings back a failed listen with its code, and lets the folder go for the next start', async () => {
    const dataDir = join(dir(), 'data');
    const holder = await startSandboxThread(worker, { dataDir: join(dir(), 'other'), port: 0 });
    try {
      const error = await startSandboxThread(worker, { dataDir, port: holder.port }).then(
        () => assert.fail('two sandboxes listen on one port'),
        (e: unknown) => e as NodeJS.ErrnoException,
      );
      assert.equal(error.code, 'EADDRINUSE', String(error));
    } finally {
      await holder.close();
    }
    const next = await startSandboxThread(worker, { dataDir, port: 0 });
    await next.close();
  });
});
