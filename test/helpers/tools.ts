/** Real outside tools the tests drive: xmllint and Debian's Python with zeep. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const projectRoot = join(__dirname, '..', '..');

/** Debian's Python, where python3-zeep and lxml are installed (not a pyenv one on PATH). */
export const systemPython = '/usr/bin/python3';

/** The W3C SOAP encoding schema, shipped inside strong-soap (no Debian package carries it). */
export const soapEncodingXsd = join(projectRoot, 'node_modules', 'strong-soap', 'xsds', 'soap-encoding.xsd');

export function runPythonTool(...args: string[]): string {
  return execFileSync(systemPython, [join(projectRoot, 'test', 'tools', 'wsdl_tools.py'), ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

export interface XmllintResult {
  readonly ok: boolean;
  readonly output: string;
}

export function xmllint(...args: string[]): XmllintResult {
  const result = spawnSync('xmllint', args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/** A fresh temporary folder, removed after the current mocha suite. */
export function useTempDir(): () => string {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mailroom-test-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  return () => dir;
}

export interface PdfWord {
  readonly text: string;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}
export interface PdfPage {
  readonly width: number;
  readonly height: number;
  readonly words: readonly PdfWord[];
  /** The page's words joined by spaces. */
  readonly text: string;
  /** The words set in body sizes (no glyph over 20 pt tall or 15 pt wide), joined: the text without a large diagonal mark. */
  readonly body: string;
}

/** What poppler's pdftotext reads on each page of a PDF: words with their boxes (points from the top left). */
export function pdfPages(pdf: Uint8Array): PdfPage[] {
  const xml = execFileSync('pdftotext', ['-bbox', '-', '-'], { input: pdf, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  return [...xml.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)].map(([, width, height, body]) => {
    const words = [...body!.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
      ([, xMin, yMin, xMax, yMax, text]) => ({
        text: decode(text!),
        xMin: Number(xMin),
        yMin: Number(yMin),
        xMax: Number(xMax),
        yMax: Number(yMax),
      }),
    );
    const bodyWords = words.filter((w) => w.yMax - w.yMin <= 20 && (w.xMax - w.xMin) / w.text.length <= 15);
    return {
      width: Number(width),
      height: Number(height),
      words,
      text: words.map((w) => w.text).join(' '),
      body: bodyWords.map((w) => w.text).join(' '),
    };
  });
}
