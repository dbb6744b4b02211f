// Bundles the extension and the command line into dist/, then writes the four WSDLs beside them
// with the command line itself, so that what ships is exactly what the contract generates.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync } from 'node:fs';
import { resolve } from 'node:path';

const production = process.argv.includes('--production');
// Where the bundles go: dist/, or another folder (the benchmarks measure a production build there).
const outIndex = process.argv.indexOf('--outdir');
const out = outIndex > 0 ? process.argv[outIndex + 1] : 'dist';

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

// Bundles of their own, loaded only when first needed: printing (pdf-lib and its fonts) by the
// sandbox when it prints a mailer and by the command line's preflight, the sandbox by the command
// line and by the extension's sandbox thread (dist/sandbox-worker.js) when they start one, and
// the client (node-soap and its dependencies) by the extension when a command first calls the
// service. Activation then loads and compiles only the extension's own code, and every bundle
// shares the one printer in dist/printing.js.
const apart = (...names) => ({
  name: 'apart',
  setup(b) {
    const targets = new Map(names.map((name) => [resolve('src', name), `./${name}.js`]));
    b.onResolve({ filter: /\/(sandbox|client|printing)$/ }, (args) => {
      const path = targets.get(resolve(args.resolveDir, args.path));
      return path ? { path, external: true } : undefined;
    });
  },
});

await Promise.all([
  build({
    ...common,
    entryPoints: ['src/extension/extension.ts'],
    outfile: `${out}/extension.js`,
    external: ['vscode'],
    plugins: [apart('sandbox', 'client', 'printing')],
  }),
  build({ ...common, entryPoints: ['src/client/index.ts'], outfile: `${out}/client.js` }),
  build({ ...common, entryPoints: ['src/printing/index.ts'], outfile: `${out}/printing.js` }),
  build({ ...common, entryPoints: ['src/sandbox/index.ts'], outfile: `${out}/sandbox.js`, plugins: [apart('printing')] }),
  // The extension's sandbox runs on a thread of its own (src/sandbox/thread.ts): this is the
  // thread's entry, a file of its own since a Worker starts from one; it loads dist/sandbox.js.
  build({
    ...common,
    entryPoints: ['src/sandbox/thread-worker.ts'],
    outfile: `${out}/sandbox-worker.js`,
    plugins: [apart('sandbox', 'printing')],
  }),
  // A batch's PDF is printed on a thread of its own, under a heap limit (src/sandbox/operations/merge-printer.ts):
  // its entry, which loads dist/printing.js.
  build({
    ...common,
    entryPoints: ['src/sandbox/operations/merge-print-worker.ts'],
    outfile: `${out}/merge-print-worker.js`,
    plugins: [apart('printing')],
  }),
  // The extension's preflight prints on a thread of its own (src/printing/thread.ts): its entry,
  // which loads dist/printing.js.
  build({
    ...common,
    entryPoints: ['src/printing/thread-worker.ts'],
    outfile: `${out}/printing-worker.js`,
    plugins: [apart('printing')],
  }),
  // The fallback font's engine (src/printing/fonts.ts), loaded by printing only when a text needs
  // a character Helvetica lacks: half a megabyte that every other printing can do without.
  build({
    ...common,
    stdin: { contents: "module.exports = require('@pdf-lib/fontkit');", resolveDir: '.', loader: 'js' },
    outfile: `${out}/fontkit.js`,
    minify: true,
  }),
  // The keyring's native binary cannot be bundled; the command line loads it from node_modules.
  build({
    ...common,
    entryPoints: ['src/cli/main.ts'],
    outfile: `${out}/cli.js`,
    banner: { js: '#!/usr/bin/env node' },
    external: ['@napi-rs/keyring'],
    plugins: [apart('sandbox', 'printing')],
  }),
]);
// The PDF preview: its script for the webview, and pdf.js with its worker and standard fonts, all local.
await build({
  ...common,
  platform: 'browser',
  format: 'esm',
  target: 'es2022',
  entryPoints: ['src/extension/views/preview-webview.ts'],
  outfile: `${out}/media/preview.js`,
});
cpSync('node_modules/pdfjs-dist/build/pdf.min.mjs', `${out}/media/pdfjs/pdf.min.mjs`);
cpSync('node_modules/pdfjs-dist/build/pdf.worker.min.mjs', `${out}/media/pdfjs/pdf.worker.min.mjs`);
cpSync('node_modules/pdfjs-dist/standard_fonts', `${out}/media/pdfjs/standard_fonts`, { recursive: true });
// Printing reads where a PDF's text stands with pdf.js too (src/printing/pdf-js.ts), in Node: its
// legacy build, which runs on Node 20; and draws its own text in DejaVu Sans and DejaVu Sans Bold,
// embedded in what it prints, shipped with their licence (src/printing/font-faces.ts, assets.ts).
cpSync('node_modules/pdfjs-dist/legacy/build/pdf.min.mjs', `${out}/pdfjs-node/pdf.min.mjs`);
cpSync('node_modules/pdfjs-dist/legacy/build/pdf.worker.min.mjs', `${out}/pdfjs-node/pdf.worker.min.mjs`);
cpSync('node_modules/pdfjs-dist/LICENSE', `${out}/pdfjs-node/LICENSE`);
// The print engines' driver (src/printing/engines/chromium.ts): playwright-core cannot be bundled
// (it reads its own package's files), so it ships whole beside the bundles, without browsers of its own.
cpSync('node_modules/playwright-core', `${out}/playwright-core`, { recursive: true, filter: (path) => !path.endsWith('.d.ts') });
cpSync('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf', `${out}/fonts/DejaVuSans.ttf`);
cpSync('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf', `${out}/fonts/DejaVuSans-Bold.ttf`);
cpSync('node_modules/dejavu-fonts-ttf/LICENSE', `${out}/fonts/DejaVuSans-LICENSE.txt`);
chmodSync(`${out}/cli.js`, 0o755);
execFileSync(process.execPath, [`${out}/cli.js`, 'wsdl', '--out', `${out}/wsdl`], { stdio: 'inherit' });
