/**
 * The sandbox's data survives: a restart keeps everything, and a SIGKILL in the middle of a burst
 * of concurrent sends loses no mailer whose ID was answered, reuses no ID and leaves nothing
 * half-written. The killed sandbox is the real command line, `mailroom sandbox`, in a child process.
 */
import { strict as assert } from 'node:assert';
import { seeded } from '../helpers/random';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'node:http';
import { htmlWithAddress, pageCount } from '../helpers/documents';
import { httpCaller, soapCaller, startTestSandbox } from '../helpers/sandbox';
import { projectRoot } from '../helpers/tools';

const demo = { Username: 'demo', Password: 'demo' };
const cli = join(projectRoot, 'dist', 'cli.js');

interface Child {
  readonly process: ChildProcess;
  readonly url: string;
  readonly exited: Promise<number | null>;
}

/** Starts `mailroom sandbox` and waits for its "listening on" line. */
async function startCli(args: readonly string[]): Promise<Child> {
  const child = spawn(process.execPath, [cli, 'sandbox', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const m = /^Mail WS sandbox listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (m) resolve(m[1]!);
    });
    void exited.then((code) => reject(new Error(`mailroom sandbox exited with ${code}: ${stderr}`)));
  });
  return { process: child, url, exited };
}

function sendOverPost(url: string, agent: Agent, description: string): Promise<number> {
  const body =
    `Username=demo&Password=demo&MyDescription=${description}&FileExtension=html&WorkMode=Development` +
    `&FileBinaryData=${encodeURIComponent(Buffer.from(htmlWithAddress(`<h1>${description}</h1>`)).toString('base64'))}`;
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/MailWS.asmx/SendLetterV2`,
      { method: 'POST', agent, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          const m = /<int xmlns="Mailing">(-?\d+)<\/int>/.exec(text);
          if (m) resolve(Number(m[1]));
          else reject(new Error(`no answer: ${text}`));
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('sandbox durability', function () {
  this.timeout(120_000);
  let dataDir = '';
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'mailroom-durable-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps everything across a restart', async () => {
    let sandbox = await startTestSandbox({ dataDir });
    let call = httpCaller(sandbox.url, 'http-post');
    let id: number, cancelled: number, before: unknown;
    try {
      id = (await call('simple', 'SendLetterV2', {
        ...demo,
        MyDescription: 'kept',
        FileExtension: 'html',
        FileBinaryData: Buffer.from('<p>x</p>'),
        WorkMode: 'Production',
      })) as number;
      cancelled = (await call('simple', 'SendLetterV2', {
        ...demo,
        MyDescription: 'gone',
        FileExtension: 'html',
        FileBinaryData: Buffer.from('<p>y</p>'),
        WorkMode: 'Development',
      })) as number;
      assert.equal(await call('datedA', 'CancelDelivery', { ...demo, ID: cancelled }), -3000);
      assert.equal(
        await call('datedA', 'UploadFile', {
          ...demo,
          MyFileName: 'kept.html',
          FileBinaryData: Buffer.from('<p>z</p>'),
          Permissions: 'User',
          Description: 'd',
          Overwrite: false,
        }),
        -3000,
      );
      assert.equal(
        await soapCaller(sandbox.url, 'soap11')('admin', 'SetUserSettings', {
          APIKey: 'demo-key',
          Username: 'clerk',
          Settings: [['Security_Password', 'n3w-Secret']],
        }),
        -3000,
      );
      before = await call('datedA', 'GetDetailsExtended', { ...demo, ID: `${id},${cancelled}` });
    } finally {
      // Whether it passed or not: a sandbox left listening would keep the run from ending.
      await sandbox.close();
    }

    sandbox = await startTestSandbox({ dataDir });
    call = httpCaller(sandbox.url, 'http-post');
    try {
      assert.deepEqual(await call('datedA', 'GetDetailsExtended', { ...demo, ID: `${id},${cancelled}` }), before);
      const files = (await call('datedA', 'GetUploadedFileDetails', demo)) as { UploadedFiles: { FileName: string }[] };
      assert.deepEqual(
        files.UploadedFiles.map((f) => f.FileName),
        ['kept.html'],
      );
      assert.equal(
        ((await call('simple', 'GetLetterStatus', { Username: 'clerk', Password: 'clerk', ID: id })) as { ResultCode: number }).ResultCode,
        -3003,
      );
      assert.equal(
        ((await call('simple', 'GetLetterStatus', { Username: 'clerk', Password: 'n3w-Secret', ID: id })) as { ResultCode: number })
          .ResultCode,
        -3000,
      );
      const next = (await call('simple', 'SendLetterV2', {
        ...demo,
        MyDescription: 'next',
        FileExtension: 'html',
        FileBinaryData: Buffer.from('<p>n</p>'),
        WorkMode: 'Development',
      })) as number;
      assert.equal(next, cancelled + 1, 'IDs go on where they stopped');
      // Passwords and API keys are kept hashed: none is in the data directory as written.
      const journal = await readFile(join(dataDir, 'journal.jsonl'), 'utf8');
      for (const secret of ['n3w-Secret', 'demo-key', 'other-key', '"password"'])
        assert.ok(!journal.includes(secret), `${secret} in the journal`);
    } finally {
      await sandbox.close();
    }
  });

  it('reads a journal written with credentials as written, and keeps them hashed from then on', async () => {
    const legacy = {
      t: 'accounts',
      accounts: [{ id: 'a1', name: 'Old', balance: 5 }],
      users: [{ id: 'a1u1', accountId: 'a1', username: 'old', password: 'Old-Pass1', admin: true, apiKey: 'old-key', settings: {} }],
    };
    writeFileSync(join(dataDir, 'journal.jsonl'), `${JSON.stringify(legacy)}\n`);
    const sandbox = await startTestSandbox({ dataDir });
    try {
      const call = httpCaller(sandbox.url, 'http-post');
      assert.equal(
        ((await call('simple', 'GetLetterStatus', { Username: 'old', Password: 'Old-Pass1', ID: 1 })) as { ResultCode: number }).ResultCode,
        -3116,
        'signed in',
      );
      assert.equal(
        ((await call('simple', 'GetLetterStatus', { Username: 'old', Password: 'wrong', ID: 1 })) as { ResultCode: number }).ResultCode,
        -3003,
      );
      assert.equal(
        await soapCaller(sandbox.url, 'soap11')('admin', 'SetUserSettings', {
          APIKey: 'old-key',
          Username: 'old',
          Settings: [['Letters_PrintSides', 'Duplex']],
        }),
        -3000,
      );
      const lines = (await readFile(join(dataDir, 'journal.jsonl'), 'utf8')).trim().split('\n');
      assert.ok(!lines.at(-1)!.includes('Old-Pass1') && !lines.at(-1)!.includes('old-key'), 'the user written again holds only hashes');
    } finally {
      await sandbox.close();
    }
  });

  for (const seed of [1, 2, 3]) {
    it(`loses no answered send when killed during 200 concurrent sends (seed ${seed})`, async () => {
      const random = seeded(seed);
      const child = await startCli(['--data', dataDir, '--schedule', '0,0,0']);
      const agent = new Agent({ keepAlive: true, maxSockets: 200 });
      const answered = new Map<number, string>();
      const killAfter = 10 + Math.floor(random() * 150);
      const sends = Array.from({ length: 200 }, (_, i) => {
        const description = `burst-${seed}-${i}`;
        return sendOverPost(child.url, agent, description).then(
          (id) => {
            assert.ok(!answered.has(id), `ID ${id} answered twice`);
            answered.set(id, description);
            if (answered.size === killAfter) child.process.kill('SIGKILL');
          },
          () => undefined, // cut off by the kill: never acknowledged
        );
      });
      await Promise.all(sends);
      child.process.kill('SIGKILL');
      await child.exited;
      agent.destroy();
      assert.ok(answered.size >= killAfter, `${answered.size} answered before the kill`);

      // The child sent on the wall clock, so the restarted sandbox reads its data on the wall clock
      // too: the test helper's fixed clock may lie before those sends.
      const sandbox = await startTestSandbox({ dataDir, now: Date.now, schedule: { inProcessMs: 0, printedMs: 0, completedMs: 0 } });
      try {
        const call = httpCaller(sandbox.url, 'http-post');
        const ids = [...answered.keys()].sort((a, b) => a - b);
        const details = (await call('datedA', 'GetDetails', { ...demo, ID: ids.join(',') })) as {
          Details: { ID: number; MyDescription: string; Status: number; NumOfSheets: number }[];
        };
        assert.equal(details.Details.length, ids.length);
        for (const item of details.Details) {
          assert.notEqual(item.Status, -3001, `mailer ${item.ID} was answered but is gone`);
          assert.equal(item.MyDescription, answered.get(item.ID));
          assert.equal(item.NumOfSheets, 1, `mailer ${item.ID} keeps the sheets it was answered with`);
        }
        // Their PDFs, printed now from the print jobs the sends kept (kept-content.ts).
        for (const id of ids.slice(0, 20)) {
          const pdf = (await call('simple', 'GetPDF', { ...demo, ID: id })) as { ResultCode: number; FileData: Buffer };
          assert.equal(pdf.ResultCode, -3000);
          assert.equal(await pageCount(pdf.FileData), 1);
        }
        const fresh = (await call('simple', 'SendLetterV2', {
          ...demo,
          MyDescription: 'after',
          FileExtension: 'html',
          FileBinaryData: Buffer.from('<p>a</p>'),
          WorkMode: 'Development',
        })) as number;
        assert.ok(fresh > ids[ids.length - 1]!, `new ID ${fresh} reuses none of the answered ones`);
      } finally {
        await sandbox.close();
      }
    });
  }
});

describe('mailroom sandbox (the command line)', function () {
  this.timeout(30_000);

  it('prints where it listens, serves, and stops cleanly on SIGTERM and SIGINT', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mailroom-cli-'));
    try {
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        const child = await startCli(['--data', dataDir]);
        const wsdl = await (await fetch(`${child.url}/MailWS.asmx?wsdl`)).text();
        assert.match(wsdl, /<wsdl:definitions/);
        child.process.kill(signal);
        assert.equal(await child.exited, 0);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('replaces the accounts with --accounts FILE, and says what is wrong with a bad one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailroom-cli-'));
    try {
      const accounts = join(dir, 'accounts.json');
      writeFileSync(
        accounts,
        JSON.stringify({ accounts: [{ name: 'Ours', balance: 5, users: [{ username: 'ana', password: 'pw-ana', admin: true }] }] }),
      );
      const child = await startCli(['--data', join(dir, 'data'), '--accounts', accounts]);
      const call = httpCaller(child.url, 'http-get');
      assert.equal(
        ((await call('simple', 'GetLetterStatus', { Username: 'ana', Password: 'pw-ana', ID: 1 })) as { ResultCode: number }).ResultCode,
        -3116,
      );
      assert.equal(((await call('simple', 'GetLetterStatus', { ...demo, ID: 1 })) as { ResultCode: number }).ResultCode, -3003);
      child.process.kill('SIGTERM');
      await child.exited;

      writeFileSync(accounts, JSON.stringify({ accounts: [{ name: 'Broken', users: [{ username: 'x' }] }] }));
      await assert.rejects(
        startCli(['--data', join(dir, 'data'), '--accounts', accounts]),
        /accounts\[0\]\.users\[0\] needs "username" and "password" strings/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
