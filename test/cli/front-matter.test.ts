/**
 * Markdown letters' front matters over the built command line and a real sandbox: `mailroom
 * preflight` and `mailroom send` refuse a front matter that cannot be read (exit 2) with the same
 * words and line, and the sandbox records nothing; a key the reader leaves aside is a warning
 * that stops nothing (a finding without a code in the preflight, a line on stderr for a send); a
 * `to:` by fields, with a ZIP code YAML would read as a number, is sent as written.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mailroom, type CliRun } from '../helpers/cli';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { pdfPages } from '../helpers/tools';

const JANE = 'Jane Doe, 1 Main St, Springfield, IL 62701';

interface Report {
  ok: boolean;
  findings: { code?: number; severity: string; message: string; line?: number }[];
}

describe('mailroom preflight and send: a Markdown letter whose front matter', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let dir: string;
  const env = () => ({ MAILROOM_ENDPOINT: sandbox.url, MAILROOM_USER: 'demo' });
  const run = (...args: string[]): Promise<CliRun> => mailroom(args, { env: env() });
  const letter = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const journal = () => readFileSync(join(sandbox.dataDir, 'journal.jsonl'), 'utf8');

  before(async () => {
    sandbox = await startTestSandbox();
    dir = mkdtempSync(join(tmpdir(), 'mailroom-front-matter-'));
  });
  after(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A front matter that cannot be read, the line its first error is on, and the words. */
  const unreadable: readonly [string, string, number, RegExp][] = [
    [
      'is never closed',
      `---\nto: ${JANE}\n\n# Dear Jane\n\nYour order shipped.\n`,
      1,
      /The front matter that opens here is never closed: end it with a line --- after its last key\./,
    ],
    [
      'is not YAML (a colon in an unquoted value)',
      `---\ntitle: Order\nto: Attn: ${JANE}\n---\n# Dear Jane\n`,
      3,
      /The front matter is not YAML Mailroom can read: .*\(a value holding ": " reads as another key: put the value in quotes\)\./,
    ],
    [
      'writes a key twice',
      `---\nto: ${JANE}\nto: Sam Roe, 2 Oak Ave, Shelbyville, IL 62565\n---\n# Dear Jane\n`,
      3,
      /"to" is written twice, on lines 2 and 3: Mailroom cannot tell which one is meant\. Keep one\./,
    ],
    [
      'has a field under to: that is not an address field',
      '---\nto:\n  Name: Jane Doe\n  Street: 1 Main St\n  Cty: Springfield\n  State: IL\n  Zip: 62701\n---\n# Dear Jane\n',
      5,
      /"Cty" is not an address field: did you mean City\? Under to:, Mailroom reads AttentionLine1, /,
    ],
    [
      'has a field that is a list',
      '---\nto:\n  Name: Jane Doe\n  Street:\n    - 1 Main St\n    - Suite 2\n  City: Springfield\n---\n# Dear Jane\n',
      5,
      /Address1 under to: is a list; an address field is one line of text\./,
    ],
    ['is a list, not keys', `---\n- ${JANE}\n---\n# Dear Jane\n`, 2, /The front matter is a list, not keys/],
  ];
  for (const [what, text, line, words] of unreadable) {
    it(`${what}: refused by both with the same words and line (exit 2), nothing sent`, async () => {
      const path = letter('letter.md', text);
      const before = journal();
      const checked = await run('preflight', path);
      assert.equal(checked.code, 2, checked.stdout);
      assert.equal(checked.stdout, '');
      const said = new RegExp(`^mailroom: letter\\.md, line ${line}: ${words.source}`, 'm');
      assert.match(checked.stderr, said);
      const sent = await run('send', path, '--mode', 'Development');
      assert.equal(sent.code, 2, sent.stdout);
      assert.equal(sent.stdout, '');
      assert.match(sent.stderr, said);
      assert.equal(
        sent.stderr.split('\n').find((l) => said.test(l)),
        checked.stderr.split('\n').find((l) => said.test(l)),
        'the same line, word for word',
      );
      assert.equal(journal(), before, 'the sandbox recorded nothing');
    });
  }

  it('has a key Mailroom does not know: a warning with its line, no code, and the letter checks and sends', async () => {
    const path = letter('titled.md', `---\ntitel: Your order\nto: ${JANE}\n---\n# Dear Jane\n`);
    const words = '"titel" is not a front-matter key Mailroom knows, and is left aside: did you mean "title"?';
    const text = await run('preflight', path, '--mode', 'Development');
    assert.equal(text.code, 0, text.stderr);
    assert.ok(text.stdout.split('\n').includes(`warning Mailroom  line 2: ${words}`), text.stdout);
    assert.match(text.stdout, /^Nothing would fail \(1 warning\)\.$/m);
    const json = await run('preflight', path, '--mode', 'Development', '--json');
    assert.equal(json.code, 0, json.stderr);
    const report = JSON.parse(json.stdout) as Report;
    assert.equal(report.ok, true);
    assert.deepEqual(report.findings, [{ severity: 'warning', message: words, line: 2 }]);
    const before = journal();
    const sent = await run('send', path, '--mode', 'Development');
    assert.equal(sent.code, 0, sent.stderr);
    assert.match(sent.stdout, /^\d+\n$/);
    assert.ok(sent.stderr.split('\n').includes(`warning: titled.md, line 2: ${words}`), sent.stderr);
    assert.notEqual(journal(), before, 'sent');
  });

  it('names to: by fields with a ZIP code YAML reads as a number: sent to 02134 as written, as the preflight proofs it', async () => {
    const path = letter(
      'boston.md',
      [
        '---',
        'title: Your order',
        'to:',
        '  AttentionLine1: Jane Doe',
        '  AttentionLine2: Accounts Payable',
        '  AttentionLine3: Floor 3',
        '  Company: Acme Corp',
        '  Address1: 1 Main St',
        '  Address2: Suite 200',
        '  City: Boston',
        '  State: MA',
        '  PostalCode: 02134',
        '  Country: USA',
        '---',
        '# Dear Jane',
        '',
        '---',
        '',
        'Kind regards',
        '',
      ].join('\n'),
    );
    const proof = join(dir, 'boston-proof.pdf');
    const checked = await run('preflight', path, '--mode', 'Development', '--json', '--proof', proof);
    assert.equal(checked.code, 0, checked.stderr);
    assert.deepEqual((JSON.parse(checked.stdout) as Report).findings, []);
    const [addressPage, body] = pdfPages(readFileSync(proof));
    assert.match(addressPage!.text, /Boston,? MA 02134/);
    assert.match(body!.text, /Kind regards/, "the body's rule is the body's, and what follows it too");
    const sent = await run('send', path, '--mode', 'Development');
    assert.equal(sent.code, 0, sent.stderr);
    assert.match(sent.stderr, /Sending boston\.md as a letter to Jane Doe, Boston/);
    sandbox.advance(60_000);
    const printed = join(dir, 'boston-printed.pdf');
    const pdf = await run('pdf', sent.stdout.trim(), '-o', printed);
    assert.equal(pdf.code, 0, pdf.stderr);
    assert.deepEqual(
      pdfPages(readFileSync(printed)).map((p) => p.text),
      pdfPages(readFileSync(proof)).map((p) => p.text),
    );
  });
});
