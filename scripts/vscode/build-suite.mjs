// Bundles the extension's in-host test suite (test/extension/suite) into dist-test/, for both
// runners: code-server here (run-tests.mjs) and desktop VS Code (run-desktop-tests.mjs).
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

export const root = resolve(import.meta.dirname, '..', '..');
export const workspace = join(root, 'test', 'sample');

/** Answers the bundle's path. vscode and mocha come from the host and node_modules. */
export async function buildSuite() {
  const outfile = join(root, 'dist-test', 'extension', 'index.js');
  await build({
    entryPoints: [join(root, 'test', 'extension', 'suite', 'index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return outfile;
}
