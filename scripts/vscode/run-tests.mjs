// Runs the extension's tests inside a real VS Code extension host: code-server (installed by
// scripts/vscode/install.sh) with the extension in development mode, opened in Debian's Chromium
// through playwright-core. Exits with the tests' exit code. See shared/notes/real-vscode-testing.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { format } from 'node:util';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildSuite, root, workspace } from './build-suite.mjs';

const node24 = join(root, '.vscode-test', 'node24', 'bin');
const codeServer = join(root, '.vscode-test', 'code-server', 'node_modules', '.bin', 'code-server');
const testsEntry = await buildSuite();

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

const scratch = mkdtempSync(join(tmpdir(), 'mailroom-vscode-'));
const port = await freePort();
const server = spawn(
  codeServer,
  ['--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--user-data-dir', join(scratch, 'user'), '--extensions-dir', join(scratch, 'extensions'),
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--vscode-option', 'enable-smoke-test-driver'],
  { env: { ...process.env, PATH: `${node24}:${process.env.PATH}`, XDG_CONFIG_HOME: join(scratch, 'config'), XDG_DATA_HOME: join(scratch, 'data'), XDG_CACHE_HOME: join(scratch, 'cache') }, stdio: ['ignore', 'pipe', 'pipe'] },
);
let serverLog = '';
server.stdout.on('data', (d) => (serverLog += d));
server.stderr.on('data', (d) => (serverLog += d));

let exitCode = 1;
let browser;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {}
    if (i > 150) throw new Error(`code-server did not start:\n${serverLog}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
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
  const payload = JSON.stringify([['extensionDevelopmentPath', remote(root)], ['extensionTestsPath', remote(testsEntry)]]);
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`);
  const timeout = new Promise((_, fail) => setTimeout(() => fail(new Error('the extension tests did not finish within 10 minutes')), 600_000));
  exitCode = Number(await Promise.race([finished, timeout]));
} catch (error) {
  console.error(`extension tests: ${error.message}`);
  exitCode = 1;
} finally {
  await browser?.close();
  server.kill();
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`extension tests: exit code ${exitCode}`);
process.exit(exitCode);
