// npm test's runner: the mocha tests, the extension's tests inside a real VS Code (code-server) and
// the browser end-to-end flows over the packaged extension,
// passing their output through; then a scan of all of that output for the tests' secrets: a
// password that reaches a log or an error message fails the run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const chunks = [];
function step(args) {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { stdio: ['inherit', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => (process.stdout.write(d), chunks.push(d)));
    child.stderr.on('data', (d) => (process.stderr.write(d), chunks.push(d)));
    child.on('close', (code) => done(code ?? 1));
  });
}

const mochaArgs = process.argv.slice(2);
let code = await step(['node_modules/mocha/bin/mocha.js', ...mochaArgs]);
// The extension host suite and the browser end-to-end flows run with the full run, not when mocha
// is given a selection.
if (mochaArgs.length === 0) {
  code = (await step(['scripts/vscode/run-tests.mjs'])) || code;
  code = (await step(['--import', 'tsx', 'test/e2e/flows.ts'])) || code;
}

const dir = mkdtempSync(join(tmpdir(), 'mailroom-output-'));
const file = join(dir, 'test-output.log');
writeFileSync(file, Buffer.concat(chunks));
const scan = spawnSync(process.execPath, ['scripts/scan-secrets.mjs', file], { stdio: 'inherit' });
rmSync(dir, { recursive: true, force: true });
process.exit(code !== 0 ? code : (scan.status ?? 1));
