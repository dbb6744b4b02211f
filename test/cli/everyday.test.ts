/**
 * Issue 25's command-line parts 14, 15 and 17, run as a person runs them: the built `mailroom`
 * against a real sandbox, holding it to what it prints and its exit codes.
 */
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { cliPath, mailroom, personAtSandbox, type CliRun } from '../helpers/cli';
import { SECRETS, secretIn } from '../helpers/secrets';
import { projectRoot } from '../helpers/tools';

const PASSWORD = SECRETS[4]!;
const letter = join(projectRoot, 'test', 'sample', 'notes.txt');
const TO = 'Kim Lee, 4 Pine St, Salem, OR 97301';

describe('mailroom in everyday use (issue 25, parts 14, 15 and 17)', function () {
  this.timeout(60_000);
  const pat = personAtSandbox('Everyday', PASSWORD, 'mailroom-everyday-');
  const configFile = () => join(pat.dir, 'config', 'mailroom', 'config.json');
  const config = (settings: object) => {
    mkdirSync(join(pat.dir, 'config', 'mailroom'), { recursive: true });
    writeFileSync(configFile(), JSON.stringify(settings));
  };
  const envOf = (env?: NodeJS.ProcessEnv) => pat.env(env);
  const run = async (args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> => {
    const result = await mailroom(args, { env: envOf(env) });
    assert.equal(secretIn(`${result.stdout}\n${result.stderr}`), undefined, `mailroom ${args[0]} printed a secret`);
    return result;
  };
  /** The mailers the sandbox holds for pat, from its own GetStatus over the command line. */
  const mailers = () => pat.mailersListed();

  describe("part 14: the service's limits, checked before sending", () => {
    const long = 'x'.repeat(150);

    it('send: a 150-character --description is refused with exit 2, naming the option, MyDescription and its limit; nothing is sent', async () => {
      const sent = await run(['send', letter, '--to', TO, '--mode', 'Development', '--description', long]);
      assert.equal(sent.code, 2, sent.stderr);
      assert.match(
        sent.stderr,
        /--description is 150 characters long; the service takes at most 100 \(MyDescription: it would answer -3212\)\. Nothing was sent/,
      );
      assert.doesNotMatch(sent.stderr, /one or more parameters are invalid/);
      assert.equal(sent.stdout, '');
      assert.equal(await mailers(), 0, 'nothing reached the send log');
      const exactly = await run(['send', letter, '--to', TO, '--mode', 'Development', '--description', 'x'.repeat(100)]);
      assert.equal(exactly.code, 0, `100 characters is the limit itself: ${exactly.stderr}`);
    });

    it("send: a recipient's field past its length, from a flag, names the field and its limit", async () => {
      const name = 'N'.repeat(61);
      const sent = await run(['send', letter, '--to', TO, '--attention-line1', name, '--mode', 'Development']);
      assert.equal(sent.code, 2, sent.stderr);
      assert.match(
        sent.stderr,
        /The recipient cannot be sent to: The name is 61 characters long; the service takes at most 45 \(AttentionLine1: it would answer -3120\)/,
      );
      const city = await run(['send', letter, '--to', TO, '--city', 'C'.repeat(31), '--mode', 'Development']);
      assert.equal(city.code, 2, city.stderr);
      assert.match(city.stderr, /31 characters long; the service takes at most 30 \(City: it would answer -3113\)/);
    });

    it('merge: a 150-character --description is refused the same way', async () => {
      const template = join(pat.dir, 'invite.html');
      const data = join(pat.dir, 'people.csv');
      writeFileSync(template, '<p>Dear {{Name}}</p>');
      writeFileSync(data, 'Name,Address1,City,State,PostalCode\nKim Lee,4 Pine St,Salem,OR,97301\n');
      const merged = await run(['merge', template, data, '--mode', 'Development', '--description', long]);
      assert.equal(merged.code, 2, merged.stderr);
      assert.match(merged.stderr, /--description is 150 characters long; the service takes at most 100 \(MyDescription/);
    });

    it("files upload: a --name past 255 characters is refused naming MyFileName's limit", async () => {
      const uploaded = await run(['files', 'upload', letter, '--name', `${'n'.repeat(260)}.txt`]);
      assert.equal(uploaded.code, 2, uploaded.stderr);
      assert.match(uploaded.stderr, /--name is 264 characters long; the service takes at most 255 \(MyFileName: it would answer -3126\)/);
    });

    it('call: a --param past its limit is named the same way', async () => {
      const called = await run(['call', 'SendLetterV2', '--param', `MyDescription=${long}`, '--param', 'WorkMode=Development']);
      assert.equal(called.code, 2, called.stderr);
      assert.match(called.stderr, /--param MyDescription is 150 characters long; the service takes at most 100/);
    });
  });

  describe('part 15: keys config.json holds that Mailroom does not read', () => {
    it('names a misspelled key with the nearest known one on every command, and refuses Production sends until it is corrected', async () => {
      config({ spending: { dailyBuget: 1 } });
      const status = await run(['history']);
      assert.equal(status.code, 0, status.stderr);
      assert.match(
        status.stderr,
        /warning: .*config\.json has a key Mailroom does not read: spending\.dailyBuget \(did you mean spending\.dailyBudget\?\)/,
      );
      const production = await run(['send', letter, '--to', TO, '--mode', 'Production', '--yes']);
      assert.equal(production.code, 2, production.stderr);
      assert.match(
        production.stderr,
        /Not sent: .*config\.json has a key Mailroom does not read: spending\.dailyBuget \(did you mean spending\.dailyBudget\?\)/,
      );
      assert.equal(production.stdout, '');
      const byDefault = await run(['send', letter, '--to', TO, '--yes']);
      assert.equal(byDefault.code, 2, 'Default may be Production: refused too');
      const development = await run(['send', letter, '--to', TO, '--mode', 'Development']);
      assert.equal(development.code, 0, development.stderr);
      assert.match(development.stderr, /did you mean spending\.dailyBudget\?/);
      config({ spending: { dailyBudget: 1 } });
      const corrected = await run(['send', letter, '--to', TO, '--mode', 'Production', '--yes', '--again']);
      assert.doesNotMatch(corrected.stderr, /does not read/);
      assert.equal(corrected.code, 0, corrected.stderr);
    });

    it("names keys inside a profile, at the top and in repeats, each with its own object's nearest", async () => {
      config({
        profiles: { work: { endpoint: pat.sandbox.url, usr: 'pat', user: 'pat' } },
        printside: 'Duplex',
        repeats: { windowDay: 3 },
      });
      const listed = await run(['history']);
      assert.equal(listed.code, 0, listed.stderr);
      assert.match(
        listed.stderr,
        /keys Mailroom does not read: profiles\.work\.usr \(did you mean profiles\.work\.user\?\)|keys Mailroom does not read: .*profiles\.work\.usr \(did you mean profiles\.work\.user\?\)/,
      );
      assert.match(listed.stderr, /printside \(did you mean printSides\?\)/);
      assert.match(listed.stderr, /repeats\.windowDay \(did you mean repeats\.windowDays\?\)/);
    });

    it('a config that cannot be read still blocks the commands that read it, as before', async () => {
      mkdirSync(join(pat.dir, 'config', 'mailroom'), { recursive: true });
      writeFileSync(configFile(), '{ "spending": ');
      const production = await run(['send', letter, '--to', TO, '--mode', 'Production', '--yes']);
      assert.equal(production.code, 2);
      assert.match(production.stderr, /does not read as Mailroom's settings/);
    });
  });

  describe('part 17: mailroom postcard', () => {
    const front = join(projectRoot, 'test', 'sample', 'postcard-front.html');
    const back = join(projectRoot, 'test', 'sample', 'postcard-back.html');

    it('sends the two sides to an address on one line or in flags, prints the ID, and the mailer is a postcard', async () => {
      const sent = await run(['postcard', front, back, '--to', TO, '--mode', 'Development', '--color', 'Black']);
      assert.equal(sent.code, 0, sent.stderr);
      assert.match(sent.stdout, /^\d+\n$/);
      assert.match(
        sent.stderr,
        /Sending a postcard of postcard-front\.html and postcard-back\.html to Kim Lee, Salem, in Development mode\./,
      );
      const details = await run(['details', sent.stdout.trim(), '--json']);
      assert.equal(details.code, 0, details.stderr);
      const mailer = JSON.parse(details.stdout) as Record<string, unknown>;
      assert.equal(mailer.MailerType, 'Postcard');
      assert.equal(mailer.MyDescription, 'Postcard: postcard-front.html');
      assert.equal(mailer.PrintColor, 'Black');
      const flagged = await run([
        'postcard',
        front,
        back,
        '--attention-line1',
        'Kim Lee',
        '--address1',
        '4 Pine St',
        '--city',
        'Salem',
        '--state',
        'OR',
        '--postal-code',
        '97301',
        '--mode',
        'Development',
        '--json',
        '--description',
        'Hello from Salem',
      ]);
      assert.equal(flagged.code, 0, flagged.stderr);
      assert.ok((JSON.parse(flagged.stdout) as { id: number }).id > 0);
    });

    it('refuses a side of a type the service does not take, no recipient, and an unknown choice, with exit 2', async () => {
      const markdown = await run(['postcard', front, join(projectRoot, 'test', 'sample', 'letter.md'), '--to', TO]);
      assert.equal(markdown.code, 2);
      assert.match(markdown.stderr, /The address side is letter\.md: a postcard's side is jpg, jpeg, png, pdf, html/);
      const nobody = await run(['postcard', front, back]);
      assert.equal(nobody.code, 2);
      assert.match(nobody.stderr, /Name the recipient/);
      const size = await run(['postcard', front, back, '--to', TO, '--size', 'A6']);
      assert.equal(size.code, 2);
      assert.match(size.stderr, /--size takes Default, Postcard_4_25X6, not "A6"/);
      const one = await run(['postcard', front, '--to', TO]);
      assert.equal(one.code, 2);
      assert.match(one.stderr, /Name two files: the image side, then the address side/);
    });

    it('preflights the sides as the service prints them: a side it cannot process is refused in Production, said in Development', async () => {
      const broken = join(pat.dir, 'broken.pdf');
      writeFileSync(broken, 'not a PDF at all');
      const production = await run(['postcard', broken, back, '--to', TO, '--mode', 'Production', '--yes']);
      assert.equal(production.code, 2, production.stderr);
      assert.match(production.stderr, /Not sent: the service would fail this postcard with -1025/);
      assert.equal(production.stdout, '');
      const development = await run(['postcard', broken, back, '--to', TO, '--mode', 'Development']);
      assert.equal(development.code, 0, development.stderr);
      assert.match(development.stderr, /warning -1025: .*in Production/);
      const status = await run(['status', development.stdout.trim(), '--json']);
      assert.equal(status.code, 0, status.stderr);
      assert.equal(await run(['sandbox', 'advance', '1h', '--endpoint', pat.sandbox.url]).then((r) => r.code), 0);
      const after = await run(['details', development.stdout.trim(), '--json']);
      assert.equal((JSON.parse(after.stdout) as { Status: number }).Status, -1025, 'the sandbox fails it as the preflight said');
    });

    it("goes through send's spending guard, repeat check and send log: a budget, a repeat, --again, history", async () => {
      config({ spending: { dailyBudget: 0.5 } });
      const over = await run(['postcard', front, back, '--to', TO, '--mode', 'Production', '--yes']);
      assert.equal(over.code, 2, over.stderr);
      assert.match(
        over.stderr,
        /Not sent: \$0\.00 spent today in Production by pat at .*; this send's \$[\d.]+ would pass the daily budget of \$0\.50/,
      );
      config({ spending: { dailyBudget: 100 } });
      const first = await run(['postcard', front, back, '--to', TO, '--mode', 'Production', '--yes']);
      assert.equal(first.code, 0, first.stderr);
      const repeat = await run(['postcard', front, back, '--to', TO, '--mode', 'Production', '--yes']);
      assert.equal(repeat.code, 2);
      assert.match(
        repeat.stderr,
        new RegExp(`Not sent: the same postcard went to Kim Lee.* as mailer ${first.stdout.trim()} on .*Add --again`),
      );
      const again = await run(['postcard', front, back, '--to', TO, '--mode', 'Production', '--yes', '--again']);
      assert.equal(again.code, 0, again.stderr);
      assert.match(again.stderr, new RegExp(`Sent again as asked \\(--again\\): it repeats mailer ${first.stdout.trim()}`));
      const history = await run(['history', '--json']);
      const ids = (JSON.parse(history.stdout) as { id?: number }[]).map((row) => row.id);
      assert.ok(ids.includes(Number(first.stdout)) && ids.includes(Number(again.stdout)), history.stdout);
    });
  });

  describe('part 17: the rest', () => {
    it('mailroom --version prints the version of package.json', async () => {
      const { version } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string };
      const printed = await run(['--version']);
      assert.equal(printed.code, 0);
      assert.equal(printed.stdout, `mailroom ${version}\n`);
      assert.match((await run(['--help'])).stdout, /mailroom --version, its version/);
    });

    it('mailroom help nosuch is a usage mistake naming the commands', async () => {
      const asked = await run(['help', 'nosuch']);
      assert.equal(asked.code, 2);
      assert.equal(asked.stdout, '');
      assert.match(asked.stderr, /^mailroom: No command "nosuch"; the commands are preflight, send, postcard, status, .*, wsdl\n$/);
      assert.equal((await run(['help', 'postcard'])).code, 0);
    });

    it('details says "not yet" for a time not reached, never 0001-01-01', async () => {
      const sent = await run(['send', letter, '--to', TO, '--mode', 'Development', '--again']);
      assert.equal(sent.code, 0, sent.stderr);
      const id = sent.stdout.trim();
      const received = await run(['details', id]);
      assert.equal(received.code, 0, received.stderr);
      assert.match(received.stdout, /^CompletionTime\s+not yet$/m);
      assert.doesNotMatch(received.stdout, /0001-01-01/);
      assert.match(
        (JSON.parse((await run(['details', id, '--json'])).stdout) as { CompletionTime: string }).CompletionTime,
        /^0001-01-01T00:00:00/,
        "--json keeps the service's value",
      );
      await run(['sandbox', 'advance', '1h', '--endpoint', pat.sandbox.url]);
      assert.doesNotMatch((await run(['details', id])).stdout, /not yet|0001-01-01/);
    });

    it('pdf right after a send says the mailer is not printed yet and when its PDF exists; --wait waits for it', async () => {
      const sent = await run(['send', letter, '--to', TO, '--mode', 'Development', '--again']);
      const id = sent.stdout.trim();
      const out = join(pat.dir, 'letter.pdf');
      const early = await run(['pdf', id, '-o', out]);
      assert.equal(early.code, 1);
      assert.equal(
        early.stderr,
        `mailroom: ${id} is not printed yet (-900 Received): its PDF exists once it is, from Waiting For Delivery on. Ask again then, or add --wait to wait for it\n`,
      );
      assert.equal(existsSync(out), false);
      // Waiting: the clock moves once the command has said it waits, and then the mailer is printed.
      const child = spawn(process.execPath, [cliPath, 'pdf', id, '-o', out, '--wait'], {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...envOf() },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      const said = new Promise<void>((resolve) =>
        child.stderr.on('data', (d) => {
          stderr += d;
          if (stderr.includes(`Waiting for ${id} to be printed: -900 Received`)) resolve();
        }),
      );
      const waiting = new Promise<CliRun>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
      await said;
      assert.equal(existsSync(out), false);
      await run(['sandbox', 'advance', '1h', '--endpoint', pat.sandbox.url]);
      const waited = await waiting;
      assert.equal(waited.code, 0, waited.stderr);
      assert.match(waited.stdout, new RegExp(`^Saved the PDF of ${id} to .*letter\\.pdf \\(\\d+ bytes\\)\\n$`));
      assert.equal(readFileSync(out).subarray(0, 5).toString(), '%PDF-');
      const cancelledId = (await run(['send', letter, '--to', TO, '--mode', 'Development', '--again'])).stdout.trim();
      assert.equal((await run(['cancel', cancelledId])).code, 0);
      const never = await run(['pdf', cancelledId, '-o', out, '--wait']);
      assert.equal(never.code, 1);
      assert.match(never.stderr, new RegExp(`^mailroom: ${cancelledId} ended before it was printed \\(-1005 [^)]*\\): it has no PDF\\n$`));
    });

    it('login without a keychain checks the password, keeps the profile, and says the secret must come from MAILROOM_PASSWORD', async () => {
      const env = { HOME: pat.dir, MAILROOM_PASSWORD: undefined };
      const login = await mailroom(['login', '--profile', 'work', '--endpoint', pat.sandbox.url, '--user', 'pat'], {
        env: { XDG_CONFIG_HOME: join(pat.dir, 'config'), XDG_STATE_HOME: join(pat.dir, 'state'), ...env },
        input: `${PASSWORD}\n`,
      });
      assert.equal(login.code, 1, login.stderr);
      assert.ok(!`${login.stdout}${login.stderr}`.includes(PASSWORD), 'no secret printed');
      assert.match(login.stdout, /Kept the profile work \(pat at http:\/\/127\.0\.0\.1:\d+\) in .*config\.json\./);
      assert.match(
        login.stderr,
        /the password of pat at http:\/\/127\.0\.0\.1:\d+ was checked, but it was not kept: no OS keychain is available \(.+\)\. The commands take it from MAILROOM_PASSWORD instead: set it in the environment they run in with --profile work/,
      );
      assert.deepEqual(JSON.parse(readFileSync(configFile(), 'utf8')), {
        profiles: { work: { endpoint: pat.sandbox.url, user: 'pat', binding: 'soap11' } },
      });
      // As it said: the profile, with the password from the environment.
      const used = await run(['call', 'GetLetterStatus', '--param', 'ID=1', '--profile', 'work'], {
        MAILROOM_ENDPOINT: undefined,
        MAILROOM_USER: undefined,
        HOME: pat.dir,
      });
      assert.match(used.stderr, /GetLetterStatus answered -3116/, 'signed in as pat: the mailer is just missing');
      const wrong = await mailroom(['login', '--endpoint', pat.sandbox.url, '--user', 'pat'], {
        env: { HOME: pat.dir },
        input: 'not-it\n',
      });
      assert.notEqual(wrong.code, 0, 'a wrong password is refused before the keychain is tried');
      assert.doesNotMatch(wrong.stderr, /was checked/);
    });

    it("the README names --schedule interactive, the sandbox's own word for npm start's pace", async () => {
      const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
      assert.match(readme, /mailroom sandbox --schedule interactive/);
      assert.match((await run(['sandbox', '--help'])).stdout, /--schedule interactive/);
    });
  });
});
