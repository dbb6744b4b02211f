/**
 * A strict, namespace-aware XML reader for the messages of the Mail WS, on both sides of the wire.
 * It refuses what a web service has no use for and an attacker has every use for: any DOCTYPE
 * (and so every entity declaration), undeclared entities, excessive nesting and attribute counts.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';

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
  readonly children: ParsedElement[];
  /** The element's own text and CDATA, concatenated. */
  text: string;
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

/** Reads one XML document into a tree; throws XmlSyntaxError on anything not well formed or refused. */
export function readXml(text: string, limits: XmlReadLimits = DEFAULT_XML_LIMITS): ParsedElement {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: ParsedElement[] = [];
  const texts: string[][] = [];
  let root: ParsedElement | undefined;

  const fail = (message: string): never => {
    throw new XmlSyntaxError(message, parser.line, parser.column + 1);
  };

  parser.on('error', (error) => fail(error.message.replace(/^[^:]*:\d+:\d+: /, '')));
  parser.on('doctype', () => fail('DTDs are not allowed'));
  let attributeCount = 0;
  parser.on('opentagstart', () => {
    if (stack.length >= limits.maxDepth) fail(`elements are nested deeper than ${limits.maxDepth}`);
    attributeCount = 0;
  });
  // Counted as they come, so that a huge tag is refused before it is collected.
  parser.on('attribute', () => {
    if (++attributeCount > limits.maxAttributes) fail(`an element has more than ${limits.maxAttributes} attributes`);
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const attributes = Object.values(tag.attributes);
    const node: ParsedElement = {
      ns: tag.uri,
      local: tag.local,
      attributes: attributes.map((a) => ({ ns: a.uri, local: a.local, value: a.value })),
      children: [],
      text: '',
      line: parser.line,
      column: parser.column + 1,
    };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else root = node;
    stack.push(node);
    texts.push([]);
  });
  const onText = (chunk: string) => texts[texts.length - 1]?.push(chunk);
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const node = stack.pop()!;
    node.text = texts.pop()!.join('');
  });

  parser.write(text).close();
  if (!root) fail('the document has no root element');
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
