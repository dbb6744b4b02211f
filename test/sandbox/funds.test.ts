/**
 * Funds that arrive while a Production mailer waits at -990 (facts: "continues if funds arrive
 * within 72 hours"): raised through the control path before the mailer gives up, they pay for it
 * once and its course goes on, later by as long as it waited; raised after, they pay for nothing.
 * A real sandbox over HTTP, its clock moved by the control path's `advance` (kept across restarts).
 */
import { strict as assert } from 'node:assert';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZERO_DATE } from '../../src/contract';
import { callControl } from '../../src/sandbox/control/client';
import { checkedLine } from '../../src/sandbox/store/checksums';
import type { AccountRecord } from '../../src/sandbox/store/records';
import { gzipText } from '../helpers/documents';
import { ONE_AT_A_TIME, markerSender, pushJournaled, pushMarker, withoutMarkers } from '../helpers/push-marker';
import { startPushReceiver, type PushReceiver } from '../helpers/push-receiver';
import { T0, httpCaller, sendLetterToJane, startTestSandbox, type Call, type TestSandbox } from '../helpers/sandbox';
import { storedState } from '../helpers/stored-state';

const demo = { Username: 'demo', Password: 'demo' };

type Status = { Status: number; LastUpdateTime: Date };
type Details = { Status: number; Price: number; CompletionTime: Date };

