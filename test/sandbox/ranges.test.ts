/**
 * The two `_Range` operations answer at most 1000 mailers (service facts, Identifiers: "at most
 * 1000 items per query; items past 1000 are ignored"), the lowest IDs first, whether the range is
 * narrower than the store (looked up ID by ID) or wider (the store walked).
 */
import { strict as assert } from 'node:assert';
import { MAX_IDS_PER_QUERY } from '../../src/contract';
import { httpCaller, startTestSandbox, type Call, type TestSandbox } from '../helpers/sandbox';

const demo = { Username: 'demo', Password: 'demo' };
type Range = { ResultCode: number; LetterStatuses: { ID: number }[] };

describe('sandbox: a range answers at most 1000 mailers', function () {
  this.timeout(120_000);
  let sandbox: TestSandbox;
  let call: Call;
  let ids: number[];

  before(async () => {
    sandbox = await startTestSandbox();
    call = httpCaller(sandbox.url, 'http-post');
    const letter = {
      ...demo,
      MyDescription: 'range',
      FileExtension: 'html',
      FileBinaryData: Buffer.from('<p>r</p>'),
      WorkMode: 'Development',
    };
    ids = [];
    // One more than a query answers, sent 20 at a time.
    for (let sent = 0; sent <= MAX_IDS_PER_QUERY; sent += 20) {
      const batch = Array.from(
        { length: Math.min(20, MAX_IDS_PER_QUERY + 1 - sent) },
        () => call('simple', 'SendLetterV2', letter) as Promise<number>,
      );
      ids.push(...(await Promise.all(batch)));
    }
    ids.sort((a, b) => a - b);
    assert.equal(ids.length, 1001);
    assert.equal(ids[1000]! - ids[0]!, 1000, 'consecutive IDs');
  });
  after(() => sandbox.close());

  for (const op of ['GetLetterStatus_Range', 'GetLetterStatusV2_Range']) {
    it(`${op}: the first 1000 of 1001, over a range as wide as the mailers and over a wider one`, async () => {
      const first = ids[0]!;
      const last = ids[1000]!;
      const cases: [string, number, number][] = [
        // MaxID - MinID (1000) is less than the mailers in the store (1001): looked up ID by ID.
        ['exactly the mailers', first, last],
        // Far wider than the store: the store is walked.
        ['from 1 to far past them', 1, last + 1_000_000],
      ];
      for (const [name, MinID, MaxID] of cases) {
        const range = (await call('simple', op, { ...demo, MinID, MaxID })) as Range;
        assert.equal(range.ResultCode, -3000, name);
        const answered = range.LetterStatuses.map((s) => s.ID);
        assert.equal(answered.length, 1000, `${name}: ${answered.length} items`);
        assert.deepEqual(answered, ids.slice(0, 1000), `${name}: the lowest 1000 IDs, ascending`);
      }
      // Under the cap, the whole range: the last of them is there when the range starts one later.
      const rest = (await call('simple', op, { ...demo, MinID: ids[1]!, MaxID: last })) as Range;
      assert.deepEqual(
        rest.LetterStatuses.map((s) => s.ID),
        ids.slice(1),
      );
    });
  }
});
