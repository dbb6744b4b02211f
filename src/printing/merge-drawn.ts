/**
 * A merge's rows drawn by the print engines (issue 30): each row's letter is its template filled
 * (merge-source.ts) and drawn by the engine that draws the template's type, Chromium for HTML,
 * LibreOffice for .docx, then printed as any drawn letter is: its address page first, drawn from
 * the row's address columns, and the Development mark. Where no engine draws it, undefined: the
 * caller keeps the text layout.
 *
 * Measuring draws only the rows merge-layouts.ts picks; a row's letter is then its address page,
 * measured by the printer, and its layout's pages (`withDrawnPages`).
 */
import { PDFDocument } from 'pdf-lib';
import { STATUS } from '../contract';
import { drawDocument, type DrawnBy } from './engines';
import { isUsLetter } from './envelope';
import { LayoutPlan, MOST_GROUPS, MOST_OFFICE_GROUPS, type PrintedValues } from './merge-layouts';
import type { MergeSource } from './merge-source';
import { MAX_LETTER_SHEETS } from './letter';
import type { OffSizePage, Printed } from './print-jobs';

/** What a drawn letter's own pages are: their number and each one's size, in points. */
export interface DrawnLayout {
  readonly pages: number;
  readonly sizes: readonly { readonly width: number; readonly height: number }[];
}

export const sameLayout = (a: DrawnLayout, b: DrawnLayout): boolean =>
  a.pages === b.pages && a.sizes.every((size, i) => size.width === b.sizes[i]!.width && size.height === b.sizes[i]!.height);

/** A drawn PDF's pages. */
export async function layoutOf(pdf: Uint8Array | PDFDocument): Promise<DrawnLayout> {
  const doc = pdf instanceof PDFDocument ? pdf : await PDFDocument.load(pdf, { updateMetadata: false });
  const sizes = doc.getPages().map((page) => {
    const { width, height } = page.getSize();
    return Math.abs(page.getRotation().angle) % 180 === 90 ? { width: height, height: width } : { width, height };
  });
  return { pages: sizes.length, sizes };
}

/**
 * A row's letter: its address page as the printer measured it (a job of no contents), then its
 * drawn pages; failing as the printer orders failures: the address's, then a page not Letter
 * (-1021), then more sheets than a letter may have.
 */
export function withDrawnPages(address: Printed, drawn: DrawnLayout, duplex: boolean): Printed {
  const pages = address.pages + drawn.pages;
  const sheets = Math.ceil(pages / (duplex ? 2 : 1));
  const offSize: OffSizePage[] = [];
  drawn.sizes.forEach(({ width, height }, i) => {
    if (!isUsLetter(width, height)) offSize.push({ page: address.pages + i + 1, documentPage: i + 1, width, height });
  });
  const failures = [
    ...address.failures,
    ...(offSize.length > 0 ? [STATUS.InvalidPageSize] : []),
    ...(sheets > MAX_LETTER_SHEETS ? [STATUS.TooManySheets] : []),
  ];
  const { failure: _failure, failures: _failures, pages: _pages, sheets: _sheets, ...facts } = address;
  return {
    ...facts,
    pages,
    sheets,
    failures,
    ...(failures.length > 0 ? { failure: failures[0]! } : {}),
    ...(offSize.length > 0 ? { offSize } : {}),
  };
}

/** No engine drew a row: the merge keeps the text layout. */
class NotDrawn extends Error {
  constructor(readonly by: DrawnBy) {
    super(by.approximation ?? 'not drawn');
  }
}

/** Why no engine drew a merge's rows, when that is what `error` is. */
export function notDrawnBy(error: unknown): DrawnBy | undefined {
  return error instanceof NotDrawn ? error.by : undefined;
}

/** A row's (or a chunk's) document drawn: its PDF, and which engine drew it; NotDrawn where none could. */
export async function drawn(source: MergeSource, data: Uint8Array): Promise<{ pdf: Uint8Array; by: DrawnBy }> {
  const drawing = await drawDocument({ type: source.type, data, title: `merge.${source.type}` });
  if (!drawing?.pdf) throw new NotDrawn(drawing?.by ?? { engine: 'none' });
  return { pdf: drawing.pdf, by: drawing.by };
}

/** Every row's layout, decided by drawing a few (merge-layouts.ts), and which engine drew them. */
export interface DrawnPlan {
  readonly plan: LayoutPlan<DrawnLayout>;
  readonly by: DrawnBy;
}

/**
 * The rows' layouts: `rows` gives each row's printed values (`printedValues`) in a first pass. Undefined when
 * no engine draws the template (then the text layout applies, and `notDrawn` says why).
 */
export async function planLayouts(
  source: MergeSource,
  fields: readonly string[],
  rows: Iterable<PrintedValues>,
): Promise<DrawnPlan | { readonly notDrawn: DrawnBy }> {
  const plan = new LayoutPlan<DrawnLayout>(fields, source.type === 'docx' ? MOST_OFFICE_GROUPS : MOST_GROUPS);
  for (const values of rows) plan.add(values);
  let by: DrawnBy | undefined;
  try {
    await plan.decide(async (values) => {
      const drawing = await drawn(source, source.fill(new Map(fields.map((field, i) => [field, values[i]!]))));
      by ??= drawing.by;
      return layoutOf(drawing.pdf);
    }, sameLayout);
  } catch (error) {
    if (error instanceof NotDrawn) return { notDrawn: error.by };
    throw error;
  }
  return { plan, by: by ?? { engine: 'none' } };
}

/** A row's values of the fields the template prints, in the template's order. */
export function printedValues(fields: readonly string[], values: ReadonlyMap<string, string>): PrintedValues {
  return fields.map((field) => values.get(field) ?? '');
}
