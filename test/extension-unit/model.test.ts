/** The extension's plain parts, without VS Code: grouping, summaries, the refresh schedule, recent addresses. */
import { strict as assert } from 'node:assert';
import { mailerOfAttempt } from '../../src/extension/model/attempts';
import { groupMailers, mailerSummary, mayNeedUser, needsUser } from '../../src/extension/model/mailers';
import { addressLabel, MAX_RECENT_ADDRESSES, rememberAddress } from '../../src/extension/model/recent-addresses';
import { RefreshSchedule } from '../../src/extension/model/refresh-schedule';
import { productionQuestion } from '../../src/extension/model/work-mode';
import { sendAgainQuestion } from '../../src/extension/model/repeats';
import {
  spokenAttempt,
  spokenAttempts,
  spokenBatchItem,
  spokenGroup,
  spokenMailer,
  spokenStoredFile,
} from '../../src/extension/model/spoken-labels';
import { describeStatus, NO_PERMISSIONS_STATUS } from '../../src/contract';

describe('extension model', () => {
  it('groups mailers in process, completed, and failed or cancelled, newest first', () => {
    const groups = groupMailers([
      { id: 1, status: -1000 },
      { id: 2, status: -900 },
      { id: 3 },
      { id: 4, status: -1005 },
      { id: 5, status: -1002 },
      { id: 6, status: -1065 },
      { id: 7, status: -990 },
    ]);
    assert.deepEqual(
      groups.map(([g, ms]) => [g, ms.map((m) => m.id)]),
      [
        ['inProcess', [7, 3, 2]],
        ['completed', [5, 1]],
        ['failed', [6, 4]],
      ],
    );
    assert.deepEqual(
      groupMailers([{ id: 1, status: -1000 }]).map(([g]) => g),
      ['completed'],
    );
  });

  it('sums a mailer up as ID, status and price', () => {
    assert.equal(mailerSummary({ id: 7, status: -995, price: 0.7 }), '7 · Waiting For Delivery · $0.70');
    assert.equal(
      mailerSummary({ id: 7, status: -1002, statusText: 'Completed: successfully processed in Development work mode' }),
      '7 · Completed',
    );
    assert.equal(mailerSummary({ id: 7 }), '7 · not yet known');
  });
});

describe('refresh schedule', () => {
  const at = (schedule: RefreshSchedule, focused = true, anyInProcess = true) =>
    schedule.delayMs({ intervalSeconds: 10, focused, anyInProcess });

  it('refreshes every interval while a mailer is in process, and not at all otherwise', () => {
    const schedule = new RefreshSchedule();
    assert.equal(at(schedule), 10_000);
    assert.equal(at(schedule, true, false), undefined);
    assert.equal(schedule.delayMs({ intervalSeconds: 0, focused: true, anyInProcess: true }), 2_000, 'never faster than every 2 s');
    assert.equal(schedule.delayMs({ intervalSeconds: Number.NaN, focused: true, anyInProcess: true }), 2_000);
  });

  it('backs off after failures up to 32 times, and comes back after a success', () => {
    const schedule = new RefreshSchedule();
    const seen: (number | undefined)[] = [];
    for (let i = 0; i < 7; i++) {
      schedule.failed();
      seen.push(at(schedule));
    }
    assert.deepEqual(seen, [20_000, 40_000, 80_000, 160_000, 320_000, 320_000, 320_000]);
    schedule.succeeded();
    assert.equal(at(schedule), 10_000);
  });

  it('slows down four times while the window is not focused', () => {
    const schedule = new RefreshSchedule();
    assert.equal(at(schedule, false), 40_000);
    schedule.failed();
    assert.equal(at(schedule, false), 80_000);
  });

  it('polls six times slower while feedback pushes arrive: only a fallback for a push lost', () => {
    const schedule = new RefreshSchedule();
    assert.equal(schedule.delayMs({ intervalSeconds: 10, focused: true, anyInProcess: true, pushed: true }), 60_000);
    assert.equal(schedule.delayMs({ intervalSeconds: 10, focused: true, anyInProcess: false, pushed: true }), undefined);
  });

  it('keeps the usual pace while pushes arrive if a mailer may come to wait for the user (issue 25, part 4)', () => {
    const schedule = new RefreshSchedule();
    assert.equal(schedule.delayMs({ intervalSeconds: 10, focused: true, anyInProcess: true, pushed: true, awaitingUser: true }), 10_000);
    assert.equal(schedule.delayMs({ intervalSeconds: 10, focused: false, anyInProcess: true, pushed: true, awaitingUser: true }), 40_000);
  });

  it('counts as maybe waiting for the user a letter not yet printed that may be charged, and one waiting for funds', () => {
    assert.equal(mayNeedUser({ id: 1, status: -900, workMode: 'Production' }), true, 'Received in Production may stop at -990');
    assert.equal(mayNeedUser({ id: 1, status: -910 }), true, 'In Process, work mode not yet known');
    assert.equal(mayNeedUser({ id: 1 }), true, 'status not yet known');
    assert.equal(mayNeedUser({ id: 1, status: -990, workMode: 'Production' }), true, 'waiting for funds');
    assert.equal(needsUser({ id: 1, status: -990 }), true);
    assert.equal(mayNeedUser({ id: 1, status: -900, workMode: 'Development' }), false, 'Development is never charged');
    assert.equal(mayNeedUser({ id: 1, status: -995, workMode: 'Production' }), false, 'printed: paid for');
    assert.equal(needsUser({ id: 1, status: -910 }), false);
  });
});

