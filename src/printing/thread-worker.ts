/**
 * The printing thread's entry (built as dist/printing-worker.js, started by thread.ts): runs each
 * preflight it is asked for and answers with its report, the PDF handed over rather than copied.
 */
import { parentPort } from 'node:worker_threads';
// '../printing', not '.': the build then loads the dist/printing.js every bundle shares (esbuild.mjs, `apart`).
import { closeEngines, frontMatterDiagnostics, mergeDataDiagnostics, preflightLetter, preflightMerge, useEngines } from '../printing';
import type { FromPrintingThread, ToPrintingThread } from './thread';

if (!parentPort) throw new Error('dist/printing-worker.js runs as a worker thread (src/printing/thread.ts starts it)');
const parent = parentPort;

/** The merges being checked, each stopped by its own `cancel`. */
const running = new Map<number, AbortController>();

parent.on('message', (request: ToPrintingThread) => {
  if (request.kind === 'cancel') {
    running.get(request.id)?.abort(new Error('The preflight was cancelled.'));
    return;
  }
  if (request.kind === 'engines' || request.kind === 'close-engines') {
    (request.kind === 'engines' ? useEngines(request.paths) : closeEngines()).then(
      () => parent.postMessage({ id: request.id, answer: null } satisfies FromPrintingThread),
      (error: unknown) => failed(request.id, error),
    );
    return;
  }
  if (request.kind === 'merge-data' || request.kind === 'front-matter') {
    try {
      parent.postMessage({
        id: request.id,
        answer:
          request.kind === 'merge-data'
            ? mergeDataDiagnostics(request.data.text, request.data.template)
            : frontMatterDiagnostics(request.text),
      } satisfies FromPrintingThread);
    } catch (error) {
      failed(request.id, error);
    }
    return;
  }
  const work = request.kind === 'letter' ? preflightLetter(request.letter, request.settings, request.options) : merged(request);
  work.then(
    (report) => {
      const pdf = report.pdf;
      // Handed over only when the PDF has its memory to itself (pdf-lib's own); else copied.
      const own = pdf && pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength && pdf.buffer instanceof ArrayBuffer;
      parent.postMessage({ id: request.id, answer: report } satisfies FromPrintingThread, own ? [pdf.buffer] : []);
    },
    (error: unknown) => failed(request.id, error),
  );
});

function merged(request: Extract<ToPrintingThread, { kind: 'merge' }>): ReturnType<typeof preflightMerge> {
  const stop = new AbortController();
  running.set(request.id, stop);
  const progress = (done: number, rows: number) =>
    parent.postMessage({ id: request.id, progress: { done, rows } } satisfies FromPrintingThread);
  return preflightMerge(request.merge, request.settings, {
    ...request.options,
    signal: stop.signal,
    ...(request.progress ? { progress } : {}),
  }).finally(() => running.delete(request.id));
}

function failed(id: number, error: unknown): void {
  const { name, message, stack } = error instanceof Error ? error : new Error(String(error));
  parent.postMessage({ id, error: { name, message, ...(stack ? { stack } : {}) } } satisfies FromPrintingThread);
}
