/**
 * The client's pacing against the real sandbox: the service limits each Get method to one call
 * per interval per user (service facts: -3500), so a second call of the same Get method waits for
 * its slot; other Get methods, sends and changes are never held back.
 */
import { strict as assert } from 'node:assert';
import { MailWsClient, type CallEvent } from '../../src/client';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';

const letter = { MyDescription: 'paced', FileExtension: 'html', FileBinaryData: Buffer.from('<p>p</p>'), WorkMode: 'Development' } as const;

describe('client pacing: each Get method on its own, nothing else', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let client: MailWsClient | undefined;
  /** Every attempt, with when it started: when it was reported, less its duration. */
  const calls: (CallEvent & { startedAt: number })[] = [];
  const clientWith = (minIntervalMs: number) =>
    (client = new MailWsClient({
      endpoint: sandbox.url,
      binding: 'http-post',
      credentials: { username: 'demo', password: 'demo', apiKey: 'demo-key' },
      minIntervalMs,
      // A budget that outlasts the interval: a slot past the call's deadline fails at once (deadline.test.ts).
      timeoutMs: 2 * minIntervalMs + 60_000,
      onCall: (e) => calls.push({ ...e, startedAt: Date.now() - e.ms }),
    }));
  beforeEach(async () => {
    sandbox = await startTestSandbox();
    calls.length = 0;
  });
  /** Whatever still waits for its slot is let go after the test, whatever its outcome. */
  let waiting: AbortController | undefined;
  afterEach(async () => {
    waiting?.abort();
    client?.close();
    await sandbox.close();
  });

  it('holds a second call of a Get method for its interval, and no other call', async () => {
    const paced = clientWith(10 * 60_000);
    const held = (waiting = new AbortController());
    // A call that is not held ends at once; one held for the interval would end here, cancelled.
    const unheld = () => ({ signal: AbortSignal.timeout(15_000) });
    const first = await paced.simple.SendLetterV2(letter, unheld());
    const second = await paced.simple.SendLetterV2(letter, unheld());
    assert.equal(second, first + 1, 'a send twice in a row');
    assert.equal((await paced.simple.GetLetterStatus({ ID: first }, unheld())).Status, -900);

    let settled = false;
    const again = paced.simple
      .GetLetterStatus({ ID: first }, { signal: held.signal })
      .then(
        () => 'answered',
        (error: unknown) => error,
      )
      .finally(() => (settled = true));

    assert.equal((await paced.simple.GetLetterStatusV2({ ID: first }, unheld())).Status, -900, 'another Get method');
    assert.equal((await paced.datedA.GetStatus({ ID: String(first) }, unheld())).Statuses.length, 1, 'and another');
    assert.equal(await paced.datedA.CancelDelivery({ ID: first }, unheld()), -3000, 'a change');
    assert.equal(await paced.datedA.CancelDelivery({ ID: second }, unheld()), -3000, 'the same change again');
    const upload = {
      MyFileName: 'p.html',
      FileBinaryData: Buffer.from('<p>p</p>'),
      Permissions: 'User',
      Description: 'p',
      Overwrite: true,
    } as const;
    assert.equal(await paced.datedA.UploadFile(upload, unheld()), -3000);
    assert.equal(await paced.datedA.UploadFile(upload, unheld()), -3000, 'an upload twice');
    assert.equal(await paced.admin.SetUserSettings({ Username: 'clerk', Settings: [['Letters_PrintSides', 'Duplex']] }, unheld()), -3000);
    assert.equal(await paced.admin.SetUserSettings({ Username: 'clerk', Settings: [['Letters_PrintSides', 'Simplex']] }, unheld()), -3000);

    assert.equal(settled, false, 'the second GetLetterStatus is still waiting for its slot');
    assert.equal(calls.filter((c) => c.operation === 'GetLetterStatus').length, 1, 'and was not sent');
    held.abort();
    assert.notEqual(await again, 'answered', 'cancelled while it waited');
    assert.equal(calls.filter((c) => c.operation === 'GetLetterStatus').length, 1, 'and never sent');
  });

  it('sends the held call once its interval has passed', async () => {
    const interval = 300;
    const paced = clientWith(interval);
    const id = await paced.simple.SendLetterV2(letter);
    for (let i = 0; i < 3; i++) await paced.simple.GetLetterStatus({ ID: id });
    const started = calls.filter((c) => c.operation === 'GetLetterStatus').map((c) => c.startedAt);
    assert.equal(started.length, 3);
    // A lower bound only: a busy machine spaces them further, never closer.
    for (let i = 1; i < 3; i++)
      assert.ok(started[i]! - started[i - 1]! >= interval - 5, `started ${started.map((t) => t - started[0]!).join(', ')} ms apart`);
  });
});
