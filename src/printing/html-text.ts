/**
 * HTML to text blocks, enough to print a letter: block elements start new paragraphs, headings
 * stay headings, `<br>` breaks lines, CSS page breaks start new pages; scripts and styles are dropped.
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

/** A line break from a <br>, kept apart from the source's own new lines, which are white space. */
const BREAK = '\u2028';

export function htmlToBlocks(html: string): Block[] {
  const source = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|head|title)\b[\s\S]*?<\/\1\s*>/gi, '');
  const blocks: Block[] = [];
  let text = '';
  let heading = false;
  let pre = 0;
  const breakAfter: string[] = [];
  const flush = () => {
    // White space collapses outside <pre>; a <br>'s break (BREAK) does not.
    const clean = (pre > 0 ? text : text.replace(/[ \t\r\n]+/g, ' '))
      .replaceAll(BREAK, '\n')
      .replace(/ *\n */g, '\n')
      .trim();
    if (clean) blocks.push({ kind: heading ? 'heading' : 'paragraph', text: clean });
    text = '';
  };
  for (const token of source.split(/(<[^>]*>)/)) {
    if (!token.startsWith('<')) {
      text += decodeEntities(token);
      continue;
    }
    const m = /^<\s*(\/?)\s*([a-z0-9]+)([^>]*)>$/i.exec(token);
    if (!m) continue;
    const [, closing, rawName, attrs = ''] = m;
    const name = rawName!.toLowerCase();
    if (name === 'br') {
      text += BREAK;
      continue;
    }
    if (!BLOCK.has(name)) continue;
    flush();
    heading = !closing && /^h[1-6]$/.test(name);
    if (name === 'pre') pre += closing ? -1 : 1;
    if (!closing && /page-break-before\s*:\s*always|break-before\s*:\s*page/i.test(attrs)) blocks.push({ kind: 'page-break' });
    if (!closing && name === 'li') text = '• ';
    if (!closing && /page-break-after\s*:\s*always|break-after\s*:\s*page/i.test(attrs)) breakAfter.push(name);
    const open = closing ? breakAfter.lastIndexOf(name) : -1;
    if (open >= 0) {
      breakAfter.splice(open, 1);
      blocks.push({ kind: 'page-break' });
    }
  }
  flush();
  return blocks;
}
