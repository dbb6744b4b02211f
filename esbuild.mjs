// Bundles the extension and the command line into dist/, then writes the four WSDLs beside them
// with the command line itself, so that what ships is exactly what the contract generates.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync } from 'node:fs';

const production = process.argv.includes('--production');

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  legalComments: 'none',
};

await Promise.all([
  build({ ...common, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] }),
  // The keyring's native binary cannot be bundled; the command line loads it from node_modules.
  build({ ...common, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' }, external: ['@napi-rs/keyring'] }),
]);
chmodSync('dist/cli.js', 0o755);
execFileSync(process.execPath, ['dist/cli.js', 'wsdl', '--out', 'dist/wsdl'], { stdio: 'inherit' });
