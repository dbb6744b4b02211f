/**
 * The preflight on a thread of its own: a `worker_threads` Worker running the built
 * `dist/printing-worker.js` (thread-worker.ts), started when first asked and ended by close(), so
 * that printing a proof (a 60-page letter takes most of a second) never holds the event loop of
 * the thread that asked: in VS Code, the extension host, which every extension shares. The
 * reports cross by copy; their PDFs are handed over, not copied. This file imports nothing of the
 * printer but its types, so that a caller starting the thread does not load pdf-lib itself.
 */
import { Worker } from 'node:worker_threads';
import type { MergePreflightReport, PreflightReport, TextFinding } from '.';
import type { EnginePaths } from './engines';
import type { LetterPreflightOptions, LetterToCheck, PrintSettings } from './preflight/letter';
import type { MergePreflightOptions } from './preflight/merge';

export type LetterRequest = LetterToCheck;

export interface MergeRequest {
  readonly type: string;
  readonly template: Uint8Array;
  readonly csv: string;
}

/** A CSV to check as the editor's live diagnostics do, with its template's bytes when it has one. */
export interface MergeDataRequest {
  readonly text: string;
  readonly template?: { readonly type: string; readonly data: Uint8Array };
}

export type ToPrintingThread =
  | {
      readonly id: number;
      readonly kind: 'letter';
      readonly letter: LetterRequest;
      readonly settings: PrintSettings;
      readonly options: LetterPreflightOptions;
    }
  | { readonly id: number; readonly kind: 'engines'; readonly paths: EnginePaths }
  | { readonly id: number; readonly kind: 'close-engines' }
  | {
      readonly id: number;
      readonly kind: 'merge';
      readonly merge: MergeRequest;
      readonly settings: PrintSettings;
      /** What crosses of MergePreflightOptions: progress comes back as messages, and a stop goes as `cancel`. */
      readonly options: MergeOptions;
      readonly progress: boolean;
    }
  | { readonly id: number; readonly kind: 'cancel' }
  | { readonly id: number; readonly kind: 'merge-data'; readonly data: MergeDataRequest }
  | { readonly id: number; readonly kind: 'front-matter'; readonly text: string };

type Answer = PreflightReport | MergePreflightReport | readonly TextFinding[] | null;

/** A merge's preflight options that are data, not functions. */
type MergeOptions = Pick<MergePreflightOptions, 'proof' | 'letters'>;

export type FromPrintingThread =
  | { readonly id: number; readonly answer: Answer }
  | { readonly id: number; readonly progress: { readonly done: number; readonly rows: number } }
  | { readonly id: number; readonly error: { readonly name: string; readonly message: string; readonly stack?: string } };

type Waiting = {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
  progress?: (done: number, rows: number) => void;
};

/** How long a closing thread is given to close its engines' programs. */
const CLOSE_ENGINES_MS = 2_000;

/** One printing thread, started on the first request; every request answered in turn, or failed if the thread ends. */
export class PrintingThread {
  /** The thread now, with what was asked of it: each thread's own, so that one ending fails only its own requests. */
  private thread: { readonly worker: Worker; readonly waiting: Map<number, Waiting> } | undefined;
  private next = 1;
  private paths: EnginePaths | undefined;

  constructor(private readonly workerFile: string) {}

  preflightLetter(letter: LetterRequest, settings: PrintSettings, options: LetterPreflightOptions = {}): Promise<PreflightReport> {
    return this.ask({ id: this.next++, kind: 'letter', letter, settings, options }) as Promise<PreflightReport>;
  }

  /** The print engines' programs the thread uses from now on (engines/index.ts useEngines). */
  async useEngines(paths: EnginePaths): Promise<void> {
    this.paths = paths;
    if (this.thread) await this.ask({ id: this.next++, kind: 'engines', paths });
  }

  /** A merge's preflight on the thread: its progress told as the thread sends it, and a stop (`signal`) sent there, which ends it with the signal's reason. */
  preflightMerge(merge: MergeRequest, settings: PrintSettings, options: MergePreflightOptions = {}): Promise<MergePreflightReport> {
    const { progress, signal, ...data } = options;
    const id = this.next++;
    signal?.throwIfAborted();
    const asked = this.ask({ id, kind: 'merge', merge, settings, options: data, progress: !!progress }, progress);
    if (!signal) return asked as Promise<MergePreflightReport>;
    const stop = () => this.thread?.worker.postMessage({ id, kind: 'cancel' } satisfies ToPrintingThread);
    signal.addEventListener('abort', stop, { once: true });
    return (asked as Promise<MergePreflightReport>).finally(() => signal.removeEventListener('abort', stop));
  }

  /** A mail merge's CSV checked as the live diagnostics check it (diagnostics/csv.ts mergeDataDiagnostics). */
  mergeDataDiagnostics(data: MergeDataRequest): Promise<readonly TextFinding[]> {
    return this.ask({ id: this.next++, kind: 'merge-data', data }) as Promise<readonly TextFinding[]>;
  }

  /**
   * A Markdown letter's front matter checked as the live diagnostics check it (diagnostics/letter.ts):
   * here, since its YAML parser and its address check's ZIP codes are the printing bundle's.
   */
  frontMatterDiagnostics(text: string): Promise<readonly TextFinding[]> {
    return this.ask({ id: this.next++, kind: 'front-matter', text }) as Promise<readonly TextFinding[]>;
  }

  /** Ends the thread, if started, its engines' programs first; what it was still doing fails. A later request starts a new one. */
  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = undefined;
    if (!thread) return;
    const id = this.next++;
    const closed = new Promise<void>((done) => {
      thread.waiting.set(id, { resolve: () => done(), reject: () => done() });
      thread.worker.postMessage({ id, kind: 'close-engines' } satisfies ToPrintingThread);
    });
    // A thread too busy to close its engines in time is ended all the same: the browser ends with its pipe.
    await Promise.race([closed, new Promise((done) => setTimeout(done, CLOSE_ENGINES_MS).unref())]);
    await thread.worker.terminate();
  }

  private ask(request: ToPrintingThread, progress?: (done: number, rows: number) => void): Promise<Answer> {
    if (!this.thread) {
      this.thread = this.start();
      // A new thread starts with the engines the front end named.
      if (this.paths) this.thread.worker.postMessage({ id: this.next++, kind: 'engines', paths: this.paths } satisfies ToPrintingThread);
    }
    const { worker, waiting } = this.thread;
    return new Promise((resolve, reject) => {
      waiting.set(request.id, { resolve, reject, ...(progress ? { progress } : {}) });
      worker.postMessage(request);
    });
  }

  private start(): { worker: Worker; waiting: Map<number, Waiting> } {
    const worker = new Worker(this.workerFile, { name: 'Mailroom printing' });
    const waiting = new Map<number, Waiting>();
    // Idle, the thread does not keep its owner's process alive.
    worker.unref();
    worker.on('message', (message: FromPrintingThread) => {
      const asked = waiting.get(message.id);
      if (!asked) return;
      if ('progress' in message) return asked.progress?.(message.progress.done, message.progress.rows);
      waiting.delete(message.id);
      if ('answer' in message) return asked.resolve(message.answer);
      const error = new Error(message.error.message);
      error.name = message.error.name;
      if (message.error.stack) error.stack = message.error.stack;
      asked.reject(error);
    });
    const fail = (error: Error) => {
      if (this.thread?.worker === worker) this.thread = undefined;
      for (const asked of waiting.values()) asked.reject(error);
      waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the printing thread ended (exit code ${code})`)));
    return { worker, waiting };
  }
}
