/**
 * The spending guard's rule: today's spending of a user of a service from the send log and the
 * service's reports, the budget's verdict (exactly at the budget goes), the questions in their
 * order, and the last word under the send log's lock.
 */
import { strict as assert } from 'node:assert';
import { budgetVerdict, checkSend, mailersToAsk, OverBudget, sendAdmission, spendingToday, type MailerReport } from '../../src/rulebook';
import { record } from './charges.test';

const ann = { endpoint: 'https://mail.example.com', user: 'ann' };

describe('the rulebook: spending today and the verdict on a send', () => {
  const now = new Date();
  const yesterday = new Date(now.getTime() - 36 * 3600_000);
  const records = [
    record({ id: 1, price: 1.25 }),
    record({ id: 2, price: 0.5, workMode: 'Default' }),
    record({ id: 3, price: 2, outcome: 'unknown', reason: 'no answer' }),
    record({ id: 4, price: 9, workMode: 'Development' }),
    record({ id: 5, price: 9, outcome: 'refused', reason: 'no' }),
    record({ id: 6, price: 9, user: 'bob' }),
    record({ id: 7, price: 9, endpoint: 'https://other.example.com' }),
    record({ id: 8, price: 9, time: yesterday.toISOString() }),
    record({ id: 9, price: 4 }),
    record({ id: 10, price: 3 }),
  ];

  it("asks the service about the user's sends of today that may charge, those it knows were made", () => {
    assert.deepEqual(mailersToAsk(records, ann, now), [1, 2, 9, 10]);
  });

  it('counts what the service charged: cancelled, failed and Development count nothing; the rest at the price reported', () => {
    const reports = new Map<number, MailerReport>([
      [1, { workMode: 'Production', status: -1000, price: 1.3 }],
      [2, { workMode: 'Development', status: -1002, price: 0.5 }],
      [9, { workMode: 'Production', status: -1005, price: 4 }],
      [10, { workMode: 'Production', status: -1010, price: 3 }],
    ]);
    const spending = spendingToday(records, ann, reports, now);
    assert.equal(spending.spent, 3.3, '1.30 charged and the 2.00 of unknown outcome');
    assert.equal(spending.predicted, 2);
    assert.equal(spending.offline, false);
  });

  it('counts every send at its predicted price when the service did not answer, and says so', () => {
    const spending = spendingToday(records, ann, 'offline', now);
    assert.equal(spending.spent, 10.75);
    assert.equal(spending.offline, true);
    assert.equal(spendingToday([], ann, 'offline', now).offline, false, 'nothing to ask about');
  });

  it('takes the local sandbox on any loopback address and port as one service', () => {
    const sandbox = { endpoint: 'http://127.0.0.1:40000', user: 'demo' };
    const sent = [
      record({ endpoint: 'http://localhost:8317', user: 'demo', price: 1 }),
      record({ endpoint: 'http://127.0.0.1:39999/', user: 'demo', price: 2 }),
      record({ endpoint: 'http://127.0.0.1:39999', user: 'other', price: 4 }),
    ];
    assert.equal(spendingToday(sent, sandbox, 'offline', now).spent, 3);
  });

  it('lets a send go up to the budget exactly, and not a cent past it; an unpredictable price cannot be kept to a budget', () => {
    assert.deepEqual(budgetVerdict({}, 100, 5), { kind: 'within' });
    assert.deepEqual(budgetVerdict({ dailyBudget: 10 }, 4, 6), { kind: 'within' });
    assert.deepEqual(budgetVerdict({ dailyBudget: 3.2 }, 1.62, 1.58), { kind: 'within' });
    assert.deepEqual(budgetVerdict({ dailyBudget: 10 }, 4, 6.01), { kind: 'over', spent: 4, budget: 10, price: 6.01 });
    assert.deepEqual(budgetVerdict({ dailyBudget: 10 }, 0, undefined), { kind: 'over', spent: 0, budget: 10, price: undefined });
  });

  it('asks the work mode first, then the amount above the threshold (or an amount it cannot predict); Development nothing', () => {
    const limits = { confirmAbove: 5, dailyBudget: 100 };
    assert.deepEqual(checkSend('Production', 6, limits, 0).questions, [
      { kind: 'work mode', mode: 'Production' },
      { kind: 'amount', price: 6, threshold: 5 },
    ]);
    assert.deepEqual(checkSend('Default', 5, limits, 0).questions, [{ kind: 'work mode', mode: 'Default' }], 'at the threshold: not asked');
    assert.deepEqual(checkSend('Production', undefined, { confirmAbove: 5 }, 0).questions, [
      { kind: 'work mode', mode: 'Production' },
      { kind: 'amount', price: undefined, threshold: 5 },
    ]);
    assert.deepEqual(checkSend('Development', 500, limits, 1000), { budget: { kind: 'within' }, questions: [] });
    assert.equal(checkSend('Production', 6, limits, 95).budget.kind, 'over');
  });

  it("keeps the budget's last word for the send log's lock: it refuses once the log holds what passes it", () => {
    const rules = { account: ann, windowDays: 0, reports: new Map<number, MailerReport>() };
    const send = record({ price: 1.5 });
    assert.equal(sendAdmission({ ...rules, limits: {}, mode: 'Production', price: 1 })([], send), undefined, 'no budget, nothing to keep');
    const development = sendAdmission({ ...rules, limits: { dailyBudget: 0 }, mode: 'Development', price: 1 });
    assert.equal(development([record({ price: 5 })], send), undefined, 'Development costs nothing');
    const admit = sendAdmission({ ...rules, limits: { dailyBudget: 3 }, mode: 'Default', price: 1.5 }, () => now);
    admit([record({ price: 1.5 })], send);
    assert.throws(
      () => admit([record({ price: 1.5 }), record({ price: 1 })], send),
      (error: unknown) => error instanceof OverBudget && error.verdict.spent === 2.5 && error.verdict.price === 1.5,
    );
    const over = sendAdmission({ ...rules, limits: { dailyBudget: 3 }, mode: 'Production', price: 1.5, overBudget: true });
    assert.equal(over([record({ price: 3 })], send), undefined, 'sent past the budget as the person said');
  });

  it("counts this machine's day, not UTC's: near local midnight in a zone where the two dates differ", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      // 23:30 on 25 November in Los Angeles (UTC-8): 07:30 on the 26th in UTC.
      const lateEvening = new Date('2026-11-26T07:30:00.000Z');
      const at = (time: string, price: number) => record({ time, price, id: Math.round(price * 100) });
      const sends = [
        at('2026-11-25T07:50:00.000Z', 1), // 23:50 on the 24th there: yesterday, though the UTC date is the 25th
        at('2026-11-25T08:30:00.000Z', 2), // 00:30 on the 25th: today
        at('2026-11-26T07:10:00.000Z', 4), // 23:10 on the 25th: today, though the UTC date is the 26th
      ];
      assert.equal(spendingToday(sends, ann, 'offline', lateEvening).spent, 6);
      // Forty minutes later it is the 26th there: a new day, nothing spent yet.
      assert.equal(spendingToday(sends, ann, 'offline', new Date('2026-11-26T08:10:00.000Z')).spent, 0);
      assert.deepEqual(mailersToAsk(sends, ann, lateEvening), [200, 400]);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
