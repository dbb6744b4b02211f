/**
 * `mailroom sandbox advance | fail | funds | reset`, run as a child process against a running
 * sandbox (whose own clock stands still at T0, so only `advance` moves it), with what they did
 * read back through the Mail WS over real HTTP.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mailroom, type CliRun } from '../helpers/cli';
import { PRINTED_AT_SEND, httpCaller, sendLetterToJane, startTestSandbox, type Call, type TestSandbox } from '../helpers/sandbox';

const demo = { Username: 'demo', Password: 'demo' };

describe('mailroom sandbox advance | fail | funds | reset', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let call: Call;
  const control = (...args: string[]): Promise<CliRun> => mailroom(['sandbox', ...args], { env: { MAILROOM_ENDPOINT: sandbox.url } });
  const send = (description: string, workMode = 'Development') => sendLetterToJane(call, description, { workMode });
  const status = async (id: number) => ((await call('simple', 'GetLetterStatusV2', { ...demo, ID: id })) as { Status: number }).Status;
  const resultOf = async (id: number) =>
    ((await call('simple', 'GetLetterStatusV2', { ...demo, ID: id })) as { ResultCode: number }).ResultCode;

  beforeEach(async () => {
    sandbox = await startTestSandbox();
    call = httpCaller(sandbox.url, 'http-post');
  });
  afterEach(() => sandbox.close());

  it('advance moves the clock for everyone: a letter goes on to Completed', async () => {
    const id = await send('advanced');
    assert.equal(await status(id), -900);
    const first = await control('advance', '3s');
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /clock moved 3s ahead \(3s in all\)/);
    assert.equal(await status(id), -910);
    const second = await control('advance', '1h30m', '--json');
    assert.equal(second.code, 0, second.stderr);
    const reply = JSON.parse(second.stdout) as { advancedMs: number; offsetMs: number; now: string };
    assert.deepEqual([reply.advancedMs, reply.offsetMs], [5_400_000, 5_403_000]);
    assert.equal(Date.parse(reply.now), sandbox.now() + 5_403_000, "the reply gives the sandbox's clock");
    assert.equal(await status(id), -1002, 'a Development letter is Completed');
  });

  it('advance refuses what is not a duration (exit 2) and says where no sandbox answers (exit 1)', async () => {
    for (const bad of ['5', '-3s', '2 weeks', 'h']) {
      const run = await control('advance', bad);
      assert.equal(run.code, 2, `advance ${bad}: ${run.stderr}`);
      assert.match(run.stderr, /DURATION takes a number and a unit/);
    }
    const nowhere = await mailroom(['sandbox', 'advance', '1h', '--endpoint', 'http://127.0.0.1:9']);
    assert.equal(nowhere.code, 1);
    assert.match(nowhere.stderr, /no sandbox answered at http:\/\/127\.0\.0\.1:9/);
  });

  it('fail ends a mailer not yet final at the chosen status, and refuses a final one, an unknown ID and another code', async () => {
    const id = await send('failing');
    const run = await control('fail', String(id), '-1018');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, `Mailer ${id} failed: -1018 Failed: the US address could not be verified.\n`);
    assert.equal(await status(id), -1018, 'GetLetterStatusV2 says -1018 at once');
    await control('advance', '1d');
    assert.equal(await status(id), -1018, 'and keeps it: the course ended there');

    const again = await control('fail', String(id), '-1025');
    assert.equal(again.code, 1);
    assert.match(again.stderr, new RegExp(`mailer ${id} has already ended: -1018`));
    const unknown = await control('fail', '99', '-1018');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /the sandbox has no mailer 99/);
    const other = await control('fail', String(id), '-1000');
    assert.equal(other.code, 2);
    assert.match(other.stderr, /CODE is one of -1010 .*-1065/);
  });

  it('fail refunds what a Production mailer was charged, which pays for one waiting for funds', async () => {
    const first = await send('paid', 'Production');
    const price = ((await call('datedA', 'GetDetails', { ...demo, ID: String(first) })) as { Details: { Price: number }[] }).Details[0]!
      .Price;
    assert.ok(price > 0);
    assert.equal((await control('funds', 'demo', '0')).code, 0);
    const unpaid = await send('waits for funds', 'Production');
    await control('advance', '3s');
    assert.deepEqual([await status(first), await status(unpaid)], [-910, -990], 'the first was paid, the second waits');
    const failed = await control('fail', String(first), '-1065', '--json');
    assert.equal(failed.code, 0, failed.stderr);
    const reply = JSON.parse(failed.stdout) as { refunded: number; funded: number[] };
    assert.equal(reply.refunded, price);
    assert.deepEqual(reply.funded, [unpaid], 'the reply names the mailer the refund paid for');
    assert.equal(await status(unpaid), -910, 'the refund paid for the letter waiting for funds');
    await control('advance', '6s');
    assert.deepEqual([await status(first), await status(unpaid)], [-1065, -1000]);
  });

  it('funds sets the balance: a Production letter without funds ends at -1010, one sent after funds are set goes through', async () => {
    const empty = await control('funds', 'demo', '0');
    assert.equal(empty.code, 0, empty.stderr);
    assert.equal(empty.stdout, 'Account Demo now has $0.00.\n');
    const unfunded = await send('no funds', 'Production');
    await control('advance', '3s');
    assert.equal(await status(unfunded), -990);
    await control('advance', '10s');
    assert.equal(await status(unfunded), -1010);

    const set = await control('funds', 'demo', '12.50', '--json');
    assert.deepEqual(JSON.parse(set.stdout), { account: 'Demo', balance: 12.5, funded: [] }, 'too late for the letter that gave up');
    assert.equal(await status(unfunded), -1010);
    const funded = await send('funded', 'Production');
    await control('advance', '6s');
    assert.equal(await status(funded), -1000);

    await control('funds', 'demo', '0');
    const waiting = await send('waits', 'Production');
    await control('advance', '3s');
    const paid = await control('funds', 'demo', '5');
    assert.equal(paid.code, 0, paid.stderr);
    assert.match(paid.stdout, new RegExp(`^Account Demo now has \\$4\\.\\d\\d\\. It paid for mailer ${waiting}, waiting for funds\\.\\n$`));
    assert.equal(await status(waiting), -910);

    const nobody = await control('funds', 'nobody', '5');
    assert.equal(nobody.code, 1);
    assert.match(nobody.stderr, /no user "nobody"/);
    for (const bad of ['-1', 'lots', '1.005']) {
      const run = await control('funds', 'demo', bad);
      assert.equal(run.code, 2, `funds demo ${bad}`);
      assert.match(run.stderr, /AMOUNT takes dollars, 0 or more, to the cent/);
    }
  });

  it('reset forgets every mailer and stored file, from disk too; accounts stay and IDs are not used again', async () => {
    const old = await send('forgotten secret');
    // Printed at its send: its PDF is a blob on disk.
    const printed = await sendLetterToJane(call, 'forgotten secret', { more: PRINTED_AT_SEND });
    await control('advance', '5s');
    const upload = await call('datedA', 'UploadFile', {
      ...demo,
      MyFileName: 'letterhead.html',
      FileBinaryData: Buffer.from('<p>letterhead</p>'),
      Permissions: 'Account',
      Description: 'Our letterhead',
      Overwrite: false,
    });
    assert.equal(upload, -3000, 'stored');
    assert.ok(readdirSync(join(sandbox.dataDir, 'blobs')).length >= 2);

    const run = await control('reset');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'The sandbox forgot 2 mailers and 1 stored file; accounts and users stay.\n');
    assert.equal(await resultOf(old), -3116, 'GetLetterStatusV2 of an old ID: no such mailer');
    assert.equal(await resultOf(printed), -3116);
    const files = (await call('datedA', 'GetUploadedFileDetails', demo)) as { ResultCode: number };
    assert.equal(files.ResultCode, -3163, 'no stored files');
    assert.deepEqual(readdirSync(join(sandbox.dataDir, 'blobs')), [], 'their blobs are gone from disk');
    const journal = readFileSync(join(sandbox.dataDir, 'journal.jsonl'), 'utf8');
    assert.doesNotMatch(journal, /forgotten secret|letterhead/, 'and so are their records');

    const next = await send('after the reset');
    assert.ok(next > old, 'a new mailer gets a new ID');
    assert.equal(await status(next), -900, 'demo still signs in and sends');
  });
});
