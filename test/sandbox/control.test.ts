/**
 * The sandbox's control path over real HTTP: only this machine may call it (the socket's address
 * decides), what it changes survives restarts (the journal, then its compacted snapshot), and
 * the Mail WS it stands beside does not change.
 */
import { strict as assert } from 'node:assert';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SCHEDULE, statusAt } from '../../src/sandbox/lifecycle';
import { callControl } from '../../src/sandbox/control/client';
import { CONTROL_PATH, isLoopbackAddress, parseDuration } from '../../src/sandbox/control/protocol';
import { PRINTED_AT_SEND, httpCaller, sendLetterToJane, startTestSandbox } from '../helpers/sandbox';

const demo = { Username: 'demo', Password: 'demo' };

/** An IPv4 address of this machine that is not loopback, if it has one. */
function publicAddress(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  return undefined;
}

describe('sandbox control path', function () {
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

  it('refuses a caller from a non-loopback address with 403 in words, while the Mail WS answers there', async function () {
    const address = publicAddress();
    // Without a second address the refusal is shown at unit level above (isLoopbackAddress) only.
    if (address === undefined) this.skip();
    const sandbox = await startTestSandbox({ host: '0.0.0.0' });
    try {
      const remote = `http://${address}:${sandbox.port}`;
      const id = await sendLetterToJane(httpCaller(`http://127.0.0.1:${sandbox.port}`, 'http-post'), 'kept');
      for (const action of ['reset', 'advance', 'funds', 'fail', 'nothing']) {
        const response = await fetch(`${remote}${CONTROL_PATH}/${action}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '127.0.0.1', Host: '127.0.0.1' },
          body: '{}',
        });
        assert.equal(response.status, 403, action);
        const body = (await response.json()) as { error: string };
        assert.match(body.error, new RegExp(`answers only callers on this machine, not (::ffff:)?${address.replaceAll('.', '\\.')}`));
      }
      const status = (await httpCaller(remote, 'http-post')('simple', 'GetLetterStatusV2', { ...demo, ID: id })) as { Status: number };
      assert.equal(status.Status, -900, 'the Mail WS answers the same caller, and the mailer was not reset');
      const fromHere = await callControl(`http://127.0.0.1:${sandbox.port}`, 'reset', {});
      assert.deepEqual(fromHere, { mailers: 1, storedFiles: 0 }, 'a loopback caller is served');
    } finally {
      await sandbox.close();
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

  it('does not answer a web page open on this machine: an Origin, a simple (not JSON) request, a rebound host name', async () => {
    const sandbox = await startTestSandbox();
    try {
      const call = httpCaller(sandbox.url, 'http-post');
      const id = await sendLetterToJane(call, 'kept');
      const reset = (headers: Record<string, string>) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const { port } = new URL(sandbox.url);
          const req = httpRequest({ host: '127.0.0.1', port, path: `${CONTROL_PATH}/reset`, method: 'POST', headers }, (res) => {
            let body = '';
            res.on('data', (d: Buffer) => (body += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          });
          req.on('error', reject);
          req.end('{}');
        });
      const host = new URL(sandbox.url).host;
      const page = await reset({ Host: host, 'Content-Type': 'application/json', Origin: 'https://example.com' });
      assert.equal(page.status, 403);
      assert.match(page.body, /does not answer web pages/);
      const simple = await reset({ Host: host, 'Content-Type': 'text/plain;charset=UTF-8' });
      assert.equal(simple.status, 415, "a no-cors page's request carries no JSON type");
      const rebound = await reset({ Host: `attacker.example:${new URL(sandbox.url).port}`, 'Content-Type': 'application/json' });
      assert.equal(rebound.status, 403);
      assert.match(rebound.body, /this machine's own names, not to attacker\.example/);
      assert.equal(
        ((await call('simple', 'GetLetterStatusV2', { ...demo, ID: id })) as { ResultCode: number }).ResultCode,
        -3000,
        'nothing was reset',
      );
      assert.equal((await reset({ Host: host, 'Content-Type': 'application/json' })).status, 200, 'a program on this machine is answered');
    } finally {
      await sandbox.close();
    }
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