describe('sandbox: funds that arrive while a mailer waits at -990', function () {
  this.timeout(30_000);
  let dataDir: string;
  let sandbox: TestSandbox;
  let call: Call;
  let receiver: PushReceiver | undefined;

  const start = async () => {
    sandbox = await startTestSandbox({ dataDir, pushes: { firstRetryMs: 20, maxRetryMs: 80, ...ONE_AT_A_TIME } });
    call = httpCaller(sandbox.url, 'http-post');
  };
  beforeEach(async () => {
    offset = 0;
    dataDir = mkdtempSync(join(tmpdir(), 'mailroom-funds-'));
    await start();
  });
  afterEach(async () => {
    await sandbox.close();
    await receiver?.close();
    receiver = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** How far the control path moved the sandbox's clock ahead of the test's (T0): kept across restarts. */
  let offset = 0;
  /** Moves the sandbox's clock to T0 + ms (it only goes forward), through the control path. */
  const at = async (ms: number) => {
    if (ms <= offset) return assert.equal(ms, offset, 'the clock only goes forward');
    const moved = await callControl(sandbox.url, 'advance', { duration: `${(ms - offset) / 1000}s` });
    offset = moved.offsetMs;
    assert.equal(moved.now, new Date(T0 + ms).toISOString());
  };
  const funds = (amount: number) => callControl(sandbox.url, 'funds', { user: 'demo', amount });
  const production = (description: string) => sendLetterToJane(call, description, { workMode: 'Production' });
  const status = async (id: number) => {
    const s = (await call('simple', 'GetLetterStatusV2', { ...demo, ID: id })) as Status;
    return [s.Status, s.LastUpdateTime.getTime() - T0];
  };
  const details = async (id: number) =>
    ((await call('datedA', 'GetDetails', { ...demo, ID: String(id) })) as { Details: Details[] }).Details[0]!;
  /** GetDetails' status and completion time (from T0; negative for none yet). */
  const detailed = async (id: number) => {
    const d = await details(id);
    return [d.Status, d.CompletionTime.getTime() - T0];
  };
  const balance = async () => {
    await sandbox.close();
    const { accounts } = await storedState(dataDir);
    await start();
    return (accounts as AccountRecord[]).find((a) => a.name === 'Demo')!.balance;
  };
  const cents = (dollars: number) => Math.round(dollars * 100);

  it('goes on from -990 when funds arrive in time, later by its wait, charged once, across a restart', async () => {
    await funds(0);
    const id = await production('waits');
    const { Price: price } = await details(id);
    await at(5000);
    assert.deepEqual(await status(id), [-990, 2000], 'waiting for funds since In Process');

    const paid = await funds(price + 1);
    assert.deepEqual(paid.funded, [id]);
    assert.equal(cents(paid.balance), 100, 'its price was drawn');
    // The rest of its course comes 3 s later than it would have: In Process 3 s → 5 s, and so on.
    assert.deepEqual(await status(id), [-910, 5000], 'In Process again from the instant it was paid');
    assert.deepEqual(await detailed(id), [-910, ZERO_DATE.getTime() - T0], 'no completion time yet');
    await at(6999);
    assert.deepEqual(await status(id), [-910, 5000]);
    await at(7000);
    assert.deepEqual(await status(id), [-995, 7000]);
    assert.equal(((await call('simple', 'GetPDF', { ...demo, ID: id })) as { ResultCode: number }).ResultCode, -3000, 'printed');

    await sandbox.close();
    await start();
    assert.deepEqual(await status(id), [-995, 7000], 'the course survives a restart (journal)');
    await at(8999);
    assert.deepEqual(await status(id), [-995, 7000]);
    await at(9000);
    assert.deepEqual(await status(id), [-1000, 9000]);
    assert.deepEqual(await detailed(id), [-1000, 9000], 'GetDetails agrees');
    await at(20_000);
    assert.deepEqual(await status(id), [-1000, 9000], 'past the give-up instant it stays completed');
    assert.equal(((await call('simple', 'GetPDF', { ...demo, ID: id })) as { ResultCode: number }).ResultCode, -3000, 'still served');

    // The restart compacted the journal: the snapshot keeps when it was paid, and nothing is charged again.
    assert.equal(cents(await balance()), 100);
    assert.deepEqual(await status(id), [-1000, 9000], 'from the snapshot');
    assert.equal(cents(await balance()), 100);
  });

  it('funds raised after the mailer gave up pay for nothing: it stays at -1010', async () => {
    await funds(0);
    const id = await production('gives up');
    await at(10_000);
    assert.deepEqual(await status(id), [-1010, 10_000]);
    const late = await funds(20);
    assert.deepEqual(late.funded, []);
    assert.equal(late.balance, 20);
    await at(30_000);
    assert.deepEqual(await status(id), [-1010, 10_000]);
    assert.deepEqual(await detailed(id), [-1010, 10_000]);
    assert.equal(await balance(), 20, 'nothing was charged');
  });

  it('funds for one of two waiting letters pay for the older; the younger waits on and gives up', async () => {
    await funds(0);
    const older = await production('older');
    await at(1000);
    const younger = await production('younger');
    const { Price: price } = await details(older);
    assert.equal((await details(younger)).Price, price, 'the same price');
    await at(4000);
    assert.deepEqual(
      [await status(older), await status(younger)],
      [
        [-990, 2000],
        [-990, 3000],
      ],
    );
    const paid = await funds(price + 0.1);
    assert.deepEqual(paid.funded, [older]);
    assert.equal(cents(paid.balance), 10);
    assert.deepEqual(
      [await status(older), await status(younger)],
      [
        [-910, 4000],
        [-990, 3000],
      ],
    );
    await at(6000);
    assert.deepEqual(
      [await status(older), await status(younger)],
      [
        [-995, 6000],
        [-990, 3000],
      ],
    );
    await at(11_000);
    assert.deepEqual(
      [await status(older), await status(younger)],
      [
        [-1000, 8000],
        [-1010, 11_000],
      ],
    );
    const pdf = async (id: number) => ((await call('simple', 'GetPDF', { ...demo, ID: id })) as { ResultCode: number }).ResultCode;
    assert.deepEqual([await pdf(older), await pdf(younger)], [-3000, -3020], 'the one paid for was printed; the other never will be');
  });

  it('funds that arrive while the letter is still Received pay for it before it ever waits', async () => {
    await funds(0);
    const id = await production('early');
    await at(1000);
    assert.deepEqual((await funds(10)).funded, [id]);
    assert.deepEqual(await status(id), [-900, 0]);
    await at(2000);
    assert.deepEqual(await status(id), [-910, 2000], 'on its schedule, no -990');
    await at(6000);
    assert.deepEqual(await detailed(id), [-1000, 6000]);
  });

  it('a cancel of a wait stays free, and a cancelled letter is never paid for later', async () => {
    await funds(0);
    const cancelled = await production('cancelled');
    await at(3000);
    assert.equal(await call('datedA', 'CancelDelivery', { ...demo, ID: cancelled }), -3000);
    const later = await funds(10);
    assert.deepEqual(later.funded, []);
    assert.equal(later.balance, 10);
    await at(20_000);
    assert.deepEqual(await status(cancelled), [-1005, 3000]);
  });

  it('a letter paid while it waited, then cancelled, gets its price back, which pays for the next one waiting; alike after a restart', async () => {
    await funds(0);
    const first = await production('paid later, then cancelled');
    const second = await production('waits for the refund');
    const { Price: price } = await details(first);
    assert.equal((await details(second)).Price, price, 'the same letter, the same price');
    await at(3000);
    assert.deepEqual((await funds(price)).funded, [first], 'the older is paid for, the younger waits');
    assert.deepEqual((await status(second))[0], -990);
    await at(4000);
    assert.equal(await call('datedA', 'CancelDelivery', { ...demo, ID: first }), -3000);
    assert.deepEqual(await status(first), [-1005, 4000]);
    assert.deepEqual(await status(second), [-910, 4000], 'the refund paid for the one waiting, at the cancel');
    assert.equal(cents(await balance()), 0, 'one price in, one refunded, one drawn again: nothing left, nothing made');
    await at(8000);
    assert.deepEqual(await status(second), [-1000, 8000], 'its course later by its wait (2 s)');
    assert.deepEqual(await status(first), [-1005, 4000]);
    assert.equal(cents(await balance()), 0);
  });

  it('pays for a whole mail merge waiting for funds: its items go on with it', async () => {
    await funds(0);
    const batch = (
      (await call('datedA', 'SendWordMailMerge_Compressed', {
        ...demo,
        MyDescription: 'batch',
        FileExtension: 'html',
        FileBinaryData: Buffer.from('<p>{{AttentionLine1}}</p>'),
        // The second row has a name and no address (a line of empty cells only would be no row): that item fails (-1045) when the batch is printed.
        MergeData: gzipText('AttentionLine1,Address1,City,PostalCode\nJane,1 Main St,Springfield,62701\nSam,,,\n'),
        WorkMode: 'Production',
      })) as { ResultCode: number }
    ).ResultCode;
    const items = async () =>
      ((await call('datedA', 'GetBatchStatus', { ...demo, ID: batch })) as { Statuses: Status[] }).Statuses.map((s) => [
        s.Status,
        s.LastUpdateTime.getTime() - T0,
      ]);
    await at(3000);
    assert.deepEqual(await items(), [
      [-990, 2000],
      [-990, 2000],
    ]);
    const { Price: price } = await details(batch);
    assert.deepEqual((await funds(price)).funded, [batch], 'its whole price');
    // Paid 1 s into its wait: printed at 5 s rather than 4, completed at 7 rather than 6.
    await at(4999);
    assert.deepEqual(await items(), [
      [-910, 3000],
      [-910, 3000],
    ]);
    await at(5000);
    assert.deepEqual(await items(), [
      [-995, 5000],
      [-1045, 5000],
    ]);
    await at(7000);
    assert.deepEqual(await status(batch), [-1000, 7000]);
  });

  it('pushes Completed at the shifted time, and not the -1010 it would have ended at', async () => {
    const r = (receiver = await startPushReceiver());
    const settings = [
      ['Feedback_FeedbackType', 'Post'],
      ['Feedback_Post_WhenToSend_Completed', 'True'],
      ['Feedback_Post_WhenToSend_Error', 'True'],
      ['Feedback_Post_FeedbackURL', r.url],
    ];
    assert.equal(await call('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'demo', Settings: settings }), -3000);
    await markerSender(sandbox.url, r);
    // What arrived for demo once a later push has (test/helpers/push-marker.ts).
    const pushed = async () => {
      await pushMarker(sandbox.url, r);
      return withoutMarkers(r).map((p) => [p.body.ID, p.body.Status, p.body.StatusTime]);
    };
    await funds(0);
    const id = await production('pushed late');
    await at(5000);
    await funds(10);
    await at(8000); // past when it would have completed (6 s) had it been paid at its send; before it does now (9 s)
    assert.deepEqual(await pushed(), [], 'nothing due yet');
    await at(12_000); // past when it would have given up (10 s)
    await r.arrived({ ID: String(id) });
    // Its pushes go in order, each once the one before was answered and journaled: a -1010 after it would be there by now.
    await pushJournaled(dataDir, id, '0:-1000');
    assert.deepEqual(await pushed(), [[String(id), '-1000', '2026-11-22T09:00:09']], 'Completed, and no -1010');
  });

  it('reads a journal written before funds paid for waiting mailers (a funds record without `at` or `funded`)', async () => {
    await funds(0);
    const id = await production('old');
    await at(3000);
    await sandbox.close();
    const accountId = (await storedState(dataDir)).accounts.map((a) => a as AccountRecord).find((a) => a.name === 'Demo')!.id;
    appendFileSync(join(dataDir, 'journal.jsonl'), checkedLine({ t: 'funds', accountId, balance: 30 }));
    await start();
    assert.deepEqual(await status(id), [-990, 2000], 'such a record paid for nothing');
    await at(10_000);
    assert.deepEqual(await status(id), [-1010, 10_000]);
    assert.equal(await balance(), 30);
  });
});
