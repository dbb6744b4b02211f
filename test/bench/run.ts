/**
 * `npm run bench [names…]`: every benchmark (or those named) in one run, against floors and peers
 * measured in the same run. Prints a table of medians and ratios and writes test/bench/results.json.
 * Needs `npm run build`.
 *
 * `--small` runs each at a small size (support/size.ts): the same code paths in seconds, figures
 * that mean nothing; npm test runs them all so (bench.test.ts), and no results.json is written
 * unless `--json <file>` says where. A benchmark that throws is reported and the others still run;
 * the run then exits 1.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { table, type Row } from './support/measure';
import type { SandboxProcess } from './support/sandbox-process';
import type { Size, Sizes } from './support/size';

/** Every benchmark, by the name `npm run bench` takes, in the order they run. */
export const BENCHMARKS = [
  'calls',
  'tracking',
  'documents',
  'throughput',
  'extension',
  'storage',
  'deadlines',
  'xml-attacks',
  'responsiveness',
  'diagnostics',
  'filter',
  'proof-responsiveness',
  'merge-preflight',
  'oversized-answer',
  'merge-callers',
  'engine-proofs',
  'merge-pdf',
  'batch-pdf',
] as const;
export type BenchmarkName = (typeof BENCHMARKS)[number];

/** What results.json (or `--json`'s file) holds. */
export interface Results {
  readonly date: string;
  readonly node: string;
  readonly size: Size;
  readonly benchmarks: readonly { readonly name: BenchmarkName; readonly seconds: number; readonly rows: readonly Row[] }[];
  /** The benchmarks that threw, with what they threw. */
  readonly failed: readonly { readonly name: BenchmarkName; readonly error: string }[];
}

/** A sandbox in a process of its own holding `count` mailers, shared by the benchmarks that read mailers. */
type Seeded = (count: number) => Promise<{ sandbox: SandboxProcess; ids: number[] }>;

/** The mailers the shared sandbox holds for a benchmark that reads them (all seeded before the first of them runs). */
const SEEDED: Partial<Record<BenchmarkName, Sizes<number>>> = {
  calls: { full: 1000, small: 100 },
  tracking: { full: 10_000, small: 1500 },
};

/** Each benchmark, loaded when it runs (so that a run of one loads only it). */
const RUN: Record<BenchmarkName, (size: Size, seeded: Seeded) => Promise<Row[]>> = {
  calls: async (size, seeded) => {
    const { sandbox, ids } = await seeded(SEEDED.calls![size]);
    return (await import('./call-overhead')).callOverhead(sandbox, ids, size);
  },
  tracking: async (size, seeded) => {
    const { sandbox, ids } = await seeded(SEEDED.tracking![size]);
    return (await import('./tracking')).tracking(sandbox, ids, size);
  },
  documents: async (size) => (await import('./large-documents')).largeDocuments(size),
  throughput: async (size) => (await import('./throughput')).throughput(size),
  extension: async (size) => (await import('./extension-cost')).extensionCost(size),
  storage: async (size) => (await import('./compaction')).storage(size),
  deadlines: async (size) => (await import('./deadlines')).deadlines(size),
  'xml-attacks': async (size) => (await import('./xml-attacks')).xmlAttackMemory(size),
  responsiveness: async (size) => (await import('./event-loop')).editorResponsiveness(size),
  diagnostics: async (size) => (await import('./diagnostics')).diagnostics(size),
  filter: async (size) => (await import('./filtering')).filtering(size),
  'proof-responsiveness': async (size) => (await import('./proof-event-loop')).proofResponsiveness(size),
  'merge-preflight': async (size) => (await import('./merge-preflight')).mergePreflight(size),
  'oversized-answer': async (size) => (await import('./oversized-answer')).oversizedAnswer(size),
  'merge-callers': async (size) => (await import('./merge-callers')).mergeCallers(size),
  'engine-proofs': async (size) => (await import('./engine-proofs')).engineProofs(size),
  'merge-pdf': async (size) => (await import('./merge-pdf')).mergePdf(size),
  'batch-pdf': async (size) => (await import('./batch-pdf')).batchPdfBudget(size),
};

