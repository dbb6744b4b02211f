/**
 * A mailer's course with an injected clock: statuses, times, money, cancellation, the failures
 * the sandbox can print, time zones and the optional rate limit.
 */
import { strict as assert } from 'node:assert';
import { ZERO_DATE } from '../../src/contract';
import { samplePdf, JANE_DOE } from '../helpers/documents';
import { T0, httpCaller, soapCaller, startTestSandbox, type Call, type TestSandbox } from '../helpers/sandbox';

const demo = { Username: 'demo', Password: 'demo' };
const address = JANE_DOE;
const html = Buffer.from('<p>Hello</p>');

type Status = { ResultCode: number; Status: number; Description?: string; LastUpdateTime: Date };
type Details = Record<string, unknown> & { Status: number; CompletionTime: Date; Price: number; NumOfSheets: number };

describe('sandbox lifecycle, with an injected clock', function () {
  this.timeout(30_000);
  let sandbox: TestSandbox;
  let call: Call;
  const send = (extra: Record<string, unknown> = {}) =>
    call('simple', 'SendLetterAndAddressV2', {
      ...demo,
      MyDescription: 'course',
      FileExtension: 'html',
      FileBinaryData: html,
      WorkMode: 'Development',
      ...address,
      ...extra,
    }) as Promise<number>;
  const status = (id: number, who = demo) => call('simple', 'GetLetterStatusV2', { ...who, ID: id }) as Promise<Status>;
  const details = async (id: number) =>
    ((await call('datedA', 'GetDetails', { ...demo, ID: String(id) })) as { Details: Details[] }).Details[0]!;

  beforeEach(async () => {
    sandbox = await startTestSandbox({
      accounts: {
        accounts: [
          {
            name: 'Demo',
            balance: 1,
            users: [{ username: 'demo', password: 'demo', admin: true, apiKey: 'demo-key', settings: { General_Timezone: 'UTC' } }],
          },
        ],
      },
    });
    call = httpCaller(sandbox.url, 'http-post');
  });
  afterEach(() => sandbox.close());

  it('moves Received → In Process → Waiting For Delivery → Completed (Development), with its times', async () => {
    const id = await send();
    const seen: [number, string | undefined, number][] = [];
    for (const at of [0, 1999, 2000, 3999, 4000, 5999, 6000, 60_000]) {
      sandbox.advance(at - (sandbox.now() - T0));
      const s = await status(id);
      seen.push([s.Status, s.Description, s.LastUpdateTime.getTime() - T0]);
    }
    assert.deepEqual(seen, [
      [-900, 'Received', 0],
      [-900, 'Received', 0],
      [-910, 'In Process', 2000],
      [-910, 'In Process', 2000],
      [-995, 'Waiting For Delivery', 4000],
      [-995, 'Waiting For Delivery', 4000],
      [-1002, 'Completed: successfully processed in Development work mode', 6000],
      [-1002, 'Completed: successfully processed in Development work mode', 6000],
    ]);
    const d = await details(id);
    assert.equal(d.CompletionTime.getTime(), T0 + 6000);
    assert.equal((d.SubmitTime as Date).getTime(), T0);
  });

  it('keeps CompletionTime at 0001-01-01T00:00:00 until final', async () => {
    const id = await send();
    sandbox.advance(5000);
    assert.equal((await details(id)).CompletionTime.getTime(), ZERO_DATE.getTime());
  });

  it('charges Production sends, waits at -990 then fails at -1010 without funds, and a cancel refunds and pays for one waiting', async () => {
    const first = await send({ WorkMode: 'Production' });
    const price = (await details(first)).Price;
    assert.ok(price > 0.5 && price < 1, `one sheet costs ${price}`);
    const second = await send({ WorkMode: 'Production' });
    sandbox.advance(3000);
    assert.equal((await status(first)).Status, -910, 'funded');
    assert.equal((await status(second)).Status, -990, 'the balance of 1.00 paid for one letter only');
    assert.equal(await call('datedA', 'CancelDelivery', { ...demo, ID: first }), -3000);
    const paid = await status(second);
    assert.deepEqual([paid.Status, paid.LastUpdateTime.getTime()], [-910, T0 + 3000], 'the refund paid for the waiting letter, now');
    const third = await send({ WorkMode: 'Production' });
    sandbox.advance(2000);
    assert.equal((await status(third)).Status, -990, 'nothing was left for the third');
    assert.equal((await status(second)).Status, -995, 'printed 2 s after it was paid');
    sandbox.advance(8000);
    assert.equal((await status(third)).Status, -1010);
    assert.equal((await status(second)).Status, -1000);
    assert.equal((await details(second)).CompletionTime.getTime(), T0 + 7000, 'completed as late as it waited');
    assert.equal((await status(first)).Status, -1005);
    assert.equal((await details(first)).CompletionTime.getTime(), T0 + 3000);
  });

  it('fails what cannot be mailed when it is printed: -1065, -1025, -1018, -1045', async () => {
    const tooLong = await send({ FileExtension: 'pdf', FileBinaryData: await samplePdf(8) });
    const broken = await send({ FileExtension: 'pdf', FileBinaryData: Buffer.from('%PDF-1.4 this is not really a PDF') });
    const badZip = await send({ PostalCode: '6270' });
    const noAddress = (await call('simple', 'SendLetterV2', {
      ...demo,
      MyDescription: 'blank',
      FileExtension: 'html',
      FileBinaryData: Buffer.from('<p> </p>'),
      WorkMode: 'Development',
    })) as number;
    sandbox.advance(3000);
    for (const id of [tooLong, broken, badZip, noAddress]) assert.equal((await status(id)).Status, -910, 'accepted and in process first');
    sandbox.advance(1000);
    assert.deepEqual(
      await Promise.all([tooLong, broken, badZip, noAddress].map(async (id) => (await status(id)).Status)),
      [-1065, -1025, -1018, -1045],
    );
    assert.equal((await details(tooLong)).NumOfSheets, 9);
    assert.equal(((await call('simple', 'GetPDF', { ...demo, ID: broken })) as { ResultCode: number }).ResultCode, -3020);
  });

  it("fails a Production letter to a ZIP code that does not exist, or is another state's, at -1018 when printed, unpaid; Development completes it", async () => {
    const unknown = await send({ PostalCode: '21301', WorkMode: 'Production' });
    const otherState = await send({ State: 'MO', WorkMode: 'Production' });
    const otherCity = await send({ City: 'Chicago', WorkMode: 'Production' });
    const development = await send({ PostalCode: '21301' });
    sandbox.advance(10_000);
    // The balance of 1.00 pays for one letter: the third is mailed only if the two before it, failed, drew nothing.
    assert.deepEqual(
      await Promise.all([unknown, otherState, otherCity, development].map(async (id) => (await status(id)).Status)),
      [-1018, -1018, -1000, -1002],
      "a city the ZIP code may not serve is the USPS's to mend, not a failure",
    );
  });

  it("writes times on the wall clock of the user's time zone, without an offset", async () => {
    const id = await send();
    const soap = soapCaller(sandbox.url, 'soap11');
    assert.equal(
      await soap('admin', 'SetUserSettings', {
        APIKey: 'demo-key',
        Username: 'demo',
        Settings: [['General_Timezone', 'America/New_York']],
      }),
      -3000,
    );
    const s = await status(id);
    assert.equal(s.LastUpdateTime.getTime(), T0 - 5 * 3600_000, 'November is EST, UTC-5');
    const text = await (await fetch(`${sandbox.url}/MailWS.asmx/GetLetterStatus?Username=demo&Password=demo&ID=${id}`)).text();
    assert.match(text, /<LastUpdateTime>2026-11-22T04:00:00<\/LastUpdateTime>/);
  });
});

