// Bundles the extension and the command line into dist/, then writes the four WSDLs beside them
// with the command line itself, so that what ships is exactly what the contract generates.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync } from 'node:fs';
import { resolve } from 'node:path';

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

// The sandbox (pdf-lib and its fonts: more than half of everything) is a bundle of its own,
// dist/sandbox.js, which the extension and the command line load only when they start one.
const sandboxApart = {
  name: 'sandbox-apart',
  setup(b) {
    const sandbox = resolve('src/sandbox');
    b.onResolve({ filter: /\/sandbox$/ }, (args) => (resolve(args.resolveDir, args.path) === sandbox ? { path: './sandbox.js', external: true } : undefined));
  },
};

await Promise.all([
  build({ ...common, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'], plugins: [sandboxApart] }),
  build({ ...common, entryPoints: ['src/sandbox/index.ts'], outfile: 'dist/sandbox.js' }),
  // The keyring's native binary cannot be bundled; the command line loads it from node_modules.
  build({ ...common, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' }, external: ['@napi-rs/keyring'], plugins: [sandboxApart] }),
]);
// The PDF preview: its script for the webview, and pdf.js with its worker and standard fonts, all local.
await build({ ...common, platform: 'browser', format: 'esm', target: 'es2022', entryPoints: ['src/extension/views/preview-webview.ts'], outfile: 'dist/media/preview.js' });
cpSync('node_modules/pdfjs-dist/build/pdf.min.mjs', 'dist/media/pdfjs/pdf.min.mjs');
cpSync('node_modules/pdfjs-dist/build/pdf.worker.min.mjs', 'dist/media/pdfjs/pdf.worker.min.mjs');
cpSync('node_modules/pdfjs-dist/standard_fonts', 'dist/media/pdfjs/standard_fonts', { recursive: true });
chmodSync('dist/cli.js', 0o755);
execFileSync(process.execPath, ['dist/cli.js', 'wsdl', '--out', 'dist/wsdl'], { stdio: 'inherit' });
