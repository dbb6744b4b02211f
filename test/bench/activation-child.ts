/**
 * Loads a bundle and runs its activate() with the vscode stand-in, in a fresh process, and prints
 * how long loading and activating took and whether the sandbox bundle was loaded. Run by
 * extension-cost.ts, once for the extension and once for an empty extension (the floor).
 */
import { tmpdir } from 'node:os';
import { installVscodeStandIn, memento, vscodeStandIn } from './support/vscode-stand-in';

installVscodeStandIn();
const bundle = process.argv[2]!;
const context = {
  subscriptions: [] as unknown[],
  globalState: memento(),
  workspaceState: memento(),
  secrets: {
    get: async () => undefined,
    store: async () => undefined,
    delete: async () => undefined,
    onDidChange: () => ({ dispose: () => undefined }),
  },
  extensionUri: vscodeStandIn.Uri.file(process.cwd()),
  globalStorageUri: vscodeStandIn.Uri.file(tmpdir()),
  extensionMode: vscodeStandIn.ExtensionMode.Production,
};
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
