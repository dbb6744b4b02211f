/**
 * Loads a bundle and runs its activate() with the vscode stand-in, in a fresh process, and prints
 * how long loading and activating took and whether the sandbox bundle was loaded. Run by
 * extension-cost.ts, once for the extension and once for an empty extension (the floor).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extensionContext, installVscodeStandIn } from './support/vscode-stand-in';

installVscodeStandIn();
const bundle = process.argv[2]!;
const storage = mkdtempSync(join(tmpdir(), 'mailroom-bench-activation-'));
process.on('exit', () => rmSync(storage, { recursive: true, force: true }));
const context = extensionContext(process.cwd(), storage);
const start = process.hrtime.bigint();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const extension = require(bundle) as { activate(context: unknown): unknown };
const loaded = process.hrtime.bigint();
extension.activate(context);
const activated = process.hrtime.bigint();
const ms = (from: bigint, to: bigint) => Number(to - from) / 1e6;
console.log(
  JSON.stringify({
    loadMs: ms(start, loaded),
    activateMs: ms(loaded, activated),
    totalMs: ms(start, activated),
    sandboxLoaded: Object.keys(require.cache).some((path) => path.endsWith('sandbox.js')),
  }),
);
