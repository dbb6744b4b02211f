/**
 * The biggest batch within the budget (issue 32, part 5): a sandbox (the built CLI's `mailroom
 * sandbox`, a process of its own) takes a 100,000-row merge, then its PDF is asked for as a
 * waiting client asks (merge-callers.ts `batchPdfWaited`): GetPDF answers -3020 while a worker
 * thread prints it under a heap limit (src/sandbox/operations/merge-printer.ts), then the PDF.
 * Measured: the time to the PDF, the longest single GetPDF (target: within the client's call
 * budget, 60 s), and the sandbox's peak resident memory over it against its peak before it (the
 * floor, measured in the same run); then the same job printed by the same worker alone, straight
 * into a file from this process (the floor of the time: printing and nothing else), with the
 * worker's own peak heap (target: within 300 MB).
 */
import { open } from 'node:fs/promises';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { mergePrinterFile, printMergeApart } from '../../src/sandbox/operations/merge-printer';
import { mergeJobBytes } from '../../src/sandbox/store/print-jobs';
import { batchPdfWaited, mergeOf, procBytes, sentPrintedMerge } from './merge-callers';
import { absolute, compared, timed, type Row } from './support/measure';
import { startSandboxProcess } from './support/sandbox-process';
import { benchClient } from './support/seed';
import type { Size, Sizes } from './support/size';

const ROWS: Sizes<number> = { full: 100_000, small: 100 };
/** The client's call budget. */
const BUDGET_MS = 60_000;
const MB = 1024 * 1024;
const root = resolve(__dirname, '..', '..');

/** The same job printed by the built worker alone, into a file: its time and the worker's peak heap. */
async function workerAlone(letters: ReturnType<typeof mergeOf>): Promise<{ ms: number; peakHeapBytes: number }> {
  // The sandbox's own worker is the built one beside dist/sandbox.js; from the sources, it is found in dist/.
  const worker = mergePrinterFile() ?? join(root, 'dist', 'merge-print-worker.js');
  const dir = mkdtempSync(join(tmpdir(), 'mailroom-bench-batch-'));
  const file = await open(join(dir, 'batch.pdf'), 'w');
  try {
    const job = mergeJobBytes({ template: Buffer.from(letters.template), mergeData: Buffer.from(letters.mergeData) });
    let peakHeapBytes = 0;
    const ms = await timed(async () => {
      peakHeapBytes = await printMergeApart(
        worker,
        { job, type: letters.type, workMode: 'Development', duplex: false, printedAt: Date.now() },
        file,
      );
    });
    return { ms, peakHeapBytes };
  } finally {
    await file.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function batchPdfBudget(size: Size = 'full'): Promise<Row[]> {
  const rows = ROWS[size];
  const letters = mergeOf(rows);
  // Printed 0.2 s after the send: its PDF may be asked for at once.
  const sandbox = await startSandboxProcess(['--schedule', '0.1,0.2,0.3']);
  const sender = benchClient(sandbox.url);
  let pdf: Awaited<ReturnType<typeof batchPdfWaited>> | undefined;
  let pdfMs: number;
  let before: number;
  let over: number;
  try {
    const id = await sentPrintedMerge(sender, letters, rows);
    before = procBytes(sandbox.pid, 'VmHWM');
    // The peak from here on is the PDF's: 5 resets the process's peak resident set to its present one.
    writeFileSync(`/proc/${sandbox.pid}/clear_refs`, '5');
    pdfMs = await timed(async () => (pdf = await batchPdfWaited(sandbox.url, id)));
    over = procBytes(sandbox.pid, 'VmHWM');
  } finally {
    sender.close();
    await sandbox.stop();
  }
  const alone = await workerAlone(letters);
  const kase = `${rows.toLocaleString('en-US')}-row merge`;
  const got = pdf!;
  return [
    absolute(
      'batch-pdf',
      `${kase} · first PDF, asked again after each -3020 (${got.notYet} of them, ${(got.bytes / MB).toFixed(1)} MB)`,
      'ms',
      pdfMs,
    ),
    absolute('batch-pdf', `${kase} · the longest single GetPDF`, 'ms', got.longestCallMs, size === 'full' ? BUDGET_MS : undefined),
    compared('batch-pdf', `${kase} · first PDF against the worker printing it alone`, 'ms', pdfMs, {
      name: 'the same job printed by the worker into a file',
      value: alone.ms,
    }),
    absolute('batch-pdf', `${kase} · the printing worker's peak heap`, 'MB', alone.peakHeapBytes / MB, size === 'full' ? 300 : undefined),
    compared('batch-pdf', `${kase} · the sandbox's peak resident memory over the PDF`, 'MB', over / MB, {
      name: 'its peak before it (the merge taken)',
      value: before / MB,
    }),
  ];
}
