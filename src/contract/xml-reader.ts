/**
 * A strict, namespace-aware XML reader for the messages of the Mail WS, on both sides of the wire.
 * It refuses what a web service has no use for and an attacker has every use for: any DOCTYPE
 * (and so every entity declaration), undeclared entities, excessive nesting and attribute counts.
 *
 * It is Mailroom's own scanner rather than a general parser: it walks the text with indexOf and
 * sticky regular expressions instead of character by character (its cost on a 1000-status answer:
 * test/bench/call-overhead.ts), and works out line and column only
 * when something asks for them (faults, errors).
 */
export interface XmlAttribute {
  readonly ns: string;
  readonly local: string;
  readonly value: string;
}

export interface ParsedElement {
  /** Namespace URI, '' when unqualified. */
  readonly ns: string;
  readonly local: string;
  readonly attributes: readonly XmlAttribute[];
  readonly children: readonly ParsedElement[];
  /** The element's own text and CDATA, concatenated. */
  readonly text: string;
  /** Where the start tag ends, 1-based, as .NET reports positions in its faults. */
  readonly line: number;
  readonly column: number;
}

export class XmlSyntaxError extends Error {
  override readonly name = 'XmlSyntaxError';
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

export interface XmlReadLimits {
  /** Deepest element nesting accepted. */
  readonly maxDepth: number;
  /** Most attributes (namespace declarations included) on one element. */
  readonly maxAttributes: number;
}

export const DEFAULT_XML_LIMITS: XmlReadLimits = { maxDepth: 64, maxAttributes: 64 };

export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Line and column of an offset, from a newline index built on first use. */
class Positions {
  private newlines: number[] | undefined;
  constructor(private readonly text: string) {}

  at(offset: number): { line: number; column: number } {
    if (!this.newlines) {
      this.newlines = [];
      for (let i = this.text.indexOf('\n'); i >= 0; i = this.text.indexOf('\n', i + 1)) this.newlines.push(i);
    }
    let low = 0;
    let high = this.newlines.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.newlines[mid]! < offset) low = mid + 1;
      else high = mid;
    }
    const lineStart = low === 0 ? 0 : this.newlines[low - 1]! + 1;
    return { line: low + 1, column: offset - lineStart + 1 };
  }
}

/** Shared by every element without children or attributes: most of an answer's elements are leaves. */
const NO_CHILDREN: readonly ParsedElement[] = Object.freeze([]);
const NO_ATTRIBUTES: readonly XmlAttribute[] = Object.freeze([]);

class Element implements ParsedElement {
  children: readonly ParsedElement[] = NO_CHILDREN;
  /** The text, or its pieces until it is first asked for: an element that holds elements has whitespace between them nobody reads. */
  private pieces: string | string[] = '';
  constructor(
    readonly ns: string,
    readonly local: string,
    readonly attributes: readonly XmlAttribute[],
    private readonly end: number,
    private readonly positions: Positions,
  ) {}

  get text(): string {
    if (typeof this.pieces !== 'string') this.pieces = this.pieces.join('');
    return this.pieces;
  }

  set textPieces(pieces: string | string[]) {
    this.pieces = pieces;
  }

  addChild(child: ParsedElement): void {
    if (this.children === NO_CHILDREN) this.children = [child];
    else (this.children as ParsedElement[]).push(child);
  }

  get line(): number {
    return this.positions.at(this.end).line;
  }

  get column(): number {
    return this.positions.at(this.end).column;
  }
}

// Names as XML 1.0 (fifth edition) allows them, ':' aside: namespaces split on it. Without the `u`
// flag, on purpose: the classes hold UTF-16 code units (a name's astral character is its two
// surrogates), and U+200C and U+200D are name characters of their own, not a joined sequence.
const NAME =
  // eslint-disable-next-line no-misleading-character-class -- code units, as said above
  /[A-Za-z_\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\uD800-\uDBFF\uDC00-\uDFFF][\w.\-\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\uD800-\uDBFF\uDC00-\uDFFF]*(?::[A-Za-z_\u00C0-\uFFFD][\w.\-\u00B7\u00C0-\uFFFD]*)?/y;
