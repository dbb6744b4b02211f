/**
 * Feedback pushes survive a SIGKILL of the real command line's sandbox (`mailroom sandbox` in a
 * child process): a push that was due (even sent, but not answered) when it was killed is sent
 * after the restart, and one answered `0` is never sent again.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { htmlWithAddress } from '../helpers/documents';
import { startHeldSandbox, type HeldSandbox } from '../helpers/held-sandbox';
import { pushJournaled } from '../helpers/push-marker';
import { startPushReceiver, type PushReceiver } from '../helpers/push-receiver';
import { httpCaller } from '../helpers/sandbox';

const demo = { Username: 'demo', Password: 'demo' };
// Completed as soon as sent: the push is due at once, on the wall clock the child runs on.
const AT_ONCE = ['--schedule', '0,0,0'];

describe('sandbox feedback pushes across a SIGKILL', function () {
  this.timeout(60_000);
  let dataDir = '';
  let child: HeldSandbox | undefined;
  let receiver: PushReceiver | undefined;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'mailroom-push-kill-'));
  });
  afterEach(async () => {
    await child?.kill();
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const send = (url: string) =>
    httpCaller(url, 'http-post')('simple', 'SendLetterV2', {
      ...demo,
      MyDescription: 'pushed',
      FileExtension: 'html',
      FileBinaryData: Buffer.from(htmlWithAddress('<p>Dear Jane,</p>')),
      WorkMode: 'Development',
    }) as Promise<number>;

  it('sends after the restart a push that was due and unanswered, and none twice once answered', async () => {
    // The first push reaches the receiver, which never answers it: the sandbox is killed meanwhile.
    const r = (receiver = await startPushReceiver((n) => (n === 0 ? 'hold' : { body: '0' })));
    child = await startHeldSandbox(dataDir, [], AT_ONCE);
    const admin = httpCaller(child.url, 'http-post');
    const settings = [
      ['Feedback_FeedbackType', 'Post'],
      ['Feedback_Post_WhenToSend_Completed', 'True'],
      ['Feedback_Post_FeedbackURL', r.url],
    ];
    assert.equal(await admin('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'demo', Settings: settings }), -3000);
    const first = await send(child.url);
    await r.receivedCount(1);
    await child.kill();
    assert.equal(r.accepted.length, 0);

    child = await startHeldSandbox(dataDir, [], AT_ONCE);
    await r.acceptedCount(1);
    assert.equal(r.accepted[0]!.body.ID, String(first));
    await pushJournaled(dataDir, first, '0:-1002');
    await child.kill();

    // Answered and journaled: a restart sends the next mailer's push, and not the first's again.
    child = await startHeldSandbox(dataDir, [], AT_ONCE);
    const second = await send(child.url);
    // The marker: a push the restart still owed for the first would have been started as the
    // sandbox started, before it was listening, let alone sent the second; it would be here by now.
    await r.arrived({ ID: String(second) });
    assert.deepEqual(
      r.received.map((p) => p.body.ID),
      [String(first), String(first), String(second)],
      'the first held, then sent after the restart; once answered and journaled, never again',
    );
  });
});
