/**
 * The send guard's verdicts (src/rulebook: budget, amount, repeats, a merge's rows) in the
 * extension's words (src/extension/model/spending.ts and repeats.ts), as the l10n bundle says them
 * in English: each verdict's data is in its words, and a merge's rows are read as runs.
 */
import { strict as assert } from 'node:assert';
import { numberRuns, type RepeatVerdict } from '../../src/rulebook';
import { repeatedNote, rowList, rowsAgainChoice, sendAgainQuestion } from '../../src/extension/model/repeats';
import { amountQuestion, overBudgetQuestion, takenMeanwhile, unansweredSpending } from '../../src/extension/model/spending';
import { localMinute } from '../../src/formats';

const sent = '2026-11-26T09:05:00.000Z';
const repeat = (rows?: number[], of?: number): Extract<RepeatVerdict, { kind: 'repeat' }> => ({
  kind: 'repeat',
  earlier: [
    { entry: 'e1', id: 1021984, time: sent, recipient: 'Jane Doe, Springfield, IL, 62701' },
    { entry: 'e2', time: sent },
  ],
  ...(rows ? { rows, of } : {}),
});

describe("the send guard's verdicts in the extension's words", () => {
  it('says the budget past, with what was spent, the price and the budget, or that the price cannot be predicted', () => {
    const over = overBudgetQuestion({ kind: 'over', spent: 1577.5, budget: 1600, price: 25 }, 'demo at the local sandbox');
    assert.match(
      over.question,
      /^\$1,577\.50 spent today in Production by demo at the local sandbox; this send's \$25\.00 would pass the daily budget of \$1,600\.00/,
    );
    assert.equal(over.button, 'Send Over Budget');
    assert.match(
      overBudgetQuestion({ kind: 'over', spent: 2, budget: 3, price: undefined }, 'ann').question,
      /price cannot be predicted here, so the daily budget of \$3\.00/,
    );
    assert.match(
      takenMeanwhile({ kind: 'over', spent: 3, budget: 3, price: 1 }, 'ann'),
      /other sends by ann took the daily budget: \$3\.00 spent today, and this send would pass \$3\.00/,
    );
  });

  it('asks about an amount above the threshold with both amounts, and one it cannot predict as such', () => {
    const asked = amountQuestion({ kind: 'amount', price: 12.5, threshold: 10 }, 'letter.md to Jane Doe, Springfield');
    assert.equal(
      asked.question,
      'letter.md to Jane Doe, Springfield costs about $12.50, above the $10.00 you asked to confirm (mailroom.spending.confirmAbove). Send it?',
    );
    assert.equal(asked.button, 'Send for $12.50');
    assert.match(
      amountQuestion({ kind: 'amount', price: undefined, threshold: 10 }, 'x').question,
      /^x: its price cannot be predicted here/,
    );
    assert.match(unansweredSpending('the service did not answer in 30 s'), /\(the service did not answer in 30 s\): they count as made/);
  });

  it('names what a repeat repeats: the mailer and when, a send of unknown outcome, and the recipient as the post writes it', () => {
    const { question } = sendAgainQuestion(repeat(), 'letter.md');
    assert.equal(
      question,
      `The same letter.md went to Jane Doe, Springfield, IL 62701 as mailer 1021984 on ${localMinute(sent)}, a send of unknown outcome on ${localMinute(sent)}. Send it again? It would be printed and mailed again.`,
    );
    assert.equal(repeatedNote([7, 8], true), ' It repeats mailer 7, 8, sent again as you asked; the send log says so.');
    assert.equal(repeatedNote([7], false), ' It repeats mailer 7: in Development a repeat is a test.');
  });

  it("reads a merge's repeated rows as runs, as the command line does, and offers the new rows or all", () => {
    assert.equal(rowList([2, 3]), '2, 3');
    assert.equal(rowList([3, 7, 9, 10, 11, 12]), '3, 7, 9–12');
    const many = Array.from({ length: 30 }, (_, i) => 2 * i + 1);
    assert.equal(numberRuns(many).more, true);
    assert.equal(rowList(many), `${many.slice(0, 20).join(', ')}, …`);
    const some = rowsAgainChoice({ ...repeat([2, 3, 4], 5), rows: [2, 3, 4] });
    assert.match(
      some.title,
      /^3 of 5 rows of this merge \(rows 2–4\) went before, the same letter to the same recipient, as mailer 1021984 on /,
    );
    assert.equal(some.newRows, 'Send the 2 new rows');
    assert.equal(some.all, 'Send all 5 again');
    const every = rowsAgainChoice({ ...repeat([1, 2], 2), rows: [1, 2] });
    assert.match(every.title, /^Every row of this merge went before/);
    assert.equal(every.newRows, undefined);
  });
});