describe('sandbox rate limit (--rate-limit)', () => {
  it('answers -3500 to a second call of a Get method within 6 seconds, per user and method', async () => {
    const sandbox = await startTestSandbox({ rateLimit: true });
    try {
      const call = httpCaller(sandbox.url, 'http-get');
      const statusOf = async () => ((await call('simple', 'GetLetterStatus', { ...demo, ID: 5 })) as { ResultCode: number }).ResultCode;
      assert.equal(await statusOf(), -3116);
      assert.equal(await statusOf(), -3500);
      assert.equal(
        ((await call('simple', 'GetLetterStatusV2', { ...demo, ID: 5 })) as { ResultCode: number }).ResultCode,
        -3116,
        'another method',
      );
      assert.equal(
        ((await call('simple', 'GetLetterStatus', { Username: 'clerk', Password: 'clerk', ID: 5 })) as { ResultCode: number }).ResultCode,
        -3116,
        'another user',
      );
      sandbox.advance(6000);
      assert.equal(await statusOf(), -3116);
      assert.equal(await call('datedA', 'CancelDelivery', { ...demo, ID: 5 }), -3116, 'not a Get method');
      assert.equal(await call('datedA', 'CancelDelivery', { ...demo, ID: 5 }), -3116);
    } finally {
      await sandbox.close();
    }
  });
});
