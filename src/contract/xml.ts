/**
 * A small XML writer: element trees to text, either on one line (as ASP.NET writes SOAP) or
 * indented by two spaces (as it writes WSDLs and HTTP GET/POST results).
 */

export interface XmlElement {
  readonly name: string;
  /** Attributes in order; an undefined value is left out. */
  readonly attrs: Readonly<Record<string, string | undefined>>;
  readonly children: readonly XmlNode[];
}
export type XmlNode = XmlElement | string;

/** Array.isArray says `any[]` of a readonly array; this says what it holds. */
const isNodeList = (child: XmlNode | readonly XmlNode[]): child is readonly XmlNode[] => Array.isArray(child);

export function el(
  name: string,
  attrs: Readonly<Record<string, string | undefined>> = {},
  ...children: readonly (XmlNode | readonly XmlNode[] | undefined)[]
): XmlElement {
  const flat: XmlNode[] = [];
  for (const child of children) {
    if (child === undefined) continue;
    if (isNodeList(child)) flat.push(...child);
    else flat.push(child);
  }
  return { name, attrs, children: flat };
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#xD;' };

export function escapeText(text: string): string {
  return text.replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c]!);
}

export function escapeAttribute(text: string): string {
  return text.replace(/[&<>"\r\n\t]/g, (c) => TEXT_ESCAPES[c] ?? `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`);
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

/** Writes an element; `indent` lays out elements that hold only elements on lines of their own. */
export function writeXml(root: XmlElement, options: { indent: boolean; declaration?: boolean }): string {
  const parts: string[] = [];
  if (options.declaration !== false) parts.push(XML_DECLARATION, options.indent ? '\r\n' : '');
  writeElement(root, options.indent ? 0 : -1, parts);
  return parts.join('');
}

function writeElement(node: XmlElement, depth: number, out: string[]): void {
  const pad = depth >= 0 ? '  '.repeat(depth) : '';
  out.push(pad, '<', node.name);
  for (const [key, value] of Object.entries(node.attrs)) {
    if (value !== undefined) out.push(' ', key, '="', escapeAttribute(value), '"');
  }
  if (node.children.length === 0) {
    out.push(' />');
    return;
  }
  out.push('>');
  const onlyElements = depth >= 0 && node.children.every((c) => typeof c !== 'string');
  for (const child of node.children) {
    if (typeof child === 'string') {
      out.push(escapeText(child));
    } else if (onlyElements) {
      out.push('\r\n');
      writeElement(child, depth + 1, out);
    } else {
      writeElement(child, -1, out);
    }
  }
  if (onlyElements) out.push('\r\n', pad);
  out.push('</', node.name, '>');
}
