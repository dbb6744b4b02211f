/**
 * A file as a letter the service prints: PDF, DOC, DOCX and HTML as they are; OpenDocument (.odt)
 * and RTF, which the service does not take, only to be drawn and sent as the PDF of their proof;
 * Markdown rendered to HTML styled for paper (its front matter may name the recipient); any other
 * text wrapped as preformatted HTML, since the service refuses `txt`. Pictures and other binary
 * files are refused here, before anything is sent, with the types that would do, and so is a
 * Markdown letter whose front matter cannot be read as written (each error with its line, in the
 * words the editor shows).
 */
import { AddressError, escapeText, letterFileTypes, normalizeFileType, paperHtml } from '../contract';
import { inlinePictures } from './local-pictures';
import {
  FrontMatterError,
  readFrontMatter,
  readFrontMatterAsWritten,
  type FrontMatter,
  type FrontMatterProblem,
  type FrontMatterRecipient,
} from '../contract/front-matter';

export interface LetterDocument {
  /** The FileExtension to send. */
  readonly type: string;
  readonly data: Buffer;
  /** The recipient named in a Markdown front matter. */
  readonly to?: FrontMatter['to'];
  /** What a Markdown front matter says that Mailroom leaves aside, or may have read otherwise than meant. */
  readonly warnings?: readonly FrontMatterProblem[];
}

export class DocumentError extends Error {}

const MARKDOWN_TYPES = ['md', 'markdown'] as const;
/** Types the service does not take, drawn by LibreOffice and sent as the PDF of their proof, never as they are. */
export const DRAWN_ONLY_TYPES: readonly string[] = ['odt', 'rtf'];
/** Plain text, wrapped as preformatted HTML; '' is a file without an extension. */
const TEXT_TYPES = ['txt', 'text', 'log', ''] as const;

/**
 * Every file extension a letter is made from: the service's own types and those converted here.
 * The extension's send menus offer exactly these (package.json cannot import them;
 * test/extension-unit/manifest.test.ts holds its `when` clauses to this list).
 */
export const LETTER_DOCUMENT_TYPES: readonly string[] = [
  ...letterFileTypes,
  ...DRAWN_ONLY_TYPES,
  ...MARKDOWN_TYPES,
  ...TEXT_TYPES.filter(Boolean),
];

/** How the letter is to be sent, which changes what is made of the file. */
export interface DocumentOptions {
  /** The folder the file is in, where its relative pictures are. */
  readonly base?: string;
  /**
   * Sent as it is, to the service's own converter, which cannot see the file's folder: a Markdown
   * letter's pictures beside it go inside it (data: URIs), and a type only drawn here is refused.
   */
  readonly asIs?: boolean;
}

/** The file's type as the service names it, from its name: `Invoice.PDF` → `pdf`. */
export function fileTypeOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : normalizeFileType(fileName.slice(dot + 1));
}

/** A front matter that cannot be read, or whose recipient is not one the service can mail, is the document's mistake. */
function documentMistake<T>(fileName: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof FrontMatterError) {
      throw new DocumentError(error.problems.map((p) => `${fileName}, line ${p.line}: ${p.message}`).join('\n'));
    }
    if (error instanceof AddressError) throw new DocumentError(`${fileName}: ${error.message}`, { cause: error });
    throw error;
  }
}

/** A letter as the service takes it, with its front matter's recipient as written (not yet held to the address rules). */
export interface LetterDraft {
  readonly type: string;
  readonly data: Buffer;
  readonly to?: FrontMatterRecipient;
  readonly warnings?: readonly FrontMatterProblem[];
}

/**
 * The file as a letter, its recipient as written: what the preflight reads, so that an address the
 * service would refuse is a finding rather than a refusal. A file that is no letter is a DocumentError.
 */
export async function letterDraft(fileName: string, content: Uint8Array, options: DocumentOptions = {}): Promise<LetterDraft> {
  return convert(fileName, content, options, (text) => documentMistake(fileName, () => readFrontMatterAsWritten(text)));
}

export async function letterDocument(fileName: string, content: Uint8Array, options: DocumentOptions = {}): Promise<LetterDocument> {
  return convert(fileName, content, options, (text) => documentMistake(fileName, () => readFrontMatter(text)));
}

async function convert<To>(
  fileName: string,
  content: Uint8Array,
  options: DocumentOptions,
  frontMatter: (text: string) => { readonly to?: To; readonly body: string; readonly warnings: readonly FrontMatterProblem[] },
): Promise<{ type: string; data: Buffer; to?: To; warnings?: readonly FrontMatterProblem[] }> {
  const type = fileTypeOf(fileName);
  if ((letterFileTypes as readonly string[]).includes(type)) return { type, data: Buffer.from(content) };
  if (DRAWN_ONLY_TYPES.includes(type)) {
    if (options.asIs) {
      throw new DocumentError(
        `${fileName}: the service takes PDF, DOC, DOCX and HTML, not .${type}; a .${type} letter is sent only as the PDF LibreOffice draws of it, not as it is`,
      );
    }
    return { type, data: Buffer.from(content) };
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(content);
  // A NUL or an undecodable byte says "binary", whatever the name says.
  if (!([...MARKDOWN_TYPES, ...TEXT_TYPES] as readonly string[]).includes(type) || text.includes('\0') || text.includes('\uFFFD')) {
    throw new DocumentError(
      `${fileName}: the service prints PDF, DOC, DOCX and HTML, and Mailroom converts OpenDocument, RTF, Markdown and text; not .${type || 'this file'}`,
    );
  }
  if ((MARKDOWN_TYPES as readonly string[]).includes(type)) {
    const { to, body, warnings } = frontMatter(text);
    // Loaded only for Markdown, so that opening the client stays cheap. Raw HTML in Markdown is
    // kept off: the letter is what the Markdown says.
    const { default: MarkdownIt } = await import('markdown-it');
    const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });
    const env = {};
    const tokens = markdown.parse(body, env);
    if (options.asIs && options.base) await inlinePictures(tokens, options.base);
    const html = markdown.renderer.render(tokens, markdown.options, env);
    return {
      type: 'html',
      data: Buffer.from(paperHtml(fileName, html)),
      ...(to ? { to } : {}),
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  }
  return { type: 'html', data: Buffer.from(paperHtml(fileName, `<pre>${escapeText(text)}</pre>`)) };
}
