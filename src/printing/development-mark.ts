/**
 * The visible "DEVELOPMENT - NOT MAILED" mark every page of a mailer printed in Development mode
 * carries: large across the page's diagonal, and small at its top left.
 */
import { degrees, rgb, type PDFDocument } from 'pdf-lib';
import type { PrintFonts } from './fonts';

export const DEVELOPMENT_MARK = 'DEVELOPMENT - NOT MAILED';
/** The small mark's place: its baseline this far below a page's top, at this size, from the left edge. */
export const MARK_LINE = { x: 18, fromTop: 14, size: 8 } as const;

export async function markDevelopment(doc: PDFDocument, from: number, fonts: PrintFonts): Promise<void> {
  await fonts.cover([DEVELOPMENT_MARK], true);
  const red = rgb(0.8, 0.1, 0.1);
  for (const page of doc.getPages().slice(from)) {
    const { width, height } = page.getSize();
    // Along the diagonal, centred, three quarters of its length.
    const angle = Math.atan2(height, width);
    const size = (0.75 * Math.hypot(width, height)) / fonts.widthOf(DEVELOPMENT_MARK, 1, true);
    const length = fonts.widthOf(DEVELOPMENT_MARK, size, true);
    const lift = size * 0.35;
    fonts.draw(page, DEVELOPMENT_MARK, {
      x: width / 2 - (length / 2) * Math.cos(angle) + lift * Math.sin(angle),
      y: height / 2 - (length / 2) * Math.sin(angle) - lift * Math.cos(angle),
      size,
      bold: true,
      color: red,
      opacity: 0.3,
      rotate: degrees((angle * 180) / Math.PI),
    });
    fonts.draw(page, DEVELOPMENT_MARK, { x: MARK_LINE.x, y: height - MARK_LINE.fromTop, size: MARK_LINE.size, bold: true, color: red });
  }
}
