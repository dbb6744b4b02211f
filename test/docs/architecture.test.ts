/**
 * The layers of docs/architecture.md, as the code has them: each file under src/ imports from
 * the other layers only what the layer picture shows (the contract nothing; printing and the
 * client the contract; the sandbox printing and the contract; the rulebook the client and the
 * contract; the extension and the command line any of those five, and neither the other), and only
 * src/extension/ imports `vscode`.
 */
import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { projectRoot } from '../helpers/tools';

const src = join(projectRoot, 'src');
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  contract: [],
  printing: ['contract'],
  client: ['contract'],
  sandbox: ['printing', 'contract'],
  rulebook: ['client', 'contract'],
  extension: ['rulebook', 'sandbox', 'client', 'printing', 'contract'],
  cli: ['rulebook', 'sandbox', 'client', 'printing', 'contract'],
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** What a file imports: `from '…'`, `import '…'`, `import('…')` and `require('…')`, types included. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

describe('docs/architecture.md: the layers', () => {
  it('has one layer per folder of src/, each in the picture', () => {
    const folders = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    assert.deepEqual([...folders].sort(), Object.keys(MAY_IMPORT).sort());
    const page = readFileSync(join(projectRoot, 'docs', 'architecture.md'), 'utf8');
    for (const [layer, below] of Object.entries(MAY_IMPORT))
      if (below.length > 0) assert.ok(page.includes(`${layer} --> ${below.join(' & ')}`), `the picture shows ${layer}'s imports`);
  });

  it('imports one way only, down the picture', () => {
    const wrong: string[] = [];
    for (const file of filesUnder(src)) {
      const layer = relative(src, file).split(sep)[0]!;
      for (const spec of importsOf(file)) {
        if (spec === 'vscode' && layer !== 'extension') wrong.push(`${relative(projectRoot, file)} imports vscode`);
        if (!spec.startsWith('.')) continue;
        const target = relative(src, resolve(dirname(file), spec)).split(sep)[0]!;
        if (target !== layer && !MAY_IMPORT[layer]!.includes(target)) wrong.push(`${relative(projectRoot, file)} imports ${spec}`);
      }
    }
    assert.deepEqual(wrong, []);
  });
});
