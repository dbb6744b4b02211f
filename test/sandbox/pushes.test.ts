/**
 * Feedback pushes (Feedback_FeedbackType=Post): each status change the sender's WhenToSend
 * settings ask for is POSTed to their Feedback_Post_FeedbackURL, retried until the receiver
 * answers `0`, in order per mailer, and journaled once answered. The receiver is a real HTTP
 * server (test/helpers/push-receiver.ts); the sandbox's clock is the test's. What was not sent is
 * said once a later push (test/helpers/push-marker.ts) has arrived, never after a sleep.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipText, htmlWithAddress } from '../helpers/documents';
import { ONE_AT_A_TIME, markerSender, pushJournaled, pushMarker, withoutMarkers } from '../helpers/push-marker';
import { startPushReceiver, type Answer, type PushReceiver, type ReceivedPush } from '../helpers/push-receiver';
import { httpCaller, startTestSandbox, T0, type Call, type TestSandbox } from '../helpers/sandbox';
import { DEFAULT_SCHEDULE } from '../../src/sandbox/lifecycle';
import { pushesOf } from '../../src/sandbox/pushes/due';
import type { MailerRecord, UserRecord } from '../../src/sandbox/store/records';

const demo = { Username: 'demo', Password: 'demo' };
const ALL_ON = [
  ['Feedback_FeedbackType', 'Post'],
  ['Feedback_Post_WhenToSend_Completed', 'True'],
  ['Feedback_Post_WhenToSend_Error', 'True'],
  ['Feedback_Post_WhenToSend_BatchErrors', 'True'],
  ['Feedback_Post_Authentication', 'shared s3cret & more'],
];

describe('sandbox feedback pushes', function () {
  this.timeout(30_000);
  let sandbox: TestSandbox;
  let receiver: PushReceiver | undefined;
  let call: Call;

  beforeEach(async () => {
    sandbox = await startTestSandbox({ pushes: { firstRetryMs: 20, maxRetryMs: 80, timeoutMs: 2000, ...ONE_AT_A_TIME } });
    call = httpCaller(sandbox.url, 'http-post');
  });
  afterEach(async () => {
    await sandbox.close();
    await receiver?.close();
    receiver = undefined;
  });

  const settings = async (pairs: string[][]) =>
    assert.equal(await call('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'demo', Settings: pairs }), -3000);
  // Sent without an address: the service reads Jane Doe's from the recipient box, where this letter has it.
  const letter = async (html = htmlWithAddress('<p>Dear Jane,</p>'), workMode = 'Development', user = demo) =>
    (await call('simple', 'SendLetterV2', {
      ...user,
      MyDescription: 'pushed',
      FileExtension: 'html',
      FileBinaryData: Buffer.from(html),
      WorkMode: workMode,
    })) as number;
  const batch = async () =>
    (
      (await call('datedA', 'SendWordMailMerge_Compressed', {
        ...demo,
        MyDescription: 'batch',
        FileExtension: 'html',
        FileBinaryData: Buffer.from('<p>{{AttentionLine1}}</p>'),
        // The second row has a name and no address: that item fails (-1045) when the batch is printed.
        MergeData: gzipText(
          'AttentionLine1,Address1,City,PostalCode\nJane,1 Main St,Springfield,62701\nSam,,,\nJoe,2 Main St,Springfield,62701\n',
        ),
        WorkMode: 'Development',
      })) as { ResultCode: number }
    ).ResultCode;
  /** Moves the clock and lets the sandbox notice (every request looks for pushes that fell due). */
  const advance = async (ms: number) => {
    sandbox.advance(ms);
    await call('datedA', 'GetStatus', { ...demo, ID: '1' });
  };
  const listen = async (answer?: (n: number, push: ReceivedPush) => Answer) => {
    receiver = await startPushReceiver(answer);
    await settings([...ALL_ON, ['Feedback_Post_FeedbackURL', receiver.url]]);
    await markerSender(sandbox.url, receiver);
    return receiver;
  };
  const brief = (p: ReceivedPush) => `${p.body.ID}/${p.body.ItemID}:${p.body.Status}`;
  /** What arrived for demo's mailers, once a marker has: every push started before it is there. */
  const pushedSoFar = async () => {
    await pushMarker(sandbox.url, receiver!);
    return withoutMarkers(receiver!).map(brief);
  };

  it('POSTs a completed letter once it completes, form-encoded with the same names in the query string', async () => {
    const r = await listen();
    const id = await letter();
    await advance(5000); // waiting for delivery: nothing due yet
    assert.deepEqual(await pushedSoFar(), [], 'nothing pushed before the letter completed');
    await advance(1000);
    const push = await r.arrived({ ID: String(id) });
    const expected = { ID: String(id), ItemID: '0', Auth: 'shared s3cret & more', Status: '-1002', StatusTime: '2026-11-22T09:00:06' };
    assert.deepEqual(push.body, expected);
    assert.deepEqual(push.query, expected);
    assert.equal(push.method, 'POST');
    assert.equal(push.contentType, 'application/x-www-form-urlencoded');
    // Never a password or an API key.
    const raw = JSON.stringify(r.received);
    for (const secret of ['demo-key', '"demo"', 'Password', 'APIKey']) assert.ok(!raw.includes(secret), secret);
    // Answered: journaled, and not sent again however many requests look.
    await pushJournaled(sandbox.dataDir, id, '0:-1002');
    await advance(60_000);
    assert.deepEqual(await pushedSoFar(), [`${id}/0:-1002`], 'sent once');
  });

  it("sends each user's pushes to that user's own URL with that user's own Auth (two users of one account)", async () => {
    const clerk = { Username: 'clerk', Password: 'clerk' };
    const forDemo = await listen();
    const forClerk = await startPushReceiver();
    try {
      await settings([['Feedback_Post_Authentication', "demo's word"]]);
      const clerkSettings = [...ALL_ON, ['Feedback_Post_FeedbackURL', forClerk.url], ['Feedback_Post_Authentication', "clerk's word"]];
      assert.equal(await call('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'clerk', Settings: clerkSettings }), -3000);
      const demos = [await letter(), await letter('<p></p>')]; // completes; fails (-1045)
      const clerks = [await letter(undefined, undefined, clerk), await letter('<p></p>', undefined, clerk)];
      await advance(10_000);
      // Every push started before the marker has arrived, at one receiver or the other.
      await pushMarker(sandbox.url, forDemo);
      const got = (r: PushReceiver) => withoutMarkers(r).map((p) => [brief(p), p.body.Auth]);
      assert.deepEqual(
        got(forDemo).sort(),
        [
          [`${demos[0]}/0:-1002`, "demo's word"],
          [`${demos[1]}/0:-1045`, "demo's word"],
        ],
        "demo's pushes, with demo's Auth, and nothing of clerk's",
      );
      assert.deepEqual(
        got(forClerk).sort(),
        [
          [`${clerks[0]}/0:-1002`, "clerk's word"],
          [`${clerks[1]}/0:-1045`, "clerk's word"],
        ],
        "clerk's pushes, with clerk's Auth, and nothing of demo's",
      );
    } finally {
      await forClerk.close();
    }
  });

  it('pushes a failure the control path chose, at once, with no other request to notice it', async () => {
    const r = await listen();
    const id = await letter();
    const answer = await fetch(`${sandbox.url}/_mailroom/control/fail`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id, code: -1018 }),
    });
    assert.equal(answer.status, 200, await answer.text());
    await r.acceptedCount(1);
    assert.equal(brief(r.accepted[0]!), `${id}/0:-1018`);
  });

  it('pushes what each WhenToSend flag covers: Error for a failed mailer, BatchErrors per failing item, nothing turned off', async () => {
    const r = await listen();
    await settings([['Feedback_Post_WhenToSend_Completed', 'False']]);
    const failed = await letter('<p></p>'); // no address and no text to find one in: -1045 when printed
    const completes = await letter();
    const b = await batch();
    await advance(10_000);
    const pushed = await pushedSoFar();
    assert.deepEqual(pushed.sort(), [`${b}/2:-1045`, `${failed}/0:-1045`].sort(), `nothing of ${completes}, nor the batch's completion`);
    assert.equal(r.accepted.find((p) => p.body.ID === String(b))!.body.StatusTime, '2026-11-22T09:00:04');
  });

  it('does not replay what happened before pushes were turned on, and stops when they are turned off', async () => {
    const before = await letter();
    await advance(10_000);
    const r = await listen();
    const after = await letter();
    await advance(10_000);
    await r.acceptedCount(1);
    assert.deepEqual(r.accepted.map(brief), [`${after}/0:-1002`]);
    assert.ok(before < after);
    await settings([['Feedback_FeedbackType', 'None']]);
    const off = await letter();
    await advance(10_000);
    assert.deepEqual(await pushedSoFar(), [`${after}/0:-1002`], `nothing of ${off}, sent once pushes were off`);
  });

  it('retries a receiver that fails (500), answers something else or is slow, in order per mailer', async () => {
    const answers: Answer[] = [
      { status: 500, body: 'oops' },
      { status: 500, body: '0' },
      { body: 'OK' },
      { body: '1' },
      { body: '0', delayMs: 300 },
    ];
    const r = await listen((n) => answers[n] ?? { body: ' 0\r\n' });
    const b = await batch();
    const l = await letter();
    await advance(10_000); // both of the batch's pushes are due at once: the item's, then its completion
    await r.acceptedCount(3);
    const ofBatch = r.accepted.filter((p) => p.body.ID === String(b)).map(brief);
    assert.deepEqual(ofBatch, [`${b}/2:-1045`, `${b}/0:-1002`]);
    assert.deepEqual(r.accepted.filter((p) => p.body.ID === String(l)).map(brief), [`${l}/0:-1002`]);
    // The batch's completion was never sent before its item's push was answered.
    const received = r.received.filter((p) => p.body.ID === String(b)).map(brief);
    const firstCompletion = received.indexOf(`${b}/0:-1002`);
    assert.ok(
      received.slice(firstCompletion).every((p) => p === `${b}/0:-1002`),
      received.join(' '),
    );
    assert.ok(received.length >= 3, 'the failures were retried');
  });

  it('ends an attempt past its overall deadline (a receiver that trickles), freeing its slot, and retries it', async () => {
    await sandbox.close();
    // One delivery slot: an attempt that held it for ever would keep every other push waiting.
    const limits = { firstRetryMs: 20, maxRetryMs: 80, timeoutMs: 5000, deadlineMs: 300, concurrency: 1 };
    sandbox = await startTestSandbox({ pushes: limits });
    call = httpCaller(sandbox.url, 'http-post');
    const slow = await letter();
    const quick = await letter();
    let slowTries = 0;
    const r = await listen((_n, push) => (push.body.ID === String(slow) && ++slowTries <= 2 ? 'trickle' : { body: '0' }));
    await advance(10_000);
    await r.acceptedCount(2);
    assert.deepEqual(
      r.accepted.map((p) => p.body.ID),
      [String(quick), String(slow)],
      'the other push went through while the trickling receiver was retried',
    );
    assert.equal(slowTries, 3, 'two attempts ended at the deadline, each retried');
  });

  it('keeps every push for a receiver that is gone (connection refused) until it comes back', async () => {
    const r = await listen();
    await r.close();
    const ids = [await letter(), await letter(), await letter()];
    await advance(10_000);
    // Each refused at least once before it comes back: a marker to another receiver arrives only
    // after every push started before it was tried (how many tries does not matter).
    const witness = await startPushReceiver();
    try {
      await markerSender(sandbox.url, witness);
      await pushMarker(sandbox.url, witness);
      // Answered and on disk before its sender's pushes go back to \`r\`: never sent there.
      await pushJournaled(sandbox.dataDir, Number(witness.received[0]!.body.ID), '0:-1018');
    } finally {
      await witness.close();
    }
    await markerSender(sandbox.url, r);
    await r.reopen();
    await r.acceptedCount(3);
    assert.deepEqual(r.accepted.map((p) => p.body.ID).sort(), ids.map(String).sort());
    assert.deepEqual((await pushedSoFar()).sort(), ids.map((id) => `${id}/0:-1002`).sort(), 'each sent once it was answered');
  });

  it('keeps a pending push across a restart, and after it none is sent twice, the journal compacted or not', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mailroom-pushes-'));
    try {
      await sandbox.close();
      sandbox = await startTestSandbox({ dataDir, pushes: { firstRetryMs: 20 } });
      call = httpCaller(sandbox.url, 'http-post');
      const r = await listen((n) => (n === 0 ? 'hold' : { body: '0' }));
      const id = await letter();
      await advance(10_000);
      await r.receivedCount(1);
      const now = sandbox.now;
      await sandbox.close(); // the push in flight is abandoned, unanswered
      sandbox = await startTestSandbox({ dataDir, now, pushes: { firstRetryMs: 20 } });
      await r.acceptedCount(1);
      assert.deepEqual(r.accepted.map(brief), [`${id}/0:-1002`]);
      // Once its record is on disk (before, a stop may abandon the answer on its way: sent again, at least once).
      await pushJournaled(sandbox.dataDir, id, '0:-1002');
      await sandbox.close();
      sandbox = await startTestSandbox({ dataDir, now, pushes: ONE_AT_A_TIME });
      call = httpCaller(sandbox.url, 'http-post');
      await advance(60_000);
      assert.deepEqual(
        await pushedSoFar(),
        [`${id}/0:-1002`, `${id}/0:-1002`],
        'the one held, the one answered after the restart, and none once its record was on disk',
      );
      // That start compacted the journal: the next one reads the push as answered from the snapshot.
      await sandbox.close();
      sandbox = await startTestSandbox({ dataDir, now, pushes: ONE_AT_A_TIME });
      call = httpCaller(sandbox.url, 'http-post');
      await advance(60_000);
      assert.deepEqual(await pushedSoFar(), [`${id}/0:-1002`, `${id}/0:-1002`], 'none after the compacted journal was read');
      assert.ok(T0 < now());
    } finally {
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("owes a batch made to fail before it was printed its own Error push only, not its items' (which never failed on their own)", () => {
    const sender = {
      settings: Object.fromEntries(
        [...ALL_ON, ['Feedback_Post_FeedbackURL', 'http://127.0.0.1:1/']].map(([name, value]) => [name!, value!]),
      ),
    } as unknown as UserRecord;
    const batch = {
      id: 7,
      submittedAt: 0,
      workMode: 'Development',
      funded: true,
      items: [{ itemId: 1, failure: -1018 }, { itemId: 2 }],
    } as unknown as MailerRecord;
    const brief = (m: MailerRecord) => pushesOf(m, sender, DEFAULT_SCHEDULE).map((p) => `${p.itemId}:${p.status}@${p.at}`);
    assert.deepEqual(brief({ ...batch, failedAt: { status: -1045, at: 3000 } }), ['0:-1045@3000']);
    assert.deepEqual(
      brief({ ...batch, failedAt: { status: -1045, at: 5000 } }),
      ['1:-1018@4000', '0:-1045@5000'],
      'after printing: the item had failed',
    );
  });
});