describe('recent addresses', () => {
  it('keeps the newest first, once, trimmed, at most ten', () => {
    let recent = rememberAddress([], { AttentionLine1: ' Jane Doe ', Address1: '1 Main St', City: 'Springfield', Company: '' });
    assert.deepEqual(recent, [{ AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield' }]);
    recent = rememberAddress(recent, { AttentionLine1: 'Sam Roe', Address1: '2 Side St', City: 'Shelbyville' });
    recent = rememberAddress(recent, { City: 'springfield', Address1: '1 Main St', AttentionLine1: 'jane doe' });
    assert.deepEqual(
      recent.map((a) => a.AttentionLine1),
      ['jane doe', 'Sam Roe'],
    );
    for (let i = 0; i < 20; i++) recent = rememberAddress(recent, { AttentionLine1: `P${i}`, Address1: `${i} Elm`, City: 'X' });
    assert.equal(recent.length, MAX_RECENT_ADDRESSES);
    assert.equal(recent[0]!.AttentionLine1, 'P19');
  });

  it('labels an address by who, then where', () => {
    assert.deepEqual(
      addressLabel({
        AttentionLine1: 'Jane Doe',
        Company: 'Acme',
        Address1: '1 Main St',
        City: 'Springfield',
        State: 'IL',
        PostalCode: '62701',
      }),
      {
        label: 'Jane Doe, Acme',
        description: '1 Main St, Springfield, IL 62701',
      },
    );
    assert.deepEqual(addressLabel({ Address1: '1 Main St', City: 'Springfield' }), { label: '1 Main St, Springfield', description: '' });
  });
});

describe('sends of unknown outcome', () => {
  const attempt = { key: 'k', description: 'letter.md', sentAt: Date.UTC(2026, 10, 22, 9, 0), workMode: 'Production' };
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 9, minutes));

  it('finds the mailer an attempt made by its description, sent since, the first one', () => {
    const found = mailerOfAttempt(
      attempt,
      [
        { ID: 5, MyDescription: 'letter.md', SubmitTime: at(1), Status: -900 },
        { ID: 4, MyDescription: 'other.md', SubmitTime: at(1), Status: -900 },
        { ID: 7, MyDescription: 'letter.md', SubmitTime: at(2), Status: -900 },
        { ID: 3, Status: -3001, SubmitTime: new Date(0) },
      ],
      0,
    );
    assert.equal(found?.ID, 5);
  });

  it('finds nothing older than the attempt, nor what cannot be seen', () => {
    assert.equal(
      mailerOfAttempt(attempt, [{ ID: 5, MyDescription: 'letter.md', SubmitTime: new Date(Date.UTC(2026, 10, 21, 9)), Status: -1002 }], 0),
      undefined,
    );
    assert.equal(mailerOfAttempt(attempt, [{ ID: 5, MyDescription: 'letter.md', SubmitTime: at(1), Status: -3001 }], 0), undefined);
  });
});

describe('which sends ask first', () => {
  it("asks before Production and before the account's own work mode, which may be Production; never before Development", () => {
    assert.deepEqual(productionQuestion('Production', 'letter.md'), {
      question: 'Send letter.md in Production mode? It will be printed and mailed, and the account charged.',
      button: 'Send in Production',
    });
    assert.match(
      productionQuestion('Default', 'letter.md')!.question,
      /^Send letter\.md in the account's own work mode\? If that is Production/,
    );
    assert.equal(productionQuestion('Development', 'letter.md'), undefined);
    // On the sandbox, what the sandbox does (issue 25, part 10).
    const sandbox = productionQuestion('Production', 'letter.md', true)!.question;
    assert.match(sandbox, /^Send letter\.md in Production mode on the local sandbox\? Nothing is printed or mailed/);
    assert.doesNotMatch(sandbox, /will be printed/);
    assert.doesNotMatch(productionQuestion('Default', 'letter.md', true)!.question, /will be printed/);
  });

  it('asks before a repeat send, saying what sending again does: printed and mailed, or on the sandbox its test funds', () => {
    const repeat = {
      kind: 'repeat',
      earlier: [{ id: 1021984, time: new Date(2026, 10, 20, 9, 30), recipient: 'Ida Twice, 8 Elm St, Ogdenville' }],
    } as unknown as Parameters<typeof sendAgainQuestion>[0];
    const real = sendAgainQuestion(repeat, 'letter.md');
    assert.match(real.question, /^The same letter\.md went to Ida Twice, 8 Elm St, Ogdenville as mailer 1021984 on 2026-11-20 09:30\. /);
    assert.match(real.question, /printed and mailed again\.$/);
    const sandbox = sendAgainQuestion(repeat, 'letter.md', true).question;
    assert.match(sandbox, /test funds again\.$/);
    assert.doesNotMatch(sandbox, /printed and mailed/);
    assert.equal(real.button, 'Send Again');
  });
});

describe('what a screen reader says for a row', () => {
  it('reads a mailer as its name, kind and ID, status and price, in one sentence', () => {
    assert.equal(
      spokenMailer({ id: 1021985, description: 'letter.md', status: -900, statusText: 'In Process', price: 0.87 }),
      'letter.md, mailer 1021985, In Process, $0.87',
    );
    assert.equal(
      spokenMailer({ id: 7, isBatch: true, description: 'Invites', status: -1002 }),
      `Invites, batch 7, ${describeStatus(-1002)}`,
    );
    assert.equal(spokenMailer({ id: 12 }), 'Mailer 12, status not yet known');
    assert.equal(spokenMailer({ id: 9, status: NO_PERMISSIONS_STATUS, price: 0 }), `Mailer 9, ${describeStatus(NO_PERMISSIONS_STATUS)}`);
  });

  it('reads groups, sends of unknown outcome, batch items and stored files without the seen-only separators', () => {
    assert.equal(spokenGroup('inProcess', 1), 'In process, 1 mailer');
    assert.equal(spokenGroup('failed', 3), 'Failed or cancelled, 3 mailers');
    assert.equal(spokenAttempts(2), 'Outcome unknown, 2 sends to look up');
    assert.equal(spokenAttempt('Invoice 42', 'Production', '10:31:05'), 'Invoice 42, outcome unknown, Production, sent at 10:31:05');
    assert.equal(spokenBatchItem(7, 3, 'Completed'), 'Item 3 of batch 7, Completed');
    assert.equal(
      spokenStoredFile('price-list.pdf', 'Account', 'Prices', '2027-01-05T10:31:05'),
      'price-list.pdf, stored file, Account, Prices, last used 2027-01-05T10:31:05',
    );
    assert.equal(spokenStoredFile('a.pdf', 'User', '', 'never'), 'a.pdf, stored file, User, last used never');
  });
});
