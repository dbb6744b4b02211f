/** Whether the service answers, and the words the workbench shows about it, without VS Code. */
import { strict as assert } from 'node:assert';
import { ServiceHealth, answeredAgainWords, clockTime, unansweredWords } from '../../src/extension/model/service-health';

/** Times of today on the machine's clock and in its zone, whatever day and zone the suite runs in. */
const today = (hours: number, minutes: number, seconds = 0) => {
  const at = new Date();
  at.setHours(hours, minutes, seconds, 0);
  return at.getTime();
};
const locale = 'en-GB';

describe('service health', () => {
  it('begins an outage at the first refresh that gets no answer, and ends it at the next good one, once', () => {
    const health = new ServiceHealth();
    assert.equal(health.answered(today(14, 2, 5)), undefined, 'no outage to end');
    assert.equal(health.notAnswering(today(14, 3, 10), 'GetStatus at …: no answer'), true, 'an outage begins');
    assert.equal(health.notAnswering(today(14, 3, 30), 'again'), false, 'the same outage goes on');
    assert.deepEqual(health.unanswered, { since: today(14, 3, 10), reason: 'GetStatus at …: no answer' });
    assert.equal(health.lastGood, today(14, 2, 5), 'the last good refresh stays');
    assert.deepEqual(health.answered(today(14, 4)), { since: today(14, 3, 10), reason: 'GetStatus at …: no answer' });
    assert.equal(health.unanswered, undefined);
    assert.equal(health.answered(today(14, 5)), undefined, 'said once');
    health.notAnswering(today(14, 6), 'no answer');
    health.reset();
    assert.equal(health.unanswered, undefined);
    assert.equal(health.lastGood, undefined);
  });

  it('waits a few seconds past the usual answer time, learnt from the latest answers, not a call budget (issue 25, part 9)', () => {
    const health = new ServiceHealth();
    assert.equal(health.usualMs, undefined);
    assert.equal(health.patienceMs(), 6000, 'a few seconds before any answer is known');
    health.heard(40);
    health.heard(120);
    assert.equal(health.usualMs, 120, 'the slowest of the latest');
    assert.equal(health.patienceMs(), 3120, 'three seconds past it');
    assert.equal(health.patienceMs(6000), 9120, 'and past the pacing wait of a real service');
    health.heard(5000);
    assert.equal(health.patienceMs(), 10_000, 'a slow service: twice its usual time');
    for (let i = 0; i < 8; i++) health.heard(50);
    assert.equal(health.usualMs, 50, 'only the latest eight count');
    health.heard(Number.NaN);
    assert.equal(health.usualMs, 50);
    health.reset();
    assert.equal(health.usualMs, undefined, 'another service: learnt anew');
  });

  it('shows times in the local zone, with the date when not today', () => {
    const now = today(15, 0);
    assert.equal(clockTime(today(14, 2, 5), { locale, now }), '14:02');
    assert.equal(clockTime(today(14, 2, 5), { locale, now, seconds: true }), '14:02:05');
    const zone = new Intl.DateTimeFormat(locale, { timeZoneName: 'short' })
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName')!.value;
    assert.ok(clockTime(today(14, 2, 5), { locale, now, seconds: true, zone: true }).endsWith(zone), 'the zone named');
    // The day before by the calendar, not 24 hours before, which a change of daylight saving time would move.
    const day = new Date(today(14, 2, 5));
    day.setDate(day.getDate() - 1);
    const yesterday = day.getTime();
    assert.match(clockTime(yesterday, { locale, now }), /^\d{1,2} \w{3},? 14:02$/, 'another day shows its date');
    assert.ok(clockTime(today(14, 2), { locale: 'qps-ploc', now }).length > 0, 'a language Intl does not know falls back');
  });

  it('says the service is not answering, since when, and as of when what is shown is', () => {
    const now = today(14, 5);
    const outage = { since: today(14, 3, 10), reason: 'no answer' };
    const words = unansweredWords(outage, today(14, 2, 5), 'mail.example.com', { locale, now });
    assert.equal(words.statusSuffix, 'as of 14:02');
    assert.equal(
      words.viewMessage,
      'The service is not answering (since 14:03:10); what is shown is as of 14:02:05. Mailroom keeps asking on its own.',
    );
    assert.match(
      words.tooltip,
      /^Mailroom: the service at mail\.example\.com is not answering \(since 14:03:10 .+\)\. The Mailers view shows what it answered at 14:02:05 /,
    );
    const never = unansweredWords(outage, undefined, 'mail.example.com', { locale, now });
    assert.equal(never.statusSuffix, 'not refreshed');
    assert.match(never.viewMessage, /nothing has been refreshed since VS Code started, so what is shown may be old/);
    assert.equal(
      answeredAgainWords(outage, today(14, 4), { locale, now }),
      'Mailroom: the service answers again (it did not from 14:03:10 to 14:04:00); the Mailers view is current.',
    );
  });
});
