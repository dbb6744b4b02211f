/**
 * The send guard's verdicts (src/rulebook) in the command line's words (src/cli/spending.ts): the
 * refusals under the send log's lock, the work mode's line before a send, and a merge's rows as
 * runs. The sends themselves are test/cli/spending.test.ts's and repeats.test.ts's.
 */
import { strict as assert } from 'node:assert';
import { forRealWords, refusalOf, rowList } from '../../src/cli/spending';
import { Refused } from '../../src/cli/usage';
import { localMinute } from '../../src/formats';
import { OverBudget, RepeatedSend, sendForReal } from '../../src/rulebook';

const account = { endpoint: 'https://mail.example.com', user: 'ann' };
const sent = '2026-11-26T09:05:00.000Z';
const earlier = [{ entry: 'e1', id: 1021984, time: sent, recipient: 'Jane Doe, Springfield, IL, 62701' }];

describe("the send guard's verdicts in the command line's words", () => {
  it('refuses a send that meanwhile other sends took the budget from, with the amounts and the way past it', () => {
    const refused = refusalOf(new OverBudget({ kind: 'over', spent: 1577.5, budget: 1600, price: 25 }), account);
    assert.ok(refused instanceof Refused);
    assert.equal(
      refused.message,
      "Not sent: meanwhile other sends took the budget: $1,577.50 spent today in Production by ann at https://mail.example.com; this send's $25.00 would pass the daily budget of $1,600.00. Add --over-budget to send anyway.",
    );
    assert.match(
      refusalOf(new OverBudget({ kind: 'over', spent: 1, budget: 1, price: undefined }), account)!.message,
      /price cannot be predicted here/,
    );
    assert.equal(refusalOf(new Error('other'), account), undefined, 'any other error is not a refusal of the rules');
  });

  it('refuses a repeat naming the mailer, when, and the recipient as the post writes it', () => {
    assert.equal(
      refusalOf(new RepeatedSend({ kind: 'repeat', earlier }), account, 'postcard')!.message,
      `Not sent: the same postcard went to Jane Doe, Springfield, IL 62701 as mailer 1021984 on ${localMinute(sent)}. Add --again to send it again.`,
    );
    assert.match(
      refusalOf(new RepeatedSend({ kind: 'repeat', earlier: [{ entry: 'e2', time: sent }], rows: [2, 3, 4, 9], of: 10 }), account)!.message,
      /^Not sent: 4 of 10 rows \(2–4, 9\) of this merge went before, .* in a send of unknown outcome on .*--skip-sent/,
    );
    assert.match(
      refusalOf(new RepeatedSend({ kind: 'repeat', earlier, rows: [1, 2], of: 2 }), account)!.message,
      /^Not sent: all 2 rows of this merge/,
    );
  });

  it("says the work mode's case before a send: Development, Production, and Default as last seen", () => {
    assert.equal(forRealWords(sendForReal('Development')), 'in Development mode');
    assert.equal(forRealWords(sendForReal('Production')), 'in Production mode: printed, mailed and charged');
    assert.equal(
      forRealWords(sendForReal('Default', { mode: 'Production', mailer: 7, time: sent })),
      `in Default mode = the account's Production (as the service ran mailer 7, sent ${localMinute(sent)}): printed, mailed and charged`,
    );
    assert.match(forRealWords(sendForReal('Default')), /work mode unknown \(the service cannot be asked it\)/);
  });

  it('reads rows as runs, and leaves off past twenty runs', () => {
    assert.equal(rowList([2, 3]), '2, 3');
    assert.equal(rowList([3, 7, 9, 10, 11, 12]), '3, 7, 9–12');
    const many = Array.from({ length: 30 }, (_, i) => 2 * i + 1);
    assert.equal(rowList(many), `${many.slice(0, 20).join(', ')}, …`);
  });
});
