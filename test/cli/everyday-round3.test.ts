/**
 * Issue 31's command-line items 3 and 10, run as a person runs them: the built `mailroom` against
 * a real sandbox, held to what it prints and its exit codes. Item 3: a send that may print for real
 * (Production, or Default, the account's own mode) is asked about, and a script without --yes is
 * refused with exit code 3, the line before sending saying which case it is.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { cliPath, mailroom, suiteEnv, type CliRun } from '../helpers/cli';
import { samplePng } from '../helpers/documents';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { SECRETS, secretIn } from '../helpers/secrets';
import { projectRoot } from '../helpers/tools';

const PASSWORD = SECRETS[5]!;
const letter = join(projectRoot, 'test', 'sample', 'notes.txt');
const TO = 'Kim Lee, 4 Pine St, Springfield, IL 62701';

describe('mailroom, round 3 (issue 31, items 3 and 10)', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let dir: string;
  const envOf = (user: string, env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    ...suiteEnv(),
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_STATE_HOME: join(dir, 'state'),
    MAILROOM_ENDPOINT: sandbox.url,
    MAILROOM_USER: user,
    MAILROOM_PASSWORD: PASSWORD,
    ...env,
  });
  /** As `dev`, whose account is in Development, unless `as` says another user. */
  const run = async (args: readonly string[], options: { as?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): Promise<CliRun> => {
    const result = await mailroom(args, {
      env: envOf(options.as ?? 'dev', options.env),
      ...(options.input === undefined ? {} : { input: options.input }),
    });
    assert.equal(secretIn(`${result.stdout}\n${result.stderr}`), undefined, `mailroom ${args[0]} printed a secret`);
    return result;
  };
  /** How many mailers the user has, as `history --json` lists them. */
  const mailers = async (as = 'dev') => {
    const listed = await run(['history', '--json'], { as });
    assert.equal(listed.code, 0, listed.stderr);
    return (JSON.parse(listed.stdout) as unknown[]).length;
  };
  /** A file of the test's own folder, written. */
  const file = (name: string, content: string | Buffer) => (writeFileSync(join(dir, name), content), join(dir, name));

  before(async () => {
    sandbox = await startTestSandbox({
      accounts: {
        accounts: [
          { name: 'Trying', balance: 100, users: [{ username: 'dev', password: PASSWORD, admin: true }] },
          {
            name: 'Paying',
            balance: 5000,
            users: [{ username: 'prod', password: PASSWORD, admin: true, settings: { General_WorkMode: 'Production' } }],
          },
        ],
      },
    });
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mailroom-round3-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  after(() => sandbox.close());

  describe('item 3: a send that may print for real asks, and needs --yes in a script', () => {
    it('Default, the account mode unknown: refused with exit code 3 and nothing sent; --yes sends it', async () => {
      const refused = await run(['send', letter, '--to', TO]);
      assert.equal(refused.code, 3, refused.stderr);
      assert.match(
        refused.stderr,
        /in Default mode, the account's work mode unknown \(the service cannot be asked it\): it may be printed, mailed and charged\./,
      );
      assert.match(
        refused.stderr,
        /Not sent: Default mode is the account's own work mode, which may be Production.*Add --yes to send it from a script\./,
      );
      assert.doesNotMatch(refused.stderr, /Usage:/);
      assert.equal(refused.stdout, '');
      assert.equal(await mailers(), 0, 'nothing was sent');
      const sent = await run(['send', letter, '--to', TO, '--yes']);
      assert.equal(sent.code, 0, sent.stderr);
      assert.match(sent.stdout, /^\d+\n$/);
      // The service ran it in Development: known now, but it may change on the service's pages, so it still asks.
      const again = await run(['send', letter, '--to', TO]);
      assert.equal(again.code, 3, again.stderr);
      assert.match(
        again.stderr,
        new RegExp(`the account's work mode unknown \\(it was Development as the service ran mailer ${sent.stdout.trim()}, sent `),
      );
    });

    it("Default = the account's Production once the service ran a Default send so; Production says it prints; Development goes", async () => {
      const first = await run(['send', letter, '--to', TO, '--yes'], { as: 'prod' });
      assert.equal(first.code, 0, first.stderr);
      const id = first.stdout.trim();
      const known = await run(['send', file('b.html', '<p>Another</p>'), '--to', TO], { as: 'prod' });
      assert.equal(known.code, 3, known.stderr);
      assert.match(
        known.stderr,
        new RegExp(
          `in Default mode = the account's Production \\(as the service ran mailer ${id}, sent [^)]+\\): printed, mailed and charged\\.`,
        ),
      );
      assert.match(known.stderr, /Not sent: Default mode is the account's Production mode, which prints, mails and charges it\. Add --yes/);
      const production = await run(['send', letter, '--to', TO, '--mode', 'Production', '--again'], { as: 'prod' });
      assert.equal(production.code, 3, production.stderr);
      assert.match(production.stderr, /in Production mode: printed, mailed and charged\.\n/);
      const development = await run(['send', letter, '--to', TO, '--mode', 'Development'], { as: 'prod' });
      assert.equal(development.code, 0, development.stderr);
      assert.match(development.stderr, /in Development mode\.\n/);
      assert.equal(await mailers('prod'), 2, 'the refused sends sent nothing');
    });

    it('on a terminal, asks: n sends nothing (exit code 3), y sends', async () => {
      /** The send on a terminal of its own (util-linux `script`), the answer typed once the question is up. */
      const onTerminal = (answer: string) =>
        new Promise<string>((resolve) => {
          const env = envOf('dev');
          const line = [process.execPath, cliPath, 'send', letter, '--to', `'${TO}'`].join(' ');
          const child = spawn('script', ['-qec', `${line}; echo "exit:$?"`, '/dev/null'], { env: { ...env, PATH: process.env.PATH } });
          let said = '';
          child.stdout.on('data', (d: Buffer) => {
            said += d.toString();
            if (/Send\? \[y\/N\]/.test(said) && !child.stdin.writableEnded) child.stdin.end(`${answer}\r`);
          });
          child.on('close', () => resolve(said));
        });
      const declined = await onTerminal('n');
      assert.match(
        declined,
        /Default mode is the account's own work mode, which may be Production: it may be printed, mailed and charged\. Send\? \[y\/N\]/,
      );
      assert.match(declined, /Not sent: Default mode is the account's own work mode/);
      assert.match(declined, /exit:3/);
      assert.equal(await mailers(), 0);
      const accepted = await onTerminal('y');
      assert.match(accepted, /exit:0/, accepted);
      assert.equal(await mailers(), 1);
    });

    it('merge, postcard, a stored file and a raw call ask as send does', async () => {
      const csv = file('people.csv', 'AttentionLine1,Address1,City,State,PostalCode\nJane Doe,1 Main St,Springfield,IL,62701\n');
      const merge = await run(['merge', join(projectRoot, 'test', 'sample', 'invite.html'), csv]);
      assert.equal(merge.code, 3, merge.stderr);
      const sides = [join(projectRoot, 'test', 'sample', 'postcard-front.html'), join(projectRoot, 'test', 'sample', 'postcard-back.html')];
      const postcard = await run(['postcard', ...sides, '--to', TO, '--mode', 'Production']);
      assert.equal(postcard.code, 3, postcard.stderr);
      const stored = await run(['send', '--stored', 'nothing.pdf', '--to', TO]);
      assert.equal(stored.code, 3, stored.stderr);
      const raw = await run([
        'call',
        'SendLetterV2',
        '--param',
        'FileExtension=html',
        '--file',
        `FileBinaryData=${file('r.html', '<p>r</p>')}`,
      ]);
      assert.equal(raw.code, 3, raw.stderr);
      assert.equal(await mailers(), 0);
    });
  });

  describe('item 10: the command line', () => {
    it('takes the global options before the command', async () => {
      const sent = await run(['--user', 'dev', 'send', letter, '--to', TO, '--mode', 'Development']);
      assert.equal(sent.code, 0, sent.stderr);
      const id = sent.stdout.trim();
      mkdirSync(join(dir, 'config', 'mailroom'), { recursive: true });
      writeFileSync(
        join(dir, 'config', 'mailroom', 'config.json'),
        JSON.stringify({ profiles: { work: { endpoint: sandbox.url, user: 'dev' } } }),
      );
      const status = await run(['--profile', 'work', 'status', id], { as: 'nobody' });
      assert.equal(status.code, 0, status.stderr);
      assert.match(status.stdout, new RegExp(`^${id}\\s+-900\\s+Received`, 'm'));
      const json = await run(['--json', `--endpoint=${sandbox.url}`, 'status', id]);
      assert.equal(json.code, 0, json.stderr);
      assert.equal((JSON.parse(json.stdout) as { ID: number }[])[0]!.ID, Number(id));
    });

    it('without a keychain, login and the commands say to set MAILROOM_PASSWORD, never only to run mailroom login again', async () => {
      const env = { ...envOf('dev'), MAILROOM_PASSWORD: undefined, HOME: dir };
      const login = await mailroom(['login'], { env, input: `${PASSWORD}\n` });
      assert.equal(login.code, 1, login.stderr);
      assert.match(
        login.stderr,
        /The commands take it from MAILROOM_PASSWORD instead: set it in the environment they run in \(for example `read -rs MAILROOM_PASSWORD && export MAILROOM_PASSWORD`\)/,
      );
      assert.doesNotMatch(login.stderr, /mailroom login/, 'login does not send the person back to login');
      const status = await mailroom(['status', '1'], { env });
      assert.equal(status.code, 2, status.stderr);
      // With no Secret Service, the keychain answers "AccessDenied": said, and the environment is the one way.
      assert.match(
        status.stderr,
        /No password for dev at .*, and no OS keychain here \(.+\): set MAILROOM_PASSWORD \(or MAILROOM_API_KEY\) in the environment the command runs in/,
      );
      assert.doesNotMatch(status.stderr, /mailroom login/);
      assert.doesNotMatch(status.stderr, /Usage:/);
      const given = await mailroom(['status', '1'], { env: { ...env, MAILROOM_PASSWORD: PASSWORD } });
      assert.doesNotMatch(given.stderr, /No password/, 'the variable is the way in');
    });

    it('reads - as standard input, and pdf -o - writes the PDF to standard output', async () => {
      const sent = await run(['send', '-', '--to', TO, '--mode', 'Development'], { input: '<p>From a pipe</p>' });
      assert.equal(sent.code, 0, sent.stderr);
      assert.match(sent.stderr, /Sending stdin\.html as a letter/);
      const checked = await run(['preflight', '-', '--to', TO], { input: '<p>From a pipe</p>' });
      assert.equal(checked.code, 0, checked.stderr);
      assert.match(checked.stdout, /^stdin\.html: 2 pages/);
      // A merge's template or its data from a pipe, the other named.
      const people = join(projectRoot, 'test', 'sample', 'people.csv');
      const template = readFileSync(join(projectRoot, 'test', 'sample', 'invite.html'), 'utf8');
      const merged = await run(['merge', '-', people, '--mode', 'Development', '--json'], { input: template });
      assert.equal(merged.code, 0, merged.stderr);
      assert.match(merged.stderr, /from stdin\.html and people\.csv/);
      const piped = await run(['merge', join(projectRoot, 'test', 'sample', 'invite.html'), '-', '--mode', 'Development', '--json'], {
        input: readFileSync(people, 'utf8'),
      });
      assert.equal(piped.code, 0, piped.stderr);
      const passing = await run(['merge', join(projectRoot, 'test', 'sample', 'invite.html'), '-', '--only-passing'], { input: '' });
      assert.equal(passing.code, 2);
      assert.match(passing.stderr, /--only-passing writes the rows that pass in a file beside the data: name the data file, not -/);
      sandbox.advance(4_500_000);
      const pdf = await mailroom(['pdf', sent.stdout.trim(), '-o', '-'], { env: envOf('dev') });
      assert.equal(pdf.code, 0, pdf.stderr);
      assert.ok(pdf.stdout.startsWith('%PDF-'), 'the PDF itself on standard output');
      assert.match(pdf.stderr, /Wrote the PDF of \d+ to standard output \(\d+ bytes\)/);
    });

    it('an upload over a stored name names --overwrite; --overwrite replaces it; send --stored sends it', async () => {
      const pdf = join(projectRoot, 'test', 'sample', 'price-list.pdf');
      assert.equal((await run(['files', 'upload', pdf, '--name', 'prices.pdf'])).code, 0);
      const taken = await run(['files', 'upload', pdf, '--name', 'prices.pdf']);
      assert.equal(taken.code, 1, taken.stderr);
      assert.equal(
        taken.stderr,
        'mailroom: A stored file is named prices.pdf already (UploadFile answered -3127): add --overwrite to replace it, or --name to store it under another name\n',
      );
      const replaced = await run(['files', 'upload', pdf, '--name', 'prices.pdf', '--overwrite']);
      assert.equal(replaced.code, 0, replaced.stderr);
      assert.match(replaced.stdout, /Send it with: mailroom send --stored prices\.pdf/);
      const sent = await run(['send', '--stored', 'prices.pdf', '--to', TO, '--mode', 'Development']);
      assert.equal(sent.code, 0, sent.stderr);
      assert.match(sent.stderr, /Sending prices\.pdf as a letter to Kim Lee, Springfield, in Development mode\./);
      const details = await run(['details', sent.stdout.trim()]);
      assert.match(details.stdout, /^MyDescription\s+prices\.pdf$/m);
      assert.equal((await run(['send', '--stored', 'prices.pdf', letter])).code, 2, 'a stored file or a file, not both');
    });

    it("-3022 is said once, with the mailer's status now; -3003 has no doubled parentheses", async () => {
      const sent = await run(['send', letter, '--to', TO, '--mode', 'Development']);
      const id = sent.stdout.trim();
      assert.equal((await run(['cancel', id])).code, 0);
      const again = await run(['cancel', id]);
      assert.equal(again.code, 1);
      assert.equal(
        again.stderr,
        `mailroom: ${id} cannot be cancelled (CancelDelivery answered -3022: cancellation denied): it is -1005 Actively canceled by user.\n`,
      );
      const wrong = await run(['status', id], { env: { MAILROOM_PASSWORD: 'wrong-password' } });
      assert.equal(wrong.code, 1);
      assert.match(
        wrong.stderr,
        /-3003: not authenticated \(unknown user or API key, or wrong password\); check the username and password, or the API key\n$/,
      );
      assert.doesNotMatch(wrong.stderr, /\)\s*\(|\(\([^)]*\)\)|\)\)/);
    });

    it('status puts the code and the words under their own columns; a config error has no usage line', async () => {
      const id = (await run(['send', letter, '--to', TO, '--mode', 'Development'])).stdout.trim();
      const status = await run(['status', id]);
      assert.match(status.stdout, new RegExp(`^ID\\s+Code\\s+Status\\s+Last update\\n${id}\\s+-900\\s+Received\\s`));
      mkdirSync(join(dir, 'config', 'mailroom'), { recursive: true });
      writeFileSync(join(dir, 'config', 'mailroom', 'config.json'), '{ "spending": ');
      const broken = await run(['preflight', letter, '--to', TO]);
      assert.equal(broken.code, 2);
      assert.match(broken.stderr, /config\.json does not read as Mailroom's settings/);
      assert.doesNotMatch(broken.stderr, /Usage:/);
      rmSync(join(dir, 'config', 'mailroom', 'config.json'));
      const noProfile = await run(['status', id, '--profile', 'home']);
      assert.equal(noProfile.code, 2);
      assert.doesNotMatch(noProfile.stderr, /Usage:/);
    });

    it('history writes "Springfield, IL 62701"; amounts have thousands separators', async () => {
      assert.equal((await run(['send', letter, '--to', TO, '--mode', 'Development'])).code, 0);
      const history = await run(['history']);
      assert.match(history.stdout, /Kim Lee, 4 Pine St, Springfield, IL 62701 /);
      assert.doesNotMatch(history.stdout, /IL, 62701/);
      const rows = ['AttentionLine1,Address1,City,State,PostalCode'];
      for (let i = 1; i <= 1300; i++) rows.push(`Person ${i},${i} Main St,Springfield,IL,62701`);
      const csv = file('many.csv', `${rows.join('\n')}\n`);
      const template = file('t.html', '<p>Dear {{AttentionLine1}}</p>');
      const priced = await run(['preflight', template, '--data', csv]);
      assert.match(priced.stdout, /1,300 letters|1300 letters/);
      assert.match(priced.stdout, /\$1,\d{3}\.\d{2}, printed in/);
      const json = JSON.parse((await run(['preflight', template, '--data', csv, '--json'])).stdout) as { price: unknown };
      assert.equal(typeof json.price, 'number', 'JSON keeps the amount a number');
    });

    it("batch details say Development's charge once, naming the items", async () => {
      const csv = file('people.csv', readFileSync(join(projectRoot, 'test', 'sample', 'people.csv')));
      const merged = await run(['merge', join(projectRoot, 'test', 'sample', 'invite.html'), csv, '--mode', 'Development']);
      assert.equal(merged.code, 0, merged.stderr);
      const details = await run(['details', merged.stdout.trim()]);
      assert.equal(details.code, 0, details.stderr);
      assert.equal(details.stdout.match(/Development is never charged/g)?.length, 2, 'the batch, then its items once');
      assert.match(details.stdout, /^Charged, every item \(1–3\): no: Development is never charged/m);
      assert.match(details.stdout, /^Item\s+Code\s+Status\s+Price\s+Sheets$/m);
      assert.match(details.stdout, /^1\s+-900\s+Received\s+\$0\.79\s+2$/m);
      // A page of the items, as the service names them (issue 32, part 5: a batch may hold 100,000).
      const paged = await run(['details', merged.stdout.trim(), '--items', '2-3', '--json']);
      assert.equal(paged.code, 0, paged.stderr);
      assert.deepEqual(
        (JSON.parse(paged.stdout) as { Items: { ItemID: number }[] }).Items.map((i) => i.ItemID),
        [2, 3],
      );
      const wrong = await run(['details', merged.stdout.trim(), '--items', 'first']);
      assert.equal(wrong.code, 2);
      assert.match(wrong.stderr, /--items takes item numbers, a range or a comma list \(101-200, 3,17,99\), not "first"/);
    });

    it('postcards are preflighted: a 100 DPI image side is a warning in preflight --postcard and in postcard', async () => {
      const image = file('front.png', samplePng(600, 425));
      const back = join(projectRoot, 'test', 'sample', 'postcard-back.html');
      const checked = await run(['preflight', '--postcard', image, back, '--to', TO]);
      assert.equal(checked.code, 0, checked.stderr);
      assert.match(
        checked.stdout,
        /warning Mailroom {2}An image of 600 × 425 pixels is drawn 6 × 4\.25 in, at 100 DPI \(the image side\): the service asks for 300 DPI or more/,
      );
      assert.match(checked.stdout, /Nothing would fail \(1 warning\)\./);
      const sent = await run(['postcard', image, back, '--to', TO, '--mode', 'Development']);
      assert.equal(sent.code, 0, sent.stderr);
      assert.match(sent.stderr, /^warning: An image of 600 × 425 pixels is drawn 6 × 4\.25 in, at 100 DPI \(the image side\)/m);
      const sharp = await run(['preflight', '--postcard', file('sharp.png', samplePng(1800, 1275)), back, '--to', TO]);
      assert.doesNotMatch(sharp.stdout, /DPI/, 'a 300 DPI side is no warning');
    });
  });
});
