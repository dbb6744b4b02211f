/**
 * A mail merge's batch PDF printed apart: on a worker thread of its own (merge-print-worker.ts,
 * built as dist/merge-print-worker.js), started for the one print with a heap limit, so that a
 * 100,000-row batch neither holds the sandbox's event loop nor grows its heap: the worker is
 * stopped by V8 if it needs more than PRINT_HEAP_MB, and the print then fails, the sandbox
 * unharmed. The worker only prints; the bytes come back in chunks, each written here through the
 * store's own file layer (store-files.ts: a full disk is the store's fault as for every write) and
 * acknowledged before the next is sent, so that no more than a chunk waits in either heap.
 *
 * Where no built worker lies beside this code (it is run from its sources), the merge is printed
 * on the sandbox's own thread, as it was before, a turn of the event loop between slices.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { MergePrint } from '../../printing/merge';
import type { StoreFile } from '../store/store-files';

/** The heap the printing worker may use, at most: the budget is 300 MB for the whole worker. */
export const PRINT_HEAP_MB = 256;

/** What the worker prints: the merge's checked job blob and how its record says to print it. */
export interface MergePrintInput {
  readonly job: Uint8Array;
  readonly type: string;
  readonly workMode: MergePrint['workMode'];
  readonly duplex: boolean;
  readonly printedAt: number;
}

export type FromMergePrinter =
  | { readonly kind: 'write'; readonly bytes: Uint8Array }
  | { readonly kind: 'done'; readonly peakHeapBytes: number }
  | { readonly kind: 'failed'; readonly name: string; readonly message: string; readonly code?: string };

export type ToMergePrinter = { readonly kind: 'written' };

/** The built worker beside this bundle; undefined when run from the sources. */
export function mergePrinterFile(): string | undefined {
  const built = join(__dirname, 'merge-print-worker.js');
  return existsSync(built) ? built : undefined;
}

/** The bytes at `position` on, all of them: a write may take fewer than it is given (a nearly full disk). */
async function writeAll(file: Pick<StoreFile, 'write'>, bytes: Uint8Array, position: number): Promise<void> {
  for (let done = 0; done < bytes.length;) {
    const { bytesWritten } = await file.write(bytes, done, bytes.length - done, position + done);
    if (!(bytesWritten > 0)) throw Object.assign(new Error('the disk took none of the PDF’s last bytes (is it full?)'), { code: 'ENOSPC' });
    done += bytesWritten;
  }
}

/** Prints the merge on a worker into `file`; resolves with the worker's peak heap once every byte is written. */
export function printMergeApart(workerFile: string, input: MergePrintInput, file: Pick<StoreFile, 'write'>): Promise<number> {
  const worker = new Worker(workerFile, {
    workerData: input,
    name: 'Mailroom batch PDF',
    resourceLimits: { maxOldGenerationSizeMb: PRINT_HEAP_MB },
  });
  return new Promise<number>((resolve, reject) => {
    let position = 0;
    let writing = Promise.resolve();
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      reject(error);
    };
    worker.on('message', (message: FromMergePrinter) => {
      if (message.kind === 'write') {
        const at = position;
        position += message.bytes.length;
        writing = writing
          .then(() => writeAll(file, message.bytes, at))
          .then(() => worker.postMessage({ kind: 'written' } satisfies ToMergePrinter), fail);
      } else if (message.kind === 'done') {
        void writing.then(() => {
          if (settled) return;
          settled = true;
          // Its work is done: ended here rather than left to end by itself.
          void worker.terminate();
          resolve(message.peakHeapBytes);
        });
      } else {
        fail(Object.assign(new Error(message.message), { name: message.name, ...(message.code ? { code: message.code } : {}) }));
      }
    });
    worker.on('error', (error: Error & { code?: string }) =>
      fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new Error(`printing the batch’s PDF needed more than the ${PRINT_HEAP_MB} MB of memory it may use`)
          : error,
      ),
    );
    worker.on('exit', (code) => fail(new Error(`the batch’s printing thread ended (exit code ${code}) before its PDF was whole`)));
  });
}
