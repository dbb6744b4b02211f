/**
 * 8. Editor responsiveness (issue 15, part 5): the event-loop delay of the thread that sends a
 * 2,000-row mail merge, measured with `perf_hooks.monitorEventLoopDelay` from the send to its
 * answer. In VS Code that thread is the extension host's, which every extension shares. The sandbox
 * is started as the extension starts it, on a thread of its own (the built dist/sandbox-worker.js
 * through src/sandbox/thread.ts), and, for contrast in the same run, in this process's own thread
 * (the built dist/sandbox.js), as the extension started it before. Both get the same merges, in
 * turn. Target: under 50 ms with the sandbox on its thread, p99 and max. The max is the figure that
 * tells: the histogram takes one sample per turn of the loop, so a loop held for seconds is a
 * single sample among many short ones, and the in-process p99 stays low while its max is the stall.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { SandboxServer } from '../../src/sandbox';
import { INTERACTIVE_SCHEDULE } from '../../src/sandbox/lifecycle';
import { startSandboxThread } from '../../src/sandbox/thread';
import { mergeOf, sentMerge } from './merge-callers';
import { delayDuring, delayRows, type Delay } from './support/event-loop-delay';
import type { Row } from './support/measure';
import { benchClient } from './support/seed';
import type { Size, Sizes } from './support/size';

const root = resolve(__dirname, '..', '..');
type SandboxModule = typeof import('../../src/sandbox');

/** The merge's rows, and the merges sent to each sandbox (after one each to warm). */
const RUNS: Sizes<{ readonly rows: number; readonly rounds: number }> = { full: { rows: 2000, rounds: 3 }, small: { rows: 50, rounds: 1 } };

/** Sends the merge and reports this thread's event-loop delay (ms) from the send to the answer. */
async function delayDuringMerge(url: string, letters: ReturnType<typeof mergeOf>, rows: number): Promise<Delay> {
  const client = benchClient(url);
  try {
    return await delayDuring(async () => void (await sentMerge(client, letters, rows)));
  } finally {
    client.close();
  }
}

export async function editorResponsiveness(size: Size = 'full'): Promise<Row[]> {
  const { rows: count, rounds } = RUNS[size];
  const letters = mergeOf(count);
  const folders = [mkdtempSync(join(tmpdir(), 'mailroom-bench-')), mkdtempSync(join(tmpdir(), 'mailroom-bench-'))] as const;
  const options = (dataDir: string) => ({ dataDir, port: 0, schedule: INTERACTIVE_SCHEDULE, timeZone: 'UTC' });
  let onThread: SandboxServer | undefined;
  let inProcess: SandboxServer | undefined;
  try {
    onThread = await startSandboxThread(join(root, 'dist', 'sandbox-worker.js'), options(folders[0]));
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle as it ships
    const { startSandbox } = require(join(root, 'dist', 'sandbox.js')) as SandboxModule;
    inProcess = await startSandbox(options(folders[1]));
    // One merge each first: both have loaded and compiled their printing before anything counts.
    await delayDuringMerge(onThread.url, letters, count);
    await delayDuringMerge(inProcess.url, letters, count);
    const thread: Delay[] = [];
    const own: Delay[] = [];
    for (let i = 0; i < rounds; i++) {
      thread.push(await delayDuringMerge(onThread.url, letters, count));
      own.push(await delayDuringMerge(inProcess.url, letters, count));
    }
    const rows = `${count.toLocaleString('en-US')}-row`;
    return delayRows(`${rows} mail merge, sandbox on its thread`, thread, { name: 'sandbox in-process', delays: own }, 50);
  } finally {
    await onThread?.close();
    await inProcess?.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
}
