/**
 * Every benchmark at a small size (`npm run bench -- --small`), in a process of its own as
 * `npm run bench` runs them, so that none can rot unnoticed: a benchmark that crashes, or gives
 * no row, fails here. No figure is checked: speed and memory are the benchmarks' to tell, as ratios
 * against floors measured in the same run, at full size. Needs `npm run build` (npm test builds).
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BENCHMARKS, type Results } from './run';

const root = resolve(__dirname, '..', '..');

/** Runs a command to its end; answers its exit code (or signal) and its output, both streams in turn. */
function run(args: readonly string[]): Promise<{ code: number | null; signal: string | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stderr.on('data', (d: Buffer) => chunks.push(d));
    child.on('error', fail);
    child.on('close', (code, signal) => done({ code, signal, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

describe('the benchmarks, each at a small size', function () {
  // About 30 s on two shared CPUs before the print engines; engine-proofs and merge-pdf start a real
  // browser and LibreOffice, cold and warm, which add a minute or two. The margin is for a machine busier still.
  this.timeout(480_000);

  it('run.ts runs every benchmark module in test/bench', () => {
    // A benchmark module reports rows (support/measure.ts); the children and the peer it spawns do not.
    const runner = readFileSync(join(__dirname, 'run.ts'), 'utf8');
    const modules = readdirSync(__dirname).filter(
      (name) =>
        name.endsWith('.ts') &&
        !name.endsWith('.test.ts') &&
        name !== 'run.ts' &&
        readFileSync(join(__dirname, name), 'utf8').includes("from './support/measure'"),
    );
    assert.ok(modules.length >= BENCHMARKS.length, `only ${modules.length} benchmark modules found`);
    assert.deepEqual(
      modules.filter((name) => !runner.includes(`import('./${name.replace(/\.ts$/, '')}')`)),
      [],
      'benchmarks that run.ts never runs',
    );
  });

  it('every one runs to its rows, and none crashes (no figure is checked)', async () => {
    assert.ok(existsSync(join(root, 'dist', 'cli.js')), 'the benchmarks need the build: npm run build');
    const dir = mkdtempSync(join(tmpdir(), 'mailroom-bench-small-'));
    try {
      const json = join(dir, 'results.json');
      const { code, signal, output } = await run(['--import', 'tsx', join('test', 'bench', 'run.ts'), '--small', '--json', json]);
      const tail = output.slice(-6000);
      assert.ok(existsSync(json), `run.ts wrote no results (exit ${code ?? signal}):\n${tail}`);
      const results = JSON.parse(readFileSync(json, 'utf8')) as Results;
      assert.deepEqual(
        results.failed.map((f) => `${f.name}: ${f.error}`),
        [],
        'benchmarks that crashed',
      );
      assert.equal(code, 0, `run.ts exited ${code ?? signal}:\n${tail}`);
      assert.equal(results.size, 'small');
      const rows = new Map(results.benchmarks.map((b) => [b.name, b.rows.length]));
      assert.deepEqual(
        BENCHMARKS.filter((name) => !(rows.get(name)! > 0)),
        [],
        `benchmarks that gave no row:\n${tail}`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
