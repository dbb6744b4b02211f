/**
 * 3. Large documents: 1, 8 and 32 MB PDFs sent over SOAP, each in a fresh process: the client's
 * CPU time against Buffer.toString('base64') of the same bytes, and the peak memory growth
 * against the file's size. HTTP POST carries bytes as one decimal field per byte (the contract's
 * form), about 4.6 characters per byte, and the client sends larger documents over SOAP 1.1, so
 * it is measured at 256 KB, its limit.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { compared, median, type Row } from './support/measure';
import { startSandboxProcess } from './support/sandbox-process';
import type { Size, Sizes } from './support/size';

interface ChildResult {
  readonly cpuMs: number;
  readonly base64Ms: number;
  readonly peakGrowth: number;
  readonly size: number;
}

function sendOnce(endpoint: string, binding: string, megabytes: number): ChildResult {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', resolve(__dirname, 'large-document-child.ts'), endpoint, binding, String(megabytes)],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as ChildResult;
}

/** The sends (binding, megabytes), each in `repeats` fresh processes. */
const SENDS: Sizes<{ readonly cases: readonly (readonly [string, number])[]; readonly repeats: number }> = {
  full: {
    cases: [
      ['soap11', 1],
      ['soap11', 8],
      ['soap11', 32],
      ['soap12', 32],
      ['http-post', 0.25],
    ],
    repeats: 3,
  },
  small: {
    cases: [
      ['soap11', 0.5],
      ['soap12', 0.5],
      ['http-post', 0.05],
    ],
    repeats: 1,
  },
};

export async function largeDocuments(size: Size = 'full'): Promise<Row[]> {
  const { cases, repeats } = SENDS[size];
  const sandbox = await startSandboxProcess(['--max-body-mb', '128']);
  const rows: Row[] = [];
  try {
    for (const [binding, megabytes] of cases) {
      const runs = Array.from({ length: repeats }, () => sendOnce(sandbox.url, binding, megabytes));
      const cpu = median(runs.map((r) => r.cpuMs));
      const base64 = median(runs.map((r) => r.base64Ms));
      const growth = median(runs.map((r) => r.peakGrowth)) / (megabytes * 1024 * 1024);
      rows.push(compared('large documents', `${megabytes} MB PDF · ${binding} · CPU`, 'ms', cpu, { name: 'base64 of it', value: base64 }));
      rows.push({
        benchmark: 'large documents',
        case: `${megabytes} MB PDF · ${binding} · peak memory growth`,
        value: growth,
        unit: '× file',
        ...(megabytes === 32 ? { target: '≤ 3 × file', met: growth <= 3 } : {}),
      });
    }
  } finally {
    await sandbox.stop();
  }
  return rows;
}
