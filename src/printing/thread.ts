/**
 * The preflight on a thread of its own: a `worker_threads` Worker running the built
 * `dist/printing-worker.js` (thread-worker.ts), started when first asked and ended by close(), so
 * that printing a proof (a 60-page letter takes most of a second) never holds the event loop of
 * the thread that asked: in VS Code, the extension host, which every extension shares. The
 * reports cross by copy; their PDFs are handed over, not copied. This file imports nothing of the
 * printer but its types, so that a caller starting the thread does not load pdf-lib itself.
 */
import { Worker } from 'node:worker_threads';
import type { MergePreflightReport, PreflightReport } from '.';
import type { PrintSettings } from './preflight/letter';
import type { PostalAddress } from './printer';

export interface LetterRequest {
  readonly type: string;
  readonly data: Uint8Array;
  readonly address?: PostalAddress;
}

export interface MergeRequest {
  readonly type: string;
  readonly template: Uint8Array;
  readonly csv: string;
}

export type ToPrintingThread =
  | { readonly id: number; readonly kind: 'letter'; readonly letter: LetterRequest; readonly settings: PrintSettings }
  | { readonly id: number; readonly kind: 'merge'; readonly merge: MergeRequest; readonly settings: PrintSettings };

export type FromPrintingThread =
  | { readonly id: number; readonly report: PreflightReport | MergePreflightReport }
  | { readonly id: number; readonly error: { readonly name: string; readonly message: string; readonly stack?: string } };

type Waiting = { resolve: (report: PreflightReport | MergePreflightReport) => void; reject: (error: Error) => void };

/** One printing thread, started on the first request; every request answered in turn, or failed if the thread ends. */
export class PrintingThread {
  private worker: Worker | undefined;
  private next = 1;
  private readonly waiting = new Map<number, Waiting>();

  constructor(private readonly workerFile: string) {}

  preflightLetter(letter: LetterRequest, settings: PrintSettings): Promise<PreflightReport> {
    return this.ask({ id: this.next++, kind: 'letter', letter, settings });
  }

  preflightMerge(merge: MergeRequest, settings: PrintSettings): Promise<MergePreflightReport> {
    return this.ask({ id: this.next++, kind: 'merge', merge, settings }) as Promise<MergePreflightReport>;
  }

  /** Ends the thread, if started; what it was still doing fails. A later request starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private ask(request: ToPrintingThread): Promise<PreflightReport> {
    const worker = (this.worker ??= this.start());
    return new Promise((resolve, reject) => {
      this.waiting.set(request.id, { resolve, reject });
      worker.postMessage(request);
    });
  }

  private start(): Worker {
    const worker = new Worker(this.workerFile, { name: 'Mailroom printing' });
    // Idle, the thread does not keep its owner's process alive.
    worker.unref();
    worker.on('message', (message: FromPrintingThread) => {
      const waiting = this.waiting.get(message.id);
      if (!waiting) return;
      this.waiting.delete(message.id);
      if ('report' in message) return waiting.resolve(message.report);
      const error = new Error(message.error.message);
      error.name = message.error.name;
      if (message.error.stack) error.stack = message.error.stack;
      waiting.reject(error);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the printing thread ended (exit code ${code})`)));
    return worker;
  }
}
