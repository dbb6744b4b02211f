/**
 * A document of the workspace as a letter the service prints: PDF, DOC, DOCX and HTML as they are;
 * Markdown rendered to HTML (its front matter may name the recipient); any other text wrapped as
 * preformatted HTML, since the service refuses `txt`.
 */
import MarkdownIt from 'markdown-it';
import { escapeText, letterFileTypes, normalizeFileType } from '../../contract';
import { readFrontMatter, type FrontMatter } from './front-matter';

export interface LetterDocument {
  /** The FileExtension to send. */
  readonly type: string;
  readonly data: Buffer;
  /** The recipient named in a Markdown front matter. */
  readonly to?: FrontMatter['to'];
}

const MARKDOWN_TYPES = ['md', 'markdown'];

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeText(title)}</title></head><body>${body}</body></html>`;

export function letterDocument(fileName: string, content: Uint8Array): LetterDocument {
  const dot = fileName.lastIndexOf('.');
  const type = dot < 0 ? '' : normalizeFileType(fileName.slice(dot + 1));
  if ((letterFileTypes as readonly string[]).includes(type)) return { type, data: Buffer.from(content) };
  const text = Buffer.from(content).toString('utf8');
  if (MARKDOWN_TYPES.includes(type)) {
    const { to, body } = readFrontMatter(text);
    // Raw HTML in Markdown is kept off: the letter is what the Markdown says.
    const html = new MarkdownIt({ html: false, linkify: false, typographer: true }).render(body);
    return { type: 'html', data: Buffer.from(page(fileName, html)), ...(to ? { to } : {}) };
  }
  return { type: 'html', data: Buffer.from(page(fileName, `<pre>${escapeText(text)}</pre>`)) };
}

