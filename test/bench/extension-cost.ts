/**
 * 5. Extension cost: the size of the minified dist/extension.js (a production build made for the
 * purpose) and the time from loading it to the end of activate(), each in a fresh process,
 * against an empty extension loaded the same way. The SOAP stack, pdf.js, the sandbox and the YAML
 * parser must not load at activation.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleFile } from './support/built';
import { absolute, compared, median, type Row } from './support/measure';
import type { Size, Sizes } from './support/size';

const root = resolve(__dirname, '..', '..');

interface Activation {
  readonly loadMs: number;
  readonly activateMs: number;
  readonly totalMs: number;
  readonly sandboxLoaded: boolean;
}

/** Plain Node runs the child (bundled here), so that no TypeScript loader hooks the bundle's loading. */
function activate(child: string, bundle: string): Activation {
  const out = execFileSync(process.execPath, [child, bundle], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as Activation;
}

/** Fresh processes that load and activate each bundle. */
const RUNS: Sizes<number> = { full: 11, small: 2 };

export function extensionCost(size: Size = 'full'): Row[] {
  const runs = RUNS[size];
  const outdir = join(root, 'dist-test', 'bench', 'production');
  execFileSync(process.execPath, [join(root, 'esbuild.mjs'), '--production', '--outdir', outdir], { cwd: root, stdio: 'pipe' });
  const bundle = join(outdir, 'extension.js');
  const empty = join(root, 'dist-test', 'bench', 'empty-extension.js');
  mkdirSync(join(root, 'dist-test', 'bench'), { recursive: true });
  writeFileSync(empty, 'exports.activate = function activate(context) { context.subscriptions.push({ dispose() {} }); };\n');
  const child = bundleFile('test/bench/activation-child.ts', 'activation-child');
  const ours = Array.from({ length: runs }, () => activate(child, bundle));
  const floor = Array.from({ length: runs }, () => activate(child, empty));
  if (ours.some((a) => a.sandboxLoaded)) throw new Error('activation loaded the sandbox');
  // The front matter's YAML parser is printing's and the client's (docs/architecture.md): never activation's.
  if (readFileSync(bundle, 'utf8').includes('YAMLParseError')) throw new Error("the YAML parser is in the extension's bundle");
  const total = median(ours.map((a) => a.totalMs));
  return [
    absolute('extension cost', 'dist/extension.js, minified', 'KB', statSync(bundle).size / 1024, 1024),
    absolute('extension cost', 'load the bundle', 'ms', median(ours.map((a) => a.loadMs))),
    absolute('extension cost', 'activate()', 'ms', median(ours.map((a) => a.activateMs))),
    {
      ...compared('extension cost', 'load and activate', 'ms', total, {
        name: 'empty extension',
        value: median(floor.map((a) => a.totalMs)),
      }),
      target: '≤ 30 ms',
      met: total <= 30,
    },
  ];
}
