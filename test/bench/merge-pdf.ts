/**
 * A mail merge's batch PDF drawn by the engines (issue 30, part 3): a sandbox (the built CLI's
 * `mailroom sandbox`, a process of its own) takes a 10,000-row HTML merge, then its first GetPDF
 * over HTTP is timed: each row drawn by Chromium, in chunks on the browser's pool of pages, and
 * printed with its address page into the batch (printing/merge-batch.ts). Target: within the
 * client's call budget (60 s). Against the floor measured in the same run: Chromium's own
 * page.pdf of the same chunks, on a pool of the same size, with nothing else done.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { ChromiumEngine } from '../../src/printing/engines/chromium';
import { findEngine } from '../../src/printing/engines/find';
import { CHUNK_ROWS } from '../../src/printing/merge-batch';
import { mergeSource } from '../../src/printing/merge-source';
import { batchPdf, mergeOf, sentPrintedMerge } from './merge-callers';
import { absolute, compared, timed, type Row } from './support/measure';
import { startSandboxProcess } from './support/sandbox-process';
import { benchClient } from './support/seed';
import type { Size, Sizes } from './support/size';

const ROWS: Sizes<number> = { full: 10_000, small: 100 };
/** The client's call budget. */
const BUDGET_MS = 60_000;
const root = resolve(__dirname, '..', '..');

/** Chromium's own print of the batch's chunks, as many at once as the engine's pool: the floor. */
async function chromiumAlone(rows: number): Promise<number> {
  const found = findEngine('browser');
  if (!('path' in found)) throw new Error('no Chromium-based browser: the benchmark needs the one setup installs');
  const engine = new ChromiumEngine(found.path);
  try {
    const source = mergeSource('html', readFileSync(join(root, 'test', 'sample', 'invite.html')))!;
    const chunks: string[] = [];
    for (let start = 1; start <= rows; start += CHUNK_ROWS) {
      const values = Array.from({ length: Math.min(CHUNK_ROWS, rows - start + 1) }, (_, i) => {
        const n = start + i;
        return new Map([
          ['AttentionLine1', `Guest ${n}`],
          ['City', 'Springfield'],
        ]);
      });
      chunks.push(Buffer.from(source.chunk!(values)).toString('utf8'));
    }
    await engine.print({ html: chunks[0]! }); // started: the sandbox's browser is warm by its second chunk too
    const pool = Math.max(1, Math.min(4, availableParallelism()));
    return await timed(async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: pool }, async () => {
          while (next < chunks.length) await engine.print({ html: chunks[next++]! });
        }),
      );
    });
  } finally {
    await engine.close();
  }
}

export async function mergePdf(size: Size = 'full'): Promise<Row[]> {
  const rows = ROWS[size];
  // A schedule that prints a mailer within a second: its PDF is there to be asked for (-3020 before).
  const sandbox = await startSandboxProcess(['--schedule', '0.1,0.2,0.3']);
  const sender = benchClient(sandbox.url);
  try {
    const letters = mergeOf(rows);
    const id = await sentPrintedMerge(sender, letters, rows);
    let bytes = 0;
    const pdfMs = await timed(async () => {
      bytes = await batchPdf(sandbox.url, id);
    });
    const floorMs = await chromiumAlone(rows);
    const kase = `${rows.toLocaleString('en-US')}-row HTML merge`;
    return [
      absolute(
        'merge-pdf',
        `${kase} · first GetPDF (${(bytes / 1048576).toFixed(1)} MB)`,
        'ms',
        pdfMs,
        size === 'full' ? BUDGET_MS : undefined,
      ),
      compared('merge-pdf', `${kase} · first GetPDF against Chromium's own print`, 'ms', pdfMs, {
        name: `Chromium's page.pdf of the same ${CHUNK_ROWS}-row chunks`,
        value: floorMs,
      }),
    ];
  } finally {
    sender.close();
    await sandbox.stop();
  }
}