const isName = (name: string): name is BenchmarkName => (BENCHMARKS as readonly string[]).includes(name);

/** The benchmarks named (`responsiveness` also runs the proof's), in the order they run; all when none is. */
function selected(names: readonly string[]): BenchmarkName[] {
  const unknown = names.filter((name) => !isName(name));
  if (unknown.length > 0) throw new Error(`no benchmark named ${unknown.join(', ')}; there are ${BENCHMARKS.join(', ')}`);
  const wanted = new Set(names.includes('responsiveness') ? [...names, 'proof-responsiveness'] : names);
  return BENCHMARKS.filter((name) => wanted.size === 0 || wanted.has(name));
}

function parse(argv: readonly string[]): { size: Size; json: string | undefined; names: string[] } {
  const names: string[] = [];
  let size: Size = 'full';
  let json: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--small') size = 'small';
    else if (arg === '--json') json = argv[++i];
    else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}: npm run bench [-- --small] [--json <file>] [names…]`);
    else names.push(arg);
  }
  if (argv.includes('--json') && !json) throw new Error('--json needs a file');
  return { size, json: json ?? (size === 'full' ? join(__dirname, 'results.json') : undefined), names };
}

async function main(): Promise<void> {
  const { size, json, names } = parse(process.argv.slice(2));
  const chosen = selected(names);
  const seeds = Math.max(0, ...chosen.map((name) => SEEDED[name]?.[size] ?? 0));
  const lastSeeded = [...chosen].reverse().find((name) => SEEDED[name]);
  let shared: Promise<{ sandbox: SandboxProcess; ids: number[] }> | undefined;
  const startShared = async () => {
    const { startSandboxProcess } = await import('./support/sandbox-process');
    const { seedMailers } = await import('./support/seed');
    const sandbox = await startSandboxProcess();
    try {
      return { sandbox, ids: await seedMailers(sandbox.url, seeds) };
    } catch (error) {
      await sandbox.stop();
      throw error;
    }
  };
  const seeded: Seeded = async (count) => {
    const { sandbox, ids } = await (shared ??= startShared());
    return { sandbox, ids: ids.slice(0, count) };
  };
  const stopShared = async () => {
    const started = shared;
    shared = undefined;
    await started?.then(
      ({ sandbox }) => sandbox.stop(),
      () => undefined, // it failed to start, and said so to the benchmarks that asked
    );
  };
  const benchmarks: { name: BenchmarkName; seconds: number; rows: Row[] }[] = [];
  const failed: { name: BenchmarkName; error: string }[] = [];
  try {
    for (const name of chosen) {
      const start = process.hrtime.bigint();
      try {
        const rows = await RUN[name](size, seeded);
        const seconds = Number(process.hrtime.bigint() - start) / 1e9;
        benchmarks.push({ name, seconds, rows });
        console.error(`bench: ${name} (${size}): ${rows.length} rows in ${seconds.toFixed(1)} s`);
      } catch (error) {
        failed.push({ name, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
        console.error(`bench: ${name} (${size}) failed:`, error);
      }
      // The shared sandbox is stopped once its last reader is done: the others have the machine to themselves.
      if (name === lastSeeded) await stopShared();
    }
  } finally {
    await stopShared();
  }
  console.log(table(benchmarks.flatMap((b) => b.rows)));
  if (json) {
    const results: Results = { date: new Date().toISOString(), node: process.version, size, benchmarks, failed };
    writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
  }
  if (failed.length > 0) {
    console.error(`bench: ${failed.length} of ${chosen.length} failed: ${failed.map((f) => f.name).join(', ')}`);
    process.exitCode = 1;
  }
}

if (require.main === module) {
  void main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
