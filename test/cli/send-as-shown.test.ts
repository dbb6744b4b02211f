/**
 * Send what you saw (issue 30, part 2), on the built command line over a real sandbox: a letter
 * written in HTML or Markdown is sent as the PDF of its proof, the very bytes `mailroom preflight`
 * gives the SHA-256 of, with the pictures beside it; --as-is sends the file itself to the
 * service's converter and says the proof is a prediction; preflight names the engine that drew
 * the proof, or, with no engine, says the proof is an approximation and how to get the real one.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { samplePng } from '../helpers/documents';
import { mailroom, ENGINES_ON } from '../helpers/cli';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { SECRETS } from '../helpers/secrets';

const PASSWORD = SECRETS[3]!;
const JANE = 'Jane Doe, 1 Main St, Springfield, IL 62701';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

interface Sending {
  readonly kind: string;
  readonly sha256: string;
  readonly bytes: number;
}

describe('mailroom send: the letter as its proof showed it', function () {
  this.timeout(120_000);
  let sandbox: TestSandbox;
  let dir: string;
  const env = () => ({
    ...ENGINES_ON,
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_STATE_HOME: join(dir, 'state'),
    MAILROOM_PASSWORD: PASSWORD,
    MAILROOM_ENDPOINT: sandbox.url,
    MAILROOM_USER: 'pat',
  });
  const run = (args: string[], more: NodeJS.ProcessEnv = {}) => mailroom(args, { env: { ...env(), ...more } });
  const file = (name: string, content: string | Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const sendings = () =>
    readFileSync(join(dir, 'state', 'mailroom', 'sent.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Sending)
      .filter((line) => line.kind === 'sending');
  const preflightJson = async (args: string[], more: NodeJS.ProcessEnv = {}) => {
    const result = await run(['preflight', ...args, '--json'], more);
    assert.notEqual(result.code, 2, result.stderr);
    return JSON.parse(result.stdout) as {
      engine?: string;
      approximation?: string;
      prediction?: boolean;
      sent?: { type: string; sha256: string; bytes: number };
    };
  };

  beforeEach(async () => {
    sandbox = await startTestSandbox({
      accounts: { accounts: [{ name: 'Work', balance: 1000, users: [{ username: 'pat', password: PASSWORD }] }] },
    });
    dir = mkdtempSync(join(tmpdir(), 'mailroom-send-as-shown-'));
  });
  afterEach(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends an HTML letter as the PDF its proof shows, the SHA-256 preflight gave, and says so before sending', async () => {
    const letter = file('invoice.html', '<!DOCTYPE html><h1>Invoice</h1><table><tr><td>Widget</td><td>$3.00</td></tr></table>');
    const proof = await preflightJson([letter, '--to', JANE]);
    assert.match(proof.engine ?? '', /^(Chromium|Chrome|Microsoft Edge) \d+/);
    assert.equal(proof.approximation, undefined);
    assert.equal(proof.sent?.type, 'pdf');

    const sent = await run(['send', letter, '--to', JANE, '--mode', 'Development', '--json']);
    assert.equal(sent.code, 0, sent.stderr);
    assert.match(sent.stderr, new RegExp(`invoice\\.html is sent as the PDF ${proof.engine} drew, SHA-256 ${proof.sent?.sha256}\\.`));
    assert.equal(sendings().at(-1)!.sha256, proof.sent?.sha256, 'the bytes sent are the PDF of the proof');
  });

  it('--as-is sends the HTML itself to the service converter, and the proof says it is a prediction', async () => {
    const html = '<!DOCTYPE html><p>Dear Jane, thank you.</p>';
    const letter = file('thanks.html', html);
    const proof = await preflightJson([letter, '--as-is']);
    assert.equal(proof.prediction, true);
    assert.deepEqual(proof.sent, { type: 'html', sha256: sha256(Buffer.from(html)), bytes: html.length });
    const said = await run(['preflight', letter, '--as-is']);
    assert.match(said.stdout, /Drawn by .+, as a prediction: sent as it is, the service's own converter lays it out\./);

    const sent = await run(['send', letter, '--to', JANE, '--mode', 'Development', '--as-is', '--json']);
    assert.equal(sent.code, 0, sent.stderr);
    assert.match(sent.stderr, /thanks\.html is sent as HTML to the service's converter: the proof is a prediction\./);
    assert.equal(sendings().at(-1)!.sha256, sha256(Buffer.from(html)));
  });

  it('keeps the picture beside a Markdown letter in the PDF it sends', async () => {
    file('logo.png', samplePng(240, 120, [200, 30, 30]));
    const letter = file('letter.md', `---\nto: ${JANE}\n---\n# Invoice\n\n![logo](logo.png)\n\n**Due** now.\n`);
    const proof = await preflightJson([letter]);
    assert.equal(proof.sent?.type, 'pdf');
    const sent = await run(['send', letter, '--mode', 'Development']);
    assert.equal(sent.code, 0, sent.stderr);
    assert.equal(sendings().at(-1)!.sha256, proof.sent?.sha256, 'sent as the PDF of its proof');
    // What the service printed of the PDF sent, which it prints as it is.
    sandbox.advance(60_000);
    const printed = join(dir, 'printed.pdf');
    const saved = await run(['pdf', sent.stdout.trim(), '-o', printed]);
    assert.equal(saved.code, 0, saved.stderr);
    const images = execFileSync('pdfimages', ['-list', printed], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    assert.ok(
      images.some((line) => /\s240\s+120\s/.test(line)),
      `the 240 × 120 picture is in the PDF printed:\n${images.join('\n')}`,
    );
  });

  it('names the engine that drew the proof, and with none says it is an approximation and how to get one', async () => {
    const letter = file('note.html', '<!DOCTYPE html><p>Hello</p>');
    const drawn = await run(['preflight', letter]);
    assert.match(drawn.stdout, /^Drawn by (Chromium|Chrome|Microsoft Edge) \d+[\d.]*\.$/m);
    const off = await preflightJson([letter], { MAILROOM_BROWSER: 'none' });
    assert.equal(off.engine, "Mailroom's text layout");
    assert.match(off.approximation ?? '', /approximation.*turned off/);
    const missing = await preflightJson([letter], { MAILROOM_BROWSER: join(dir, 'no-such-browser') });
    assert.match(missing.approximation ?? '', /approximation.*MAILROOM_BROWSER/, 'how to get the real page');
    const flagged = await run(['preflight', letter, '--browser', 'none']);
    assert.match(flagged.stdout, /^Drawn by Mailroom's text layout\. .*turned off/m);
  });

  it('refuses an .odt letter sent as it is, in words, sending nothing', async () => {
    const letter = file('letter.odt', 'PK\u0003\u0004');
    const refused = await run(['send', letter, '--to', JANE, '--mode', 'Development', '--as-is']);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /the service takes PDF, DOC, DOCX and HTML, not \.odt/);
  });
});
