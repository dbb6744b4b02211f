/**
 * Named profiles and the spending guard of the command line, from its settings file
 * (`$XDG_CONFIG_HOME/mailroom/config.json`), against a real sandbox: a profile stands for its
 * endpoint and user; a Production send past the daily budget is refused with the amount spent today
 * (from the send log's prices), `--yes` does not pass it, `--over-budget` does and says so.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCsv } from '../../src/contract';
import { mailroom, type CliRun } from '../helpers/cli';
import { startHangingProxy } from '../helpers/hanging-proxy';
import { spendingDay } from '../helpers/spending-day';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { SECRETS, secretIn } from '../helpers/secrets';
import { projectRoot } from '../helpers/tools';

const PASSWORD = SECRETS[3]!;
const letter = join(projectRoot, 'test', 'sample', 'notes.txt');
const TO = 'Kim Lee, 4 Pine St, Salem, OR 97301';

describe('mailroom profiles and the spending guard', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let dir: string;
  const config = (settings: object) => {
    mkdirSync(join(dir, 'config', 'mailroom'), { recursive: true });
    writeFileSync(join(dir, 'config', 'mailroom', 'config.json'), JSON.stringify(settings));
  };
  const run = async (...args: string[]): Promise<CliRun> => {
    const result = await mailroom(args, {
      env: {
        XDG_CONFIG_HOME: join(dir, 'config'),
        XDG_STATE_HOME: join(dir, 'state'),
        MAILROOM_PASSWORD: PASSWORD,
        MAILROOM_PROFILE: 'work',
      },
    });
    assert.equal(secretIn(`${result.stdout}\n${result.stderr}`), undefined, `mailroom ${args[0]} printed a secret`);
    return result;
  };
  // The same letter again and again: --again, since these tests are of money, not of repeats (repeats.test.ts).
  const sendProduction = (...flags: string[]) => run('send', letter, '--to', TO, '--mode', 'Production', '--json', '--again', ...flags);

  before(async () => {
    sandbox = await startTestSandbox({
      accounts: { accounts: [{ name: 'Work', balance: 100, users: [{ username: 'pat', password: PASSWORD }] }] },
    });
    dir = mkdtempSync(join(tmpdir(), 'mailroom-spending-'));
  });
  after(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes the endpoint and user from the profile named, and says which profiles there are for a wrong name', async () => {
    config({ profiles: { work: { endpoint: sandbox.url, user: 'pat' } } });
    const status = await run('call', 'GetLetterStatus', '--param', 'ID=1');
    assert.equal(status.code, 1);
    assert.match(status.stderr, /GetLetterStatus answered -3116/, 'signed in as pat at the sandbox: the mailer is just missing');
    const wrong = await run('status', '1', '--profile', 'home');
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /No profile "home" in .*config\.json \(it has work\): make it with `mailroom login --profile home/);
    config({ profiles: { work: { endpoint: sandbox.url } } });
    const broken = await run('status', '1');
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /does not read as Mailroom's settings: the profile "work" needs an endpoint and a user/);
  });

  it('refuses a Production send past the daily budget, with the amount spent today; --yes does not pass it, --over-budget does', async () => {
    config({ profiles: { work: { endpoint: sandbox.url, user: 'pat' } }, spending: { dailyBudget: 1 } });
    const first = await sendProduction('--yes');
    assert.equal(first.code, 0, first.stderr);
    const id = (JSON.parse(first.stdout) as { id: number }).id;
    const details = JSON.parse((await run('details', String(id), '--json')).stdout) as { Price: number };
    const log = readFileSync(join(dir, 'state', 'mailroom', 'sent.jsonl'), 'utf8');
    assert.ok(log.includes(`"price":${details.Price}`), 'the send log keeps the predicted price, which the service charged');

    const second = await sendProduction('--yes');
    assert.equal(second.code, 2);
    assert.match(
      second.stderr,
      new RegExp(
        `Not sent: \\$${details.Price.toFixed(2)} spent today in Production by pat at .*would pass the daily budget of \\$1\\.00\\. Add --over-budget`,
      ),
    );
    assert.doesNotMatch(second.stderr, /Usage:/, 'called right: a refusal, not a usage mistake');
    const over = await sendProduction('--yes', '--over-budget');
    assert.equal(over.code, 0, over.stderr);
    assert.match(over.stderr, /Over budget: .* Sending because of --over-budget\./);

    const development = await run('send', letter, '--to', TO, '--mode', 'Development', '--json');
    assert.equal(development.code, 0, 'Development costs nothing: no budget stops it');
  });

  it('stops a raw send through mailroom call while a guard is set: its price cannot be predicted, so --over-budget and --yes say it may go', async () => {
    config({ profiles: { work: { endpoint: sandbox.url, user: 'pat' } }, spending: { dailyBudget: 1000, confirmAbove: 50 } });
    const letterData = [
      '--param',
      'MyDescription=raw',
      '--param',
      'FileExtension=pdf',
      '--file',
      `FileBinaryData=${join(projectRoot, 'test', 'sample', 'price-list.pdf')}`,
    ];
    const refused = await run('call', 'SendLetterV2', ...letterData, '--param', 'WorkMode=Production');
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /Not sent: .* this send's price cannot be predicted here.*Add --over-budget/);
    const sent = await run('call', 'SendLetterV2', ...letterData, '--param', 'WorkMode=Production', '--over-budget', '--yes');
    assert.equal(sent.code, 0, sent.stderr);
    assert.match(sent.stderr, /Sending because of --over-budget/);
    assert.match(sent.stderr, /Its price cannot be predicted here: sending because of --yes/);
    const development = await run('call', 'SendLetterV2', ...letterData, '--param', 'WorkMode=Development');
    assert.equal(development.code, 0, 'Development costs nothing: no guard');
  });

  it("a profile's own budget replaces the file's; a price above the threshold is named, and --yes answers it", async () => {
    config({
      profiles: { work: { endpoint: sandbox.url, user: 'pat', spending: { dailyBudget: 1000, confirmAbove: 0.1 } } },
      spending: { dailyBudget: 0 },
    });
    const sent = await sendProduction('--yes');
    assert.equal(sent.code, 0, sent.stderr);
    assert.match(sent.stderr, /It costs about \$\d+\.\d\d, above \$0\.10: sending because of --yes\./);
  });
});

describe('the spending guard of the command line counts as the service charges', function () {
  this.timeout(120_000);
  let sandbox: TestSandbox;
  let dir: string;
  const env = (endpoint: string) => ({
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_STATE_HOME: join(dir, 'state'),
    MAILROOM_PASSWORD: PASSWORD,
    MAILROOM_ENDPOINT: endpoint,
    MAILROOM_USER: 'pat',
  });
  const run = (...args: string[]) => mailroom(args, { env: env(sandbox.url) });
  const budget = (dailyBudget: number) => {
    mkdirSync(join(dir, 'config', 'mailroom'), { recursive: true });
    writeFileSync(join(dir, 'config', 'mailroom', 'config.json'), JSON.stringify({ spending: { dailyBudget } }));
  };
  const send = (mode = 'Production', ...flags: string[]) =>
    run('send', letter, '--to', TO, '--mode', mode, '--yes', '--json', '--again', ...flags);
  const idOf = (result: CliRun) => (JSON.parse(result.stdout) as { id: number }).id;
  /** What one letter of notes.txt to Kim Lee costs, as the sandbox prices it. */
  let price: number;

  beforeEach(async () => {
    sandbox = await startTestSandbox({
      accounts: { accounts: [{ name: 'Work', balance: 100, users: [{ username: 'pat', password: PASSWORD }] }] },
    });
    dir = mkdtempSync(join(tmpdir(), 'mailroom-charged-'));
    budget(1000);
    const first = await send('Development');
    price = (JSON.parse((await run('details', String(idOf(first)), '--json')).stdout) as { Price: number }).Price;
    assert.ok(price > 0);
  });
  afterEach(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts nothing for a cancelled letter, a Default send the service ran in Development, or a failed one; a send up to the budget exactly goes, one a cent past it does not', async () => {
    const cancelled = await send();
    assert.equal((await run('cancel', String(idOf(cancelled)))).code, 0);
    assert.equal((await send('Default')).code, 0, "pat's own work mode is Development");
    const failed = await send();
    const fail = await run('sandbox', 'fail', String(idOf(failed)), '-1018');
    assert.equal(fail.code, 0, fail.stderr);

    // Never shown as charged: details and the history's CSV say what the service charged, whatever the Price.
    const charged = await send();
    const detailsOf = async (id: number) => (await run('details', String(id))).stdout;
    assert.match(await detailsOf(idOf(failed)), /^Charged\s+no: it failed, and a failed mailer is never charged/m);
    assert.match(await detailsOf(idOf(cancelled)), /^Charged\s+no: cancelled, refunded at once/m);
    assert.match(await detailsOf(idOf(charged)), new RegExp(`^Charged\\s+\\$${price.toFixed(2)}$`, 'm'));
    const [header, ...rows] = parseCsv((await run('history', '--csv')).stdout);
    const cell = (id: number, column: string) => rows.find((row) => row[0] === String(id))?.[header!.indexOf(column)];
    assert.equal(cell(idOf(failed), 'Price'), price.toFixed(2), "the service's price");
    assert.equal(cell(idOf(failed), 'Charged'), '0.00');
    assert.equal(cell(idOf(cancelled), 'Charged'), '0.00');
    assert.equal(cell(idOf(charged), 'Charged'), price.toFixed(2));
    assert.equal((await run('cancel', String(idOf(charged)))).code, 0);

    // Counted as sent (three letters), this would pass a budget of one letter.
    budget(price);
    const within = await send();
    assert.equal(within.code, 0, within.stderr);
    // A cent short of two letters: the second would pass it by one cent.
    budget(Math.round(price * 200 - 1) / 100);
    const over = await send();
    assert.equal(over.code, 2);
    assert.match(over.stderr, new RegExp(`Not sent: \\$${price.toFixed(2)} spent today in Production by pat at `));
  });

  it('counts the sends the service does not report at their predicted price, and says so', async () => {
    const sent = await send();
    assert.equal(sent.code, 0, sent.stderr);
    // In front of the sandbox: every GetDetails fails, everything else goes through.
    const proxy = createServer((req, res) => {
      const body: Buffer[] = [];
      req.on('data', (chunk: Buffer) => body.push(chunk));
      req.on('end', () => {
        const text = Buffer.concat(body).toString('utf8');
        if (/GetDetails/.test(`${req.url ?? ''} ${String(req.headers.soapaction ?? '')} ${text.slice(0, 2000)}`)) {
          res.writeHead(503).end('down for GetDetails');
          return;
        }
        const upstream = httpRequest(`${sandbox.url}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        upstream.end(Buffer.concat(body));
      });
    });
    await new Promise<void>((listening) => proxy.listen(0, '127.0.0.1', () => listening()));
    try {
      const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      budget(price * 1.5);
      const refused = await mailroom(['send', letter, '--to', TO, '--mode', 'Production', '--yes', '--timeout', '5'], {
        env: env(endpoint),
      });
      assert.equal(refused.code, 2, refused.stderr);
      assert.match(
        refused.stderr,
        /The service did not say how your recent sends ended .*: they count as made, at their predicted prices\./,
      );
      // The Development letter counts nothing; the Production one at its predicted price, and this one would pass.
      assert.match(refused.stderr, new RegExp(`Not sent: \\$${price.toFixed(2)} spent today`));
    } finally {
      await new Promise((closed) => proxy.close(closed));
    }
  });

  it('gives its verdict on the shared day (test/helpers/spending-day.ts): what the service charged, and with the service not answering every send at its predicted price, said so', async () => {
    const proxy = await startHangingProxy(sandbox.url);
    try {
      budget(1000);
      const day = await spendingDay((args) => run(...args), letter, TO, sandbox.url, proxy);
      assert.equal(day.price, price);
      // Refused with the amount spent: the charged letter and the unanswered one, no more.
      budget(0.01);
      const refused = await send();
      assert.equal(refused.code, 2, refused.stderr);
      assert.match(refused.stderr, new RegExp(`Not sent: \\$${day.charged.toFixed(2)} spent today in Production by pat at `));
      assert.doesNotMatch(refused.stderr, /did not say/);
      // Within the budget exactly: it goes on to the work mode's question (no --yes: not sent, but not for money).
      budget(day.charged + price);
      const within = await run('send', letter, '--to', TO, '--mode', 'Production', '--again');
      assert.equal(within.code, 3, 'unconfirmed in a script: exit code 3');
      assert.match(within.stderr, /Not sent: Production mode prints/);
      assert.doesNotMatch(within.stderr, /daily budget/);

      // GetDetails down: every send that may charge counts at its predicted price (the Development letter of beforeEach does not), and it is said.
      proxy.refuse('GetDetails');
      budget(0.01);
      const offline = await mailroom(['send', letter, '--to', TO, '--mode', 'Production', '--yes', '--again'], { env: env(proxy.url) });
      assert.equal(offline.code, 2, offline.stderr);
      assert.match(
        offline.stderr,
        /The service did not say how your recent sends ended .*: they count as made, at their predicted prices\./,
      );
      assert.match(offline.stderr, new RegExp(`Not sent: \\$${day.unanswered.toFixed(2)} spent today in Production by pat at `));
    } finally {
      await proxy.close();
    }
  });

  it('never lets sends started at once pass the budget together', async () => {
    budget(price * 2);
    const results = await Promise.all([send(), send(), send(), send(), send()]);
    const sent = results.filter((r) => r.code === 0);
    assert.equal(sent.length, 2, results.map((r) => r.stderr).join('\n'));
    for (const refused of results.filter((r) => r.code !== 0)) assert.match(refused.stderr, /Not sent: /);
    const log = readFileSync(join(dir, 'state', 'mailroom', 'sent.jsonl'), 'utf8');
    assert.equal(log.split('\n').filter((line) => line.includes('"kind":"sending"')).length, 3, 'the Development letter and two');
  });
});
