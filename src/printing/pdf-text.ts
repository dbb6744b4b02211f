/**
 * A PDF page's text where it stands, as pdf.js reads it (pdf-js.ts): each run with its start, its
 * baseline, its type's size and its width, in points from the page's top-left corner as the page
 * is shown (its crop box, turned as its /Rotate says); and the text of the form fields and
 * free-text notes printed with it.
 */
import type { PlacedText } from './address-read';
import { withPdf, type PdfAnnotation, type PdfTextItem, type PdfViewport } from './pdf-js';

/** a × b for the matrices pdf.js uses ([a b c d e f], as PDF). */
function times(m: readonly number[], n: readonly number[]): number[] {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = m;
  const [A = 0, B = 0, C = 0, D = 0, E = 0, F = 0] = n;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

/** An annotation printed with its page: its Print flag set (PDF 32000-1 §12.5.3), and not hidden. */
const PRINT_FLAG = 4;

/** A point of the page's own space on the page as shown. */
function shown(viewport: PdfViewport, x: number, y: number): [number, number] {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = viewport.transform;
  return [a * x + c * y + e, b * x + d * y + f];
}

/** An average character's width, as a share of the type's size: a field's font is not measured here. */
const CHARACTER_WIDTH = 0.5;

/**
 * The text a page's printed annotations show: a filled-in text field's value (a PDF form with the
 * address typed into it) and a free-text annotation's text, which text extraction leaves out but
 * the printer prints. Their lines stand where the field puts them, near enough: one line centred
 * in its rectangle, or several from its top, in the field's type size (12 pt when it sizes itself).
 */
function annotationText(annotations: readonly PdfAnnotation[], viewport: PdfViewport): PlacedText[] {
  return annotations.flatMap((annotation) => {
    const value =
      annotation.subtype === 'Widget' && annotation.fieldType === 'Tx'
        ? annotation.fieldValue
        : annotation.subtype === 'FreeText'
          ? annotation.contentsObj?.str
          : undefined;
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = annotation.rect ?? [];
    if (typeof value !== 'string' || value.trim() === '' || annotation.hidden || !((annotation.annotationFlags ?? 0) & PRINT_FLAG))
      return [];
    const corners = [shown(viewport, x1, y1), shown(viewport, x2, y2)];
    const left = Math.min(...corners.map(([x]) => x)) + 2;
    const top = Math.min(...corners.map(([, y]) => y));
    const bottom = Math.max(...corners.map(([, y]) => y));
    const size = annotation.defaultAppearanceData?.fontSize || 12;
    const lines = value.split(/\r\n|\r|\n/);
    const several = lines.length > 1 || annotation.multiLine === true || annotation.subtype === 'FreeText';
    return lines.map((text, i) => ({
      text,
      x: left,
      baseline: several ? top + 2 + size * (0.9 + 1.15 * i) : (top + bottom) / 2 + size * 0.35,
      size,
      width: [...text].length * size * CHARACTER_WIDTH,
    }));
  });
}

/** The text of one page (1-based) of a PDF, its printed annotations' included; none when the PDF has fewer pages. */
export function placedText(data: Uint8Array, pageNumber = 1): Promise<PlacedText[]> {
  return withPdf(data, async (pdf) => {
    if (pageNumber > pdf.numPages) return [];
    const page = await pdf.getPage(pageNumber);
    const viewport = page.getViewport({ scale: 1 });
    // Annotations that do not read leave the page's own text to be read.
    const [{ items }, annotations] = await Promise.all([page.getTextContent(), page.getAnnotations({ intent: 'print' }).catch(() => [])]);
    const inAnnotations = annotationText(annotations, viewport);
    return items
      .filter((item): item is PdfTextItem => 'str' in item && item.str !== '')
      .map((item) => {
        // The run's matrix on the page as shown: y runs down from the top.
        const [a = 0, b = 0, c = 0, d = 0, x = 0, baseline = 0] = times(item.transform, viewport.transform);
        const horizontal = Math.hypot(a, b) || 1;
        const size = Math.hypot(c, d);
        // Text turned on the page is read along its own direction: its width is taken where it runs.
        return { text: item.str, x, baseline, size, width: (item.width * Math.abs(a)) / horizontal };
      })
      .concat(inAnnotations);
  });
}
