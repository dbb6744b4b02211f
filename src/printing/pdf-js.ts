/**
 * pdf.js (pdfjs-dist, the reader the proof's webview draws pages with) in Node, to read where a
 * PDF's text stands on its page: loaded when a printing first needs it (a letter sent without an
 * address), once per thread, and run on the calling thread with its worker's code loaded beside it
 * (pdf.js's "fake worker"): printing already runs off the editor's thread (thread.ts), and a
 * worker of its own would have to be found on disk as a file pdf.js can start.
 *
 * Its legacy build, which runs on the Node versions Mailroom supports (20.19 on) once given
 * `Promise.withResolvers` and `Promise.try` (Node 22 and 23 have them; the build polyfills the
 * rest itself), defined here as the standard defines them, and only where missing.
 */
import { pathToFileURL } from 'node:url';
import { assetPath } from './assets';

export interface PdfTextItem {
  readonly str: string;
  readonly transform: readonly number[];
  readonly width: number;
}

export interface PdfViewport {
  readonly width: number;
  readonly height: number;
  readonly transform: readonly number[];
}

/** What pdf.js says of an annotation, as far as its printed text goes (each key as pdf.js names it). */
export interface PdfAnnotation {
  readonly subtype?: string;
  /** Its rectangle in the page's own space: [x1, y1, x2, y2]. */
  readonly rect?: readonly number[];
  readonly annotationFlags?: number;
  readonly hidden?: boolean;
  /** A form field's type ('Tx': text), its value, and whether it takes more than one line. */
  readonly fieldType?: string;
  readonly fieldValue?: unknown;
  readonly multiLine?: boolean;
  readonly defaultAppearanceData?: { readonly fontSize?: number };
  /** A free-text annotation's text. */
  readonly contentsObj?: { readonly str?: string };
}

export interface PdfPage {
  getViewport(options: { scale: number }): PdfViewport;
  getTextContent(): Promise<{ readonly items: readonly (PdfTextItem | { readonly type: string })[] }>;
  getAnnotations(options: { intent: 'print' | 'display' }): Promise<readonly PdfAnnotation[]>;
}

export interface PdfDocumentProxy {
  readonly numPages: number;
  getPage(number: number): Promise<PdfPage>;
}

interface LoadingTask {
  readonly promise: Promise<PdfDocumentProxy>;
  destroy(): Promise<void>;
}

interface PdfJs {
  getDocument(options: Record<string, unknown>): LoadingTask;
}

type Resolvers<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (reason?: unknown) => void };
type NewerPromise = PromiseConstructor & {
  withResolvers?: <T>() => Resolvers<T>;
  try?: <T>(fn: (...args: unknown[]) => T, ...args: unknown[]) => Promise<Awaited<T>>;
};

/** What pdf.js's legacy build expects of Node and Node 20 lacks, as ECMAScript 2024 and 2025 define it. */
function polyfill(): void {
  const P = Promise as NewerPromise;
  if (typeof P.withResolvers !== 'function') {
    Object.defineProperty(Promise, 'withResolvers', {
      configurable: true,
      writable: true,
      value: function withResolvers<T>(this: PromiseConstructor): Resolvers<T> {
        let resolve!: (value: T) => void;
        let reject!: (reason?: unknown) => void;
        const promise = new this<T>((yes, no) => ((resolve = yes), (reject = no)));
        return { promise, resolve, reject };
      },
    });
  }
  if (typeof P.try !== 'function') {
    Object.defineProperty(Promise, 'try', {
      configurable: true,
      writable: true,
      value: function tryCall(this: PromiseConstructor, fn: (...args: unknown[]) => unknown, ...args: unknown[]): Promise<unknown> {
        return new this((resolve) => resolve(fn(...args)));
      },
    });
  }
}

let loading: Promise<PdfJs> | undefined;

function pdfJs(): Promise<PdfJs> {
  return (loading ??= (async () => {
    polyfill();
    const url = (file: string) => pathToFileURL(assetPath(`pdfjs-node/${file}`, `pdfjs-dist/legacy/build/${file}`)).href;
    // The worker's code first, where pdf.js looks for it before it would start a worker of its own.
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = (await import(url('pdf.worker.min.mjs'))) as unknown;
    // As it loads, pdf.js looks for a canvas package to draw pages with, and says on the console
    // when there is none: nothing here draws a page, so that is not said.
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      if (!(typeof args[0] === 'string' && /^Warning: Cannot (load "@napi-rs\/canvas"|polyfill `(DOMMatrix|Path2D)`)/.test(args[0]))) {
        warn(...args);
      }
    };
    try {
      return (await import(url('pdf.min.mjs'))) as PdfJs;
    } finally {
      console.warn = warn;
    }
  })());
}

/**
 * Opens a PDF with pdf.js and hands it to `use`; the document is let go afterwards, whatever
 * happens. pdf.js gets a copy of the bytes, as a plain Uint8Array (it takes its data's memory
 * for its own, and refuses a Buffer).
 */
export async function withPdf<T>(data: Uint8Array, use: (pdf: PdfDocumentProxy) => Promise<T>): Promise<T> {
  const lib = await pdfJs();
  const task = lib.getDocument({
    data: new Uint8Array(data),
    // Errors only: a damaged PDF is said by the printer in its own words.
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
  });
  try {
    return await use(await task.promise);
  } finally {
    await task.destroy();
  }
}
