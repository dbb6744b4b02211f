/**
 * Files printing loads only when it needs them, and that no bundle holds: pdf.js for Node, the
 * fallback font and its engine. The build copies them beside the bundles (esbuild.mjs: dist/pdfjs-node/,
 * dist/fonts/, dist/fontkit.js), which is where the extension and the installed command line find
 * them; run from the sources, or from a bundle a test made elsewhere, they are the installed
 * packages' own.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** A file beside the bundle (`shipped`, a path under dist/), else the package's file (`packaged`, as require.resolve takes it). */
export function assetPath(shipped: string, packaged: string): string {
  const beside = join(__dirname, shipped);
  if (existsSync(beside)) return beside;
  // Through a variable, so that the bundler leaves the package to be found when run.
  const resolve: (request: string) => string = require.resolve;
  return resolve(packaged);
}
