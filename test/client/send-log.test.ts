/**
 * The send log's file, as a crash and a bad disk leave it: a line torn by a crash does not take the
 * next send's line with it, and a send whose line could not be written everywhere is not made, the
 * logs that took its line saying so (no "outcome unknown" left behind for a send that never left).
 */
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { MailWsClient, SendLog, SendLogError, damagedLineWords, readSendLog, type DamagedLine, type SendRecorder } from '../../src/client';
import { OverBudget, sendAdmission } from '../../src/rulebook';
import { startTestSandbox } from '../helpers/sandbox';

const send = { endpoint: 'http://127.0.0.1:8317', user: 'demo', operation: 'SendLetterV2', sha256: '00', bytes: 0 };

describe('the send log file', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'mailroom-send-log-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('starts a new line after a line torn by a crash, so that the next send still reads', async () => {
    const path = join(dir, 'sent.jsonl');
    await (
      await new SendLog([path]).sending({ ...send, description: 'first' })
    )({ outcome: 'sent', id: 1 });
    writeFileSync(path, `${readFileSync(path, 'utf8')}{"kind":"sending","entry":"torn`);
    await (
      await new SendLog([path]).sending({ ...send, description: 'second' })
    )({ outcome: 'sent', id: 2 });
    assert.deepEqual(
      (await readSendLog(path)).map((r) => [r.description, r.outcome === 'sent' ? r.id : r.outcome]),
      [
        ['first', 1],
        ['second', 2],
      ],
    );
  });

  it('names every line that does not read, a torn last one and a damaged one mid-file, and reads the lines after it', async () => {
    const path = join(dir, 'sent.jsonl');
    for (const [description, id] of [
      ['first', 1],
      ['second', 2],
      ['third', 3],
    ] as const)
      await (
        await new SendLog([path]).sending({ ...send, description })
      )({ outcome: 'sent', id });
    const lines = readFileSync(path, 'utf8').split('\n');
    // The second send's `sending` line (line 3): one character changed, so that it no longer reads.
    lines[2] = lines[2]!.replace('{', '[');
    writeFileSync(path, `${lines.join('\n')}{"kind":"sending","entry":"torn`);
    const damaged: DamagedLine[] = [];
    const records = await readSendLog(path, (line) => damaged.push(line));
    assert.deepEqual(
      records.map((r) => [r.description, r.outcome === 'sent' ? r.id : r.outcome]),
      [
        ['first', 1],
        ['third', 3],
      ],
      'the line after the damage is read',
    );
    assert.deepEqual(
      damaged.map((d) => [d.line, d.torn]),
      [
        [3, false],
        [7, true],
      ],
    );
    assert.match(
      damagedLineWords(damaged[0]!),
      /sent\.jsonl: line 3 is damaged \(it does not read as JSON\); its \d+ bytes are left out, the lines after it are read$/,
    );
    assert.match(damagedLineWords(damaged[1]!), /sent\.jsonl: its last line was cut short by a crash; its 31 bytes are left out$/);
  });

  it('refuses a send whose line cannot be written to every log, and the logs that took it say it was not sent', async () => {
    const own = join(dir, 'own', 'sent.jsonl');
    // A folder that cannot be made (a file is in its way), as a read-only or full disk would refuse it.
    const team = join(dir, 'team');
    writeFileSync(team, 'not a folder');
    await assert.rejects(new SendLog([own, join(team, '.mailroom', 'sent.jsonl')]).sending(send), (error: Error) => {
      assert.ok(error instanceof SendLogError);
      assert.match(error.message, /^Nothing was sent: the send log could not be written/);
      return true;
    });
    const [record] = await readSendLog(own);
    assert.equal(record?.outcome, 'refused');
  });

  it('is written before the request leaves: the service, receiving the send, finds its line already there', async () => {
    const path = join(dir, 'sent.jsonl');
    const sandbox = await startTestSandbox({ dataDir: join(dir, 'sandbox') });
    // In front of the sandbox: what the log holds at the instant each request arrives.
    const seen: string[] = [];
    const proxy = createServer((req, res) => {
      seen.push(existsSync(path) ? readFileSync(path, 'utf8') : '');
      req.pipe(
        httpRequest(`${sandbox.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        }),
      );
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    // The real log on a slow disk: a request that did not wait for its line would arrive before it.
    const log = new SendLog([path]);
    const slowDisk: SendRecorder = {
      sending: async (send) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return log.sending(send);
      },
    };
    try {
      const client = new MailWsClient({
        endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
        credentials: { username: 'demo', password: 'demo' },
        sendLog: slowDisk,
      });
      const id = await client.simple.SendLetterAndAddressV2({
        MyDescription: 'logged first',
        FileExtension: 'html',
        FileBinaryData: Buffer.from('<p>Hello</p>'),
        WorkMode: 'Development',
        AttentionLine1: 'Jane Doe',
        Address1: '1 Main St',
        City: 'Springfield',
      });
      assert.equal(seen.length, 1, 'one request: the send');
      const atArrival = seen[0]!
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { kind: string; description?: string });
      assert.deepEqual(
        atArrival.map((line) => [line.kind, line.description]),
        [['sending', 'logged first']],
        'its sending line, and no answer yet',
      );
      const [record] = await readSendLog(path);
      assert.equal(record?.outcome === 'sent' && record.id, id, 'then completed with the ID');
    } finally {
      proxy.close();
      await sandbox.close();
    }
  });

  it('admits sends one at a time under its lock: of twenty started at once under a budget of three letters, three are written', async () => {
    const path = join(dir, 'sent.jsonl');
    const log = new SendLog([path]);
    const account = { endpoint: send.endpoint, user: send.user };
    const admit = sendAdmission({ account, limits: { dailyBudget: 3 }, mode: 'Production', price: 1, windowDays: 0, reports: new Map() });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => log.sending({ ...send, workMode: 'Production', price: 1, description: `letter ${i}` }, admit)),
    );
    const written = outcomes.filter((o) => o.status === 'fulfilled');
    assert.equal(written.length, 3);
    for (const refused of outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) {
      assert.ok(refused.reason instanceof OverBudget, String(refused.reason));
    }
    assert.equal((await readSendLog(path)).length, 3, 'a refused send writes nothing');
    assert.ok(!existsSync(`${path}.lock`), 'the lock is let go');
  });

  it('takes over a lock whose process no longer runs (a SIGKILL)', async () => {
    const path = join(dir, 'sent.jsonl');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(`${path}.lock`, `${gone.stdout}\n`);
    await (
      await new SendLog([path]).sending({ ...send, description: 'after a crash' })
    )({ outcome: 'sent', id: 3 });
    assert.deepEqual(
      (await readSendLog(path)).map((r) => r.description),
      ['after a crash'],
    );
    assert.ok(!existsSync(`${path}.lock`));
  });
});
