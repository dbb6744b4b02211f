/** The extension's spending guard as plain code: today's spending from send log records, the budget and the threshold in words. */
import { strict as assert } from 'node:assert';
import type { SendLogRecord } from '../../src/client';
import { aboveThreshold, overBudget, spentToday } from '../../src/extension/model/spending';

const account = { endpoint: 'https://mail.example.com', user: 'ann' };
const now = new Date();
const yesterday = new Date(now.getTime() - 36 * 3600_000);

function record(fields: Partial<SendLogRecord> & { price?: number }): SendLogRecord {
  return {
    entry: Math.random().toString(36),
    time: now.toISOString(),
    ...account,
    operation: 'SendLetterAndAddressV2',
    workMode: 'Production',
    sha256: '0'.repeat(64),
    bytes: 1,
    outcome: 'sent',
    id: 1,
    ...fields,
  } as SendLogRecord;
}

describe("the extension's spending guard", () => {
  it("counts today's sends of the account that may charge it, those of unknown outcome too", () => {
    const records = [
      record({ price: 1.25 }),
      record({ price: 0.5, workMode: 'Default' }),
      record({ price: 2, outcome: 'unknown', reason: 'no answer' }),
      record({ price: 9, workMode: 'Development' }),
      record({ price: 9, outcome: 'refused', reason: 'no' }),
      record({ price: 9, user: 'bob' }),
      record({ price: 9, endpoint: 'https://other.example.com' }),
      record({ price: 9, time: yesterday.toISOString() }),
      record({}),
    ];
    assert.equal(spentToday(records, account, now), 3.75);
    assert.equal(spentToday([], account, now), 0);
    const cancelled = [...records, record({ price: 4, id: 7 })];
    assert.equal(spentToday(cancelled, account, now, new Set([7])), 3.75, 'a cancelled mailer is given its amount back');
  });

  it('refuses a send that would pass the budget, with the amount spent; one of unknown price once the budget is spent', () => {
    assert.equal(overBudget({}, 100, 5, 'ann'), undefined, 'no budget');
    assert.equal(overBudget({ dailyBudget: 10 }, 4, 6, 'ann'), undefined, 'up to the budget exactly');
    assert.equal(
      overBudget({ dailyBudget: 10 }, 4, 6.01, 'ann at mail.example.com'),
      "Mailroom: not sent. $4.00 spent today in Production by ann at mail.example.com; this send's $6.01 would pass the daily budget of $10.00 (mailroom.spending.dailyBudget).",
    );
    assert.equal(overBudget({ dailyBudget: 10 }, 9.99, undefined, 'ann'), undefined);
    assert.match(overBudget({ dailyBudget: 10 }, 10, undefined, 'ann') ?? '', /^Mailroom: not sent\. \$10\.00 spent today/);
  });

  it('asks again only above the threshold, showing the amount', () => {
    assert.equal(aboveThreshold({ confirmAbove: 5 }, 5, 'a letter'), undefined);
    assert.equal(aboveThreshold({ confirmAbove: 5 }, undefined, 'a letter'), undefined);
    assert.equal(aboveThreshold({}, 50, 'a letter'), undefined);
    assert.deepEqual(aboveThreshold({ confirmAbove: 5 }, 5.5, 'a letter'), {
      question: 'a letter costs about $5.50, above the $5.00 you asked to confirm (mailroom.spending.confirmAbove). Send it?',
      button: 'Send for $5.50',
    });
  });
});
