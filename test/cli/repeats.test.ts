/**
 * Nothing mailed twice by mistake, on the command line over a real sandbox: the same letter to the
 * same recipient as a send made within the window is refused, naming the earlier mailer and when
 * it went; --again sends it, and the send log says so; another recipient or other bytes go; in
 * Development a repeat is a test; a cancelled letter may go again. A merge repeated whole, or some
 * of its rows, is refused naming them, and --skip-sent sends only the others. Two identical sends
 * started at once never both go.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mergeRowKeys } from '../../src/rulebook';
import { ENGINES_ON, mailroom, type CliRun } from '../helpers/cli';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { SECRETS } from '../helpers/secrets';
import { projectRoot } from '../helpers/tools';

const PASSWORD = SECRETS[3]!;
const sample = (name: string) => join(projectRoot, 'test', 'sample', name);
const KIM = 'Kim Lee, 4 Pine St, Salem, OR 97301';

describe('mailroom: nothing mailed twice by mistake', function () {
  this.timeout(120_000);
  let sandbox: TestSandbox;
  let dir: string;
  const env = () => ({
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_STATE_HOME: join(dir, 'state'),
    MAILROOM_PASSWORD: PASSWORD,
    MAILROOM_ENDPOINT: sandbox.url,
    MAILROOM_USER: 'pat',
  });
  const run = (...args: string[]) => mailroom(args, { env: env() });
  const send = (to: string, ...flags: string[]) =>
    run('send', sample('notes.txt'), '--to', to, '--mode', 'Production', '--yes', '--json', ...flags);
  const idOf = (result: CliRun) => (JSON.parse(result.stdout) as { id: number }).id;
  const sendingLines = () =>
    readFileSync(join(dir, 'state', 'mailroom', 'sent.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { kind: string; again?: boolean; repeats?: number[]; rows?: string[] })
      .filter((line) => line.kind === 'sending');

  beforeEach(async () => {
    sandbox = await startTestSandbox({
      accounts: { accounts: [{ name: 'Work', balance: 1000, users: [{ username: 'pat', password: PASSWORD }] }] },
    });
    dir = mkdtempSync(join(tmpdir(), 'mailroom-repeats-'));
  });
  afterEach(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses the same letter to the same recipient, naming the earlier mailer and when; --again sends it and the log says so', async () => {
    const first = await send(KIM);
    assert.equal(first.code, 0, first.stderr);
    const again = await send(KIM);
    assert.equal(again.code, 2, again.stdout);
    assert.match(
      again.stderr,
      new RegExp(
        `Not sent: the same letter went to Kim Lee, 4 Pine St, Salem, OR 97301 as mailer ${idOf(first)} on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\. Add --again`,
      ),
    );
    assert.doesNotMatch(again.stderr, /Usage:/, 'called right: a refusal, not a usage mistake');
    assert.equal(sendingLines().length, 1, 'the refused send wrote nothing');

    const sent = await send(KIM, '--again');
    assert.equal(sent.code, 0, sent.stderr);
    assert.match(sent.stderr, new RegExp(`Sent again as asked \\(--again\\): it repeats mailer ${idOf(first)}`));
    assert.deepEqual(sendingLines().at(-1), { ...sendingLines().at(-1), again: true, repeats: [idOf(first)] });

    assert.equal((await send('Kim Lee, 5 Pine St, Salem, OR 97301')).code, 0, 'another recipient goes');
    const otherBytes = await run('send', sample('letter.md'), '--to', KIM, '--mode', 'Production', '--yes', '--json');
    assert.equal(otherBytes.code, 0, otherBytes.stderr);
  });

  it('lets a repeat go in Development, as a test, and a letter go again once the earlier one was cancelled', async () => {
    const first = await send(KIM);
    const test = await run('send', sample('notes.txt'), '--to', KIM, '--mode', 'Development', '--json');
    assert.equal(test.code, 0, test.stderr);
    assert.match(test.stderr, new RegExp(`A repeat of mailer ${idOf(first)}, sent in Development mode as a test\\.`));
    assert.deepEqual(sendingLines().at(-1)?.repeats, [idOf(first)]);

    assert.equal((await run('cancel', String(idOf(first)))).code, 0);
    const afterCancel = await send(KIM);
    assert.equal(afterCancel.code, 0, afterCancel.stderr);
  });

  it('keeps the window the config says: 0 never refuses', async () => {
    mkdirSync(join(dir, 'config', 'mailroom'), { recursive: true });
    writeFileSync(join(dir, 'config', 'mailroom', 'config.json'), JSON.stringify({ repeats: { windowDays: 0 } }));
    assert.equal((await send(KIM)).code, 0);
    assert.equal((await send(KIM)).code, 0);
    writeFileSync(join(dir, 'config', 'mailroom', 'config.json'), JSON.stringify({ repeats: { windowDays: -1 } }));
    const wrong = await send(KIM);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /repeats\.windowDays is not a number of days/);
  });

  it('refuses a merge sent before, or rows of one, naming them; --skip-sent sends only the others', async () => {
    const csv = (rows: string[]) => {
      const path = join(dir, `people-${rows.length}-${Math.random().toString(36).slice(2)}.csv`);
      writeFileSync(path, ['AttentionLine1,Address1,City,State,PostalCode', ...rows].join('\n'));
      return path;
    };
    const [jane, sam, pat, lou] = [
      'Jane Doe,1 Main St,Springfield,IL,62701',
      'Sam Roe,2 Side St,Shelbyville,IL,62565',
      '"Pat Poe, Jr.",3 Far Rd,Ogdenville,IL,62702',
      'Lou Gale,9 Birch Rd,Springfield,IL,62704',
    ];
    const merge = (data: string, ...flags: string[]) =>
      run('merge', sample('invite.html'), data, '--mode', 'Production', '--yes', '--json', ...flags);
    const first = await merge(csv([jane, sam, pat]));
    assert.equal(first.code, 0, first.stderr);
    const batch = idOf(first);

    const same = await merge(csv([jane, sam, pat]));
    assert.equal(same.code, 2);
    assert.match(same.stderr, new RegExp(`Not sent: all 3 rows of this merge went before, .* in mailer ${batch} on `));

    const overlapping = csv([lou, sam, jane]);
    const some = await merge(overlapping);
    assert.equal(some.code, 2);
    assert.match(some.stderr, /Not sent: 2 of 3 rows \(2, 3\) of this merge went before/);
    assert.match(some.stderr, /--skip-sent/);

    const rest = await merge(overlapping, '--skip-sent');
    assert.equal(rest.code, 0, rest.stderr);
    assert.match(rest.stderr, /Leaving out 2 rows sent before \(2, 3\); sending the other 1\./);
    const items = JSON.parse((await run('call', 'GetBatchStatus', '--param', `ID=${idOf(rest)}`, '--param', 'ItemID=')).stdout) as {
      Statuses: unknown[];
    };
    assert.equal(items.Statuses.length, 1, 'only Lou Gale was sent');
    assert.equal(sendingLines().at(-1)?.rows?.length, 1, "the log keeps the sent row's key");
    const nothing = await merge(csv([jane, sam]), '--skip-sent');
    assert.equal(nothing.code, 0, nothing.stderr);
    assert.match(nothing.stderr, /Nothing sent: all 2 rows went before/);
  });

  it('--skip-sent leaves out exactly the rows sent before, wherever they stand, and sends each other row', async () => {
    const header = ['AttentionLine1', 'Address1', 'City', 'State', 'PostalCode'];
    const [amy, bo, cy, di] = [
      ['Amy Ash', '11 Elm St', 'Springfield', 'IL', '62701'],
      ['Bo Birch', '12 Elm St', 'Springfield', 'IL', '62701'],
      ['Cy Cedar', '13 Elm St', 'Springfield', 'IL', '62701'],
      ['Di Dogwood', '14 Elm St', 'Springfield', 'IL', '62701'],
    ];
    const csv = (name: string, rows: string[][]) => {
      const path = join(dir, name);
      writeFileSync(path, [header, ...rows].map((r) => r.join(',')).join('\n'));
      return path;
    };
    const merge = (data: string, ...flags: string[]) =>
      run('merge', sample('invite.html'), data, '--mode', 'Production', '--yes', '--json', ...flags);
    assert.equal((await merge(csv('first.csv', [amy, cy]))).code, 0);
    // The rows sent before stand first and third: each row after one of them is new, and goes.
    const rest = await merge(csv('mixed.csv', [amy, bo, cy, di]), '--skip-sent');
    assert.equal(rest.code, 0, rest.stderr);
    assert.match(rest.stderr, /Leaving out 2 rows sent before \(1, 3\); sending the other 2\./);
    assert.deepEqual(
      sendingLines().at(-1)?.rows,
      mergeRowKeys(readFileSync(sample('invite.html')), header, [bo, di]),
      'the rows sent are Bo Birch and Di Dogwood',
    );
  });

  it('takes a letter sent as the PDF drawn of it, then sent --as-is, for the same letter', async () => {
    const drawnThenAsIs = (...flags: string[]) =>
      mailroom(
        ['send', sample('notes.txt'), '--to', 'Ann Fox, 5 Oak St, Salem, OR 97301', '--mode', 'Production', '--yes', '--json', ...flags],
        // Drawn by the browser, as a person's machine draws it: the test is of the PDF drawn and the file as it is.
        { env: { ...env(), ...ENGINES_ON } },
      );
    const drawn = await drawnThenAsIs();
    assert.equal(drawn.code, 0, drawn.stderr);
    assert.match(drawn.stderr, /as the PDF/i, 'sent as the PDF drawn of it');
    const asIs = await drawnThenAsIs('--as-is');
    assert.equal(asIs.code, 2, asIs.stdout);
    assert.match(asIs.stderr, new RegExp(`Not sent: the same letter went to Ann Fox, .* as mailer ${idOf(drawn)} on `));
  });

  it('refuses a repeat in Default as in Production; lets a letter go again whose earlier send failed (-1018, -1010)', async () => {
    const first = await send(KIM);
    assert.equal(first.code, 0, first.stderr);
    const inDefault = await run('send', sample('notes.txt'), '--to', KIM, '--mode', 'Default', '--yes', '--json');
    assert.equal(inDefault.code, 2, inDefault.stdout);
    assert.match(inDefault.stderr, new RegExp(`Not sent: the same letter went to Kim Lee, .* as mailer ${idOf(first)} on `));

    assert.equal((await run('sandbox', 'fail', String(idOf(first)), '-1018')).code, 0);
    const afterUnverified = await send(KIM);
    assert.equal(afterUnverified.code, 0, `the earlier letter failed (-1018): ${afterUnverified.stderr}`);
    assert.equal((await send(KIM)).code, 2, 'the letter sent now was made: the next repeats it');
    assert.equal((await run('sandbox', 'fail', String(idOf(afterUnverified)), '-1010')).code, 0);
    assert.equal((await send(KIM)).code, 0, 'the earlier letters failed (-1018, then -1010)');
  });

  it('refuses a repeat of a send of unknown outcome (its answer never written), which may have been mailed', async () => {
    const first = await send(KIM);
    assert.equal(first.code, 0, first.stderr);
    // As a send killed before its answer leaves it: the "sending" line alone.
    const log = join(dir, 'state', 'mailroom', 'sent.jsonl');
    const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    writeFileSync(log, `${lines.filter((line) => (JSON.parse(line) as { kind: string }).kind === 'sending').join('\n')}\n`);
    const again = await send(KIM);
    assert.equal(again.code, 2, again.stdout);
    assert.match(again.stderr, /Not sent: the same letter went to Kim Lee, .* as a send of unknown outcome on \d{4}-\d\d-\d\d \d\d:\d\d\./);
  });

  it("lets a letter go whose earlier send is older than the window, counted from the log's own time; the config's window is kept", async () => {
    const first = await send(KIM);
    assert.equal(first.code, 0, first.stderr);
    const log = join(dir, 'state', 'mailroom', 'sent.jsonl');
    const written = readFileSync(log, 'utf8');
    // The earlier send made back-dated by its own line's time, not by a clock of the test's.
    const backdate = (days: number) =>
      writeFileSync(
        log,
        written.replace(
          /"time":"([^"]+)"/g,
          (_, time: string) => `"time":"${new Date(Date.parse(time) - days * 86_400_000).toISOString()}"`,
        ),
      );
    backdate(29);
    assert.equal((await send(KIM)).code, 2, '29 days ago: within 30');
    backdate(31);
    const old = await send(KIM);
    assert.equal(old.code, 0, `31 days ago: past 30 (${old.stderr})`);
    writeFileSync(log, written);
    backdate(31);
    mkdirSync(join(dir, 'config', 'mailroom'), { recursive: true });
    writeFileSync(join(dir, 'config', 'mailroom', 'config.json'), JSON.stringify({ repeats: { windowDays: 45 } }));
    assert.equal((await send(KIM)).code, 2, '31 days ago: within a window of 45');
  });

  it('refuses the same postcard to the same recipient, --again sends it; sides meeting elsewhere, the same bytes end to end, are another postcard', async () => {
    const side = (name: string, html: string) => {
      const path = join(dir, name);
      writeFileSync(path, html);
      return path;
    };
    const postcard = (front: string, back: string, ...flags: string[]) =>
      run('postcard', front, back, '--to', KIM, '--mode', 'Production', '--yes', '--json', ...flags);
    const [front, back] = [side('front.html', '<h1>Greetings from Salem</h1>\n'), side('back.html', '<p>Wish you were here</p>\n')];
    const first = await postcard(front, back);
    assert.equal(first.code, 0, first.stderr);
    const again = await postcard(front, back);
    assert.equal(again.code, 2, again.stdout);
    assert.match(again.stderr, new RegExp(`Not sent: the same postcard went to Kim Lee, .* as mailer ${idOf(first)} on `));
    const sent = await postcard(front, back, '--again');
    assert.equal(sent.code, 0, sent.stderr);
    assert.deepEqual(sendingLines().at(-1)?.repeats, [idOf(first)]);
    const moved = await postcard(side('front2.html', '<h1>Greetings from Salem</h1>\n<p>'), side('back2.html', 'Wish you were here</p>\n'));
    assert.equal(moved.code, 0, moved.stderr);
  });

  it('refuses a raw send through mailroom call of the same bytes again; --again sends it, and other bytes go', async () => {
    const letter = (name: string, html: string) => {
      const path = join(dir, name);
      writeFileSync(path, html);
      return [
        '--param',
        'MyDescription=raw',
        '--param',
        'FileExtension=html',
        '--file',
        `FileBinaryData=${path}`,
        '--param',
        'WorkMode=Production',
        '--yes',
      ];
    };
    const first = await run('call', 'SendLetterV2', ...letter('a.html', '<p>Dear Kim</p>'));
    assert.equal(first.code, 0, first.stderr);
    const id = Number(first.stdout.trim());
    const again = await run('call', 'SendLetterV2', ...letter('a.html', '<p>Dear Kim</p>'));
    assert.equal(again.code, 2, again.stdout);
    assert.match(again.stderr, new RegExp(`Not sent: .* as mailer ${id} on .*--again`));
    const sent = await run('call', 'SendLetterV2', ...letter('a.html', '<p>Dear Kim</p>'), '--again');
    assert.equal(sent.code, 0, sent.stderr);
    assert.equal((await run('call', 'SendLetterV2', ...letter('b.html', '<p>Dear Lee</p>'))).code, 0);
  });

  it('never lets two identical sends started at once both go', async () => {
    const results = await Promise.all([send(KIM), send(KIM), send(KIM)]);
    assert.equal(results.filter((r) => r.code === 0).length, 1, results.map((r) => r.stderr).join('\n'));
    for (const refused of results.filter((r) => r.code !== 0)) assert.match(refused.stderr, /Not sent: the same letter went to Kim Lee/);
  });
});
