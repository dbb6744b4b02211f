/**
 * A merge template's own source filled row by row, as the service fills it (facts, Part B), for
 * the engines to draw: an HTML template's {{Field}}s (and «Field»s) replaced by the row's values,
 * HTML-escaped; a .docx template's «Field»s replaced in word/document.xml, XML-escaped, and the
 * file zipped again. The template sent to the service stays the template: only its drawing is
 * filled here.
 *
 * Many rows also go into one document (`chunkDocument`), each row's pages starting a page of its
 * own, so that an engine draws a slice of a batch in one print rather than one print a row.
 */
import { strFromU8, strToU8, unzipSync, zipSync, type Unzipped } from 'fflate';
import { escapeText } from '../contract';
import { PLACEHOLDER, fieldsIn } from './blocks';

/** A template's source, filled for one row or for several at once. */
export interface MergeSource {
  readonly type: 'html' | 'docx';
  /** One row's document, as its engine draws it. */
  fill(values: ReadonlyMap<string, string>): Uint8Array;
  /** Several rows in one document, each from a new page; undefined when this template cannot be put together so. */
  chunk?(rows: readonly ReadonlyMap<string, string>[]): Uint8Array;
}

/** A «Field» or {{Field}} whose characters Word may have split over runs: the tags between are kept, the text goes. */
const SPLIT_FIELD = /«((?:[^«»<]|<[^>]*>)*?)»/g;
const DOCUMENT_XML = 'word/document.xml';

const xmlEscaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A value as the text of a run: its line breaks as Word's breaks (the service prints each line of a field on its own). */
function runText(value: string): string {
  return value
    .split(/\r\n|\r|\n/)
    .map(xmlEscaped)
    .join('</w:t><w:br/><w:t xml:space="preserve">');
}

/** word/document.xml with each field filled, a field split over runs filled in its first run. */
export function fillDocumentXml(xml: string, values: ReadonlyMap<string, string>): string {
  return xml.replace(SPLIT_FIELD, (whole, inner: string) => {
    const name = inner.replace(/<[^>]*>/g, '').trim();
    const value = values.get(name);
    if (value === undefined) return whole;
    const tags = inner.match(/<[^>]*>/g)?.join('') ?? '';
    return `${runText(value)}${tags}`;
  });
}

/** The body's content and what closes it: its last section's properties, which the whole document keeps once. */
function bodyParts(xml: string): { head: string; content: string; tail: string } | undefined {
  const open = /<w:body>/.exec(xml);
  const close = xml.lastIndexOf('</w:body>');
  if (!open || close < 0) return undefined;
  const start = open.index + open[0].length;
  const inner = xml.slice(start, close);
  const sect = inner.lastIndexOf('<w:sectPr');
  const content = sect >= 0 ? inner.slice(0, sect) : inner;
  return { head: xml.slice(0, start), content, tail: xml.slice(start + content.length) };
}

/** A paragraph that only starts a new page: Word's own page break before, holding nothing. */
const PAGE_BREAK =
  '<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="1" w:lineRule="exact"/></w:pPr><w:r><w:br w:type="page"/></w:r></w:p>';

function docxSource(data: Uint8Array): MergeSource {
  const files: Unzipped = unzipSync(data);
  const xml = strFromU8(files[DOCUMENT_XML] ?? new Uint8Array());
  const zipped = (documentXml: string) => zipSync({ ...files, [DOCUMENT_XML]: strToU8(documentXml) }, { level: 1 });
  const parts = bodyParts(xml);
  // Fields in headers, footers or text boxes' own parts are not filled per row in a chunk: such a template is drawn a row at a time.
  const fieldsElsewhere = Object.entries(files).some(
    ([name, bytes]) => name !== DOCUMENT_XML && /^word\/(header|footer)\d*\.xml$/.test(name) && fieldsIn(strFromU8(bytes)).length > 0,
  );
  return {
    type: 'docx',
    fill: (values) => zipped(fillDocumentXml(xml, values)),
    ...(parts && !fieldsElsewhere
      ? {
          chunk: (rows: readonly ReadonlyMap<string, string>[]) =>
            zipped(`${parts.head}${rows.map((values) => fillDocumentXml(parts.content, values)).join(PAGE_BREAK)}${parts.tail}`),
        }
      : {}),
  };
}

/** An HTML template with its values HTML-escaped, as the service fills it. */
export function fillHtml(html: string, values: ReadonlyMap<string, string>): string {
  return html.replace(PLACEHOLDER, (whole, a?: string, b?: string) => {
    const value = values.get((a ?? b)!);
    return value === undefined ? whole : escapeText(value);
  });
}

/** Where an HTML template's body is: what comes before its content, the content, and after. */
function htmlParts(html: string): { head: string; content: string; tail: string } {
  const open = /<body\b[^>]*>/i.exec(html);
  const close = html.search(/<\/body\s*>/i);
  if (!open) return { head: '', content: html, tail: '' };
  const start = open.index + open[0].length;
  const end = close >= start ? close : html.length;
  return { head: html.slice(0, start), content: html.slice(start, end), tail: html.slice(end) };
}

/** The class of each row's part of a chunk. */
export const ROW_CLASS = 'mailroom-merge-row';

function htmlSource(data: Uint8Array): MergeSource {
  const html = Buffer.from(data).toString('utf8');
  const { head, content, tail } = htmlParts(html);
  // Each row from a new page, starting where it starts in a document of its own. There Chromium
  // keeps the body's top margin and drops its first box's, which meets the page's top; after a
  // forced break it keeps that box's instead. So the row's first box loses its top margin, and a
  // row after the first takes the body's (`inherit`: the body's computed value) in its place. A
  // margin nested deeper (a first child's first child) is still kept: the chunk's page total check
  // catches what that moves onto another page.
  const style = `<style>.${ROW_CLASS} { display: flow-root; } .${ROW_CLASS} > :first-child { margin-top: 0 !important; }</style>`;
  const rowStart = (i: number) =>
    `${i === 0 ? style : ''}<div class="${ROW_CLASS}"${i === 0 ? '' : ' style="break-before: page; margin-top: inherit"'}>`;
  const outside = fieldsIn(head).length + fieldsIn(tail).length > 0;
  return {
    type: 'html',
    fill: (values) => Buffer.from(fillHtml(html, values), 'utf8'),
    ...(outside
      ? {}
      : {
          chunk: (rows: readonly ReadonlyMap<string, string>[]) =>
            Buffer.from(`${head}${rows.map((values, i) => `${rowStart(i)}${fillHtml(content, values)}</div>`).join('')}${tail}`, 'utf8'),
        }),
  };
}

/** The template's source for the engines; undefined for a type no engine fills here. */
export function mergeSource(type: string, data: Uint8Array): MergeSource | undefined {
  if (type === 'docx') return docxSource(data);
  if (type === 'html' || type === 'htm') return htmlSource(data);
  return undefined;
}
