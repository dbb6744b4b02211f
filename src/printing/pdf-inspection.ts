/**
 * What in a submitted PDF the printer can print only less well than it looks on screen: fonts it
 * uses without embedding them (the printer draws the text with a font of its own), and images
 * drawn at under 300 dots per inch (facts, Part A "Print rules"), each with the pages it is on.
 * Read with pdf-lib from the document the printer has already loaded, by following each page's
 * content stream (content-stream.ts): a font counts where a page sets it (Tf), an image where a
 * page draws it (Do, or an inline image), at the size the graphics state's matrix gives it then.
 */
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFRef, decodePDFRawStream, type PDFDocument, type PDFObject } from 'pdf-lib';
import { operations } from './content-stream';

/** The least resolution an image should be printed at (facts, Part A). */
export const MIN_IMAGE_DPI = 300;

/**
 * PDF's 14 standard fonts (PDF 32000-1 §9.6.2.2): every PDF printer carries a font of the same
 * widths for each, so text set in one not embedded keeps its lines; any other font not embedded is
 * drawn with whatever the printer substitutes, which may run wider or lack characters.
 */
const STANDARD_14 = new Set(
  ['Times', 'Helvetica', 'Courier']
    .flatMap((family) => {
      const [bold, italic] = family === 'Times' ? ['Bold', 'Italic'] : ['Bold', 'Oblique'];
      return [family === 'Times' ? 'Times-Roman' : family, `${family}-${bold}`, `${family}-${italic}`, `${family}-${bold}${italic}`];
    })
    .concat('Symbol', 'ZapfDingbats'),
);

export interface UnembeddedFont {
  /** As the PDF names it, without a subset's tag. */
  readonly name: string;
  /** Whether it is one of PDF's 14 standard fonts, which a printer draws with one of the same widths. */
  readonly standard: boolean;
  /** The document's 1-based pages that set it. */
  readonly pages: readonly number[];
}

export interface LowResolutionImage {
  readonly pixels: { readonly width: number; readonly height: number };
  /** Its lowest resolution, where it is drawn largest, and its size there in inches. */
  readonly dpi: number;
  readonly drawn: { readonly width: number; readonly height: number };
  readonly pages: readonly number[];
}

export interface PdfInspection {
  readonly unembeddedFonts: readonly UnembeddedFont[];
  readonly lowResolutionImages: readonly LowResolutionImage[];
}

type Matrix = readonly [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m × n, as PDF composes a matrix with the current one (cm: CTM' = M × CTM). */
function times(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

function matrixOf(value: PDFObject | undefined): Matrix | undefined {
  if (!(value instanceof PDFArray) || value.size() !== 6) return undefined;
  const numbers = value.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : NaN));
  return numbers.every(Number.isFinite) ? (numbers as unknown as Matrix) : undefined;
}

/** A dictionary's entry, its reference followed. */
const valueOf = (dict: PDFDict, key: string): PDFObject | undefined => dict.context.lookup(dict.get(PDFName.of(key)));

function dictOf(dict: PDFDict, key: string): PDFDict | undefined {
  const value = valueOf(dict, key);
  return value instanceof PDFDict ? value : undefined;
}

function nameOf(dict: PDFDict, key: string): string | undefined {
  const value = valueOf(dict, key);
  return value instanceof PDFName ? value.decodeText() : undefined;
}

function numberOf(dict: PDFDict, key: string): number | undefined {
  const value = valueOf(dict, key);
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}

/** A stream's decoded bytes; none for a filter pdf-lib cannot undo. */
function decoded(stream: PDFObject | undefined): Uint8Array | undefined {
  if (!(stream instanceof PDFRawStream)) return undefined;
  try {
    return decodePDFRawStream(stream).decode();
  } catch {
    return undefined;
  }
}

/** Whether a font dictionary carries its font program (Type 3 fonts are drawn by the PDF itself). */
function isEmbedded(font: PDFDict): boolean {
  const subtype = nameOf(font, 'Subtype');
  if (subtype === 'Type3') return true;
  const descendants = valueOf(font, 'DescendantFonts');
  const described = subtype === 'Type0' ? (descendants instanceof PDFArray ? descendants.lookup(0) : undefined) : font;
  if (!(described instanceof PDFDict)) return false;
  const descriptor = dictOf(described, 'FontDescriptor');
  return descriptor !== undefined && ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor.has(PDFName.of(key)));
}

/** Forms inside forms are followed this deep, no deeper (a form that draws itself would never end). */
const MAX_FORM_DEPTH = 12;
/** An image this small on the page, in inches, or a line of one pixel, is a rule or a fill, not a picture. */
const LEAST_PICTURE_INCHES = 1 / 8;

interface Found {
  readonly fonts: Map<string, Set<number>>;
  readonly images: Map<
    string,
    { pixels: { width: number; height: number }; dpi: number; drawn: { width: number; height: number }; pages: Set<number> }
  >;
}

