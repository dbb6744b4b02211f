/**
 * The layers of docs/architecture.md, as the code has them: each file under src/ imports from
 * the other layers only what the layer picture shows (the contract nothing; printing and the
 * client the contract; the sandbox printing and the contract; the rulebook the client and the
 * contract; the notations the contract; the extension and the command line any of those six, and
 * neither the other), and only
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
  formats: ['contract'],
  extension: ['rulebook', 'formats', 'sandbox', 'client', 'printing', 'contract'],
  cli: ['rulebook', 'formats', 'sandbox', 'client', 'printing', 'contract'],
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

/** The file a relative import names: `x.ts` or `x/index.ts`. */
function fileOf(from: string, spec: string, files: ReadonlySet<string>): string | undefined {
  const base = resolve(dirname(from), spec);
  return [`${base}.ts`, join(base, 'index.ts'), base].find((f) => files.has(f));
}

/** The import circles among `files` (Tarjan's strongly connected components of two files or more), each as its files. */
function circles(files: readonly string[]): string[][] {
  const known = new Set(files);
  const edges = new Map(
    files.map((f) => [
      f,
      importsOf(f).flatMap((spec) => (spec.startsWith('.') ? [fileOf(f, spec, known)].filter((t) => t !== undefined) : [])),
    ]),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.map((f) => relative(projectRoot, f)).sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return found;
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

  it('has no import circle: no file imports, types included, a file that imports it back', () => {
    assert.deepEqual(circles(filesUnder(src)), []);
  });
});
