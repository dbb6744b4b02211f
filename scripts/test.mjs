// npm test's runner: the mocha tests, then the same mocha tests with the machine's clock 400 days
// ahead (Debian's faketime: no test may depend on the day it runs) and in another time zone (nor
// on where the machine is), the extension's tests inside a
// real VS Code (code-server) and the browser end-to-end flows over the packaged extension, passing
// their output through; then a scan of all of that output for the tests' secrets (a password that
// reaches a log or an error message fails the run) and one closing line of what passed and failed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FAR_AHEAD = '+400d';
/** Far from UTC, with summer time, on the other side of the date line. */
const ELSEWHERE = 'Pacific/Auckland';
const chunks = [];
const counts = { passed: 0, failed: 0 };

/** Runs one step, passing its output through, and counts what its reporter says passed and failed. */
function step(command, args, env = process.env) {
  return new Promise((done) => {
    const child = spawn(command, args, { env, stdio: ['inherit', 'pipe', 'pipe'] });
    const own = [];
    const take = (out) => (d) => (out.write(d), chunks.push(d), own.push(d));
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    child.on('error', (error) => (console.error(`${command}: ${error.message}`), done(1)));
    child.on('close', (code) => {
      const text = Buffer.concat(own).toString('utf8');
      // mocha's "N passing" / "N failing", the e2e's "e2e: N steps passed" / "✘ step".
      counts.passed += sum(text, /^\s*(\d+) passing\b/gm) + sum(text, /^e2e: (\d+) steps passed$/gm);
      counts.failed += sum(text, /^\s*(\d+) failing\b/gm) + (text.match(/^\s*✘ /gm)?.length ?? 0);
      done(code ?? 1);
    });
  });
}

function sum(text, pattern) {
  return [...text.matchAll(pattern)].reduce((total, m) => total + Number(m[1]), 0);
}

const mocha = ['node_modules/mocha/bin/mocha.js', ...process.argv.slice(2)];
let code = await step(process.execPath, mocha);
if (spawnSync('faketime', ['--version'], { stdio: 'ignore' }).error) {
  console.error('faketime is missing (Debian package faketime): run npm run setup');
  code ||= 1;
} else {
  console.log(`\nThe mocha tests again, with the clock ${FAR_AHEAD} ahead (faketime), in ${ELSEWHERE}:`);
  code = (await step('faketime', ['-f', FAR_AHEAD, process.execPath, ...mocha], { ...process.env, TZ: ELSEWHERE })) || code;
}
// The extension host suite and the browser end-to-end flows run with the full run, not when mocha
// is given a selection.
if (process.argv.length === 2) {
  code = (await step(process.execPath, ['scripts/vscode/run-tests.mjs'])) || code;
  code = (await step(process.execPath, ['--import', 'tsx', 'test/e2e/flows.ts'])) || code;
}

const dir = mkdtempSync(join(tmpdir(), 'mailroom-output-'));
const file = join(dir, 'test-output.log');
writeFileSync(file, Buffer.concat(chunks));
const scan = spawnSync(process.execPath, ['scripts/scan-secrets.mjs', file], { stdio: 'inherit' });
rmSync(dir, { recursive: true, force: true });
if (scan.status !== 0) counts.failed++;
console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
process.exit(code !== 0 ? code : (scan.status ?? 1));
