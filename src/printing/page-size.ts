/**
 * The page size a .docx or HTML letter asks for, which the service prints on US Letter or fails
 * at -1021 (facts, Part B "Page sizes and orientation"), as PDF pages are judged by their boxes.
 *
 * Decisions (docs/sandbox.md "Page sizes of .docx and HTML"): a .docx section without a page size
 * (no w:sectPr, no w:pgSz, or a w:pgSz missing w:w or w:h) is US Letter, the paper the service
 * prints on; so is an HTML letter without an `@page { size }`, or with `size: auto`. Only `@page`
 * rules without a page selector count (`:first`, `:left`, named pages apply to some pages only,
 * which the sandbox's layout does not tell apart), wherever they stand in a `<style>` (an
 * `@media print` one included: the letter is printed); the last valid `size` wins, as in CSS.
 */

/** A page's size in points, width then height as the page is shown. */
export interface PageSize {
  readonly width: number;
  readonly height: number;
}

/** The pages laid out from a block on (its index in the document's blocks) have this size. */
export interface Section {
  readonly fromBlock: number;
  readonly size: PageSize;
}

const INCH = 72;
const MM = INCH / 25.4;

export const LETTER_PAGE: PageSize = { width: 8.5 * INCH, height: 11 * INCH };

/** CSS Paged Media Level 3 §7.1.1 `<page-size>` names, portrait, in points. */
const CSS_PAGE_SIZES: Readonly<Record<string, PageSize>> = {
  a5: { width: 148 * MM, height: 210 * MM },
  a4: { width: 210 * MM, height: 297 * MM },
  a3: { width: 297 * MM, height: 420 * MM },
  b5: { width: 176 * MM, height: 250 * MM },
  b4: { width: 250 * MM, height: 353 * MM },
  'jis-b5': { width: 182 * MM, height: 257 * MM },
  'jis-b4': { width: 257 * MM, height: 364 * MM },
  letter: { width: 8.5 * INCH, height: 11 * INCH },
  legal: { width: 8.5 * INCH, height: 14 * INCH },
  ledger: { width: 11 * INCH, height: 17 * INCH },
};

/** Absolute CSS lengths in points (CSS Values 4 §6.2); a page size takes no relative length. */
const CSS_UNITS: Readonly<Record<string, number>> = {
  in: INCH,
  cm: INCH / 2.54,
  mm: MM,
  q: MM / 4,
  pt: 1,
  pc: 12,
  px: 0.75,
};

function turned(size: PageSize, orientation: string | undefined): PageSize {
  const long = Math.max(size.width, size.height);
  const short = Math.min(size.width, size.height);
  if (orientation === 'landscape') return { width: long, height: short };
  if (orientation === 'portrait') return { width: short, height: long };
  return size;
}

function cssLength(token: string): number | undefined {
  const m = /^(\d*\.?\d+)([a-z]+)$/.exec(token);
  const unit = m && CSS_UNITS[m[2]!];
  const value = m ? Number(m[1]) * (unit ?? NaN) : NaN;
  return value > 0 ? value : undefined;
}

/**
 * A CSS `size` value as a page size: `auto` or an orientation alone is Letter (the printer's paper)
 * turned as asked; undefined when the value is not valid CSS (the declaration is then dropped).
 */
export function cssPageSize(value: string): PageSize | undefined {
  const tokens = value.trim().toLowerCase().split(/\s+/);
  if (tokens.length === 1 && tokens[0] === 'auto') return LETTER_PAGE;
  const lengths = tokens.map(cssLength).filter((l) => l !== undefined);
  if (lengths.length === tokens.length && tokens.length <= 2) {
    const [width, height = width] = lengths;
    return { width: width!, height: height! };
  }
  const orientations = tokens.filter((t) => t === 'portrait' || t === 'landscape');
  const names = tokens.filter((t) => CSS_PAGE_SIZES[t] !== undefined);
  if (orientations.length > 1 || names.length > 1 || orientations.length + names.length !== tokens.length) return undefined;
  return turned(names[0] === undefined ? LETTER_PAGE : CSS_PAGE_SIZES[names[0]]!, orientations[0]);
}

/** The page size an HTML letter's style sheets ask of every page; undefined when none does (Letter). */
export function htmlPageSize(html: string): PageSize | undefined {
  let size: PageSize | undefined;
  for (const style of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) {
    const css = style[1]!.replace(/\/\*[\s\S]*?\*\//g, '');
    for (const rule of css.matchAll(/@page\b([^{;]*)\{([^}]*)\}/gi)) {
      if (rule[1]!.trim() !== '') continue;
      for (const declaration of rule[2]!.split(';')) {
        const m = /^\s*size\s*:([\s\S]*)$/i.exec(declaration);
        const value = m?.[1]!.replace(/!\s*important\s*$/i, '');
        const asked = value === undefined ? undefined : cssPageSize(value);
        if (asked) size = asked;
      }
    }
  }
  return size;
}

/**
 * A .docx section's page size from its w:pgSz attributes (twentieths of a point): Letter when
 * either is missing or not a positive number; `w:orient="landscape"` with a portrait w/h is
 * turned, since Word writes both but a hand-made file may say only one.
 */
export function docxPageSize(w: string | undefined, h: string | undefined, orient: string | undefined): PageSize {
  const width = Number(w) / 20;
  const height = Number(h) / 20;
  if (!(width > 0 && height > 0)) return LETTER_PAGE;
  return orient === 'landscape' ? turned({ width, height }, 'landscape') : { width, height };
}
