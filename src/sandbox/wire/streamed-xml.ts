/**
 * An answer whose list is long (a batch's 100,000 items in GetBatchDetails or GetBatchStatus)
 * written as it goes out rather than built whole: the element tree of 100,000 items takes some
 * 600 MB and seconds of one thread, in which the sandbox answers nobody else. The answer around
 * the list is written as usual with a marker where the list goes; the list is then written
 * CHUNK items at a time, each chunk's elements made, written and let go, with a turn of the event
 * loop between chunks (http-server.ts). The bytes are those of the whole tree written at once.
 */
import { encodeValue, writeXml, type Field, type Operation, type XmlElement, type XmlNode } from '../../contract';

/** A list longer than this is streamed; a shorter one (every answer of 1,000 IDs) is written whole. */
export const STREAMED_ITEMS = 2000;
/** Items written at a time. */
const CHUNK = 500;

/** An answer's text, a part at a time. */
export interface StreamedBody {
  readonly parts: () => Iterable<string>;
}

/** An element name no XML can hold: it cannot occur in what the writer writes. */
const MARK_NAME = '\u0000list';
const MARK = `<${MARK_NAME} />`;

/** The result's top-level list that is long enough to stream, if any. */
export function longList(op: Operation, result: unknown): { field: Field; items: readonly unknown[] } | undefined {
  if (op.result.kind !== 'structure' || typeof result !== 'object' || result === null) return undefined;
  for (const field of op.result.fields) {
    const items = (result as Record<string, unknown>)[field.name];
    if (field.type.kind === 'array' && Array.isArray(items) && items.length > STREAMED_ITEMS) return { field, items };
  }
  return undefined;
}

/** The tree with the first element named `name` holding only the marker. */
function marked(node: XmlElement, name: string): { element: XmlElement; found: boolean } {
  if (node.name === name) return { element: { ...node, children: [{ name: MARK_NAME, attrs: {}, children: [] }] }, found: true };
  let found = false;
  const children: XmlNode[] = node.children.map((child) => {
    if (found || typeof child === 'string') return child;
    const inner = marked(child, name);
    found = inner.found;
    return inner.element;
  });
  return { element: found ? { ...node, children } : node, found };
}

/**
 * The answer `root(result without the list's items)` writes, streamed: `root` makes the whole
 * answer's tree from a result, as the binding does (SOAP on one line, HTTP GET/POST indented).
 */
export function streamedXml(
  result: Record<string, unknown>,
  list: { readonly field: Field; readonly items: readonly unknown[] },
  root: (result: Record<string, unknown>) => XmlElement,
  indent: boolean,
): StreamedBody {
  const { field, items } = list;
  if (field.type.kind !== 'array') throw new Error(`${field.name} is not a list`);
  const { itemElement, item: itemType } = field.type;
  const tree = marked(root({ ...result, [field.name]: [] }), field.name);
  if (!tree.found) throw new Error(`the answer has no ${field.name} element`);
  const text = writeXml(tree.element, { indent });
  const at = text.indexOf(MARK);
  // Indented, the marker stands on a line of its own, as each item will: `\r\n`, its indent, the item.
  const lineStart = indent ? text.lastIndexOf('\r\n', at) : at;
  const pad = indent ? text.slice(lineStart + 2, at) : '';
  const head = text.slice(0, lineStart);
  const tail = text.slice(at + MARK.length);
  const write = (value: unknown): string => {
    const element = encodeValue(itemElement, itemType, value);
    if (!element) return '';
    if (!indent) return writeXml(element, { indent: false, declaration: false });
    // Every `\r\n` the writer writes is its own (a text's CR is written as &#xD;): each line of the item moves in by its depth.
    return `\r\n${pad}${writeXml(element, { indent: true, declaration: false }).replaceAll('\r\n', `\r\n${pad}`)}`;
  };
  return {
    *parts() {
      yield head;
      for (let start = 0; start < items.length; start += CHUNK)
        yield items
          .slice(start, start + CHUNK)
          .map(write)
          .join('');
      yield tail;
    },
  };
}
