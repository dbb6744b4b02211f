/**
 * A PDF page's text where it stands, as pdf.js reads it (pdf-js.ts): each run with its start, its
 * baseline, its type's size and its width, in points from the page's top-left corner as the page
 * is shown (its crop box, turned as its /Rotate says).
 */
import type { PlacedText } from './address-read';
import { withPdf, type PdfTextItem } from './pdf-js';

/** a × b for the matrices pdf.js uses ([a b c d e f], as PDF). */
function times(m: readonly number[], n: readonly number[]): number[] {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = m;
  const [A = 0, B = 0, C = 0, D = 0, E = 0, F = 0] = n;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

/** The text of one page (1-based) of a PDF; none when the PDF has fewer pages. */
export function placedText(data: Uint8Array, pageNumber = 1): Promise<PlacedText[]> {
  return withPdf(data, async (pdf) => {
    if (pageNumber > pdf.numPages) return [];
    const page = await pdf.getPage(pageNumber);
    const viewport = page.getViewport({ scale: 1 });
    const { items } = await page.getTextContent();
    return items
      .filter((item): item is PdfTextItem => 'str' in item && item.str !== '')
      .map((item) => {
        // The run's matrix on the page as shown: y runs down from the top.
        const [a = 0, b = 0, c = 0, d = 0, x = 0, baseline = 0] = times(item.transform, viewport.transform);
        const horizontal = Math.hypot(a, b) || 1;
        const size = Math.hypot(c, d);
        // Text turned on the page is read along its own direction: its width is taken where it runs.
        return { text: item.str, x, baseline, size, width: (item.width * Math.abs(a)) / horizontal };
      });
  });
}
