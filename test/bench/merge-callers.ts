/**
 * 13. Merges the sandbox takes without stopping (issue 24, parts 2 and 6): while a sandbox (a
 * process of its own, the built CLI's `mailroom sandbox`) takes a mail merge of 1,000, 10,000 and
 * (full size) 100,000 rows, another caller sends GetStatus calls one after another; their 99th
 * percentile latency is set against the same calls on the same sandbox idle just before (the
 * floor). Also the merge's own answer time, and the sandbox's peak resident memory (a fresh
 * process for each size, so that the peak is that size's). Targets at 10,000 rows: other callers'
 * p99 within 100 ms, the merge answered within 5 s; at 100,000, answered, memory bounded.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtClient } from './support/built';
import { absolute, compared, timed, type Row } from './support/measure';
import { startSandboxProcess } from './support/sandbox-process';
import { benchClient, seedMailers } from './support/seed';
import type { Size, Sizes } from './support/size';

const root = resolve(__dirname, '..', '..');

/** The merges' rows, and how many GetStatus calls make the idle floor. */
const RUNS: Sizes<{ readonly rows: readonly number[]; readonly floorCalls: number }> = {
  full: { rows: [1000, 10_000, 100_000], floorCalls: 400 },
  small: { rows: [200], floorCalls: 40 },
};

/** The sample invitation merged with `rows` rows, every one a different recipient. */
export function mergeOf(rows: number): ReturnType<typeof builtClient.mailMerge> {
  const lines = ['AttentionLine1,Address1,City,State,PostalCode'];
  for (let i = 1; i <= rows; i++) lines.push(`Guest ${i},${i} Main St,Springfield,IL,62701`);
  const template = readFileSync(join(root, 'test', 'sample', 'invite.html'));
  return builtClient.mailMerge('invite.html', template, 'people.csv', Buffer.from(`${lines.join('\n')}\n`));
}

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A field of /proc/<pid>/status in bytes (VmHWM: peak resident set). */
function procBytes(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]) * 1024;
}

interface Taken {
  readonly floorP99: number;
  readonly busyP99: number;
  readonly busyCalls: number;
  readonly mergeMs: number;
  readonly peakBytes: number;
}

async function takeMerge(rows: number, floorCalls: number): Promise<Taken> {
  const letters = mergeOf(rows);
  const sandbox = await startSandboxProcess();
  // The merge's answer is what is measured: the client waits as long as it takes.
  const sender = new builtClient.MailWsClient({
    endpoint: sandbox.url,
    binding: 'soap11',
    credentials: { username: 'demo', password: 'demo', apiKey: 'demo-key' },
    timeoutMs: 30 * 60_000,
    retry: { attempts: 1, baseDelayMs: 0 },
  });
  const other = benchClient(sandbox.url);
  try {
    const [id] = await seedMailers(sandbox.url, 1);
    const status = () => other.datedA.GetStatus({ ID: `${id}` });
    const send = (description: string) =>
      sender.datedA.SendWordMailMerge_Compressed({
        MyDescription: description,
        FileExtension: letters.type,
        FileBinaryData: letters.template,
        MergeData: letters.mergeData,
        WorkMode: 'Development',
      });
    // Warm: a small merge loads and compiles the printing, a few calls the status path.
    const warm = mergeOf(20);
    await sender.datedA.SendWordMailMerge_Compressed({
      MyDescription: 'warm',
      FileExtension: warm.type,
      FileBinaryData: warm.template,
      MergeData: warm.mergeData,
      WorkMode: 'Development',
    });
    for (let i = 0; i < 20; i++) await status();

    const floor: number[] = [];
    for (let i = 0; i < floorCalls; i++) floor.push(await timed(status));

    const busy: number[] = [];
    let answered = false;
    const started = process.hrtime.bigint();
    const merge = send(`${rows}-row merge`).then((result) => {
      answered = true;
      if (!(result.ResultCode > 0)) throw new Error(`the merge was refused: ${result.ResultCode} ${result.ResultDescription ?? ''}`);
      return Number(process.hrtime.bigint() - started) / 1e6;
    });
    merge.catch(() => (answered = true));
    while (!answered) busy.push(await timed(status));
    const mergeMs = await merge;
    return {
      floorP99: percentile(floor, 99),
      busyP99: percentile(busy, 99),
      busyCalls: busy.length,
      mergeMs,
      peakBytes: procBytes(sandbox.pid, 'VmHWM'),
    };
  } finally {
    other.close();
    sender.close();
    await sandbox.stop();
  }
}

export async function mergeCallers(size: Size = 'full'): Promise<Row[]> {
  const { rows: sizes, floorCalls } = RUNS[size];
  const rows: Row[] = [];
  for (const count of sizes) {
    const taken = await takeMerge(count, floorCalls);
    const merge = `${count.toLocaleString('en-US')}-row merge`;
    const tenThousand = count === 10_000;
    rows.push(
      compared('merge callers', `GetStatus p99 during a ${merge} (${taken.busyCalls} calls)`, 'ms', taken.busyP99, {
        name: 'idle sandbox p99',
        value: taken.floorP99,
      }),
      absolute('merge callers', `GetStatus p99 during a ${merge}`, 'ms', taken.busyP99, tenThousand ? 100 : undefined),
      absolute('merge callers', `the ${merge} answered`, 's', taken.mergeMs / 1000, tenThousand ? 5 : undefined),
      absolute('merge callers', `sandbox peak memory, ${merge}`, 'MB', taken.peakBytes / 1048576),
    );
  }
  return rows;
}
