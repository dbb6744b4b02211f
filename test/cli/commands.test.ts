/**
 * The `mailroom` command line, run as a child process against a real sandbox: every command,
 * its output for people and with --json, its exit codes, and no secret in anything it prints.
 *
 * The tests share one sandbox. The letter most of them read is sent once, at T0, by whichever test
 * asks first, and each test sets the clock it needs, so that any test passes alone.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { cliPath, mailroom, type CliRun } from '../helpers/cli';
import { pageCount, sampleDocx } from '../helpers/documents';
import { T0, startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { pdfPages } from '../helpers/tools';
import { SECRETS, secretIn } from '../helpers/secrets';
import { once } from '../helpers/steps';

const PASSWORD = SECRETS[0]!;
const API_KEY = SECRETS[1]!;

describe('mailroom, the command line', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  /** Runs the command line; whatever it printed holds no password or API key. */
  const run = async (...args: string[]): Promise<CliRun> => {
    const result = await mailroom(args, { env });
    assert.equal(secretIn(`${result.stdout}\n${result.stderr}`), undefined, `mailroom ${args[0]} printed a secret`);
    return result;
  };
  const file = (name: string, content: string | Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  before(async () => {
    sandbox = await startTestSandbox({
      accounts: {
        accounts: [{ name: 'CLI', balance: 10, users: [{ username: 'cli-user', password: PASSWORD, admin: true, apiKey: API_KEY }] }],
      },
    });
    dir = mkdtempSync(join(tmpdir(), 'mailroom-cli-'));
    env = { MAILROOM_ENDPOINT: sandbox.url, MAILROOM_USER: 'cli-user', MAILROOM_PASSWORD: PASSWORD, MAILROOM_API_KEY: API_KEY };
  });
  after(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Moves the sandbox's clock to T0 + ms, if it is not there yet. */
  const at = (ms: number) => sandbox.advance(Math.max(0, T0 + ms - sandbox.now()));

  /** The letter the reading tests read: note.txt, sent at T0 by whichever test asks first. */
  const firstLetter = once(async () => {
    assert.equal(sandbox.now(), T0, 'the first letter is sent at T0');
    const result = await run(
      'send',
      file('note.txt', 'Dear Jane,\nthank you.'),
      '--to',
      'Jane Doe, 1 Main St, Springfield, IL 62701',
      '--mode',
      'Development',
    );
    assert.equal(result.code, 0, result.stderr);
    return { result, letter: Number(result.stdout) };
  });

  it('send: a text file, wrapped as HTML, to an address on one line; prints the new ID', async () => {
    const { result, letter } = await firstLetter();
    assert.match(result.stdout, /^\d+\n$/);
    assert.ok(letter > 0);
    assert.match(result.stderr, /Sending note\.txt as a letter to Jane Doe, Springfield, in Development mode\./);
  });

  it('send: address flags, every binding, and --json', async () => {
    const { letter } = await firstLetter();
    const ids: number[] = [];
    for (const binding of ['soap11', 'soap12', 'http-get', 'http-post']) {
      const result = await run(
        'send',
        file('a.html', '<p>Hi</p>'),
        '--attention-line1',
        'Ann',
        '--address1',
        '2 Side St',
        '--city',
        'Shelbyville',
        '--state',
        'IL',
        '--postal-code',
        '62565',
        '--binding',
        binding,
        '--json',
        '--yes',
      );
      assert.equal(result.code, 0, result.stderr);
      const { id } = JSON.parse(result.stdout) as { id: number };
      assert.ok(id > (ids.at(-1) ?? letter), `${binding}: a new ID, ${id}`);
      ids.push(id);
    }
    // Each is a letter of this user, just received.
    const statuses = JSON.parse((await run('status', ids.join(','), '--json')).stdout) as { ID: number; Status: number }[];
    assert.deepEqual(
      statuses.map((s) => [s.ID, s.Status]),
      ids.map((id) => [id, -900]),
    );
    assert.match((await run('details', String(ids[3]))).stdout, /^MyDescription\s+a\.html$/m);
  });

  it('send: Production only with --yes; refuses what the service would, with exit codes 1 and 2', async () => {
    const html = file('p.html', '<p>Paid</p>');
    const refused = await run('send', html, '--to', 'Jane Doe, 1 Main St, Springfield, IL 62701', '--mode', 'Production');
    assert.equal(refused.code, 3, 'a script without --yes: exit code 3');
    assert.match(refused.stderr, /Not sent: Production mode prints, mails and charges it\. Add --yes to send it from a script\./);
    const sent = await run('send', html, '--to', 'Jane Doe, 1 Main St, Springfield, IL 62701', '--mode', 'Production', '--yes');
    assert.equal(sent.code, 0, sent.stderr);
    assert.match(sent.stderr, /in Production mode/);
    const tooLong = await run('send', html, '--to', 'Jane Doe, 1 Main St, Springfield, IL 62701', '--city', 'c'.repeat(31));
    // Held to the service's limit before sending (issue 25, part 14): a usage mistake naming the field and the limit.
    assert.equal(tooLong.code, 2);
    assert.match(tooLong.stderr, /The city is 31 characters long; the service takes at most 30 \(City: it would answer -3113\)/);
    assert.equal((await run('send', file('x.gif', 'GIF89a'))).code, 2);
    assert.equal((await run('send', html, '--mode', 'Sometimes')).code, 2);
    assert.equal((await run('frobnicate')).code, 2);
  });

  it("send and postcard: a ZIP code whose leading zero was dropped is refused naming the ZIP code meant, in the preflight's words", async () => {
    const journal = () => readFileSync(join(sandbox.dataDir, 'journal.jsonl'), 'utf8');
    await firstLetter();
    const before = journal();
    const html = file('zip.html', '<p>Hi</p>');
    const meant = /2134 is not a US ZIP code \(12345 or 12345-6789\)[^\n]* Its leading zeros dropped\? 02134 is Allston, MA's: write 02134/;
    const line = await run('send', html, '--to', 'Jane Doe, 1 Main St, Allston, MA 2134', '--mode', 'Development');
    assert.equal(line.code, 2, line.stderr);
    assert.match(line.stderr, meant);
    assert.match(line.stderr, /\nUnderstood: name "Jane Doe"/, 'the rest of the refusal as it was');
    const front = await run(
      'send',
      file('zip.md', '---\nto: Jane Doe, 1 Main St, Allston, MA 2134\n---\n# Dear Jane\n'),
      '--mode',
      'Development',
    );
    assert.equal(front.code, 2, front.stderr);
    assert.match(front.stderr, /zip\.md: "Jane Doe, 1 Main St, Allston, MA 2134" is not an address/);
    assert.match(front.stderr, meant);
    const fields = [
      '--attention-line1',
      'Jane Doe',
      '--address1',
      '1 Main St',
      '--city',
      'Allston',
      '--state',
      'MA',
      '--postal-code',
      '2134',
    ];
    const flags = await run('send', html, ...fields, '--mode', 'Development');
    assert.equal(flags.code, 2, flags.stderr);
    assert.match(flags.stderr, meant);
    const postcard = await run('postcard', html, html, ...fields, '--mode', 'Development');
    assert.equal(postcard.code, 2, postcard.stderr);
    assert.match(postcard.stderr, meant);
    // A ZIP code of another state is no guess: refused as before, without a ZIP code meant.
    const other = await run('send', html, '--to', 'Jane Doe, 1 Main St, Springfield, IL 2134', '--mode', 'Development');
    assert.equal(other.code, 2, other.stderr);
    assert.doesNotMatch(other.stderr, /leading zeros/);
    assert.equal(journal(), before, 'the sandbox recorded nothing');
  });

  it('send: refuses an --to or a front matter to: that is not "Name, Street, City, ST ZIP" (exit 2), sending nothing', async () => {
    const journal = () => readFileSync(join(sandbox.dataDir, 'journal.jsonl'), 'utf8');
    await firstLetter();
    const before = journal();
    const html = file('z.html', '<p>Hi</p>');
    const zip = await run('send', html, '--to', 'Jane Doe, 1 Main St, Springfield, IL 6270', '--mode', 'Development', '--verbose');
    assert.equal(zip.code, 2, zip.stderr);
    assert.equal(zip.stdout, '');
    assert.match(zip.stderr, /--to: "Jane Doe, 1 Main St, Springfield, IL 6270" is not an address Mailroom can send to\./);
    assert.match(zip.stderr, /6270 is not a US ZIP code \(12345 or 12345-6789\)/);
    assert.match(
      zip.stderr,
      /Understood: name "Jane Doe", street address "1 Main St", city "Springfield", state "IL", ZIP or postal code "6270"\./,
    );
    assert.doesNotMatch(zip.stderr, /Send|answered|OK/, 'no call was made');
    const noZip = await run('send', html, '--to', 'Jane Doe, 1 Main St, Springfield', '--mode', 'Production', '--yes');
    assert.equal(noZip.code, 2, noZip.stderr);
    assert.match(noZip.stderr, /does not end with a state and ZIP code/);
    const md = file('bad-to.md', '---\nto: Jane Doe, 1 Main St, Springfield, IL 6270\n---\n# Dear Jane\n');
    const front = await run('send', md, '--mode', 'Development');
    assert.equal(front.code, 2, front.stderr);
    assert.match(front.stderr, /bad-to\.md: "Jane Doe, 1 Main St, Springfield, IL 6270" is not an address .* 6270 is not a US ZIP code/);
    const flags = await run(
      'send',
      html,
      ...['--attention-line1', 'Jane Doe', '--address1', '1 Main St', '--city', 'Springfield'],
      ...['--postal-code', '6270'],
    );
    assert.equal(flags.code, 2, flags.stderr);
    assert.match(flags.stderr, /6270 is not a US ZIP code/);
    assert.equal(journal(), before, 'the sandbox recorded nothing');
    // --to names the whole recipient: nothing of the front matter's address is kept with it.
    const suite = file(
      'suite.md',
      '---\nto:\n  AttentionLine1: Old Name\n  Address1: 9 Old Rd\n  Address2: Suite 200\n  City: Oldtown\n---\n# Hi\n',
    );
    const checked = await run('preflight', suite, '--to', 'Jane Doe, 1 Main St, Springfield, IL 62701', '--json');
    assert.equal(checked.code, 0, checked.stderr);
    const proof = join(dir, 'moved.pdf');
    assert.equal((await run('preflight', suite, '--to', 'Jane Doe, 1 Main St, Springfield, IL 62701', '--proof', proof)).code, 0);
    const [addressPage] = pdfPages(readFileSync(proof));
    assert.match(addressPage!.text, /Jane Doe/, 'to the --to address');
    assert.doesNotMatch(addressPage!.text, /Suite 200|Old Name/, "nothing of the front matter's address");
    const good = await run('send', html, '--to', 'Jean Dupont, 1 rue de Rivoli, 75001 Paris, France', '--mode', 'Development');
    assert.equal(good.code, 0, good.stderr);
    assert.notEqual(journal(), before, 'a letter that is sent is recorded');
  });

  it('status and details, for people and as JSON', async () => {
    const { letter } = await firstLetter();
    at(4500);
    const table = await run('status', String(letter), `${letter + 1}-${letter + 2}`);
    assert.equal(table.code, 0, table.stderr);
    const lines = table.stdout.trim().split('\n');
    assert.match(lines[0]!, /^ID\s+Code\s+Status\s+Last update$/);
    assert.match(lines[1]!, new RegExp(`^${letter}\\s+-995\\s+Waiting For Delivery\\s+2026-11-22T09:00:04$`));
    assert.equal(lines.length, 4);
    assert.match(lines[2]!, new RegExp(`^${letter + 1}\\s`));
    assert.match(lines[3]!, new RegExp(`^${letter + 2}\\s`));
    const json = JSON.parse((await run('status', String(letter), '--json')).stdout) as { ID: number; LastUpdateTime: string }[];
    assert.deepEqual(json, [{ ID: letter, Status: -995, Description: 'Waiting For Delivery', LastUpdateTime: '2026-11-22T09:00:04' }]);
    const details = await run('details', String(letter));
    assert.match(details.stdout, /^MyDescription\s+note\.txt$/m);
    assert.match(details.stdout, /^Envelope\s+Env#10WhiteDoubleWindow$/m);
    assert.equal((await run('details', 'abc')).code, 2);
    const missing = await run('details', '99');
    assert.equal(missing.code, 1);
  });

  it('pdf: saves the printed PDF', async () => {
    const { letter } = await firstLetter();
    at(4500);
    const out = join(dir, 'out.pdf');
    const result = await run('pdf', String(letter), '-o', out);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(await pageCount(readFileSync(out)), 2);
  });

  it('cancel: in time, and not after (exit 1 with the meaning)', async () => {
    const fresh = Number((await run('send', file('c.html', '<p>c</p>'), '--to', 'A B, 1 C St, D, IL 62701', '--yes')).stdout);
    const ok = await run('cancel', String(fresh));
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /may take a few minutes.*refunded/);
    const again = await run('cancel', String(fresh));
    assert.equal(again.code, 1);
    assert.match(again.stderr, /CancelDelivery answered -3022: cancellation denied/);
  });

  it('cancel of a batch: says it was the whole batch, and how many letters', async () => {
    const template = file('cancel-t.docx', sampleDocx(['Dear «Name»,', 'thanks.']));
    const data = file(
      'cancel-d.csv',
      'Name,AttentionLine1,Address1,City\nAda,Ada L,1 Way,London\nBo,Bo L,2 Way,Paris\nCy,Cy L,3 Way,Rome\n',
    );
    const merged = await run('merge', template, data, '--mode', 'Development');
    assert.equal(merged.code, 0, merged.stderr);
    const batch = merged.stdout.trim();
    const cancelled = await run('cancel', batch);
    assert.equal(cancelled.code, 0, cancelled.stderr);
    assert.match(cancelled.stdout, new RegExp(`^Cancelled batch ${batch}: 3 letters\\. It may take a few minutes`));
    const json = await run('cancel', batch, '--json');
    assert.equal(json.code, 1, 'a batch cancelled is not cancelled twice');
  });

  it('files: upload, list, delete', async () => {
    at(4500);
    assert.equal((await run('files', 'list')).stdout, 'No stored files.\n');
    const upload = await run(
      'files',
      'upload',
      file('letterhead.html', '<h1>Acme</h1>'),
      '--permissions',
      'Account',
      '--description',
      'Head',
    );
    assert.equal(upload.code, 0, upload.stderr);
    assert.match((await run('files', 'list')).stdout, /letterhead\.html\s+Account\s+2026-11-22T09:00:04\.5\s+Head/);
    assert.equal((await run('files', 'delete', 'letterhead.html')).code, 0);
    assert.equal((await run('files', 'delete', 'letterhead.html')).code, 1);
    assert.equal((await run('files', 'rename')).code, 2);
  });

  it('merge: counts the letters first, sends one batch', async () => {
    const template = file('t.docx', sampleDocx(['Dear «Name»,', 'thanks.']));
    const data = file(
      'd.csv',
      'Name,AttentionLine1,Address1,City,Country\nAda,Ada L,1 Way,London,United Kingdom\nBo,Bo L,2 Way,Paris,France\n',
    );
    const result = await run('merge', template, data, '--mode', 'Development');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Sending 2 letters from t\.docx and d\.csv, in Development mode\./);
    assert.match(result.stderr, /2 letters queued/);
    const items = JSON.parse(
      (await run('call', 'GetBatchStatus', '--param', `ID=${result.stdout.trim()}`, '--param', 'ItemID=')).stdout,
    ) as {
      Statuses: unknown[];
    };
    assert.equal(items.Statuses.length, 2);
    const batch = JSON.parse(
      (await run('call', 'GetBatchDetails', '--param', `ID=${result.stdout.trim()}`, '--param', 'ItemID=')).stdout,
    ) as {
      MyDescription: string;
      WorkMode: string;
      Items: { ItemID: number; NumOfSheets: number }[];
    };
    assert.equal(batch.MyDescription, 't.docx × d.csv');
    assert.equal(batch.WorkMode, 'Development');
    assert.deepEqual(
      batch.Items.map((i) => [i.ItemID, i.NumOfSheets]),
      [
        [1, 2],
        [2, 2],
      ],
      'an address page and a letter page each',
    );
  });

  it('call: any operation, typed values in, JSON out, binary as base64', async () => {
    const { letter } = await firstLetter();
    at(4500);
    const status: unknown = JSON.parse((await run('call', 'GetLetterStatusV2', '--param', `ID=${letter}`)).stdout);
    assert.deepEqual(status, {
      ResultCode: -3000,
      Status: -995,
      Description: 'Waiting For Delivery',
      LastUpdateTime: '2026-11-22T09:00:04',
    });
    const pdf = JSON.parse((await run('call', 'GetPDF', '--service', '/2009-02-26/MailWS.asmx', '--param', `ID=${letter}`)).stdout) as {
      FileData: string;
    };
    assert.ok(Buffer.from(pdf.FileData, 'base64').subarray(0, 5).toString() === '%PDF-');
    const sent = await run(
      'call',
      'SendLetter',
      '--param',
      'MyDescription=from call',
      '--param',
      'FileExtension=html',
      '--file',
      `FileBinaryData=${file('f.html', '<p>f</p>')}`,
      '--param',
      'WorkMode=Development',
    );
    assert.equal(sent.code, 0, sent.stderr);
    assert.match((await run('details', sent.stdout.trim())).stdout, /^MyDescription\s+from call$/m);
    const settings = await run(
      'call',
      'SetUserSettings',
      '--param',
      'Username=cli-user',
      '--param',
      'Settings=[["Letters_PrintSides","Duplex"]]',
    );
    assert.equal(settings.stdout.trim(), '-3000', settings.stderr);
    assert.equal((await run('call', 'GetPDF', '--param', 'ID=1')).code, 2, 'on two services: say which');
    assert.equal((await run('call', 'GetLetterStatus', '--param', 'ID=abc')).code, 2);
    assert.equal((await run('call', 'Nope')).code, 2);
  });

  it('says what to do without a password, and exits 1 on a wrong one', async () => {
    const none = await mailroom(['status', '1'], { env: { MAILROOM_ENDPOINT: sandbox.url, MAILROOM_USER: 'cli-user' } });
    assert.equal(none.code, 2);
    assert.match(none.stderr, /No password for cli-user at .*mailroom login/);
    const wrong = await mailroom(['status', '1'], { env: { ...env, MAILROOM_PASSWORD: 'nope' } });
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /-3003/);
  });

  it('send --verbose over http-get: a letter too long for a GET goes as POST, and says why', async () => {
    const result = await run(
      'send',
      file('long.html', `<p>${'x'.repeat(120)}</p>`),
      '--to',
      'Jane Doe, 1 Main St, Springfield, IL 62701',
      '--mode',
      'Development',
      '--binding',
      'http-get',
      '--verbose',
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stderr,
      /^mailroom: SendLetter\w* over http-post \(the query string would be \d+ characters, past ASP\.NET's 2048\), \d+ ms, code \d+$/m,
    );
  });

  it('prints no password or API key, with --verbose, on a refusal or a wrong password either', async () => {
    const { letter } = await firstLetter();
    const verbose = await run('status', String(letter), '--verbose', '--binding', 'http-get');
    assert.match(verbose.stderr, /^mailroom: GetStatus over http-get, \d+ ms, code -3000$/m);
    const admin = await run(
      'call',
      'SetUserSettings',
      '--param',
      'Username=nobody',
      '--param',
      'Settings=[["Letters_PrintSides","Duplex"]]',
      '--verbose',
    );
    assert.equal(admin.code, 1, admin.stderr);
    const wrong = await mailroom(['status', String(letter), '--verbose', '--binding', 'http-post'], {
      env: { ...env, MAILROOM_PASSWORD: `${PASSWORD}-not` },
    });
    assert.equal(wrong.code, 1);
    assert.equal(secretIn(`${wrong.stdout}\n${wrong.stderr}`), undefined);
  });
});

describe('mailroom on a terminal', function () {
  this.timeout(30_000);
  it('shows the progress of a long send', async () => {
    const sandbox = await startTestSandbox();
    const dir = mkdtempSync(join(tmpdir(), 'mailroom-tty-'));
    try {
      const big = join(dir, 'big.html');
      writeFileSync(big, `<p>${'A long letter. '.repeat(300_000)}</p>`);
      // `script` gives the command a pseudo-terminal, as a person's shell would.
      // As it is (--as-is): the file's own 4.5 MB go up, not the few pages of PDF a drawing of it would be.
      const command = `"${process.execPath}" "${cliPath}" send "${big}" --as-is --to "Jane Doe, 1 Main St, Springfield, IL 62701" --endpoint ${sandbox.url} --mode Development`;
      const child = spawn('script', ['-qec', command, '/dev/null'], { env: { PATH: process.env.PATH, HOME: process.env.HOME } });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.stdin.end();
      await new Promise((resolve) => child.on('close', resolve));
      assert.match(output, /\rSending \d+\.\d of \d+\.\d MB \(\d+%\)\rSending .*\(100%\)\r?\n\d+/s, output);
    } finally {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