const isAsciiNameStart = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;
const isAsciiNameChar = (c: number) => isAsciiNameStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
// Characters XML 1.0 does not allow anywhere, not even escaped: control characters are what these
// look for. The quick look first; surrogates found there are checked for pairs by the exact one.
// eslint-disable-next-line no-control-regex -- control characters are the point
const FORBIDDEN_OR_SURROGATE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/;
const FORBIDDEN_CHAR =
  // eslint-disable-next-line no-control-regex -- control characters are the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9A-Fa-f]{1,6}));/y;
const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Reads one XML document into a tree; throws XmlSyntaxError on anything not well formed or refused. */
export function readXml(text: string, limits: XmlReadLimits = DEFAULT_XML_LIMITS): ParsedElement {
  const positions = new Positions(text);
  const fail = (message: string, at: number): never => {
    const { line, column } = positions.at(at);
    throw new XmlSyntaxError(message, line, column);
  };
  const forbidden = FORBIDDEN_OR_SURROGATE.test(text) ? FORBIDDEN_CHAR.exec(text) : null;
  if (forbidden) fail('a character XML does not allow', forbidden.index);

  /** Text with its references replaced; only the five predefined entities and character references exist. */
  const unescape = (raw: string, at: number): string => {
    let amp = raw.indexOf('&');
    if (amp < 0) return raw;
    let out = '';
    let from = 0;
    while (amp >= 0) {
      out += raw.slice(from, amp);
      ENTITY.lastIndex = amp;
      const m = ENTITY.exec(raw);
      if (!m)
        fail(
          /^&[A-Za-z_][\w.-]*;/.test(raw.slice(amp))
            ? `undeclared entity ${/^&[^;]*;/.exec(raw.slice(amp))![0]}`
            : 'a & that begins no reference',
          at + amp,
        );
      if (m![1]) out += PREDEFINED[m![1]]!;
      else {
        const code = m![2] ? Number(m![2]) : parseInt(m![3]!, 16);
        const valid =
          code === 0x9 ||
          code === 0xa ||
          code === 0xd ||
          (code >= 0x20 && code <= 0xd7ff) ||
          (code >= 0xe000 && code <= 0xfffd) ||
          (code >= 0x10000 && code <= 0x10ffff);
        if (!valid) fail(`character reference ${m![0]} names a character XML does not allow`, at + amp);
        out += String.fromCodePoint(code);
      }
      from = ENTITY.lastIndex;
      amp = raw.indexOf('&', from);
    }
    return out + raw.slice(from);
  };

  const nameAt = (at: number): string => {
    // Most names are ASCII: scanned by hand, the full pattern only for the others.
    if (isAsciiNameStart(text.charCodeAt(at))) {
      let end = at + 1;
      let colon = -1;
      for (; end < text.length; end++) {
        const c = text.charCodeAt(end);
        if (c === 0x3a && colon < 0 && isAsciiNameStart(text.charCodeAt(end + 1))) colon = end;
        else if (!isAsciiNameChar(c)) break;
      }
      if (!(text.charCodeAt(end) >= 0x80)) return text.slice(at, end);
    }
    NAME.lastIndex = at;
    const m = NAME.exec(text);
    if (!m) fail('a name was expected', at);
    return m![0];
  };
  const skipSpace = (at: number): number => {
    while (isSpace(text.charCodeAt(at))) at++;
    return at;
  };

  interface Open {
    readonly element: Element;
    readonly qname: string;
    readonly scope: ReadonlyMap<string, string>;
    /** The element's text so far; `more` once a second piece comes. */
    first: string;
    more: string[] | undefined;
  }
  const addText = (open: Open, piece: string) => {
    if (open.first === '') open.first = piece;
    else (open.more ??= [open.first]).push(piece);
  };
  const namespaceOf = (inScope: ReadonlyMap<string, string>, prefix: string, at: number): string => {
    const ns = inScope.get(prefix);
    return ns ?? fail(`the prefix ${prefix} is not bound to a namespace`, at);
  };
  const stack: Open[] = [];
  let scope: ReadonlyMap<string, string> = new Map([
    ['xml', XML_NS],
    ['xmlns', XMLNS_NS],
  ]);
  let root: Element | undefined;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (text.startsWith('<?xml', i) && /[ \t\r\n?]/.test(text[i + 5] ?? '')) {
    const end = text.indexOf('?>', i);
    if (end < 0) fail('the XML declaration does not end', i);
    i = end + 2;
  }

  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const chunkEnd = lt < 0 ? text.length : lt;
    if (chunkEnd > i) {
      const chunk = text.slice(i, chunkEnd);
      const top = stack[stack.length - 1];
      if (top) {
        if (chunk.includes(']]>')) fail("']]>' is not allowed in text", i + chunk.indexOf(']]>'));
        addText(top, unescape(chunk, i));
      } else if (/[^ \t\r\n]/.test(chunk)) {
        fail(root ? 'text after the root element' : 'text before the root element', i);
      }
    }
    if (lt < 0) break;
    i = lt;
    const next = text.charCodeAt(i + 1);
    if (next === 0x2f /* / */) {
      const top = stack.pop();
      if (!top) fail('a closing tag with no element open', i);
      const qname = top!.qname;
      const after = text.charCodeAt(i + 2 + qname.length);
      // The usual case, </name>, without reading the name again.
      const name =
        text.startsWith(qname, i + 2) && (after === 0x3e || after === 0x20 || after === 0x09 || after === 0x0a || after === 0x0d)
          ? qname
          : nameAt(i + 2);
      if (name !== qname) fail(`</${name}> closes <${qname}>`, i);
      const end = after === 0x3e ? i + 2 + qname.length : skipSpace(i + 2 + name.length);
      if (text[end] !== '>') fail('a closing tag must end with >', end);
      top!.element.textPieces = top!.more ?? top!.first;
      scope = top!.scope;
      i = end + 1;
      continue;
    }
    if (next === 0x21 /* ! */) {
      if (text.startsWith('<!--', i)) {
        const end = text.indexOf('-->', i + 4);
        if (end < 0) fail('a comment does not end', i);
        i = end + 3;
      } else if (text.startsWith('<![CDATA[', i)) {
        const top = stack[stack.length - 1];
        if (!top) fail('CDATA outside the root element', i);
        const end = text.indexOf(']]>', i + 9);
        if (end < 0) fail('a CDATA section does not end', i);
        addText(top!, text.slice(i + 9, end));
        i = end + 3;
      } else {
        fail(text.startsWith('<!DOCTYPE', i) ? 'DTDs are not allowed' : 'markup XML does not allow here', i);
      }
      continue;
    }
    if (next === 0x3f /* ? */) {
      const target = nameAt(i + 2);
      if (target.toLowerCase() === 'xml') fail('an XML declaration must come first', i);
      const end = text.indexOf('?>', i + 2);
      if (end < 0) fail('a processing instruction does not end', i);
      i = end + 2;
      continue;
    }

    // A start tag.
    if (root && stack.length === 0) fail('a second root element', i);
    if (stack.length >= limits.maxDepth) fail(`elements are nested deeper than ${limits.maxDepth}`, i);
    const qname = nameAt(i + 1);
    let at = i + 1 + qname.length;
    const raw: [string, string][] = [];
    let declared: Map<string, string> | undefined;
    // A start tag without attributes, `<name>`, skips the attributes' loop.
    for (; text.charCodeAt(at) !== 0x3e;) {
      const afterSpace = skipSpace(at);
      const c = text[afterSpace];
      if (c === '>' || c === '/') {
        at = afterSpace;
        break;
      }
      if (afterSpace === at) fail(c === undefined ? 'a start tag does not end' : 'attributes must be separated by white space', at);
      if (raw.length >= limits.maxAttributes) fail(`an element has more than ${limits.maxAttributes} attributes`, afterSpace);
      const name = nameAt(afterSpace);
      let p = skipSpace(afterSpace + name.length);
      if (text[p] !== '=') fail(`attribute ${name} has no value`, p);
      p = skipSpace(p + 1);
      const quote = text[p];
      if (quote !== '"' && quote !== "'") fail(`the value of ${name} must be quoted`, p);
      const close = text.indexOf(quote!, p + 1);
      if (close < 0) fail(`the value of ${name} does not end`, p);
      const rawValue = text.slice(p + 1, close);
      if (rawValue.includes('<')) fail(`the value of ${name} holds a <`, p + 1 + rawValue.indexOf('<'));
      if (raw.some(([n]) => n === name)) fail(`attribute ${name} appears twice`, afterSpace);
      const value = unescape(rawValue, p + 1).replace(/[\t\n\r]/g, ' ');
      raw.push([name, value]);
      if (name === 'xmlns' || name.startsWith('xmlns:')) {
        const prefix = name === 'xmlns' ? '' : name.slice(6);
        if (prefix === 'xmlns' || (prefix === 'xml') !== (value === XML_NS) || (prefix !== '' && value === ''))
          fail(`the namespace declaration ${name} is not allowed`, afterSpace);
        (declared ??= new Map(scope)).set(prefix, value);
      }
      at = close + 1;
    }
    const selfClosing = text[at] === '/';
    if (selfClosing && text[at + 1] !== '>') fail('a start tag must end with > or />', at);
    const end = selfClosing ? at + 2 : at + 1;
    const inScope = declared ?? scope;
    const attributes: XmlAttribute[] = raw.length === 0 ? (NO_ATTRIBUTES as XmlAttribute[]) : [];
    for (const [name, value] of raw) {
      if (name === 'xmlns') attributes.push({ ns: XMLNS_NS, local: 'xmlns', value });
      else {
        const colon = name.indexOf(':');
        attributes.push(
          colon < 0
            ? { ns: '', local: name, value }
            : { ns: namespaceOf(inScope, name.slice(0, colon), i), local: name.slice(colon + 1), value },
        );
      }
    }
    if (attributes.length > 1) {
      const seen = new Set<string>();
      for (const a of attributes) {
        const key = `${a.ns}\u0000${a.local}`;
        if (seen.has(key)) fail(`attribute ${a.local} appears twice in namespace ${a.ns}`, i);
        seen.add(key);
      }
    }
    const colon = qname.indexOf(':');
    const ns = colon < 0 ? (inScope.get('') ?? '') : namespaceOf(inScope, qname.slice(0, colon), i);
    const local = colon < 0 ? qname : qname.slice(colon + 1);
    const element = new Element(ns, local, attributes, end, positions);
    const parent = stack[stack.length - 1];
    if (parent) parent.element.addChild(element);
    else root = element;
    if (!selfClosing) {
      stack.push({ element, qname, scope, first: '', more: undefined });
      scope = inScope;
    }
    i = end;
  }
  if (stack.length > 0) fail(`<${stack[stack.length - 1]!.qname}> is not closed`, text.length);
  if (!root) fail('the document has no root element', text.length);
  return root!;
}

/** The first child element with this namespace and local name. */
export function childElement(node: ParsedElement, ns: string, local: string): ParsedElement | undefined {
  return node.children.find((c) => c.ns === ns && c.local === local);
}

export function attributeValue(node: ParsedElement, ns: string, local: string): string | undefined {
  return node.attributes.find((a) => a.ns === ns && a.local === local)?.value;
}

/** `xsi:nil="true"`: present, but null. */
export function isNil(node: ParsedElement): boolean {
  const nil = attributeValue(node, XSI_NS, 'nil');
  return nil === 'true' || nil === '1';
}
