/**
 * What a person sees when something is not as asked (issue 25, parts 11, 12, 13 and 16): the built
 * command line in a child process against a real sandbox, its output and exit code. One rule
 * (docs/cli.md, "Exit codes"): 0 done; 1 the service, the sandbox or the network said no (an
 * unknown mailer ID included); 2 Mailroom refused the command line before anything was sent (an
 * argument, a file that cannot be read). A closed pipe ends the command quietly with its own code.
 */
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliPath, mailroom, suiteEnv, type CliRun } from '../helpers/cli';
import { httpCaller, sendLetterToJane, startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { projectRoot } from '../helpers/tools';
import { withTextLayout } from '../helpers/engines';

const JANE = 'Jane Doe, 1 Main St, Springfield, IL 62701';
const sample = (name: string) => join(projectRoot, 'test', 'sample', name);

/**
 * Runs the command line with its standard output piped into a reader that takes the first line
 * and closes the pipe (a shell's `read`, which reads a pipe byte by byte, so the rest stays
 * unread in the pipe, as `| head -1` leaves it): the command's exit code and standard error, and
 * the line the reader took.
 */
function intoOneLineReader(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliRun & { readonly line: string }> {
  const reader = spawn('sh', ['-c', 'IFS= read -r line; printf "%s\\n" "$line"'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const child = spawn(process.execPath, [cliPath, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...suiteEnv(), ...env },
    stdio: ['ignore', reader.stdin, 'pipe'],
  });
  // Only the command writes into the reader now; the reader's exit closes the pipe's last reading end.
  reader.stdin.destroy();
  let line = '';
  let stderr = '';
  reader.stdout.on('data', (d) => (line += d));
  child.stderr.on('data', (d) => (stderr += d));
  const readerDone = new Promise((resolve) => reader.on('close', resolve));
  return new Promise((resolve) =>
    child.on('close', (code) => void readerDone.then(() => resolve({ code, stdout: '', stderr, line: line.replace(/\n$/, '') }))),
  );
}

describe('mailroom: unknown IDs, unreadable files, closed pipes, one argument grammar and one exit-code rule', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const run = (...args: string[]): Promise<CliRun> => mailroom(args, { env });
  const sendJane = async (description: string): Promise<number> => {
    const sent = await run('send', sample('invite.html'), '--to', JANE, '--mode', 'Development', '--description', description);
    assert.equal(sent.code, 0, sent.stderr);
    return Number(sent.stdout.trim().split('\n').at(-1));
  };

  beforeEach(async () => {
    sandbox = await startTestSandbox();
    dir = mkdtempSync(join(tmpdir(), 'mailroom-mistakes-'));
    // A send log of this test's own, so that history holds only its sends.
    env = { MAILROOM_ENDPOINT: sandbox.url, XDG_STATE_HOME: join(dir, 'state'), XDG_CONFIG_HOME: join(dir, 'config') };
  });
  afterEach(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('11. an unknown mailer ID is said to be unknown, exit code 1', () => {
    it('status, details and cancel of an ID the service never had: no "-3001 No Permissions 0001-01-01" row', async () => {
      for (const command of ['status', 'details', 'cancel']) {
        const result = await run(command, '99999999');
        assert.equal(result.code, 1, `${command}: ${result.stderr}`);
        assert.equal(result.stdout, '', `${command} prints no row for it`);
        assert.match(
          result.stderr,
          /^mailroom: unknown mailer 99999999: the service at http:\/\/127\.0\.0\.1:\d+ reports no such mailer to demo.*: it does not exist, a sandbox reset forgot it, or it is another user's\n$/,
          command,
        );
      }
      const details = await run('details', '99999999');
      assert.match(details.stderr, /\(-3115: warning: the query returned no data\)/, "details names the service's answer");
    });

    it('status prints the mailers it knows and names the others; --json holds only those it knows', async () => {
      const id = await sendJane('known');
      const list = await run('status', `${id},99999998,99999999`);
      assert.equal(list.code, 1, list.stderr);
      assert.match(list.stdout, new RegExp(`^ID +Code +Status +Last update\\n${id} +-900 +Received `));
      assert.doesNotMatch(list.stdout, /99999999|-3001|0001-01-01/);
      assert.match(list.stderr, /^mailroom: unknown mailers 99999998-99999999: .* they do not exist/);
      const json = await run('status', String(id), '99999999', '--json');
      assert.equal(json.code, 1);
      assert.deepEqual(
        (JSON.parse(json.stdout) as { ID: number }[]).map((s) => s.ID),
        [id],
      );
      const known = await run('status', String(id));
      assert.equal(known.code, 0, 'every ID known: exit 0');
      assert.equal(known.stderr, '');
    });

    it('after `sandbox reset`: status, details and history say the forgotten mailers are unknown', async () => {
      const first = await sendJane('forgotten one');
      const second = await sendJane('forgotten two');
      assert.equal((await run('history')).code, 0, 'known before the reset');
      const reset = await run('sandbox', 'reset');
      assert.equal(reset.code, 0, reset.stderr);

      const status = await run('status', `${first}-${second}`);
      assert.equal(status.code, 1);
      assert.match(status.stderr, new RegExp(`unknown mailers ${first}-${second}: .*a sandbox reset forgot them`));
      const details = await run('details', String(first));
      assert.equal(details.code, 1);
      assert.match(details.stderr, new RegExp(`unknown mailer ${first}: `));

      const history = await run('history');
      assert.equal(history.code, 1, history.stderr);
      assert.match(history.stdout, /Unknown: the service reports no such mailer to demo/);
      assert.doesNotMatch(history.stdout, /No Permissions|-3001/);
      assert.match(
        history.stderr,
        new RegExp(`^mailroom: unknown mailers ${first}-${second}: the service at .* reports no such mailer to demo`),
      );
      const json = await run('history', '--json');
      assert.equal(json.code, 1);
      const rows = JSON.parse(json.stdout) as { id: number; statusText: string }[];
      assert.deepEqual(
        rows.map((r) => [r.id, r.statusText]),
        [first, second].map((id) => [id, 'Unknown: the service reports no such mailer to demo']),
      );
    });

    it('an ID that is not one is a usage mistake (exit 2), not sent', async () => {
      for (const [command, id] of [
        ['status', 'abc'],
        ['details', '0'],
        ['details', '0x10'],
        ['cancel', '1.5'],
        ['details', '99999999999'],
      ] as const) {
        const result = await run(command, id);
        assert.equal(result.code, 2, `${command} ${id}: ${result.stderr}`);
        assert.match(result.stderr, new RegExp(`"${id.replace('.', '\\.')}"`));
      }
    });
  });

  describe('12. a file that cannot be read is said in words, exit code 2, in every command alike', () => {
    it('a missing file and a folder given as a file: send, merge, files upload, preflight, postcard, call --file, sandbox --accounts', async () => {
      const missing = join(dir, 'nowhere.pdf');
      const folder = join(dir, 'a-folder');
      mkdirSync(folder);
      const commands = (path: string): [string, string[]][] => [
        ['the letter', ['send', path, '--to', JANE, '--mode', 'Development']],
        ['the template', ['merge', path, sample('people.csv'), '--mode', 'Development']],
        ['the data', ['merge', sample('invite.html'), path, '--mode', 'Development']],
        ['the file', ['files', 'upload', path]],
        ['the letter', ['preflight', path]],
        ['the data', ['preflight', sample('invite.html'), '--data', path]],
        ['the file for FileBinaryData', ['call', 'SendLetterV2', '--file', `FileBinaryData=${path}`, '--param', 'FileExtension=pdf']],
        ['the image side', ['postcard', path, sample('postcard-back.html'), '--to', JANE, '--mode', 'Development']],
        ['the address side', ['postcard', sample('postcard-front.html'), path, '--to', JANE, '--mode', 'Development']],
        ['the accounts file', ['sandbox', '--port', '0', '--data', join(dir, 'data'), '--accounts', path]],
      ];
      for (const [path, words] of [
        [missing, 'no such file'],
        [folder, 'it is a folder, not a file'],
      ] as const) {
        for (const [what, args] of commands(path)) {
          const result = await run(...args);
          assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
          assert.equal(result.stderr.split('\n')[0], `mailroom: Cannot read ${what} ${path}: ${words}`, args.join(' '));
          assert.doesNotMatch(result.stderr, /ENOENT|EISDIR|\n +at /, 'no Node error code, no stack');
        }
      }
      assert.equal(existsSync(join(dir, 'state', 'mailroom', 'sent.jsonl')), false, 'nothing was sent');
    });

    it('a place a file cannot be written: pdf -o a folder, preflight --proof into a missing folder', async () => {
      const id = await sendJane('its PDF');
      sandbox.advance(10_000);
      const pdf = await run('pdf', String(id), '-o', dir);
      assert.equal(pdf.code, 2, pdf.stderr);
      assert.equal(pdf.stderr.split('\n')[0], `mailroom: Cannot write the PDF ${dir}: it is a folder, not a file`);
      const proofPath = join(dir, 'no-folder', 'proof.pdf');
      const proof = await run('preflight', sample('invite.html'), '--to', JANE, '--proof', proofPath);
      assert.equal(proof.code, 2, proof.stderr);
      assert.equal(proof.stderr.split('\n')[0], `mailroom: Cannot write the proof ${proofPath}: no such file`);
    });
  });

  describe('13. a pipe closed by its reader ends the command quietly', () => {
    // Hundreds of letters a second: the sandbox lays them out as text (its subject is the pipe, not the page).
    withTextLayout();
    it('mailroom wsdl simple | head -1: the first line, no EPIPE stack, exit code 0', async () => {
      const whole = await run('wsdl', 'simple');
      // The premise: more than a pipe holds (64 KiB), so the write cannot finish before the reader goes.
      assert.ok(whole.stdout.length > 65_536 + 1024, `the WSDL is ${whole.stdout.length} characters`);
      for (const service of ['simple', 'datedA']) {
        const piped = await intoOneLineReader(['wsdl', service], env);
        // The WSDL's lines end in CRLF, as ASP.NET writes them.
        assert.equal(piped.line, '<?xml version="1.0" encoding="utf-8"?>\r');
        assert.equal(piped.stderr, '', `wsdl ${service}: nothing on standard error`);
        assert.equal(piped.code, 0);
      }
    });

    it('mailroom status FIRST-LAST --json | head -1 over 700 mailers: the first line, exit code 0; 1 still when an ID is unknown', async () => {
      const call = httpCaller(sandbox.url, 'http-post');
      const ids: number[] = [];
      for (let i = 0; i < 7; i++)
        ids.push(...(await Promise.all(Array.from({ length: 100 }, (_, j) => sendLetterToJane(call, `row ${i * 100 + j}`)))));
      const range = `${Math.min(...ids)}-${Math.max(...ids)}`;
      const whole = await run('status', range, '--json');
      assert.equal(whole.code, 0, whole.stderr);
      assert.ok(whole.stdout.length > 65_536 + 1024, `more than a pipe holds: ${whole.stdout.length} characters`);
      const piped = await intoOneLineReader(['status', range, '--json'], env);
      assert.equal(piped.line, '[');
      assert.equal(piped.stderr, '');
      assert.equal(piped.code, 0);
      const unknown = await intoOneLineReader(['status', range, '99999999', '--json'], env);
      assert.equal(unknown.line, '[');
      assert.equal(unknown.code, 1, 'the pipe changes no exit code');
      assert.match(unknown.stderr, /^mailroom: unknown mailer 99999999: [^\n]*\n$/, 'and adds nothing to standard error');
    });

    it('mailroom listen | head -1: once its reader is gone, listen stops, exit code 0', async () => {
      const reader = spawn('sh', ['-c', 'IFS= read -r line; printf "%s\\n" "$line"'], { stdio: ['pipe', 'pipe', 'ignore'] });
      const child = spawn(process.execPath, [cliPath, 'listen', '--port', '0'], {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...suiteEnv() },
        stdio: ['ignore', reader.stdin, 'pipe'],
      });
      reader.stdin.destroy();
      let stderr = '';
      const url = await new Promise<string>((resolve) =>
        child.stderr.on('data', (d) => {
          stderr += d;
          const m = /Listening for feedback pushes on (\S+)/.exec(stderr);
          if (m) resolve(m[1]!);
        }),
      );
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      let running = true;
      void exited.then(() => (running = false));
      // Pushes until listen is gone: the first is the reader's line, a later one meets the closed pipe.
      for (let i = 1; running && i <= 200; i++) {
        await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: `ID=${1021983 + i}&Status=-1000&StatusTime=2026-11-22T09:00:00`,
        }).catch(() => undefined);
        await new Promise((resolve) => setImmediate(resolve));
      }
      assert.equal(await exited, 0, stderr);
      assert.doesNotMatch(stderr, /EPIPE|\n +at /);
    });
  });

  describe('16. one argument grammar, one exit-code rule', () => {
    it('numbers are decimal digits: 0x10, 1e3 and an empty value are refused (exit 2) wherever a number goes', async () => {
      const cases: [string[], RegExp][] = [
        [['sandbox', 'funds', 'demo', '0x10'], /AMOUNT takes dollars, 0 or more, to the cent .*not "0x10"/],
        [['sandbox', 'fail', '0x10', '-1018'], /ID takes one mailer ID, .*not "0x10"/],
        [['sandbox', 'advance', '5'], /DURATION takes a number and a unit/],
        [['status', '1', '--timeout', '0x10'], /--timeout takes a number of seconds above 0, .*not "0x10"/],
        [['listen', '--port', '0x10'], /--port takes a whole number from 0 to 65535, not "0x10"/],
        [['sandbox', '--port', '1e3', '--data', join(dir, 'data')], /--port takes a whole number from 0 to 65535, not "1e3"/],
        [['sandbox', '--port', '', '--data', join(dir, 'data')], /--port takes a whole number from 0 to 65535, not ""/],
        [['sandbox', '--max-body-mb', '0x10', '--data', join(dir, 'data')], /--max-body-mb takes a number above 0/],
        [['sandbox', '--schedule', '1,0x2,3', '--data', join(dir, 'data')], /--schedule takes a number of seconds, 0 or more/],
        [['history', '--status', 'nope'], /--status takes one of/],
        [['status', '1', '--bogus'], /--bogus is not an option of mailroom status/],
        [['sandbox', 'reset', '--bogus'], /--bogus is not an option of mailroom sandbox reset/],
        [['login', 'stray'], /mailroom login takes no argument "stray"/],
      ];
      for (const [args, message] of cases) {
        const result = await run(...args);
        assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
        assert.match(result.stderr, message, args.join(' '));
        assert.match(result.stderr, /\nUsage: mailroom /, `${args.join(' ')}: with the usage line`);
      }
      const funds = await run('sandbox', 'funds', 'demo', '16', '--json');
      assert.deepEqual(JSON.parse(funds.stdout), { account: 'Demo', balance: 16, funded: [] }, '16 is sixteen dollars');
    });

    it('sandbox advance 0s is a duration: it moves nothing and says the time', async () => {
      const before = sandbox.now();
      const result = await run('sandbox', 'advance', '0s', '--json');
      assert.equal(result.code, 0, result.stderr);
      const reply = JSON.parse(result.stdout) as { advancedMs: number; now: string };
      assert.equal(reply.advancedMs, 0);
      assert.equal(Date.parse(reply.now), before);
      assert.equal(sandbox.now(), before);
    });

    it('the global options are taken everywhere: the sandbox subcommands take --timeout and --verbose', async () => {
      const advance = await run('sandbox', 'advance', '1s', '--timeout', '5', '--verbose');
      assert.equal(advance.code, 0, advance.stderr);
      assert.match(advance.stderr, /^mailroom: sandbox advance at http:\/\/127\.0\.0\.1:\d+, \d+ ms\n$/);
      const reset = await run('sandbox', 'reset', '--verbose', '--binding', 'soap12', '--user', 'demo');
      assert.equal(reset.code, 0, reset.stderr);
      assert.match(reset.stdout, /The sandbox forgot 0 mailers/);
      const badTimeout = await run('sandbox', 'reset', '--timeout', 'soon');
      assert.equal(badTimeout.code, 2, 'read as every command reads it');
      const wsdl = await run('wsdl', 'simple', '--verbose', '--timeout', '5');
      assert.equal(wsdl.code, 0, wsdl.stderr);
    });

    it('a negative number is a value wherever it stands: history --status -1018, sandbox fail ID -1018', async () => {
      const id = await sendJane('fails');
      const failed = await run('sandbox', 'fail', String(id), '-1018');
      assert.equal(failed.code, 0, failed.stderr);
      const history = await run('history', '--status', '-1018', '--json');
      assert.equal(history.code, 0, history.stderr);
      assert.deepEqual(
        (JSON.parse(history.stdout) as { id: number }[]).map((r) => r.id),
        [id],
      );
    });

    it('what the sandbox refuses of well-formed arguments is its answer (exit 1); what Mailroom refuses is a usage mistake (exit 2)', async () => {
      const unknown = await run('sandbox', 'fail', '99', '-1018');
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /the sandbox has no mailer 99/);
      const far = await run('sandbox', 'advance', '100000d');
      assert.equal(far.code, 1, far.stderr);
      assert.match(far.stderr, /the sandbox's clock may run at most/);
      const code = await run('sandbox', 'fail', '99', '-1000');
      assert.equal(code.code, 2);
    });
  });
});
