/**
 * `mailroom listen`: the built command line in a child process receives the sandbox's feedback
 * pushes, prints each (for people, or JSON lines) and answers `0`, so the sandbox records it delivered.
 */
import { strict as assert } from 'node:assert';
import { connect } from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describeStatus } from '../../src/contract';
import { cliPath, suiteEnv } from '../helpers/cli';
import { htmlWithAddress } from '../helpers/documents';
import { httpCaller, startTestSandbox, type TestSandbox } from '../helpers/sandbox';

const demo = { Username: 'demo', Password: 'demo' };

interface Listener {
  readonly url: string;
  readonly lines: string[];
  /** What it wrote on standard error after "Listening…", line by line. */
  errorLine(n: number): Promise<string>;
  readonly process: ChildProcess;
  line(n: number): Promise<string>;
}

async function startListen(args: readonly string[]): Promise<Listener> {
  const child = spawn(process.execPath, [cliPath, 'listen', '--port', '0', ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...suiteEnv() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    waiters.splice(0).forEach((w) => w());
  });
  const errors: string[] = [];
  const errorWaiters: (() => void)[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stderr }).on('line', (line) => {
      const m = /^Listening for feedback pushes on (http:\/\/127\.0\.0\.1:\d+\/)$/.exec(line);
      if (m) resolve(m[1]!);
      else errors.push(line);
      errorWaiters.splice(0).forEach((w) => w());
    });
    child.on('exit', (code) => reject(new Error(`mailroom listen exited with ${code}`)));
  });
  const line = (n: number) =>
    new Promise<string>((resolve) => {
      const check = () => (lines.length > n ? resolve(lines[n]!) : waiters.push(check));
      check();
    });
  const errorLine = (n: number) =>
    new Promise<string>((resolve) => {
      const check = () => (errors.length > n ? resolve(errors[n]!) : errorWaiters.push(check));
      check();
    });
  return { url, lines, process: child, line, errorLine };
}

describe('mailroom listen', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let listener: Listener | undefined;
  beforeEach(async () => {
    sandbox = await startTestSandbox();
  });
  afterEach(async () => {
    listener?.process.kill('SIGTERM');
    await sandbox.close();
  });

  /** Registers the listener for demo's pushes, sends a letter and lets it complete. */
  const pushOne = async (url: string) => {
    const call = httpCaller(sandbox.url, 'http-post');
    const settings = [
      ['Feedback_FeedbackType', 'Post'],
      ['Feedback_Post_WhenToSend_Completed', 'True'],
      ['Feedback_Post_FeedbackURL', url],
      ['Feedback_Post_Authentication', 'from-the-sandbox'],
    ];
    assert.equal(await call('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'demo', Settings: settings }), -3000);
    const id = (await call('simple', 'SendLetterV2', {
      ...demo,
      MyDescription: 'listened',
      FileExtension: 'html',
      FileBinaryData: Buffer.from(htmlWithAddress('<p>Dear Jane,</p>')),
      WorkMode: 'Development',
    })) as number;
    sandbox.advance(10_000);
    await call('datedA', 'GetStatus', { ...demo, ID: String(id) });
    return id;
  };

  it('prints each push as JSON lines with --json, and answers 0', async () => {
    listener = await startListen(['--json']);
    const id = await pushOne(listener.url);
    const push = JSON.parse(await listener.line(0)) as Record<string, unknown>;
    assert.deepEqual(push, {
      ID: id,
      ItemID: 0,
      Auth: 'from-the-sandbox',
      Status: -1002,
      StatusTime: '2026-11-22T09:00:06',
      Description: describeStatus(-1002),
    });
    // What the service is told: 0 for a push (delivered, not sent again), 400 for anything else.
    const answer = await fetch(listener.url, { method: 'POST', body: new URLSearchParams({ ID: String(id), Status: '-1002' }) });
    assert.equal(await answer.text(), '0');
    assert.equal((await fetch(listener.url, { method: 'POST', body: 'hello' })).status, 400);
  });

  it('prints a line for people', async () => {
    listener = await startListen([]);
    const id = await pushOne(listener.url);
    assert.equal(await listener.line(0), `2026-11-22T09:00:06  ${id}: -1002 ${describeStatus(-1002)}`);
  });

  it('prints a line on standard error for each request it refuses as not a push, saying why (issue 25, part 17)', async () => {
    listener = await startListen([]);
    assert.equal((await fetch(listener.url, { method: 'POST', body: 'hello' })).status, 400);
    assert.equal(
      await listener.errorLine(0),
      "Refused a POST from 127.0.0.1 (answered 400): not a feedback push: no ID, not a mailer's ID",
    );
    assert.equal((await fetch(`${listener.url}?ID=1021984&Status=soon`)).status, 400);
    assert.equal(
      await listener.errorLine(1),
      'Refused a GET from 127.0.0.1 (answered 400): not a feedback push: Status "soon", not a status code',
    );
    assert.equal((await fetch(listener.url, { method: 'PUT', body: 'ID=1&Status=-1000' })).status, 400);
    assert.equal(
      await listener.errorLine(2),
      'Refused a PUT from 127.0.0.1 (answered 400): not a feedback push: the method PUT, not POST or GET',
    );
    // A path no URL can hold, as anyone reaching the port may send it raw: refused, and the listener goes on.
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(listener!.url).port), '127.0.0.1', () => socket.end('GET // HTTP/1.1\r\nHost: x\r\n\r\n'));
      let answer = '';
      socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
    assert.match(raw, /^HTTP\/1\.1 400 /);
    assert.equal(
      await listener.errorLine(3),
      'Refused a GET from 127.0.0.1 (answered 400): not a feedback push: a request path that is not a URL',
    );
    // A push after them is printed on standard output, which holds nothing of the refused.
    assert.equal((await fetch(listener.url, { method: 'POST', body: new URLSearchParams({ ID: '7', Status: '-1000' }) })).status, 200);
    assert.match(await listener.line(0), /^ {2}7: -1000 /);
    assert.equal(listener.lines.length, 1);
  });
});
