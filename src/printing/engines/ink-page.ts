/**
 * The page ink.ts looks for ink on, as the browser runs it: pdf.js (the build the proof's webview
 * uses) draws each page of a PDF onto a canvas, and the page measures, inside each region asked
 * about, the box of the pixels that are ink. Only those boxes go back to Node: a page's pixels
 * never leave the browser.
 *
 * It is plain JavaScript in a string, not TypeScript handed to `page.evaluate`: a function
 * compiled by the tools that run Mailroom may carry their helpers along, which the browser does
 * not have. Its functions are called by name (`window.ink…`) from ink.ts, which holds their types.
 */

/** The address the page is served at: it goes nowhere, every request is answered from memory or refused (ink.ts). */
export const INK_ORIGIN = 'https://ink.invalid';

/**
 * The page's script. Ink is a pixel that, laid over white paper, is darker than `INK_LEVEL` in any
 * channel: the light fringe anti-aliasing leaves round a shape's edge is not ink, a hairline is.
 */
export const INK_PAGE_HTML = `<!doctype html>
<meta charset="utf-8">
<title>Ink</title>
<canvas id="page"></canvas>
<script type="module">
import * as pdfjs from '/pdfjs/pdf.min.mjs';
import * as worker from '/pdfjs/pdf.worker.min.mjs';
// pdf.js runs its worker's code here, as its "fake worker": this page is itself apart, and a worker would be one more thing to serve.
globalThis.pdfjsWorker = worker;

const canvas = document.getElementById('page');
const context = canvas.getContext('2d', { willReadFrequently: true });
let open;

/** Opens the PDF served at url (the one open before is let go) and says each page's size as shown, in points. */
window.inkOpen = async (url) => {
  await window.inkClose();
  const data = new Uint8Array(await (await fetch(url)).arrayBuffer());
  const task = pdfjs.getDocument({ data, verbosity: 0, isEvalSupported: false, standardFontDataUrl: '/pdfjs/standard_fonts/' });
  open = { task, doc: await task.promise };
  const sizes = [];
  for (let n = 1; n <= open.doc.numPages; n++) {
    const viewport = (await open.doc.getPage(n)).getViewport({ scale: 1 });
    sizes.push([viewport.width, viewport.height]);
  }
  return sizes;
};

window.inkClose = async () => {
  const task = open && open.task;
  open = undefined;
  if (task) await task.destroy();
};

/** Whether the pixel at i (RGBA, not premultiplied) is ink once laid over white. */
function isInk(pixels, i, level) {
  const alpha = pixels[i + 3];
  if (alpha === 0) return false;
  const over = (c) => 255 - (alpha * (255 - c)) / 255;
  return over(pixels[i]) < level || over(pixels[i + 1]) < level || over(pixels[i + 2]) < level;
}

/** The box of the ink inside a region of the canvas just drawn, leaving out its excepted boxes; null when it holds none. */
function inkIn(region, scale, level) {
  const px = (points) => Math.round(points * scale);
  const x0 = Math.max(0, px(region.left)), x1 = Math.min(canvas.width, px(region.left + region.width));
  const y0 = Math.max(0, px(region.top)), y1 = Math.min(canvas.height, px(region.top + region.height));
  if (x1 <= x0 || y1 <= y0) return null;
  // Only the region's pixels are read: the margins are a small part of a page.
  const pixels = context.getImageData(x0, y0, x1 - x0, y1 - y0).data;
  const except = (region.except || []).map((b) => [px(b.left), px(b.top), px(b.left + b.width), px(b.top + b.height)]);
  let left = Infinity, top = Infinity, right = -1, bottom = -1;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (!isInk(pixels, ((y - y0) * (x1 - x0) + (x - x0)) * 4, level)) continue;
      if (except.some(([l, t, r, b]) => x >= l && x < r && y >= t && y < b)) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  if (right < 0) return null;
  return { left: left / scale, top: top / scale, width: (right - left + 1) / scale, height: (bottom - top + 1) / scale };
}

/** The operators that show text: left out of a drawing of a page's other ink (a region's \`textless\`). */
const TEXT = new Set([pdfjs.OPS.showText, pdfjs.OPS.showSpacedText, pdfjs.OPS.nextLineShowText, pdfjs.OPS.nextLineSetSpacingShowText]);

/** The page drawn on the canvas at scale as printed, with its text or without. */
async function draw(page, scale, withText) {
  const viewport = page.getViewport({ scale });
  canvas.width = Math.ceil(viewport.width);
  canvas.height = Math.ceil(viewport.height);
  context.clearRect(0, 0, canvas.width, canvas.height);
  const operationsFilter = withText ? undefined : (i, list) => !TEXT.has(list.fnArray[i]);
  await page.render({ canvasContext: context, canvas, viewport, intent: 'print', background: 'rgba(0,0,0,0)', operationsFilter }).promise;
}

/**
 * Draws each page that has regions (regions[n - 1], page n) at scale pixels a point, as printed,
 * and says the box of ink in each region (null: none), in points from the page's top-left as shown.
 * A region marked textless is looked at on the page drawn without its text: its pictures, rules
 * and shapes alone.
 */
window.inkFind = async (regions, scale, level) => {
  const found = [];
  for (let n = 1; n <= open.doc.numPages; n++) {
    const asked = regions[n - 1] || [];
    const boxes = asked.map(() => null);
    const page = asked.length > 0 ? await open.doc.getPage(n) : undefined;
    for (const withText of [true, false]) {
      const these = asked.map((region, i) => [region, i]).filter(([region]) => !region.textless === withText);
      if (these.length === 0) continue;
      await draw(page, scale, withText);
      for (const [region, i] of these) boxes[i] = inkIn(region, scale, level);
    }
    if (page) page.cleanup();
    found.push(boxes);
  }
  return found;
};
window.inkReady = true;
</script>
`;
