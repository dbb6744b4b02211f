/**
 * The sandbox's control path over real HTTP: only this machine may call it (the socket's address
 * decides), what it changes survives restarts (the journal, then its compacted snapshot), and
 * the Mail WS it stands beside does not change.
 */
import { strict as assert } from 'node:assert';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SCHEDULE, statusAt } from '../../src/sandbox/lifecycle';
import { callControl } from '../../src/sandbox/control/client';
import { CONTROL_PATH, isLoopbackAddress, parseDuration } from '../../src/sandbox/control/protocol';
import { nonLoopbackAddress } from '../helpers/non-loopback';
import { PRINTED_AT_SEND, httpCaller, sendLetterToJane, startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { withTextLayout } from '../helpers/engines';

const demo = { Username: 'demo', Password: 'demo' };

/** A control request as a program on this machine sends it: loopback, to 127.0.0.1, as JSON, no Origin. */
const PROGRAM = { 'Content-Type': 'application/json' } as const;

/**
 * A control request over node:http, which sends the Host header it is given (fetch puts its own
 * in place of one), from `localAddress` when given; its answer.
 */
function control(
  to: { readonly host: string; readonly port: number; readonly localAddress?: string },
  action: string,
  headers: Readonly<Record<string, string>>,
): Promise<{ status: number; error: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ ...to, path: `${CONTROL_PATH}/${action}`, method: 'POST', headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, error: (JSON.parse(body) as { error?: string }).error ?? '' }));
    });
    req.on('error', reject);
    req.end('{}');
  });
}

