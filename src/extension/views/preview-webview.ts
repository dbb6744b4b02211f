/**
 * The PDF preview's own script, running inside the webview (a browser, no VS Code API but
 * `acquireVsCodeApi`): pdf.js draws one page at a time on a canvas, with page navigation and zoom.
 * pdf.js and its worker come from the extension's own files; nothing is fetched from elsewhere.
 */
import type { FromPreview, ToPreview } from './preview-messages';

declare function acquireVsCodeApi(): { postMessage(message: FromPreview): void };

interface PdfPage {
  getViewport(options: { scale: number }): { width: number; height: number };
  render(options: { canvasContext: CanvasRenderingContext2D; viewport: unknown }): RenderTask;
  getTextContent(): Promise<{ items: { str?: string }[] }>;
}
interface RenderTask {
  promise: Promise<void>;
  cancel(): void;
}
interface PdfDocument {
  numPages: number;
  getPage(n: number): Promise<PdfPage>;
}
/** A document being read, and then read: destroying it lets its worker's copy go. */
interface PdfLoadingTask {
  promise: Promise<PdfDocument>;
  destroy(): Promise<void>;
}
interface PdfJs {
  GlobalWorkerOptions: { workerPort: Worker | null };
  getDocument(options: Record<string, unknown>): PdfLoadingTask;
}

const vscode = acquireVsCodeApi();
const { pdfjs, worker, fonts } = document.body.dataset as { pdfjs: string; worker: string; fonts: string };
const canvas = document.getElementById('page') as HTMLCanvasElement;
const status = document.getElementById('status')!;
const pageLabel = document.getElementById('page-number')!;
const retry = document.getElementById('retry') as HTMLButtonElement;
const pageText = document.getElementById('page-text')!;
let pdf: PdfDocument | undefined;
let pdfTask: PdfLoadingTask | undefined;
/** How many PDFs the extension sent: the last is the one shown. */
let arrivals = 0;
let current = 1;
let scale = 1.25;

function show(message: string, canRetry = false): void {
  status.textContent = message;
  status.hidden = false;
  retry.hidden = !canRetry;
  canvas.hidden = true;
}

async function loadPdfJs(): Promise<PdfJs> {
  const lib = (await import(/* @vite-ignore */ pdfjs)) as PdfJs;
  // A worker must come from the webview's own origin: the worker file is fetched and started from a blob.
  const code = await (await fetch(worker)).blob();
  lib.GlobalWorkerOptions.workerPort = new Worker(URL.createObjectURL(code), { type: 'module' });
  return lib;
}
const pdfjsReady = loadPdfJs();

function isBlank(context: CanvasRenderingContext2D): boolean {
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  for (let i = 0; i < data.length; i += 4 * 97) if (data[i]! < 250 || data[i + 1]! < 250 || data[i + 2]! < 250) return false;
  return true;
}

/**
 * Draws the current page. pdf.js refuses a second render on a canvas still being drawn, and a new PDF,
 * a page turn or a zoom can come while one is: each call cancels the drawing under way and waits for it
 * to stop. A drawing that a newer call has overtaken ends quietly, whatever happened to it, leaving the
 * report to the newer; the newest reports its own failure.
 */
let drawing: Promise<void> = Promise.resolve();
let task: RenderTask | undefined;
let generation = 0;
function render(): Promise<void> {
  const mine = ++generation;
  task?.cancel();
  const overtaken = () => mine !== generation;
  drawing = drawing.then(async () => {
    if (overtaken()) return;
    try {
      await draw(overtaken);
    } catch (error) {
      if (!overtaken()) failed(error as Error);
    }
  });
  return drawing;
}

/** Whatever is drawing or about to stop drawing: a new PDF is coming. */
function stopDrawing(): void {
  generation++;
  task?.cancel();
}

function failed(error: Error): void {
  show((document.body.dataset.cannotShow ?? 'This PDF cannot be shown: {0}').replace('{0}', error.message));
  vscode.postMessage({ type: 'failed', reason: error.message });
}

async function draw(overtaken: () => boolean): Promise<void> {
  if (!pdf) return;
  const shown = pdf;
  const page = await shown.getPage(current);
  if (overtaken()) return;
  const viewport = page.getViewport({ scale });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  task = page.render({ canvasContext: context, viewport });
  try {
    await task.promise;
  } finally {
    task = undefined;
  }
  if (overtaken()) return;
  canvas.hidden = false;
  status.hidden = true;
  retry.hidden = true;
  pageLabel.textContent = `${current} / ${shown.numPages}`;
  const text = (await page.getTextContent()).items.map((item) => item.str ?? '').join(' ');
  if (overtaken()) return;
  // The page's words for screen readers, which cannot read a canvas.
  pageText.textContent = text;
  vscode.postMessage({ type: 'rendered', page: current, pages: shown.numPages, blank: isBlank(context), text });
}

function go(page: number): void {
  if (!pdf || page < 1 || page > pdf.numPages) return;
  current = page;
  void render();
}

document.getElementById('previous')!.addEventListener('click', () => go(current - 1));
document.getElementById('next')!.addEventListener('click', () => go(current + 1));
document.getElementById('zoom-in')!.addEventListener('click', () => ((scale = Math.min(scale * 1.25, 5)), void render()));
document.getElementById('zoom-out')!.addEventListener('click', () => ((scale = Math.max(scale / 1.25, 0.25)), void render()));
retry.addEventListener('click', () => {
  show(document.body.dataset.askingAgain ?? 'Asking the service again…');
  vscode.postMessage({ type: 'retry' });
});

// A proof's buttons (views/proof-html.ts), when the page has them; by delegation, since a Refresh redraws them.
document.addEventListener('click', (event) => {
  const target = event.target as HTMLElement | null;
  if (target?.id === 'send') vscode.postMessage({ type: 'send', sha256: target.dataset.sha256 ?? '' });
  if (target?.id === 'refresh') vscode.postMessage({ type: 'refresh' });
});

/** Shows what the extension sent; catches its own failures, which it reports to the extension. */
async function receive(message: ToPreview): Promise<void> {
  if (message.type === 'stale') return void (document.getElementById('stale')!.hidden = false);
  if (message.type === 'proof') return void (document.getElementById('proof')!.outerHTML = message.html);
  if (message.type === 'unavailable' || message.type === 'error') {
    // Said after a PDF: the PDF still being read or drawn is not shown over it.
    arrivals++;
    stopDrawing();
    return show(message.reason, true);
  }
  // PDFs are read in the order they came: one that arrives later replaces any still being read.
  const arrival = ++arrivals;
  stopDrawing();
  try {
    const lib = await pdfjsReady;
    const data = Uint8Array.from(atob(message.base64), (c) => c.charCodeAt(0));
    const loading = lib.getDocument({ data, isEvalSupported: false, standardFontDataUrl: fonts, useSystemFonts: true });
    const read = await loading.promise;
    if (arrival !== arrivals) return void loading.destroy();
    const previous = pdfTask;
    [pdf, pdfTask] = [read, loading];
    current = 1;
    await render();
    void previous?.destroy();
  } catch (error) {
    if (arrival === arrivals) failed(error as Error);
  }
}

window.addEventListener('message', (event: MessageEvent<ToPreview>) => void receive(event.data));

vscode.postMessage({ type: 'ready' });
