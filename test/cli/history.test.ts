/**
 * The send log and `mailroom history`, run as a user would against a real sandbox: every send is
 * written down before its request leaves and completed when answered (a send killed between the
 * two stays "outcome unknown"), and the history joins the log with the service's statuses, with
 * every filter, as a table, JSON and CSV that a CSV parser reads back.
 *
 * The log is written on the wall clock and the sandbox runs on its own fixed clock: the tests filter
 * by the log's own times, never by a date written here.
 */
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryRow as RulebookRow } from '../../src/rulebook';

/** A row of `mailroom history --json`: the rulebook's, with its status in words. */
type HistoryRow = RulebookRow & { readonly statusText: string };
import { parseCsv } from '../../src/contract';
import { cliPath, mailroom, suiteEnv, type CliRun } from '../helpers/cli';
import { startHangingProxy } from '../helpers/hanging-proxy';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { SECRETS, secretIn } from '../helpers/secrets';
import { projectRoot } from '../helpers/tools';

const ALICE = SECRETS[0]!;
const BOB = SECRETS[2]!;
const sampleFile = (name: string) => join(projectRoot, 'test', 'sample', name);

interface LogLine {
  readonly kind: 'sending' | 'answered';
  readonly entry: string;
  readonly [field: string]: unknown;
}

