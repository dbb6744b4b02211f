// Runs the extension's tests inside a real VS Code extension host: code-server (installed by
// scripts/vscode/install.sh) with the extension in development mode, opened in Debian's Chromium
// through playwright-core. Exits with the tests' exit code. See shared/notes/real-vscode-testing.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { format } from 'node:util';
import { join } from 'node:path';
import { buildSuite, root, workspace } from './build-suite.mjs';
import { freePort, launchChromium, startCodeServer } from './code-server.mjs';

const testsEntry = await buildSuite();
const scratch = mkdtempSync(join(tmpdir(), 'mailroom-vscode-'));
let server;
let exitCode;
let browser;
try {
  const port = await freePort();
  // The machine's send log of the tests' own (src/rulebook/places.ts), which the suite's command line shares.
  server = await startCodeServer({ state: scratch, port, testDriver: true, env: { XDG_STATE_HOME: join(scratch, 'xdg-state') } });
  browser = await launchChromium();
  const page = await browser.newPage();
  const finished = new Promise((done) => page.exposeFunction('codeAutomationExit', (code) => done(code)));
  // The workbench's own log lines; the suite's output comes through the console below.
  await page.exposeFunction('codeAutomationLog', () => undefined);
  // The extension host's console arrives styled ('%c INFO', 'color: …', format, …values).
  page.on('console', async (message) => {
    const values = await Promise.all(message.args().map((arg) => arg.jsonValue().catch(() => '')));
    const line = typeof values[0] === 'string' && values[0].startsWith('%c') ? format(...values.slice(2)) : format(...values);
    // Only the suite's reporter (see test/extension/suite/index.ts), not the workbench's chatter.
    if (line.startsWith('[mailroom-test] ')) process.stdout.write(`${line.slice('[mailroom-test] '.length)}\n`);
  });
  const remote = (path) => `vscode-remote://127.0.0.1:${port}${path}`;
  const payload = JSON.stringify([
    ['extensionDevelopmentPath', remote(root)],
    ['extensionTestsPath', remote(testsEntry)],
  ]);
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`);
  // A guard against a hung host, not a budget: the suite takes about 6 minutes on CI, more on a busy machine.
  const timeout = new Promise((_, fail) =>
    setTimeout(() => fail(new Error('the extension tests did not finish within 25 minutes')), 25 * 60_000),
  );
  exitCode = Number(await Promise.race([finished, timeout]));
} catch (error) {
  console.error(`extension tests: ${error.message}`);
  exitCode = 1;
} finally {
  await browser?.close();
  server?.stop();
  // What VS Code wrote while the tests ran (the output channel's log, settings, the sandbox's
  // journal in global storage) must hold none of the tests' secrets. SecretStorage itself lives
  // in the state database (*.vscdb), where secrets belong, so that is the one thing not read.
  const written = readdirSync(scratch, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.vscdb/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  const scan = spawnSync(process.execPath, [join(root, 'scripts', 'scan-secrets.mjs'), ...written], { stdio: 'inherit' });
  if (scan.status !== 0) exitCode = 1;
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`extension tests: exit code ${exitCode}`);
process.exit(exitCode);
