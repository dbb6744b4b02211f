/**
 * The print engines behind one door, as Gotenberg puts Chromium and LibreOffice behind one
 * conversion: a document written in HTML (Markdown arrives as HTML) is drawn by a headless
 * Chromium-based browser, one written in Word or OpenDocument by LibreOffice, or where there is no
 * LibreOffice, a .docx by Mammoth's HTML through the browser. The page drawn is a PDF, which the
 * printer then prints as it prints any PDF, so the proof is the page the engine laid out.
 *
 * Only where no engine is there is a document left to Mailroom's own text layout, and the drawing
 * says so (`approximation`), with how to get the real one. Which program each engine is comes from
 * `useEngines` (a setting or a flag), else the environment, else the machine (find.ts).
 */
import { createHash } from 'node:crypto';
import { letterFileTypes } from '../../contract';
import { UnreadableDocument, docxToPages } from '../docx-text';
import { ChromiumEngine, type HtmlDocument, type Paper } from './chromium';
import { ENGINE_OFF, ENGINE_VARIABLES, findEngine, type EngineKind, type Found } from './find';
import { OfficeEngine, OfficeError } from './office';
import { paperHtml } from './paper';
import { steadyPdf } from './steady';

export { DEFAULT_MARGINS, type BrowserPrint, type HtmlDocument, type Paper } from './chromium';
export { ENGINE_OFF, ENGINE_VARIABLES, findEngine, type EngineKind } from './find';

/** The file types each engine draws. */
export const BROWSER_TYPES: readonly string[] = ['html', 'htm'];
export const OFFICE_TYPES: readonly string[] = ['docx', 'doc', 'odt', 'rtf'];
/** Every type a letter is drawn from before printing: what Mailroom can send as the PDF of its proof. */
export const DRAWN_TYPES: readonly string[] = [...BROWSER_TYPES, ...OFFICE_TYPES];

/** Which engine drew a document, as the proof names it. */
export interface DrawnBy {
  /** "Chromium 156.0.8078.108", "LibreOffice 7.4.7.2", "Mammoth and Chromium 156.0.8078.108", or "Mailroom's text layout". */
  readonly engine: string;
  /** Only where no engine drew it: why, and how to get the real page. The page is then an approximation. */
  readonly approximation?: string;
  /** The engine was turned off (`none`), as asked: the approximation is said with the proof, not as a finding. */
  readonly turnedOff?: true;
}

export type Drawing =
  | {
      /** The page as the engine printed it. */
      readonly pdf: Uint8Array;
      readonly by: DrawnBy;
      /** What the document asked for and did not get (a picture not beside it). */
      readonly missing: readonly string[];
    }
  | { readonly pdf?: undefined; readonly by: DrawnBy; readonly unreadable?: string };

/** The programs to use, as a setting or a flag gives them (none: the environment's, else the machine's; `none`: off). */
export interface EnginePaths {
  readonly browser?: string;
  readonly office?: string;
}

const TEXT_LAYOUT = "Mailroom's text layout";

let paths: EnginePaths = {};
let browser: { readonly found: Found; engine?: ChromiumEngine } | undefined;
let office: { readonly found: Found; engine?: OfficeEngine } | undefined;

/** Uses these programs from now on; the engines started with others are closed. */
export async function useEngines(next: EnginePaths): Promise<void> {
  if (next.browser === paths.browser && next.office === paths.office) return;
  paths = { ...next };
  await closeEngines();
}

/** Closes the engines' programs (a command line ends; an extension is deactivated); the next drawing starts them again. */
export async function closeEngines(): Promise<void> {
  const open = browser?.engine;
  drawnLately.clear();
  browser = undefined;
  office = undefined;
  await open?.close();
}

function browserEngine(): ChromiumEngine | Found {
  browser ??= { found: findEngine('browser', paths.browser) };
  const { found } = browser;
  if (!('path' in found)) return found;
  return (browser.engine ??= new ChromiumEngine(found.path));
}

function officeEngine(): OfficeEngine | Found {
  office ??= { found: findEngine('office', paths.office) };
  const { found } = office;
  if (!('path' in found)) return found;
  return (office.engine ??= new OfficeEngine(found.path));
}

