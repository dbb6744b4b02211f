// The extension's in-host tests in a desktop VS Code, downloaded by @vscode/test-electron: for a
// developer machine with a display (or xvfb-run) and access to update.code.visualstudio.com.
// CI machines without that access use run-tests.mjs (code-server) instead; the suite is the same.
//
//     npm run build && node scripts/vscode/run-desktop-tests.mjs [--version stable|insiders|1.95.0]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runTests } from '@vscode/test-electron';
import { buildSuite, root, workspace } from './build-suite.mjs';

const { values } = parseArgs({ options: { version: { type: 'string', default: 'stable' } } });
const extensionTestsPath = await buildSuite();
const scratch = mkdtempSync(join(tmpdir(), 'mailroom-desktop-'));
try {
  await runTests({
    version: values.version,
    extensionDevelopmentPath: root,
    extensionTestsPath,
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--user-data-dir', join(scratch, 'user')],
  });
} catch (error) {
  console.error(`The extension tests failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