describe('sandbox control path', function () {
  // What is kept (a print job, or a PDF as a blob) is the subject: letters laid out by the text
  // layout keep their size, where an engine's PDF of a long HTML letter is small enough to keep.
  withTextLayout();
  this.timeout(30_000);

  it('reads durations as people write them, and nothing else', () => {
    assert.deepEqual(
      ['60s', '2h', '3d', '1h30m', '1d 12h', '1.5m', '90S'].map(parseDuration),
      [60_000, 7_200_000, 259_200_000, 5_400_000, 129_600_000, 90_000, 90_000],
    );
    for (const bad of ['', '5', '-3s', 'h', '2w', '1h-30m', '1 h 3']) assert.equal(parseDuration(bad), undefined, bad);
  });

  it('knows loopback addresses as a socket gives them (unit level, beside the real refusal below)', () => {
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) assert.ok(isLoopbackAddress(address), address);
    for (const address of ['192.0.2.2', '::ffff:192.0.2.2', 'fd00::2', '10.127.0.1', undefined]) {
      assert.ok(!isLoopbackAddress(address), String(address));
    }
  });

  it('fail stops a printed mailer being served: GetPDF answers -3020 and its PDF leaves the disk', async () => {
    const sandbox = await startTestSandbox();
    try {
      const call = httpCaller(sandbox.url, 'http-post');
      const id = await sendLetterToJane(call, 'printed', { more: PRINTED_AT_SEND });
      await callControl(sandbox.url, 'advance', { duration: '5s' });
      const pdf = async () => ((await call('simple', 'GetPDF', { ...demo, ID: id })) as { ResultCode: number }).ResultCode;
      assert.equal(await pdf(), -3000, 'Waiting For Delivery: printed (OK)');
      assert.equal(readdirSync(join(sandbox.dataDir, 'blobs')).length, 1);
      await callControl(sandbox.url, 'fail', { id, code: -1045 });
      assert.equal(await pdf(), -3020);
      assert.deepEqual(readdirSync(join(sandbox.dataDir, 'blobs')), [], 'its PDF is gone from disk');
    } finally {
      await sandbox.close();
    }
  });

  it('a batch made to fail takes its items with it, but for those that had already failed', () => {
    const schedule = DEFAULT_SCHEDULE;
    const batch = { submittedAt: 0, workMode: 'Development' as const, funded: true, failedAt: { status: -1021, at: 3000 } };
    assert.deepEqual(statusAt(batch, 3000, schedule), { status: -1021, since: 3000, completedAt: 3000 });
    assert.equal(statusAt(batch, 2999, schedule).status, -910, 'not before');
    assert.equal(statusAt({ ...batch, failure: -1018 }, 60_000, schedule).status, -1021, 'an item that would fail when printed, later');
    const late = { ...batch, failedAt: { status: -1021, at: 5000 } };
    assert.equal(statusAt({ ...late, failure: -1018 }, 60_000, schedule).status, -1018, 'an item that failed when printed, before');
    assert.equal(statusAt(late, 60_000, schedule).status, -1021, 'its sibling that was waiting for delivery');
  });

  it('answers only POST with a JSON object, and names its actions', async () => {
    const sandbox = await startTestSandbox();
    try {
      const at = (action: string, init?: RequestInit) => fetch(`${sandbox.url}${CONTROL_PATH}/${action}`, init);
      assert.equal((await at('advance')).status, 405);
      const asJson = { 'Content-Type': 'application/json' };
      const notJson = await at('advance', { method: 'POST', headers: asJson, body: 'soon' });
      assert.equal(notJson.status, 400);
      assert.match(((await notJson.json()) as { error: string }).error, /JSON object/);
      const unknown = await at('rewind', { method: 'POST', headers: asJson, body: '{}' });
      assert.equal(unknown.status, 404);
      assert.match(((await unknown.json()) as { error: string }).error, /advance, fail, funds, reset/);
    } finally {
      await sandbox.close();
    }
  });

  describe('refuses, each check on its own (every other part of the request as a program on this machine sends it)', () => {
    let sandbox: TestSandbox;
    let kept: number;
    let port: number;
    beforeEach(async () => {
      sandbox = await startTestSandbox({ host: '0.0.0.0' });
      port = sandbox.port;
      kept = await sendLetterToJane(httpCaller(`http://127.0.0.1:${port}`, 'http-post'), 'kept');
    });
    afterEach(() => sandbox.close());

    const here = () => ({ host: '127.0.0.1', port });
    /** What the refused requests would have done (a reset) was not done: the letter is still there. */
    const nothingReset = async () => {
      const status = (await httpCaller(`http://127.0.0.1:${port}`, 'http-post')('simple', 'GetLetterStatusV2', { ...demo, ID: kept })) as {
        ResultCode: number;
      };
      assert.equal(status.ResultCode, -3000, 'nothing was reset');
    };
    /** Past every check, to the action: an advance without its duration, which the action refuses (400). */
    const reachesTheAction = async (headers: Readonly<Record<string, string>>, what: string) => {
      const answer = await control(here(), 'advance', headers);
      assert.equal(answer.status, 400, `${what}: ${answer.error}`);
      assert.match(answer.error, /^advance takes a duration/, what);
    };
    /** The same request without what was refused is answered: that one thing is what was refused. */
    const answeredWithout = async () => {
      const answer = await control(here(), 'reset', { ...PROGRAM, Host: `127.0.0.1:${port}` });
      assert.equal(answer.status, 200, `a program on this machine is answered: ${answer.error}`);
    };

    it('a caller from a non-loopback address, though it names 127.0.0.1 as its Host, while the Mail WS answers it there', async function () {
      const from = nonLoopbackAddress();
      if (from.address === undefined) {
        this.test!.title += ` (skipped: ${from.reason})`;
        this.skip();
      }
      try {
        const there = { host: from.address, port, localAddress: from.address };
        for (const action of ['reset', 'advance', 'funds', 'fail', 'nothing']) {
          const answer = await control(there, action, { ...PROGRAM, Host: `127.0.0.1:${port}`, 'X-Forwarded-For': '127.0.0.1' });
          assert.equal(answer.status, 403, `${action} from ${from.address}: ${answer.error}`);
          const only: string = `The sandbox's control path answers only callers on this machine, not ${from.address}.`;
          assert.equal(answer.error, only, action);
        }
        const status = (await httpCaller(`http://${from.address}:${port}`, 'http-post')('simple', 'GetLetterStatusV2', {
          ...demo,
          ID: kept,
        })) as { Status: number };
        assert.equal(status.Status, -900, `the Mail WS answers at ${from.address} (made for the test: ${from.made})`);
      } finally {
        from.release();
      }
      await nothingReset();
      await answeredWithout();
    });

    it('an Origin (a web page)', async () => {
      const answer = await control(here(), 'reset', { ...PROGRAM, Host: `127.0.0.1:${port}`, Origin: 'https://example.com' });
      assert.deepEqual(answer, {
        status: 403,
        error: "The sandbox's control path does not answer web pages: call it with mailroom sandbox or from a program.",
      });
      await nothingReset();
      await answeredWithout();
    });

    it('a Sec-Fetch-Site of another site, without an Origin (a web page whose browser sends none)', async () => {
      for (const site of ['cross-site', 'same-site']) {
        const answer = await control(here(), 'reset', { ...PROGRAM, Host: `127.0.0.1:${port}`, 'Sec-Fetch-Site': site });
        assert.equal(answer.status, 403, `Sec-Fetch-Site: ${site}: ${answer.error}`);
        assert.match(answer.error, /does not answer web pages/, site);
      }
      await nothingReset();
      // What a browser says of a request a person made (none), or of a page of the sandbox's own (same-origin), passes.
      for (const site of ['none', 'same-origin']) {
        await reachesTheAction({ ...PROGRAM, Host: `127.0.0.1:${port}`, 'Sec-Fetch-Site': site }, `Sec-Fetch-Site: ${site}`);
      }
      await answeredWithout();
    });

    it('a body not sent as JSON (all a page can send without asking first)', async () => {
      for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const answer = await control(here(), 'reset', { 'Content-Type': type, Host: `127.0.0.1:${port}` });
        assert.deepEqual(
          answer,
          { status: 415, error: "A control action's body is JSON: send it with Content-Type: application/json." },
          type,
        );
      }
      await nothingReset();
      await answeredWithout();
    });

    it("a Host that is not this machine's name (a page that rebound its name to 127.0.0.1), sent as written", async () => {
      for (const host of [`attacker.example:${port}`, 'attacker.example', `localhost.attacker.example:${port}`]) {
        const answer = await control(here(), 'reset', { ...PROGRAM, Host: host });
        assert.equal(answer.status, 403, `Host: ${host}: ${answer.error}`);
        assert.equal(answer.error, `The sandbox's control path answers requests to this machine's own names, not to ${host}.`);
      }
      await nothingReset();
      for (const host of [`localhost:${port}`, `[::1]:${port}`, '127.0.0.1']) {
        await reachesTheAction({ ...PROGRAM, Host: host }, `Host: ${host} is this machine`);
      }
      await answeredWithout();
    });
  });

  it('keeps an advance, a fail and funds across restarts (journal, then snapshot)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mailroom-control-'));
    try {
      let sandbox = await startTestSandbox({ dataDir });
      let call = httpCaller(sandbox.url, 'http-post');
      const send = (description: string, workMode: string) => sendLetterToJane(call, description, { workMode });
      const failing = await send('failing', 'Development');
      const going = await send('going on', 'Development');
      await callControl(sandbox.url, 'advance', { duration: '3s' });
      await callControl(sandbox.url, 'fail', { id: failing, code: -1021 });
      await callControl(sandbox.url, 'funds', { user: 'demo', amount: 0 });
      await sandbox.close();

      const status = async (id: number) => ((await call('simple', 'GetLetterStatusV2', { ...demo, ID: id })) as { Status: number }).Status;
      // Each restart's own clock stands at T0 again: only the kept offset moves it.
      sandbox = await startTestSandbox({ dataDir });
      call = httpCaller(sandbox.url, 'http-post');
      assert.deepEqual([await status(failing), await status(going)], [-1021, -910], 'from the journal');
      const unfunded = await send('no funds', 'Production');
      await callControl(sandbox.url, 'advance', { duration: '3s' });
      assert.deepEqual([await status(unfunded), await status(going)], [-990, -1002], 'the balance is still 0');
      await sandbox.close();
      assert.doesNotMatch(readFileSync(join(dataDir, 'journal.jsonl'), 'utf8'), /"t":"(fail|funds)"/, 'the restart compacted the journal');

      sandbox = await startTestSandbox({ dataDir });
      call = httpCaller(sandbox.url, 'http-post');
      assert.deepEqual([await status(failing), await status(going), await status(unfunded)], [-1021, -1002, -990], 'from the snapshot');
      const { offsetMs } = await callControl(sandbox.url, 'advance', { duration: '1s' });
      assert.equal(offsetMs, 7000, 'the offset was kept');
      await sandbox.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
