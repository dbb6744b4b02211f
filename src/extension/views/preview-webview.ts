/**
 * The PDF preview's own script, running inside the webview (a browser, no VS Code API but
 * `acquireVsCodeApi`): pdf.js draws one page at a time on a canvas, with page navigation and zoom.
 * pdf.js and its worker come from the extension's own files; nothing is fetched from elsewhere.
 */
import type { PageDrawing } from '../model/proof';
import type { FromPreview, ToPreview } from './preview-messages';

/** Where the reader was: kept by VS Code while the page is hidden, and given back when it is made again. */
interface SavedState {
  readonly page: number;
  readonly scale: number;
}
declare function acquireVsCodeApi(): {
  postMessage(message: FromPreview): void;
  getState(): SavedState | undefined;
  setState(state: SavedState): void;
};

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
/** Shown again after being hidden: the page and zoom the reader had, for the first PDF the page is sent. */
let restored = vscode.getState();
let current = 1;
let scale = restored?.scale ?? 1.25;
/** What a proof draws over its pages, by 1-based page (extension's model/proof.ts pageDrawings). */
let drawings: Readonly<Record<number, PageDrawing>> = {};

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
  const context = canvas.getContext('2d')!;
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
  vscode.setState({ page: current, scale });
  const { marks, words } = mark(context, drawings[current]);
  const text = (await page.getTextContent()).items.map((item) => item.str ?? '').join(' ');
  if (overtaken()) return;
  // The page's words for screen readers, which cannot read a canvas: what the proof marks first.
  pageText.textContent = [...words, text].join(' ');
  vscode.postMessage({ type: 'rendered', page: current, pages: shown.numPages, text, ...(marks.length > 0 ? { marks } : {}) });
}

/** A label on a white ground, so that it reads over anything the page has there. */
function label(context: CanvasRenderingContext2D, text: string, x: number, y: number, colour: string): void {
  context.font = `${Math.round(11 * scale)}px sans-serif`;
  const width = context.measureText(text).width;
  const height = 15 * scale;
  context.fillStyle = 'rgba(255, 255, 255, 0.9)';
  context.fillRect(x, y, width + 8 * scale, height);
  context.fillStyle = colour;
  context.fillText(text, x + 4 * scale, y + 11 * scale);
}

/**
 * Draws a proof's marks over the page just drawn: a page not US Letter outlined, the recipient box
 * dashed, and in red what the printer would cut or hide (or the envelope's windows show).
 */
function mark(
  context: CanvasRenderingContext2D,
  drawing: PageDrawing | undefined,
): { marks: ('outline' | 'box' | 'cut')[]; words: string[] } {
  const marks: ('outline' | 'box' | 'cut')[] = [];
  const words: string[] = [];
  if (!drawing) return { marks, words };
  context.save();
  if (drawing.outline) {
    const line = 4 * scale;
    context.strokeStyle = '#c0161d';
    context.lineWidth = line;
    context.strokeRect(line / 2, line / 2, canvas.width - line, canvas.height - line);
    label(context, drawing.outline.label, line * 2, line * 2, '#c0161d');
    marks.push('outline');
    words.push(drawing.outline.label);
  }
  if (drawing.box) {
    const { left, top, width, height } = drawing.box;
    context.strokeStyle = '#0b5cad';
    context.lineWidth = Math.max(1, 1.5 * scale);
    context.setLineDash([6 * scale, 4 * scale]);
    context.strokeRect(left * scale, top * scale, width * scale, height * scale);
    context.setLineDash([]);
    // Above the box, where a letter leaves room between the return address and the recipient's.
    label(context, drawing.box.label, left * scale, (top - 17) * scale, '#0b5cad');
    marks.push('box');
    words.push(drawing.box.label);
  }
  for (const cut of drawing.cut ?? []) {
    // A little room round the ink, so that the box does not hide what it points at.
    const room = 2;
    const left = (cut.left - room) * scale;
    const top = (cut.top - room) * scale;
    context.strokeStyle = '#c0161d';
    context.lineWidth = Math.max(1.5, 2 * scale);
    context.strokeRect(left, top, (cut.width + 2 * room) * scale, (cut.height + 2 * room) * scale);
    // Below the box where there is room on the page, else above it.
    const below = top + (cut.height + 2 * room + 2) * scale;
    label(
      context,
      cut.label,
      Math.max(0, Math.min(left, canvas.width - 200 * scale)),
      below + 15 * scale <= canvas.height ? below : top - 17 * scale,
      '#c0161d',
    );
    if (!marks.includes('cut')) marks.push('cut');
    words.push(cut.label);
  }
  context.restore();
  return { marks, words };
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

// A proof's buttons (views/proof-html.ts), when the page has them; by delegation, since the proof's side is redrawn.
document.addEventListener('click', (event) => {
  const target = event.target as HTMLElement | null;
  if (target?.id === 'send') vscode.postMessage({ type: 'send', sha256: target.dataset.sha256 ?? '' });
  if (target?.id === 'refresh') vscode.postMessage({ type: 'refresh' });
  if (target?.id === 'show-details') vscode.postMessage({ type: 'show', what: 'details' });
  if (target?.id === 'preview-pdf') vscode.postMessage({ type: 'show', what: 'pdf' });
});

/** Shows what the extension sent; catches its own failures, which it reports to the extension. */
async function receive(message: ToPreview): Promise<void> {
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
    drawings = message.drawings ?? {};
    current = restored && restored.page <= read.numPages ? restored.page : 1;
    restored = undefined;
    await render();
    void previous?.destroy();
  } catch (error) {
    if (arrival === arrivals) failed(error as Error);
  }
}

window.addEventListener('message', (event: MessageEvent<ToPreview>) => void receive(event.data));

vscode.postMessage({ type: 'ready' });