describe('the send log and mailroom history', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let dir: string;
  let state: string;
  const logLines = (): LogLine[] =>
    readFileSync(join(state, 'mailroom', 'sent.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  const as = (user: 'alice' | 'bob', password = user === 'alice' ? ALICE : BOB): NodeJS.ProcessEnv => ({
    XDG_STATE_HOME: state,
    MAILROOM_ENDPOINT: sandbox.url,
    MAILROOM_USER: user,
    MAILROOM_PASSWORD: password,
  });
  const run = async (env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliRun> => {
    const result = await mailroom(args, { env });
    assert.equal(secretIn(`${result.stdout}\n${result.stderr}`), undefined, `mailroom ${args[0]} printed a secret`);
    return result;
  };
  const history = async (...args: string[]): Promise<HistoryRow[]> => {
    const result = await run(as('alice'), 'history', '--json', ...args);
    assert.equal(result.code, 0, result.stderr);
    return JSON.parse(result.stdout) as HistoryRow[];
  };
  const ids = (rows: readonly HistoryRow[]) => rows.map((r) => r.id);
  let sent: { pdf: number; markdown: number; merge: number; bob: number };

  before(async () => {
    sandbox = await startTestSandbox({
      accounts: {
        accounts: [
          { name: 'Alice & Co', balance: 50, users: [{ username: 'alice', password: ALICE }] },
          { name: 'Bob Ltd', balance: 50, users: [{ username: 'bob', password: BOB }] },
        ],
      },
    });
    dir = mkdtempSync(join(tmpdir(), 'mailroom-history-'));
    state = join(dir, 'state');
    const letter = join(dir, 'to-jane.md');
    writeFileSync(letter, '---\nto: Jane Doe, Acme, 1 Main St, Springfield, IL 62701\n---\n\nDear Jane,\n');
    const id = async (result: CliRun) => {
      assert.equal(result.code, 0, result.stderr);
      return (JSON.parse(result.stdout) as { id: number }).id;
    };
    sent = {
      pdf: await id(
        await run(
          as('alice'),
          'send',
          sampleFile('price-list.pdf'),
          '--to',
          'John Roe, 2 Oak Ave, Portland, OR 97201',
          '--mode',
          'Development',
          '--json',
        ),
      ),
      markdown: await id(await run(as('alice'), 'send', letter, '--mode', 'Development', '--description', 'Note to Jane', '--json')),
      merge: await id(
        await run(as('alice'), 'merge', sampleFile('invite.html'), sampleFile('people.csv'), '--mode', 'Development', '--json'),
      ),
      bob: await id(
        await run(
          as('bob'),
          'send',
          sampleFile('notes.txt'),
          '--to',
          'Ann Poe, 3 Elm St, Salem, OR 97301',
          '--mode',
          'Development',
          '--json',
        ),
      ),
    };
  });
  after(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes each send down before its request leaves and completes it with the ID, with the SHA-256 of the bytes sent', () => {
    const lines = logLines();
    const entries = lines.filter((l) => l.kind === 'sending');
    assert.equal(entries.length, 4);
    for (const entry of entries) {
      const answered = lines.findIndex((l) => l.kind === 'answered' && l.entry === entry.entry);
      assert.ok(answered > lines.indexOf(entry), 'the answer is written after the send');
    }
    const pdf = entries[0]!;
    assert.equal(
      pdf.sha256,
      createHash('sha256')
        .update(readFileSync(sampleFile('price-list.pdf')))
        .digest('hex'),
    );
    assert.equal(pdf.source, sampleFile('price-list.pdf'));
    assert.equal(pdf.operation, 'SendLetterAndAddressV2');
    assert.equal(pdf.recipient, 'John Roe, 2 Oak Ave, Portland, OR, 97201');
    assert.deepEqual(
      lines.filter((l) => l.kind === 'answered').map((l) => l.id),
      [sent.pdf, sent.markdown, sent.merge, sent.bob],
    );
    assert.equal(secretIn(JSON.stringify(lines)), undefined);
    assert.deepEqual(
      entries.map((e) => [e.user, e.endpoint, e.workMode]),
      [
        ['alice', sandbox.url, 'Development'],
        ['alice', sandbox.url, 'Development'],
        ['alice', sandbox.url, 'Development'],
        ['bob', sandbox.url, 'Development'],
      ],
    );
  });

  it('lists the log with what the service says now: price, sheets and status as GetDetails reports them', async () => {
    const rows = await history('--user', 'alice');
    assert.deepEqual(ids(rows), [sent.pdf, sent.markdown, sent.merge]);
    for (const row of rows) {
      const details = await run(as('alice'), 'details', String(row.id), '--json');
      const { Price, NumOfSheets, Status } = JSON.parse(details.stdout) as { Price: number; NumOfSheets: number; Status: number };
      assert.deepEqual([row.price, row.sheets, row.status], [Price, NumOfSheets, Status]);
    }
    assert.equal(rows[1]!.description, 'Note to Jane');
    assert.equal(rows[1]!.recipient, 'Jane Doe, Acme, 1 Main St, Springfield, IL, 62701');
  });

  it("asks an account only with its own credentials: another user's mailers are listed, not asked", async () => {
    const result = await run(as('alice'), 'history', '--json');
    assert.equal(result.code, 0);
    const bobs = (JSON.parse(result.stdout) as HistoryRow[]).find((r) => r.id === sent.bob)!;
    assert.equal(bobs.statusGroup, 'unknown');
    assert.match(bobs.statusText, /^Not asked/);
    assert.match(result.stderr, /bob at .* was not asked.*mailroom login/);
    const asBob = JSON.parse((await run(as('bob'), 'history', '--json', '--user', 'bob')).stdout) as HistoryRow[];
    assert.deepEqual(
      asBob.map((r) => [r.id, r.statusGroup]),
      [[sent.bob, 'received']],
    );
  });

  it('filters by status group and by code matched whole (-1 and -100 list nothing), by text, and by time, as the service reports the status now', async () => {
    assert.deepEqual(ids(await history('--user', 'alice', '--status', 'received')), [sent.pdf, sent.markdown, sent.merge]);
    assert.deepEqual(ids(await history('--user', 'alice', '--status', 'completed')), []);
    sandbox.advance(3 * 24 * 3600_000);
    assert.deepEqual(ids(await history('--user', 'alice', '--status', 'completed')), [sent.pdf, sent.markdown, sent.merge]);
    assert.deepEqual(ids(await history('--user', 'alice', '--status=-1002')), [sent.pdf, sent.markdown, sent.merge]);
    assert.deepEqual(ids(await history('--user', 'alice', '--status=-1000')), []);
    // A code is matched whole, never as a part of another (-1 is in -1002, -100 in -1000 and -1002).
    assert.deepEqual(ids(await history('--user', 'alice', '--status=-1')), []);
    assert.deepEqual(ids(await history('--user', 'alice', '--status=-100')), []);
    assert.deepEqual(ids(await history('--search', 'jane doe')), [sent.markdown]);
    assert.deepEqual(ids(await history('--search', String(sent.merge))), [sent.merge]);
    assert.deepEqual(ids(await history('--search', 'people.csv')), [sent.merge]);
    const times = logLines()
      .filter((l) => l.kind === 'sending')
      .map((l) => l.time as string);
    assert.deepEqual(ids(await history('--since', times[1]!, '--until', times[2]!)), [sent.markdown, sent.merge]);
    const day = (iso: string) => new Date(iso).toLocaleDateString('sv-SE');
    assert.deepEqual(ids(await history('--since', day(times[0]!), '--until', day(times[3]!))).length, 4, 'days count whole');
    const wrong = await run(as('alice'), 'history', '--since', 'yesterday');
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /--since takes a day/);
  });

  it('prints RFC 4180 CSV with a header row that a CSV parser reads back', async () => {
    const result = await run(as('alice'), 'history', '--csv', '--user', 'alice');
    assert.equal(result.code, 0);
    assert.match(result.stdout, /\r\n$/);
    const [header, ...rows] = parseCsv(result.stdout);
    assert.deepEqual(header!.slice(0, 3), ['ID', 'Submitted', 'Endpoint']);
    const json = await history('--user', 'alice');
    assert.deepEqual(
      rows.map((r) => [Number(r[0]), r[header!.indexOf('Recipient')], r[header!.indexOf('SHA-256')], Number(r[header!.indexOf('Price')])]),
      json.map((r) => [r.id, r.recipient ?? '', r.sha256, r.price]),
    );
    assert.ok(
      rows.some((r) => r[header!.indexOf('Recipient')]!.includes(',')),
      'a field with commas reads back whole',
    );
  });

  it('keeps a send that was killed before its answer as "outcome unknown"', async () => {
    const proxy = await startHangingProxy(sandbox.url);
    proxy.hang();
    const before = logLines().length;
    const child = spawn(
      process.execPath,
      [cliPath, 'send', sampleFile('notes.txt'), '--to', 'Kim Lee, 4 Pine St, Salem, OR 97301', '--mode', 'Development'],
      {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...suiteEnv(), ...as('alice'), MAILROOM_ENDPOINT: proxy.url },
        stdio: 'ignore',
      },
    );
    try {
      while (logLines().length === before || proxy.requests.length === 0) await new Promise((r) => setTimeout(r, 20));
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    } finally {
      await proxy.close();
    }
    const last = logLines().slice(before);
    assert.deepEqual(
      last.map((l) => l.kind),
      ['sending'],
    );
    const unknown = await history('--status', 'unknown', '--search', 'Kim Lee');
    assert.equal(unknown.length, 1);
    assert.equal(unknown[0]!.outcome, 'unknown');
    assert.equal(unknown[0]!.id, undefined);
    assert.match(unknown[0]!.statusText, /^Outcome unknown/);
  });

  it('records a send the service refused as refused, with its code', async () => {
    const result = await run(
      as('alice', `${ALICE}-wrong`),
      'send',
      sampleFile('notes.txt'),
      '--to',
      'Kim Lee, 4 Pine St, Salem, OR 97301',
      '--mode',
      'Development',
    );
    assert.equal(result.code, 1);
    const [refused] = await history('--status', 'failed');
    assert.equal(refused!.outcome, 'refused');
    assert.ok(refused!.status! < 0);
    assert.match(refused!.statusText, /^Refused/);
  });

  it('says when an account could not be asked, and ends with exit code 1', async () => {
    const gone = join(dir, 'gone');
    const line = (fields: object) => `${JSON.stringify(fields)}\n`;
    const entry = {
      entry: 'e1',
      time: new Date().toISOString(),
      endpoint: 'http://127.0.0.1:1',
      user: 'demo',
      operation: 'SendLetterV2',
      sha256: '0',
      bytes: 0,
    };
    const folder = join(gone, 'mailroom');
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, 'sent.jsonl'),
      line({ kind: 'sending', ...entry }) + line({ kind: 'answered', entry: 'e1', outcome: 'sent', id: 5 }),
    );
    const result = await mailroom(['history', '--json', '--timeout', '2'], { env: { XDG_STATE_HOME: gone } });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /demo at http:\/\/127\.0\.0\.1:1 could not be asked/);
    assert.match((JSON.parse(result.stdout) as HistoryRow[])[0]!.statusText, /^Not asked: the service did not answer/);
  });

  it("takes --since and --until as this machine's days, where the local and UTC dates differ (near local midnight)", async () => {
    const state = join(dir, 'midnight');
    const line = (fields: object) => `${JSON.stringify(fields)}\n`;
    const at = (entry: string, time: string) =>
      line({
        kind: 'sending',
        entry,
        time,
        endpoint: 'http://127.0.0.1:1',
        user: 'demo',
        operation: 'SendLetterV2',
        sha256: '0',
        bytes: 0,
        description: entry,
      });
    mkdirSync(join(state, 'mailroom'), { recursive: true });
    // In Los Angeles (UTC-8 in November): 23:50 on the 24th, 00:30 and 23:10 on the 25th, 00:20 on the 26th.
    writeFileSync(
      join(state, 'mailroom', 'sent.jsonl'),
      at('the 24th, 23:50', '2026-11-25T07:50:00.000Z') +
        at('the 25th, 00:30', '2026-11-25T08:30:00.000Z') +
        at('the 25th, 23:10', '2026-11-26T07:10:00.000Z') +
        at('the 26th, 00:20', '2026-11-26T08:20:00.000Z'),
    );
    const days = async (...args: string[]) => {
      const result = await mailroom(['history', '--json', ...args], { env: { XDG_STATE_HOME: state, TZ: 'America/Los_Angeles' } });
      assert.equal(result.code, 0, result.stderr);
      return (JSON.parse(result.stdout) as HistoryRow[]).map((r) => r.description);
    };
    assert.deepEqual(await days('--since', '2026-11-25', '--until', '2026-11-25'), ['the 25th, 00:30', 'the 25th, 23:10']);
    assert.deepEqual(await days('--until', '2026-11-24'), ['the 24th, 23:50']);
    assert.deepEqual(await days('--since', '2026-11-26'), ['the 26th, 00:20']);
  });
});
