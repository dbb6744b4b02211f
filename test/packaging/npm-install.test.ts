/**
 * The command line as people install it (docs/cli.md, "Installing"): `npm pack`, then
 * `npm install -g` of the tarball, here into a temporary prefix, offline and with an empty npm
 * cache, so the tarball must carry all the command needs. The installed `mailroom` then helps and
 * sends a letter through a sandbox it started itself.
 */
import { strict as assert } from 'node:assert';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { suiteEnv, ENGINES_ON } from '../helpers/cli';
import { projectRoot, useTempDir } from '../helpers/tools';

function npm(args: readonly string[], cwd: string): string {
  const run = spawnSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  assert.equal(run.status, 0, `npm ${args.join(' ')} failed:\n${run.stdout}${run.stderr}`);
  return run.stdout;
}

describe('the command line installed from its npm package', function () {
  this.timeout(120_000);
  const dir = useTempDir();
  let bin = '';
  let files: string[] = [];

  before(() => {
    // --ignore-scripts: the tarball of the suite's own build (prepack would rebuild dist/ for production).
    const tarball = npm(['pack', '--ignore-scripts', '--pack-destination', dir()], projectRoot).trim().split('\n').at(-1)!;
    const path = join(dir(), tarball);
    files = spawnSync('tar', ['-tzf', path], { encoding: 'utf8' }).stdout.trim().split('\n').sort();
    const prefix = join(dir(), 'prefix');
    npm(
      [
        'install',
        '-g',
        '--prefix',
        prefix,
        '--cache',
        join(dir(), 'npm-cache'),
        '--offline',
        '--omit=optional',
        '--no-audit',
        '--no-fund',
        path,
      ],
      dir(),
    );
    bin = join(prefix, 'bin', 'mailroom');
  });

  /** The installed command, with a bare environment: no project, no npm, this suite's clock. */
  const installed = (args: readonly string[]) =>
    spawnSync(bin, args, { cwd: dir(), encoding: 'utf8', env: { PATH: process.env.PATH, HOME: dir(), ...suiteEnv(), ...ENGINES_ON } });

  it('packs the command line, the sandbox and printing bundles it loads, the files printing loads beside them and the README, and nothing else', () => {
    // The print engines' driver, whole (it cannot be bundled), and pdf.js for the browser with its standard fonts (the pixels' check).
    const driver = files.filter((f) => f.startsWith('package/dist/playwright-core/'));
    for (const file of ['index.js', 'package.json', 'lib/coreBundle.js'])
      assert.ok(driver.includes(`package/dist/playwright-core/${file}`), file);
    assert.ok(!driver.some((f) => f.endsWith('.d.ts')), 'no type declarations');
    const standardFonts = files.filter((f) => f.startsWith('package/dist/media/pdfjs/standard_fonts/'));
    assert.ok(
      standardFonts.some((f) => f.endsWith('.pfb') || f.endsWith('.ttf')),
      'pdf.js standard fonts',
    );
    assert.deepEqual(
      files.filter((f) => !driver.includes(f) && !standardFonts.includes(f)),
      [
        'package/CHANGELOG.md',
        'package/LICENSE',
        'package/README.md',
        'package/dist/cli.js',
        // The printing fonts, their licence and their engine; pdf.js for Node and its licence (src/printing/assets.ts).
        'package/dist/fontkit.js',
        'package/dist/fonts/DejaVuSans-Bold.ttf',
        'package/dist/fonts/DejaVuSans-LICENSE.txt',
        'package/dist/fonts/DejaVuSans.ttf',
        'package/dist/media/pdfjs/pdf.min.mjs',
        'package/dist/media/pdfjs/pdf.worker.min.mjs',
        'package/dist/pdfjs-node/LICENSE',
        'package/dist/pdfjs-node/pdf.min.mjs',
        'package/dist/pdfjs-node/pdf.worker.min.mjs',
        'package/dist/printing.js',
        'package/dist/sandbox.js',
        'package/package.json',
      ],
    );
  });

  it('installs a mailroom command that lists the commands and helps with each', () => {
    const help = installed(['--help']);
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^ {2}mailroom send FILE/m);
    const send = installed(['send', '--help']);
    assert.equal(send.status, 0, send.stderr);
    assert.match(send.stdout, /^Usage: mailroom send FILE/);
  });

  it('checks a letter with preflight, offline, through the printing bundle it packs', () => {
    const letter = join(projectRoot, 'test', 'sample', 'letter.md');
    const run = installed(['preflight', letter, '--json']);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual((JSON.parse(run.stdout) as { findings: unknown[] }).findings, []);
    // pdf.js from the package reads the recipient box of a PDF sent without an address, quietly: the
    // price list's three lines there are no address, which the service would fail at -1045 (exit 1).
    const pdf = installed(['preflight', join(projectRoot, 'test', 'sample', 'price-list.pdf'), '--json']);
    assert.equal(pdf.status, 1, pdf.stderr);
    assert.equal(pdf.stderr, '');
    const read = JSON.parse(pdf.stdout) as { addressRead: string[]; findings: { code?: number }[] };
    assert.equal(read.addressRead.length, 3);
    assert.deepEqual(read.findings.filter((f) => f.code === -1045).length, 1);
    // The fallback font and its engine from the package draw what Helvetica cannot: nothing to say.
    const name = installed(['preflight', letter, '--attention-line1', 'Łukasz Nguyễn', '--json']);
    assert.equal(name.status, 0, name.stderr);
    assert.deepEqual((JSON.parse(name.stdout) as { findings: unknown[] }).findings, []);
  });

  it('starts a sandbox and sends a letter through it', async () => {
    const sandbox = spawn(bin, ['sandbox', '--port', '0', '--data', join(dir(), 'sandbox')], {
      env: { PATH: process.env.PATH, HOME: dir(), ...suiteEnv() },
    });
    try {
      const url = await listening(sandbox);
      const letter = join(projectRoot, 'test', 'sample', 'price-list.pdf');
      const sent = installed([
        'send',
        letter,
        '--to',
        'Jane Doe, 1 Main St, Springfield, IL 62701',
        '--mode',
        'Development',
        '--endpoint',
        url,
      ]);
      assert.equal(sent.status, 0, sent.stderr);
      const id = /^(\d+)$/m.exec(sent.stdout)?.[1];
      assert.ok(id, `prints the new mailer's ID:\n${sent.stdout}`);
      const status = installed(['status', id, '--json', '--endpoint', url]);
      assert.equal(status.status, 0, status.stderr);
      const [mailer] = JSON.parse(status.stdout) as { ID: number; Status: number }[];
      assert.equal(mailer?.ID, Number(id));
      assert.ok(mailer.Status < 0, `a status the service knows: ${status.stdout}`);
      const details = installed(['details', id, '--endpoint', url]);
      assert.equal(details.status, 0, details.stderr);
      assert.match(details.stdout, /^MyDescription\s+price-list\.pdf$/m);
    } finally {
      sandbox.kill('SIGTERM');
      await new Promise((resolve) => sandbox.once('close', resolve));
    }
  });
});

/** The URL the sandbox prints once it listens. */
function listening(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('close', (code) => reject(new Error(`the sandbox ended (${code}) before it listened:\n${out}${err}`)));
  });
}
