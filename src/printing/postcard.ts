/**
 * The printed postcard (facts, Part B): its image side, a picture or PDF filling the card or text
 * inside its margins, then its address side, the message left and the address right. In
 * Development mode both sides carry the mark (development-mark.ts).
 */
import { STATUS } from '../contract';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { addressFailure, addressLines, drawLines } from './address-lines';
import { MARK_LINE, markDevelopment } from './development-mark';
import { PrintFonts } from './fonts';
import { htmlToBlocks } from './html-text';
import { MIN_IMAGE_DPI, inspectPdf, type LowResolutionImage } from './pdf-inspection';
import { newDocument, printedAs, type Content, type PostcardJob, type PrintOptions, type Printed } from './print-jobs';
import { wrap } from './text-layout';

const POSTCARD: [number, number] = [432, 306];
/**
 * A postcard's text stays this far inside its edges, and below the strip at the top where the
 * small Development mark goes, so that neither covers the other (a letter's inch margin does the
 * same). Pictures and PDFs still fill their side: the mark is drawn over them, as a watermark.
 */
const CARD_MARGIN = 18;
const CARD_TOP = MARK_LINE.fromTop + 10;

interface Area {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A postcard side: a picture or PDF fills `picture`, text is laid out inside `text`. */
async function drawSide(
  doc: PDFDocument,
  page: PDFPage,
  content: Content,
  areas: { readonly picture: Area; readonly text: Area },
  scaling: 'FitToPage' | 'None',
  fonts: PrintFonts,
  /** Told of a picture (jpg, png) drawn at under 300 DPI, with the size it is drawn at: the letter's own check (pdf-inspection.ts). */
  lowResolution: (image: Omit<LowResolutionImage, 'pages'>) => void = () => undefined,
): Promise<boolean> {
  if (content.kind === 'file' && ['jpg', 'jpeg', 'png', 'pdf'].includes(content.type)) {
    let drawn: { width: number; height: number; draw: (x: number, y: number, w: number, h: number) => void };
    /** A PDF side, read once: drawn on the card, and its pictures looked at as the card draws them. */
    let side: PDFDocument | undefined;
    try {
      if (content.type === 'pdf') {
        side = await PDFDocument.load(content.data);
        const [embedded] = await doc.embedPdf(side, [0]);
        drawn = {
          width: embedded!.width,
          height: embedded!.height,
          draw: (x, y, width, height) => page.drawPage(embedded!, { x, y, width, height }),
        };
      } else {
        const image = content.type === 'png' ? await doc.embedPng(content.data) : await doc.embedJpg(content.data);
        drawn = { width: image.width, height: image.height, draw: (x, y, width, height) => page.drawImage(image, { x, y, width, height }) };
      }
    } catch {
      return false;
    }
    const area = areas.picture;
    const scale = scaling === 'FitToPage' ? Math.min(area.width / drawn.width, area.height / drawn.height) : 1;
    const w = drawn.width * scale;
    const h = drawn.height * scale;
    drawn.draw(area.x + (area.width - w) / 2, area.y + (area.height - h) / 2, w, h);
    if (side) {
      // A PDF side's pictures, each at the size the side's fitting draws it.
      for (const { pages: _, ...image } of inspectPdf(side, { scale, pages: 1 }).lowResolutionImages) lowResolution(image);
      return true;
    }
    // A picture's pixels over the inches it is drawn at (72 points an inch).
    const dpi = Math.round(Math.min(drawn.width / (w / 72), drawn.height / (h / 72)));
    if (dpi < MIN_IMAGE_DPI)
      lowResolution({ pixels: { width: drawn.width, height: drawn.height }, dpi, drawn: { width: w / 72, height: h / 72 } });
    return true;
  }
  const blocks = content.kind === 'blocks' ? content.blocks : htmlToBlocks(Buffer.from(content.data).toString('utf8'));
  await fonts.cover(blocks.map((b) => (b.kind === 'paragraph' ? b.text : '')));
  await fonts.cover(
    blocks.map((b) => (b.kind === 'heading' ? b.text : '')),
    true,
  );
  const area = areas.text;
  let y = area.y + area.height;
  for (const block of blocks) {
    if (block.kind === 'page-break') continue;
    const bold = block.kind === 'heading';
    const size = bold ? 13 : 10;
    for (const line of wrap(fonts.prepare(block.text).text, (s) => fonts.widthOf(s, size, bold) <= area.width)) {
      if (y - size * 1.3 < area.y) return true;
      fonts.draw(page, line, { x: area.x, y: y - size, size, bold });
      y -= size * 1.3;
    }
    y -= 4;
  }
  return true;
}

/** A postcard: its image side, then its address side with the message left and the address right. */
export async function printPostcard(job: PostcardJob, options: PrintOptions = {}): Promise<{ pdf: Uint8Array; printed: Printed }> {
  const { doc, printed } = await layOutPostcard(job, options);
  return { pdf: await doc.save(), printed };
}

/** What `printPostcard` says the postcard comes to, without writing the PDF. */
export async function measurePostcard(job: PostcardJob): Promise<Printed> {
  return (await layOutPostcard(job, {})).printed;
}

/** The paper of each side's document, in points: the whole card for the image side, the message's half for the address side. */
export const POSTCARD_SIDES = {
  imageSide: { width: POSTCARD[0], height: POSTCARD[1] },
  addressSide: { width: POSTCARD[0] / 2 - 30, height: POSTCARD[1] - CARD_MARGIN - CARD_TOP },
} as const;

async function layOutPostcard(job: PostcardJob, options: PrintOptions): Promise<{ doc: PDFDocument; printed: Printed }> {
  const doc = await newDocument(options);
  const fonts = PrintFonts.of(doc);
  const [width, height] = POSTCARD;
  const image = doc.addPage(POSTCARD);
  const textHeight = POSTCARD_SIDES.addressSide.height;
  const imageAreas = {
    picture: { x: 0, y: 0, width, height },
    text: { x: CARD_MARGIN, y: CARD_MARGIN, width: width - 2 * CARD_MARGIN, height: textHeight },
  };
  const lowResolutionImages: LowResolutionImage[] = [];
  const seen = (page: number) => (found: Omit<LowResolutionImage, 'pages'>) => lowResolutionImages.push({ ...found, pages: [page] });
  const imageOk = await drawSide(doc, image, job.imageSide, imageAreas, job.scaling, fonts, seen(1));
  const back = doc.addPage(POSTCARD);
  const messageArea = { x: CARD_MARGIN, y: CARD_MARGIN, ...POSTCARD_SIDES.addressSide };
  const messageOk = await drawSide(doc, back, job.addressSide, { picture: messageArea, text: messageArea }, 'FitToPage', fonts, seen(2));
  back.drawLine({ start: { x: width / 2, y: 24 }, end: { x: width / 2, y: height - 24 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  back.drawRectangle({ x: width - 72, y: height - 78, width: 54, height: 60, borderWidth: 0.75, borderColor: rgb(0.5, 0.5, 0.5) });
  await fonts.cover(addressLines(job.address));
  drawLines(back, addressLines(job.address), width / 2 + 18, height / 2 + 20, 10, fonts);
  if (job.workMode === 'Development') await markDevelopment(doc, 0, fonts);
  const address = addressFailure(job.address, job.workMode);
  const failures = [...(!imageOk || !messageOk ? [STATUS.DocumentNotProcessed] : []), ...(address === undefined ? [] : [address])];
  const inspection = lowResolutionImages.length > 0 ? { inspection: { unembeddedFonts: [], lowResolutionImages } } : {};
  return { doc, printed: printedAs(2, 1, failures, inspection) };
}
