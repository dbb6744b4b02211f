/**
 * The batch printing thread's entry (built as dist/merge-print-worker.js, started by
 * merge-printer.ts for one print under a heap limit): prints the merge job it was given and sends
 * the PDF's bytes back a chunk at a time, each sent once the last is written, then its peak heap.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
// '../../printing', not a file of it: the build then loads the dist/printing.js every bundle shares (esbuild.mjs, `apart`).
import { closeEngines, printMergeInto } from '../../printing';
import { mergeJobOf } from '../store/print-jobs';
import { readMergeData, templateOf } from './merge-data';
import type { FromMergePrinter, MergePrintInput, ToMergePrinter } from './merge-printer';

if (!parentPort) throw new Error('dist/merge-print-worker.js runs as a worker thread (src/sandbox/operations/merge-printer.ts starts it)');
const parent = parentPort;

/** Bytes gathered before they are sent: few messages, and no more than this waiting in either heap. */
const CHUNK_BYTES = 1024 * 1024;

let peakHeapBytes = 0;
const measure = () => void (peakHeapBytes = Math.max(peakHeapBytes, getHeapStatistics().used_heap_size));

/** The PDF's file as the printer writes it (in order, at increasing positions), sent on in chunks. */
class SentFile {
  private chunks: Buffer[] = [];
  private bytes = 0;
  private acknowledged: (() => void) | undefined;

  private readonly heard = (message: ToMergePrinter) => {
    if (message.kind === 'written') this.acknowledged?.();
  };

  constructor() {
    parent.on('message', this.heard);
  }

  /** Listens no more, so that the thread may end. */
  close(): void {
    parent.off('message', this.heard);
  }

  async write(buffer: Uint8Array, offset = 0, length = buffer.length - offset): Promise<{ bytesWritten: number; buffer: Uint8Array }> {
    this.chunks.push(Buffer.from(buffer.subarray(offset, offset + length)));
    this.bytes += length;
    if (this.bytes >= CHUNK_BYTES) await this.flush();
    return { bytesWritten: length, buffer };
  }

  async flush(): Promise<void> {
    if (this.bytes === 0) return;
    // A buffer of its own, never one of Node's shared pool (which a small Buffer.concat would use,
    // and which cannot be transferred: "Cannot transfer object of unsupported type").
    const bytes = new Uint8Array(this.bytes);
    let at = 0;
    for (const chunk of this.chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    this.chunks = [];
    this.bytes = 0;
    measure();
    const written = new Promise<void>((resolve) => (this.acknowledged = resolve));
    parent.postMessage({ kind: 'write', bytes } satisfies FromMergePrinter, [bytes.buffer]);
    await written;
  }
}

async function print(input: MergePrintInput): Promise<void> {
  const { template, mergeData } = mergeJobOf(Buffer.from(input.job));
  const { columns, rows } = await readMergeData(mergeData);
  const file = new SentFile();
  const print = { workMode: input.workMode, duplex: input.duplex };
  const pause = () => void measure();
  try {
    await printMergeInto(file as unknown as Parameters<typeof printMergeInto>[0], templateOf(input.type, template), columns, rows, print, {
      printedAt: new Date(input.printedAt),
      pause,
    });
    await file.flush();
  } finally {
    file.close();
    await closeEngines();
  }
  measure();
}

print(workerData as MergePrintInput).then(
  () => parent.postMessage({ kind: 'done', peakHeapBytes } satisfies FromMergePrinter),
  (error: unknown) => {
    const { name, message, code }: Error & { code?: unknown } = error instanceof Error ? error : new Error(String(error));
    parent.postMessage({ kind: 'failed', name, message, ...(typeof code === 'string' ? { code } : {}) } satisfies FromMergePrinter);
  },
);