/** The browser engine, for what only a browser does (the pixels of a page); undefined where there is none. */
export function theBrowser(): ChromiumEngine | undefined {
  const engine = browserEngine();
  return engine instanceof ChromiumEngine ? engine : undefined;
}

/** Whether the browser was turned off (`none`): then what only it can do is left undone without a word, as asked. */
export function browserTurnedOff(): boolean {
  const engine = browserEngine();
  return !(engine instanceof ChromiumEngine) && 'missing' in engine && engine.missing === 'off';
}

function officeTurnedOff(): boolean {
  const engine = officeEngine();
  return !(engine instanceof OfficeEngine) && 'missing' in engine && engine.missing === 'off';
}

/** Why there is no browser to use, with how to get one, in words; or why the one there failed (`failed`). */
export function browserAbsence(failed?: unknown): string {
  const engine = browserEngine();
  return absence('browser', engine instanceof ChromiumEngine ? { path: engine.path } : engine, failed);
}

const SETTING: Readonly<Record<EngineKind, string>> = {
  browser: 'the setting mailroom.printing.browser, the flag --browser, or',
  office: 'the setting mailroom.printing.office, the flag --office, or',
};

/** Why an engine is not there, and how to get it, in words. */
function absence(kind: EngineKind, found: Found, failed?: unknown): string {
  const what = kind === 'browser' ? 'a Chromium-based browser (Chrome, Chromium or Edge)' : 'LibreOffice';
  const how = `Install ${what}, or name it with ${SETTING[kind]} ${ENGINE_VARIABLES[kind]}.`;
  if (failed !== undefined) {
    const why = failed instanceof Error ? failed.message.split('\n')[0] : 'it failed';
    return `${what} was found but did not print (${why}). ${how}`;
  }
  if ('path' in found) return how;
  switch (found.missing) {
    case 'off':
      return `${what} is turned off ("${ENGINE_OFF}"). Name the program instead to see the real page.`;
    case 'not-a-program':
      return `${found.given} is not a program that can be run. ${how}`;
    default:
      return `Mailroom found no ${what} on this machine. ${how}`;
  }
}

function approximation(why: string, turnedOff = false): DrawnBy {
  return {
    ...(turnedOff ? { turnedOff: true as const } : {}),
    engine: TEXT_LAYOUT,
    approximation: `This page is Mailroom's own text layout, an approximation: pictures, tables, type and page breaks are not as they will print. ${why.charAt(0).toUpperCase()}${why.slice(1)}`,
  };
}

async function byBrowser(document: HtmlDocument, prefix = ''): Promise<Drawing | string> {
  const engine = browserEngine();
  if (!(engine instanceof ChromiumEngine)) return absence('browser', engine);
  try {
    const { pdf, missing } = await engine.print(document);
    return { pdf: steadyPdf(pdf), missing, by: { engine: `${prefix}${await engine.version()}` } };
  } catch (error) {
    return absence('browser', { path: engine.path }, error);
  }
}

async function byOffice(data: Uint8Array, type: string): Promise<Drawing | string> {
  const engine = officeEngine();
  if (!(engine instanceof OfficeEngine)) return absence('office', engine);
  try {
    const pdf = steadyPdf(await engine.convert(data, type));
    return { pdf, missing: [], by: { engine: await producer(pdf, 'LibreOffice') } };
  } catch (error) {
    if (error instanceof OfficeError) return absence('office', { path: engine.path }, error);
    throw error;
  }
}

/** The program a PDF says made it ("LibreOffice 7.4"), else the name given. */
async function producer(pdf: Uint8Array, name: string): Promise<string> {
  const { PDFDocument } = await import('pdf-lib');
  try {
    const said = (await PDFDocument.load(pdf, { updateMetadata: false })).getProducer() ?? '';
    const version = new RegExp(`${name}[\\s/]*([\\d.]+)`, 'i').exec(said)?.[1];
    return version ? `${name} ${version}` : name;
  } catch {
    return name;
  }
}

