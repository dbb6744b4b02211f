/**
 * HTML to text blocks, enough to print a letter: block elements start new paragraphs, headings
 * stay headings, `<br>` breaks lines, CSS page breaks start new pages; scripts, styles, templates
 * and what a browser does not show (`hidden`, an inline `display: none`) are dropped.
 */
import type { Block } from './blocks';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  copy: '©',
  reg: '®',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  ccedil: 'ç',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  szlig: 'ß',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  euro: '€',
  pound: '£',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const BLOCK = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'blockquote',
  'pre',
  'ul',
  'ol',
  'li',
  'table',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'address',
  'body',
]);

/** Elements without content or end tag. */
/**
 * Whether a start tag ends an element whose end tag HTML lets a document leave out (`<p hidden>note<p>Dear Jane`):
 * a paragraph ends at a block, a list item at the next, a cell at the next cell or row.
 */
function endsImplied(open: string, next: string): boolean {
  switch (open) {
    case 'p':
      return BLOCK.has(next);
    case 'li':
      return next === 'li';
    case 'dt':
    case 'dd':
      return next === 'dt' || next === 'dd';
    case 'option':
      return next === 'option' || next === 'optgroup';
    case 'tr':
      return next === 'tr' || next === 'tbody' || next === 'tfoot';
    case 'td':
    case 'th':
      return next === 'td' || next === 'th' || next === 'tr';
    default:
      return false;
  }
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Whether a browser shows an element, by its attributes: not with `hidden`, nor an inline style of `display: none` or `visibility: hidden`. */
function isHidden(attrs: string): boolean {
  // The attribute named hidden, not the word in another attribute's value.
  const names = attrs.replace(/=\s*("[^"]*"|'[^']*'|[^\s"'>]+)/g, '=');
  return /(?:^|\s)hidden(?:\s|=|\/|$)/i.test(names) || /style\s*=\s*["'][^"']*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(attrs);
}

/** A line break from a <br>, kept apart from the source's own new lines, which are white space. */
const BREAK = '\u2028';

/** A block as the HTML writes it, before its white space is cleaned (`cleaned`): what a merge's rows fill. */
type Piece = { readonly kind: 'heading' | 'paragraph'; readonly raw: string; readonly pre: boolean } | { readonly kind: 'page-break' };

/** A block's text as printed: white space collapsed outside <pre> (a <br>'s break, BREAK, is not), trimmed. */
function cleaned(raw: string, pre: boolean): string {
  // Most of a merge's rows' text has nothing to collapse: then the replacements below would change nothing.
  if (!pre && !/[\t\r\n\u2028]| {2}/.test(raw)) return raw.trim();
  return (pre ? raw : raw.replace(/[ \t\r\n]+/g, ' '))
    .replaceAll(BREAK, '\n')
    .replace(/ *\n */g, '\n')
    .trim();
}

function pieces(html: string): Piece[] {
  const source = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|head|title|template)\b[\s\S]*?<\/\1\s*>/gi, '');
  const found: Piece[] = [];
  let text = '';
  let heading = false;
  let pre = 0;
  const breakAfter: string[] = [];
  const flush = () => {
    if (text) found.push({ kind: heading ? 'heading' : 'paragraph', raw: text, pre: pre > 0 });
    text = '';
  };
  /** An element not shown (hidden, display: none), whose content is skipped to its end tag: its name and how deep in it. */
  let unseen: { name: string; depth: number } | undefined;
  for (const token of source.split(/(<[^>]*>)/)) {
    const m = token.startsWith('<') ? /^<\s*(\/?)\s*([a-z0-9]+)([^>]*)>$/i.exec(token) : null;
    if (unseen) {
      const ended = m && !m[1] && unseen.depth === 1 && endsImplied(unseen.name, m[2]!.toLowerCase());
      if (!ended) {
        if (m && m[2]!.toLowerCase() === unseen.name && !m[3]!.endsWith('/')) unseen.depth += m[1] ? -1 : 1;
        if (unseen.depth === 0) unseen = undefined;
        continue;
      }
      // Its end tag left out, as HTML allows: the tag that ends it is the document's again.
      unseen = undefined;
    }
    if (!token.startsWith('<')) {
      text += decodeEntities(token);
      continue;
    }
    if (!m) continue;
    const [, closing, rawName, attrs = ''] = m;
    const name = rawName!.toLowerCase();
    if (!closing && !VOID.has(name) && !attrs.endsWith('/') && isHidden(attrs)) {
      unseen = { name, depth: 1 };
      continue;
    }
    if (name === 'br') {
      text += BREAK;
      continue;
    }
    if (!BLOCK.has(name)) continue;
    flush();
    heading = !closing && /^h[1-6]$/.test(name);
    if (name === 'pre') pre += closing ? -1 : 1;
    if (!closing && /page-break-before\s*:\s*always|break-before\s*:\s*page/i.test(attrs)) found.push({ kind: 'page-break' });
    if (!closing && name === 'li') text = '• ';
    if (!closing && /page-break-after\s*:\s*always|break-after\s*:\s*page/i.test(attrs)) breakAfter.push(name);
    const open = closing ? breakAfter.lastIndexOf(name) : -1;
    if (open >= 0) {
      breakAfter.splice(open, 1);
      found.push({ kind: 'page-break' });
    }
  }
  flush();
  return found;
}

function blocksOf(found: readonly Piece[], fill: (raw: string) => string = (raw) => raw): Block[] {
  const blocks: Block[] = [];
  for (const piece of found) {
    if (piece.kind === 'page-break') blocks.push(piece);
    else {
      const text = cleaned(fill(piece.raw), piece.pre);
      if (text) blocks.push({ kind: piece.kind, text });
    }
  }
  return blocks;
}

export function htmlToBlocks(html: string): Block[] {
  return blocksOf(pieces(html));
}

/**
 * A merge template's rows' blocks without reading its HTML again for each (a merge of 100,000 rows
 * would read it 100,000 times): its blocks are read once, and each row's values put in their text,
 * cleaned as the HTML's own text is. The same blocks as `htmlToBlocks` of the HTML with the row's
 * values written in (escaped), where every placeholder stands in text the reader keeps, none just
 * after an `&` an entity could run on from; else undefined, and the row's HTML is read whole.
 */
export function htmlFiller(
  html: string,
  placeholder: RegExp,
  fill: (raw: string, values: ReadonlyMap<string, string>) => string,
): ((values: ReadonlyMap<string, string>) => Block[]) | undefined {
  const found = pieces(html);
  const count = (text: string) => [...text.matchAll(placeholder)].length;
  const inText = found.reduce((sum, piece) => sum + (piece.kind === 'page-break' ? 0 : count(piece.raw)), 0);
  if (inText !== count(html)) return undefined;
  for (const m of html.matchAll(placeholder)) if (/&[#\w]*$/.test(html.slice(Math.max(0, m.index - 12), m.index))) return undefined;
  // The pieces no row changes, cleaned once.
  const fixed = found.map((piece) => (piece.kind === 'page-break' || count(piece.raw) > 0 ? piece : blocksOf([piece])));
  return (values) => fixed.flatMap((piece) => (Array.isArray(piece) ? piece : blocksOf([piece], (raw) => fill(raw, values))));
}
