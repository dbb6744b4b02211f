/**
 * The page size a .docx or HTML letter asks for, which the service prints on US Letter or fails
 * at -1021 (facts, Part B "Page sizes and orientation"), as PDF pages are judged by their boxes.
 *
 * Decisions (docs/sandbox.md "Page sizes of .docx and HTML"): a .docx section without a page size
 * (no w:sectPr, no w:pgSz, or a w:pgSz missing w:w or w:h) is US Letter, the paper the service
 * prints on; so is an HTML letter without an `@page { size }`, or with `size: auto`. Only `@page`
 * rules without a page selector count (`:first`, `:left`, named pages apply to some pages only,
 * which the sandbox's layout does not tell apart), in the style sheets a printer applies (not
 * those of `<style media="screen">` nor `@media screen`); the last valid `size` wins, as in CSS.
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
  /** It starts on the page the one before ends on (a .docx's w:type "continuous"), unless its size differs. */
  readonly continuous?: boolean;
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

/** A media query a printed letter meets: none, or one naming print or all (and not only `not print`). */
function forPrint(query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || q.split(',').some((one) => /^(only\s+)?(print|all)\b|^\(/.test(one.trim()) || /^not\s+screen\b/.test(one.trim()));
}

/** Where the block opened at `open` ('{') closes, its nested blocks skipped; the end of the text when it never does. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return i;
  }
  return css.length;
}

/** The `size` of each @page rule without a selector, in order, reading into @media blocks for print. */
function pageSizes(css: string): string[] {
  const sizes: string[] = [];
  const at = /@(page|media)\b([^{;]*)\{/gi;
  for (let m = at.exec(css); m; m = at.exec(css)) {
    const open = m.index + m[0].length - 1;
    const end = blockEnd(css, open);
    const body = css.slice(open + 1, end);
    if (m[1]!.toLowerCase() === 'media') {
      if (forPrint(m[2]!)) sizes.push(...pageSizes(body));
    } else if (m[2]!.trim() === '') {
      // The page's own declarations: its margin boxes (@top-center { … }) left out.
      let own = '';
      for (let i = 0; i < body.length; i++) {
        if (body[i] === '{') {
          // The margin box's name goes with it: what follows it is a declaration of its own.
          own = `${own.slice(0, own.lastIndexOf(';') + 1)};`;
          i = blockEnd(body, i);
        } else own += body[i];
      }
      for (const declaration of own.split(/[;}]/)) {
        const value = /^\s*size\s*:([\s\S]*)$/i.exec(declaration)?.[1];
        if (value !== undefined) sizes.push(value.replace(/!\s*important\s*$/i, ''));
      }
    }
    at.lastIndex = end + 1;
  }
  return sizes;
}

/**
 * The page size an HTML letter's style sheets ask of every page; undefined when none does
 * (Letter). Style sheets for print only: a `<style media>` or `@media` for the screen does not
 * size the printed page.
 */
export function htmlPageSize(html: string): PageSize | undefined {
  let size: PageSize | undefined;
  // A style sheet in a comment or a <template> styles nothing a browser shows (html-text.ts drops them too).
  const shown = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<template\b[\s\S]*?<\/template\s*>/gi, '');
  for (const style of shown.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style\s*>/gi)) {
    const media = /\bmedia\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(style[1]!);
    if (media && !forPrint(media[1] ?? media[2] ?? media[3] ?? '')) continue;
    const css = style[2]!.replace(/\/\*[\s\S]*?\*\//g, '');
    for (const value of pageSizes(css)) size = cssPageSize(value) ?? size;
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
