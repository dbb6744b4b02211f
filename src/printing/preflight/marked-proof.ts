/**
 * The command line's proof (`mailroom preflight --proof`) with its red boxes: the ink the printer
 * would cut or hide, or the envelope's windows show (ink-findings.ts), as square annotations with
 * why in their note. They are not marked for printing (PDF 32000-1 §12.5.3), so a PDF viewer shows
 * them over the page and printing the proof prints the page as the service would.
 */
import { PDFDocument, PDFHexString, PDFName, PDFNumber, type PDFPage } from 'pdf-lib';
import type { Box } from '../envelope';
import type { CutMark } from './ink-findings';

/** The red the proof's webview draws them in. */
const RED = [0.753, 0.086, 0.114];
/** Room round the ink, in points, so that the box does not hide what it points at. */
const ROOM = 2;

/** A box on the page as shown (points from its top-left, turned as /Rotate says) in the page's own space: [x1, y1, x2, y2]. */
function pageRect(page: PDFPage, box: Box): number[] {
  const { x, y, width: w, height: h } = page.getCropBox();
  const turn = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const point = (sx: number, sy: number): [number, number] => {
    switch (turn) {
      case 90:
        return [x + sy, y + sx];
      case 180:
        return [x + w - sx, y + sy];
      case 270:
        return [x + w - sy, y + h - sx];
      default:
        return [x + sx, y + h - sy];
    }
  };
  const [ax, ay] = point(box.left - ROOM, box.top - ROOM);
  const [bx, by] = point(box.left + box.width + ROOM, box.top + box.height + ROOM);
  return [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
}

/** The proof's PDF with a red box on its page for each mark; the PDF as it is when there are none. */
export async function markedProof(pdf: Uint8Array, cut: readonly CutMark[]): Promise<Uint8Array> {
  if (cut.length === 0) return pdf;
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const pages = doc.getPages();
  for (const mark of cut) {
    const page = pages[mark.page - 1];
    if (!page) continue;
    const annotation = doc.context.obj({
      Type: 'Annot',
      Subtype: 'Square',
      Rect: pageRect(page, mark),
      C: RED,
      BS: { W: 2 },
      // No Print flag: shown, never printed.
      F: PDFNumber.of(0),
      T: PDFHexString.fromText('Mailroom'),
      Contents: PDFHexString.fromText(mark.why),
      NM: PDFHexString.fromText(`mailroom-cut-${mark.page}-${Math.round(mark.left)}-${Math.round(mark.top)}`),
    });
    annotation.set(PDFName.of('P'), page.ref);
    page.node.addAnnot(doc.context.register(annotation));
  }
  return doc.save();
}
