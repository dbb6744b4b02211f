/**
 * The .vsix as the Marketplace gets it: `vsce package` over the built extension, with no warning
 * and no question asked, carrying the icon, the manifest's words and the bundles, and nothing of
 * the sources, tests or tooling.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { projectRoot, useTempDir } from '../helpers/tools';

describe('vsce package', () => {
  const dir = useTempDir();
  let output = '';
  let entries: Record<string, Uint8Array> = {};

  before(function () {
    this.timeout(120_000);
    const vsix = join(dir(), 'mailroom.vsix');
    const vsce = join(projectRoot, 'node_modules', '@vscode', 'vsce', 'vsce');
    const run = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--out', vsix], {
      cwd: projectRoot,
      encoding: 'utf8',
      input: '', // a question (a missing licence or repository) gets no answer, and so shows
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    output = `${run.stdout}${run.stderr}`;
    assert.equal(run.status, 0, `vsce package failed:\n${output}`);
    entries = unzipSync(readFileSync(vsix));
  });

  it('packages without a warning or a question', () => {
    assert.doesNotMatch(output, /\bWARNING\b|\[y\/N\]/i, output);
  });

  it("carries the icon, the changelog, the manifest with its words and the bundles, the sandbox thread's entry among them", () => {
    const names = Object.keys(entries);
    for (const name of [
      'extension/media/icon.png',
      'extension/changelog.md',
      'extension/package.nls.json',
      'extension/l10n/bundle.l10n.json',
      'extension/dist/extension.js',
      // The sandbox's thread starts from a file of its own, which loads the sandbox and printing bundles.
      'extension/dist/sandbox-worker.js',
      // The preflight's printing thread starts from one too (src/printing/thread.ts).
      'extension/dist/printing-worker.js',
      // And the sandbox's batch PDFs print on a thread of their own (src/sandbox/operations/merge-printer.ts).
      'extension/dist/merge-print-worker.js',
      'extension/dist/sandbox.js',
      'extension/dist/printing.js',
      // What printing loads beside its bundle when it needs it (src/printing/assets.ts).
      'extension/dist/fontkit.js',
      'extension/dist/fonts/DejaVuSans.ttf',
      'extension/dist/fonts/DejaVuSans-Bold.ttf',
      'extension/dist/fonts/DejaVuSans-LICENSE.txt',
      'extension/dist/pdfjs-node/pdf.min.mjs',
      'extension/dist/pdfjs-node/pdf.worker.min.mjs',
    ])
      assert.ok(names.includes(name), `${name} not in ${names.join(', ')}`);
    const icon = entries['extension/media/icon.png']!;
    const png = Buffer.from(icon);
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128], 'the icon is 128 × 128');
    const vsixManifest = strFromU8(entries['extension.vsixmanifest']!);
    assert.match(vsixManifest, /<DisplayName>Mailroom<\/DisplayName>/, 'the display name is read from package.nls.json');
    assert.match(vsixManifest, /<Icon>extension\/media\/icon\.png<\/Icon>/);
  });

  it('leaves out sources, tests, maps, tooling, the docs and the command line', () => {
    const unwanted = Object.keys(entries).filter((name) =>
      /^extension\/(src|test|scripts|docs|node_modules)\/|\.(ts|map)$|^extension\/(eslint\.config\.mjs|\.prettier\w*|\.npmignore|dist\/cli\.js|media\/icon\.svg)$/.test(
        name,
      ),
    );
    assert.deepEqual(unwanted, []);
  });
});
