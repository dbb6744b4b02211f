/**
 * A letter's documents drawn by their engines before printing (engines/index.ts): each HTML,
 * Word or OpenDocument file becomes the PDF its engine printed, which the printer then prints as
 * it prints any PDF. The sandbox draws at send and keeps what was drawn, so that every GetPDF of
 * a mailer is the same pages; the preflight draws its proof the same way, so both agree page for
 * page. A document no engine could draw is left as it is, for the printer's text layout, and the
 * drawing says why.
 */
import { drawDocument, type DrawnBy } from './engines';
import type { Content } from './printer';

/** Where a letter's documents come from: the folder their relative pictures are read from, and a title for the page. */
export interface DrawingPlace {
  readonly base?: string;
  readonly title?: string;
}

export interface DrawnContents {
  readonly contents: Content[];
  /** Which engine drew each document that was drawn, in order (none for a PDF, printed as it is). */
  readonly drawnBy: DrawnBy[];
  /** What the documents asked for and did not get. */
  readonly missing: string[];
}

/** The contents with every document an engine draws drawn. */
export async function drawContents(contents: readonly Content[], place: DrawingPlace = {}): Promise<DrawnContents> {
  const drawn: Content[] = [];
  const drawnBy: DrawnBy[] = [];
  const missing: string[] = [];
  for (const content of contents) {
    const drawing = content.kind === 'file' ? await drawDocument({ type: content.type, data: content.data, ...place }) : undefined;
    if (!drawing) {
      drawn.push(content);
      continue;
    }
    drawnBy.push(drawing.by);
    if (drawing.pdf) {
      drawn.push({ kind: 'file', type: 'pdf', data: drawing.pdf });
      missing.push(...drawing.missing);
    } else {
      drawn.push(content);
    }
  }
  return { contents: drawn, drawnBy, missing };
}
