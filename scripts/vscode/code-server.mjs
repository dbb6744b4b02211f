// code-server as installed by scripts/vscode/install.sh (with its own Node 24), started on a
// loopback port with its state in one folder, and Debian's Chromium through playwright-core.
// Shared by the in-host tests, the browser end-to-end tests and `npm start`.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { root } from './build-suite.mjs';

const node24 = join(root, '.vscode-test', 'node24', 'bin');
const codeServerBin = join(root, '.vscode-test', 'code-server', 'node_modules', '.bin', 'code-server');

export const isInstalled = () => existsSync(codeServerBin);

export const freePort = (preferred = 0) =>
  new Promise((done) => {
    const server = createServer();
    server.once('error', () => (preferred ? freePort(0).then(done) : done(undefined)));
    server.listen(preferred, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

function environment(state, env = {}) {
  return {
    ...process.env,
    ...env,
    PATH: `${node24}:${process.env.PATH}`,
    XDG_CONFIG_HOME: join(state, 'config'),
    XDG_DATA_HOME: join(state, 'data'),
    XDG_CACHE_HOME: join(state, 'cache'),
  };
}

const dirs = (state) => ['--user-data-dir', join(state, 'user'), '--extensions-dir', join(state, 'extensions')];

/** Installs a .vsix into the code-server state folder, as a user would. */
export function installExtension(state, vsix) {
  execFileSync(codeServerBin, [...dirs(state), '--install-extension', vsix, '--force'], { env: environment(state), stdio: 'pipe' });
}

/**
 * Starts code-server; answers { url, stop, log() } once it is healthy. `testDriver` lets the
 * in-host suite report back (code-server's smoke-test hooks). `env` adds to its environment (a
 * test's own XDG_STATE_HOME, so that its sends go to a send log of its own, not the machine's).
 */
export async function startCodeServer({ state, port, testDriver = false, stdio = 'pipe', settings, env }) {
  if (settings) {
    mkdirSync(join(state, 'user', 'User'), { recursive: true });
    writeFileSync(join(state, 'user', 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  }
  const args = [
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--auth',
    'none',
    ...dirs(state),
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    ...(testDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
  ];
  const server = spawn(codeServerBin, args, { env: environment(state, env), stdio: ['ignore', stdio, stdio] });
  let output = '';
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet: ask again.
    }
    if (i > 150 || server.exitCode !== null) {
      server.kill();
      throw new Error(`code-server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, server, log: () => output, stop: () => server.kill() };
}

export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
