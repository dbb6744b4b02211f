// Runs mocha with any arguments, passing its output through, and then scans all of that output
// for the tests' secrets: a password that reaches a log or an error message fails the run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const mocha = spawn(process.execPath, ['node_modules/mocha/bin/mocha.js', ...process.argv.slice(2)], { stdio: ['inherit', 'pipe', 'pipe'] });
const chunks = [];
mocha.stdout.on('data', (d) => (process.stdout.write(d), chunks.push(d)));
mocha.stderr.on('data', (d) => (process.stderr.write(d), chunks.push(d)));
mocha.on('close', (code) => {
  const dir = mkdtempSync(join(tmpdir(), 'mailroom-output-'));
  const file = join(dir, 'test-output.log');
  writeFileSync(file, Buffer.concat(chunks));
  const scan = spawnSync(process.execPath, ['scripts/scan-secrets.mjs', file], { stdio: 'inherit' });
  rmSync(dir, { recursive: true, force: true });
  process.exit(code !== 0 ? (code ?? 1) : scan.status ?? 1);
});
