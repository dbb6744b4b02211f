/**
 * The code's words against l10n/bundle.l10n.json (package.json's `l10n`): the bundle is what
 * `npm run l10n` (@vscode/l10n-dev export) extracts from src/, no more and no less, so that a
 * translator is handed every message the extension shows and none it no longer does. And every
 * `l10n.t` call has a literal message, which is all the extraction can read.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getL10nJson } from '@vscode/l10n-dev';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sources = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.ts'))
  .map((path) => ({ path: join('src', path), contents: readFileSync(join(root, 'src', path), 'utf8') }));
const bundle = JSON.parse(readFileSync(join(root, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<string, unknown>;
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { l10n?: string; scripts: Record<string, string> };

describe('the l10n bundle', () => {
  it('is where package.json says, and npm run l10n writes it', () => {
    assert.equal(manifest.l10n, './l10n');
    assert.match(manifest.scripts.l10n ?? '', /l10n-dev export --outDir \.\/l10n \.\/src$/);
  });

  it('holds every message of the code, and nothing else', async () => {
    const extracted = await getL10nJson(sources.map(({ path, contents }) => ({ extension: extname(path), contents })));
    assert.ok(Object.keys(extracted).length > 100, 'the extraction found the messages');
    const missing = Object.keys(extracted).filter((key) => !(key in bundle));
    const stale = Object.keys(bundle).filter((key) => !(key in extracted));
    assert.deepEqual({ missing, stale }, { missing: [], stale: [] }, 'run `npm run l10n` to write the bundle again');
    assert.deepEqual(bundle, extracted);
  });

  it('is given only literal messages (a message built at run time cannot be extracted or translated)', () => {
    // `l10n.t(` followed by anything but a quote: a variable, a template literal, a call.
    const built = sources.flatMap(({ path, contents }) =>
      [...contents.matchAll(/\bl10n\.t\(\s*([^'"\s])/g)].map((m) => `${path}: l10n.t(${m[1]}…`),
    );
    assert.deepEqual(built, []);
  });

  it('has no message that formats an argument it is not given', () => {
    const unnumbered = Object.keys(bundle).filter((key) => /\{(?!\d+\})[^}]*\}/.test(key) && !/\{\{/.test(key));
    assert.deepEqual(unnumbered, []);
  });
});