function drawnImage(found: Found, key: string, width: number, height: number, ctm: Matrix, page: number): void {
  const across = Math.hypot(ctm[0], ctm[1]) / 72;
  const down = Math.hypot(ctm[2], ctm[3]) / 72;
  if (width <= 1 || height <= 1 || across < LEAST_PICTURE_INCHES || down < LEAST_PICTURE_INCHES) return;
  const dpi = Math.min(width / across, height / down);
  if (dpi >= MIN_IMAGE_DPI) return;
  const known = found.images.get(key);
  if (known) {
    known.pages.add(page);
    if (dpi < known.dpi) Object.assign(known, { dpi, drawn: { width: across, height: down } });
  } else {
    found.images.set(key, { pixels: { width, height }, dpi, drawn: { width: across, height: down }, pages: new Set([page]) });
  }
}

/** Follows one content stream with its resources, from the matrix it starts with. */
function follow(
  content: Uint8Array,
  resources: PDFDict | undefined,
  start: Matrix,
  page: number,
  found: Found,
  depth: number,
  inside: ReadonlySet<PDFObject>,
): void {
  let ctm = start;
  const saved: Matrix[] = [];
  let inline = 0;
  for (const { operator, operands } of operations(content)) {
    switch (operator) {
      case 'q':
        saved.push(ctm);
        break;
      case 'Q':
        ctm = saved.pop() ?? ctm;
        break;
      case 'cm': {
        const m = operands.slice(-6);
        if (m.length === 6 && m.every((n) => typeof n === 'number')) ctm = times(m as unknown as Matrix, ctm);
        break;
      }
      case 'Tf': {
        const name = operands.find((o): o is { name: string } => typeof o === 'object' && o !== null);
        const font = name && resources && dictOf(resources, 'Font');
        const dict = font && dictOf(font, name.name);
        if (dict && !isEmbedded(dict)) {
          const base = (nameOf(dict, 'BaseFont') ?? name.name).replace(/^[A-Z]{6}\+/, '');
          const pages = found.fonts.get(base) ?? new Set<number>();
          found.fonts.set(base, pages.add(page));
        }
        break;
      }
      case 'BI': {
        const [width, height] = operands as [number, number];
        drawnImage(found, `inline ${page} ${inline++}`, width, height, ctm, page);
        break;
      }
      case 'Do': {
        const name = operands.find((o): o is { name: string } => typeof o === 'object' && o !== null);
        const xobjects = name && resources && dictOf(resources, 'XObject');
        if (!xobjects || !name) break;
        const raw = xobjects.get(PDFName.of(name.name));
        const xobject = xobjects.context.lookup(raw);
        if (!(xobject instanceof PDFRawStream)) break;
        const subtype = nameOf(xobject.dict, 'Subtype');
        if (subtype === 'Image') {
          const key = raw instanceof PDFRef ? raw.toString() : `${page} ${name.name}`;
          drawnImage(found, key, numberOf(xobject.dict, 'Width') ?? 0, numberOf(xobject.dict, 'Height') ?? 0, ctm, page);
        } else if (subtype === 'Form' && depth < MAX_FORM_DEPTH && !inside.has(xobject)) {
          const form = decoded(xobject);
          if (!form) break;
          const matrix = matrixOf(valueOf(xobject.dict, 'Matrix')) ?? IDENTITY;
          const own = dictOf(xobject.dict, 'Resources') ?? resources;
          follow(form, own, times(matrix, ctm), page, found, depth + 1, new Set([...inside, xobject]));
        }
        break;
      }
    }
  }
}

/**
 * The fonts a PDF does not embed and the images it draws under 300 DPI, with their 1-based pages.
 * A PDF drawn into another at a scale (a postcard's side, fitted to the card) is looked at as drawn
 * there: its first `pages` pages, each `scale` times its size.
 */
export function inspectPdf(doc: PDFDocument, drawnAt: { readonly scale?: number; readonly pages?: number } = {}): PdfInspection {
  const found: Found = { fonts: new Map(), images: new Map() };
  const scale = drawnAt.scale ?? 1;
  const start: Matrix = scale === 1 ? IDENTITY : [scale, 0, 0, scale, 0, 0];
  const pages = doc.getPages().slice(0, drawnAt.pages);
  pages.forEach((page, index) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((s) => doc.context.lookup(s)) : [contents];
    const parts = streams.map(decoded).filter((part): part is Uint8Array => part !== undefined);
    // Parts of a page's contents join as one stream, split between operators.
    const content = new Uint8Array(parts.reduce((sum, p) => sum + p.length + 1, 0));
    let at = 0;
    for (const part of parts) {
      content.set(part, at);
      content[at + part.length] = 0x0a;
      at += part.length + 1;
    }
    try {
      follow(content, page.node.Resources(), start, index + 1, found, 0, new Set());
    } catch {
      // A page whose contents or resources do not read as they should: what was found so far stands.
    }
  });
  const sorted = (pages: Set<number>) => [...pages].sort((a, b) => a - b);
  return {
    unembeddedFonts: [...found.fonts].map(([name, pages]) => ({ name, standard: STANDARD_14.has(name), pages: sorted(pages) })),
    lowResolutionImages: [...found.images.values()]
      .map((image) => ({ ...image, dpi: Math.round(image.dpi), pages: sorted(image.pages) }))
      .sort((a, b) => a.pages[0]! - b.pages[0]! || a.dpi - b.dpi),
  };
}
