/**
 * The client as it ships: bundled by esbuild as the extension and the CLI bundle it (tsx's
 * on-the-fly transform adds helpers and live-binding getters that the bundles do not have).
 */
import { buildSync } from 'esbuild';
import { join, resolve } from 'node:path';

type Client = typeof import('../../../src/client');
type Contract = typeof import('../../../src/contract');

const root = resolve(__dirname, '..', '..', '..');

/** Bundles an entry (a path from the project's root) into dist-test/bench/<name>.js; answers that path. */
export function bundleFile(entry: string, name: string, external: readonly string[] = []): string {
  const outfile = join(root, 'dist-test', 'bench', `${name}.js`);
  buildSync({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: [...external],
    logLevel: 'warning',
  });
  return outfile;
}

/** An entry bundled and loaded. */
export function bundle<T>(entry: string, name: string, external: readonly string[] = []): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(bundleFile(entry, name, external)) as T;
}

export const builtClient: Client = bundle<Client>('src/client/index.ts', 'client');
export const builtContract: Contract = bundle<Contract>('src/contract/index.ts', 'contract');
