/**
 * A letter's documents drawn by their engines before printing (engines/index.ts): each HTML,
 * Word or OpenDocument file becomes the PDF its engine printed, which the printer then prints as
 * it prints any PDF. The sandbox draws at send and keeps what was drawn, so that every GetPDF of
 * a mailer is the same pages; the preflight draws its proof the same way, so both agree page for
 * page. A document no engine could draw is left as it is, for the printer's text layout, and the
 * drawing says why.
 */
import { BROWSER_TYPES, drawDocument, type DrawnBy } from './engines';
import { POSTCARD_SIDES } from './postcard';
import type { Content, PostcardJob } from './print-jobs';

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

/**
 * A postcard's HTML sides drawn by the browser on their own paper, edge to edge: the image side
 * the whole card, the address side the message's half (postcard.ts `POSTCARD_SIDES`), which the
 * printer then places as it places a PDF side. Pictures and PDFs are printed as they are.
 */
export async function drawPostcardSides(job: PostcardJob, place: DrawingPlace = {}): Promise<{ job: PostcardJob; drawnBy: DrawnBy[] }> {
  const drawnBy: DrawnBy[] = [];
  const side = async (content: Content, paper: { width: number; height: number }): Promise<Content> => {
    if (content.kind !== 'file' || !BROWSER_TYPES.includes(content.type)) return content;
    const drawing = await drawDocument({ type: content.type, data: content.data, paper, ...place });
    if (!drawing) return content;
    drawnBy.push(drawing.by);
    return drawing.pdf ? { kind: 'file', type: 'pdf', data: drawing.pdf } : content;
  };
  const imageSide = await side(job.imageSide, POSTCARD_SIDES.imageSide);
  const addressSide = await side(job.addressSide, POSTCARD_SIDES.addressSide);
  return { job: { ...job, imageSide, addressSide }, drawnBy };
}
