/**
 * The send guard's steps (src/rulebook/send-guard.ts) over a real send log file and the real
 * sandbox over HTTP: what it asks the service about, what it counts, what it says and asks in
 * which order, and what its admission writes into the log. The ports here are the test's person:
 * they answer as told and keep what they were told and asked.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchDetails, MailWsClient, MailWsFailure, readSendLog, SendLog } from '../../src/client';
import {
  RepeatedSend,
  reportOf,
  runSendGuard,
  type GuardNotice,
  type GuardQuestion,
  type SendToGuard,
  type ServiceAnswer,
  type SpendingLimits,
} from '../../src/rulebook';
import { JANE_DOE } from '../helpers/documents';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';

const LETTER = Buffer.from('<p>Dear Jane, the guard.</p>');

describe('the send guard, over a real send log and the sandbox', () => {
  let dir: string;
  let path: string;
  let sandbox: TestSandbox;
  let client: MailWsClient;
  const account = () => ({ endpoint: sandbox.url, user: 'demo' });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mailroom-send-guard-'));
    path = join(dir, 'sent.jsonl');
    // The wall clock: the send log's times are the machine's.
    sandbox = await startTestSandbox({ now: () => Date.now() });
    client = new MailWsClient({ endpoint: sandbox.url, credentials: { username: 'demo', password: 'demo' }, sendLog: new SendLog([path]) });
  });
  afterEach(async () => {
    client.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Sends the test's letter to Jane Doe, logged with its predicted price, under `admit` when given. */
  const sendLetter = (
    mode: 'Production' | 'Development' | 'Default',
    price: number,
    admit?: Parameters<typeof client.simple.SendLetterAndAddressV2>[1],
  ) =>
    client.simple.SendLetterAndAddressV2(
      { MyDescription: 'guarded', FileExtension: 'html', FileBinaryData: LETTER, WorkMode: mode, ...JANE_DOE },
      { price, ...admit },
    );

  /** The guard with the real log and service, and a person who answers `answers` (yes by default). */
  async function guard(
    send: Partial<SendToGuard> & { readonly limits: SpendingLimits },
    answers: Partial<Record<GuardQuestion['kind'], boolean>> = {},
    service = client,
  ) {
    const told: GuardNotice[] = [];
    const asked: GuardQuestion[] = [];
    const askedAbout: number[][] = [];
    const verdict = await runSendGuard(
      { account: account(), mode: 'Production', price: 1, windowDays: 30, ...send },
      {
        readLog: () => readSendLog(path),
        askService: async (ids): Promise<ServiceAnswer> => {
          askedAbout.push([...ids]);
          try {
            const details = await fetchDetails(service, ids);
            return { kind: 'answered', reports: new Map([...details].map(([id, d]) => [id, reportOf(d)])) };
          } catch (error) {
            if (!(error instanceof MailWsFailure)) throw error;
            return { kind: 'offline', failure: error };
          }
        },
        say: (notice) => told.push(notice),
        decide: async (question) => {
          asked.push(question);
          return answers[question.kind] ?? true;
        },
      },
    );
    return { verdict, told, asked, askedAbout };
  }

  it("asks the service about the day's sends in the log, counts what it charged, and asks the budget, the work mode, then the amount", async () => {
    const charged = await sendLetter('Production', 0.5);
    const cancelled = await sendLetter('Production', 0.5);
    await client.datedA.CancelDelivery({ ID: cancelled });
    const price = (await fetchDetails(client, [charged])).get(charged)!.Price;
    assert.ok(price > 0.5, `the sandbox's price (${price}) is not the predicted one`);

    const { verdict, told, asked, askedAbout } = await guard({ price: 1, limits: { dailyBudget: price + 0.5, confirmAbove: 0.75 } });
    assert.deepEqual(askedAbout, [[charged, cancelled]], "one GetDetails, of the day's mailers");
    assert.deepEqual(
      asked.map((q) => q.kind),
      ['over budget', 'work mode', 'amount'],
    );
    const over = asked[0]!.kind === 'over budget' ? asked[0]!.verdict : undefined;
    assert.deepEqual(
      over,
      { kind: 'over', spent: price, budget: price + 0.5, price: 1 },
      'the reported price, and nothing for the cancelled one',
    );
    assert.deepEqual(
      told.map((n) => n.kind),
      ['work mode'],
      'the work mode is said after the budget, before it is asked about',
    );
    assert.equal(verdict.kind, 'cleared');
  });

  it('stops at the first question the person declines, and says nothing after it', async () => {
    await sendLetter('Production', 2);
    const { verdict, told, asked } = await guard({ price: 1, limits: { dailyBudget: 0.5 } }, { 'over budget': false });
    assert.deepEqual(verdict, { kind: 'declined', at: asked[0] });
    assert.deepEqual(
      asked.map((q) => q.kind),
      ['over budget'],
    );
    assert.deepEqual(told, [], 'the work mode is not said for a send that does not go');
    const declined = await guard({ price: 1, limits: {} }, { 'work mode': false });
    assert.equal(declined.verdict.kind === 'declined' && declined.verdict.at.kind, 'work mode');
  });

  it('counts every send of the log at its predicted price when the service does not answer, and says so first', async () => {
    await sendLetter('Production', 2.25);
    const unanswered = new MailWsClient({
      endpoint: 'http://127.0.0.1:9',
      credentials: { username: 'demo', password: 'demo' },
      timeoutMs: 2000,
    });
    try {
      const { verdict, told, asked } = await guard({ account: account(), price: 1, limits: { dailyBudget: 3 } }, {}, unanswered);
      assert.deepEqual(
        told.map((n) => n.kind),
        ['offline', 'work mode'],
      );
      assert.deepEqual(asked[0], { kind: 'over budget', verdict: { kind: 'over', spent: 2.25, budget: 3, price: 1 } });
      assert.equal(verdict.kind === 'cleared' && verdict.offline, true);
    } finally {
      unanswered.close();
    }
  });

  it("writes into the log which mailer a send repeats: a Development test goes, noted; Production's goes only when sent again", async () => {
    const first = await sendLetter('Production', 1);
    const development = await guard({ mode: 'Development', price: undefined, limits: { dailyBudget: 0, confirmAbove: 0 } });
    assert.deepEqual(development.asked, [], 'Development costs nothing: nothing is asked');
    assert.ok(development.verdict.kind === 'cleared');
    const test = development.verdict.admission({ overBudget: false, again: false, price: undefined });
    const tested = await sendLetter('Development', 0, { admit: test.admit });
    assert.deepEqual(test.noted(), { repeats: [first] });

    const production = await guard({ price: 1, limits: {} });
    assert.ok(production.verdict.kind === 'cleared');
    await assert.rejects(
      sendLetter('Production', 1, { admit: production.verdict.admission({ overBudget: false, again: false, price: 1 }).admit }),
      (error: unknown) => error instanceof RepeatedSend && error.verdict.earlier[0]?.id === first,
    );
    const again = production.verdict.admission({ overBudget: false, again: true, price: 1 });
    const resent = await sendLetter('Production', 1, { admit: again.admit });
    assert.deepEqual(again.noted(), { repeats: [first], again: true });
    const records = await readSendLog(path);
    assert.deepEqual(
      records.map((r) => [r.outcome === 'sent' ? r.id : r.outcome, r.repeats, r.again]),
      [
        [first, undefined, undefined],
        [tested, [first], undefined],
        [resent, [first], true],
      ],
      'the refused send wrote nothing',
    );
  });

  it("asks how the user's newest Default send ran, which says the account's own mode", async () => {
    const byDefault = await sendLetter('Default', 0.5);
    const { verdict, askedAbout } = await guard({ mode: 'Default', price: 1, limits: {} });
    assert.deepEqual(askedAbout, [[byDefault]]);
    assert.ok(verdict.kind === 'cleared');
    // The sandbox's account runs Default sends in Development: not Production, so the account's mode now is unknown.
    assert.equal(verdict.forReal.kind, 'Default, unknown');
    assert.equal(verdict.forReal.kind === 'Default, unknown' && verdict.forReal.seen?.mailer, byDefault);
  });
});