/** A .docx as Mammoth's HTML, styled for paper, for the browser: where there is no LibreOffice. */
async function byMammoth(data: Uint8Array, title: string): Promise<Drawing | string> {
  const mammoth = await import('mammoth');
  const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(data) });
  return byBrowser({ html: paperHtml(title, value) }, 'Mammoth and ');
}

/**
 * Drawings made lately, by what was drawn: a proof asked again of an unchanged letter, and a test
 * suite sending the same letter a thousand times to the sandbox, draw it once. Only documents that
 * read no files beside them are kept (those files may change), and at most so many bytes.
 */
const drawnLately = new Map<string, Drawing>();
const DRAWN_LATELY_BYTES = 32 * 1024 * 1024;

function remembered(key: string | undefined, drawing: Drawing | undefined): Drawing | undefined {
  if (key === undefined || !drawing?.pdf) return drawing;
  drawnLately.set(key, drawing);
  let bytes = 0;
  for (const kept of drawnLately.values()) bytes += kept.pdf?.byteLength ?? 0;
  for (const [oldest, kept] of drawnLately) {
    if (bytes <= DRAWN_LATELY_BYTES || drawnLately.size <= 1) break;
    drawnLately.delete(oldest);
    bytes -= kept.pdf?.byteLength ?? 0;
  }
  return drawing;
}

/**
 * A document drawn as its engine prints it: HTML by the browser (its relative files read from
 * `base`), Word and OpenDocument by LibreOffice (a .docx by Mammoth and the browser where there is
 * none). A type no engine draws (PDF) is not drawn: it is printed as it is.
 */
export async function drawDocument(document: {
  readonly type: string;
  readonly data: Uint8Array;
  readonly base?: string;
  readonly title?: string;
  /** HTML's paper, edge to edge (a postcard's side); none: a letter's. */
  readonly paper?: Paper;
}): Promise<Drawing | undefined> {
  const { type, data, paper } = document;
  if (!DRAWN_TYPES.includes(type)) return undefined;
  const key = document.base
    ? undefined
    : `${type} ${paper ? `${paper.width}x${paper.height}` : ''} ${paths.browser ?? ''} ${paths.office ?? ''} ${createHash('sha256').update(data).digest('hex')}`;
  const kept = key === undefined ? undefined : drawnLately.get(key);
  if (kept) {
    // To the end: the most recently used.
    drawnLately.delete(key!);
    drawnLately.set(key!, kept);
    return kept;
  }
  return remembered(key, await drawAnew(document));
}

async function drawAnew(document: Parameters<typeof drawDocument>[0]): Promise<Drawing | undefined> {
  const { type, data } = document;
  if (BROWSER_TYPES.includes(type)) {
    const drawn = await byBrowser({
      html: Buffer.from(data).toString('utf8'),
      ...(document.base ? { base: document.base } : {}),
      ...(document.paper ? { paper: document.paper } : {}),
    });
    return typeof drawn === 'string' ? { by: approximation(drawn, browserTurnedOff()) } : drawn;
  }
  if (!OFFICE_TYPES.includes(type)) return undefined;
  if (type === 'docx') {
    try {
      docxToPages(data);
    } catch (error) {
      // Not a .docx at all: what the service would say of it (-1025), not what a lenient converter makes of it.
      if (error instanceof UnreadableDocument)
        return { by: { engine: TEXT_LAYOUT }, unreadable: `The .docx file cannot be read: ${error.message}.` };
      throw error;
    }
  }
  const drawn = await byOffice(data, type);
  if (typeof drawn !== 'string') return drawn;
  if (type === 'docx') {
    const mammoth = await byMammoth(data, document.title ?? 'document.docx');
    return typeof mammoth === 'string' ? { by: approximation(`${drawn} ${mammoth}`, officeTurnedOff() && browserTurnedOff()) } : mammoth;
  }
  return { by: approximation(drawn, officeTurnedOff()) };
}

/** Whether the service itself takes this type as a letter (the others are only ever sent as the PDF drawn of them). */
export function serviceTakes(type: string): boolean {
  return (letterFileTypes as readonly string[]).includes(type);
}
