/**
 * Where a Markdown letter's front matter is, without reading it: `---` alone on the first line
 * (after a byte order mark), the YAML, then `---` (or YAML's own document end, `...`) alone on a
 * line; a `---` further down is the body's (a rule). No YAML parser here: the extension asks this
 * much of every Markdown document it sees (the CodeLens, whether a document is a letter to check
 * as it is typed), and the parser stays out of its bundle (front-matter.ts reads the YAML; the
 * contract's index does not export it, see docs/architecture.md).
 */

/** Where a value is in the document's text: its first character, and the one after its last. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface FrontMatterFences {
  /** The opening `---`, without its line break. */
  readonly open: Span;
  /** The YAML between the fences (its last line break included); to the end of the text when never closed. */
  readonly yaml: Span;
  /** The closing line, without its line break; none when the front matter is never closed. */
  readonly close?: Span;
  /** Where the letter starts: after the closing line (the end of the text when never closed). */
  readonly body: number;
}

const OPEN = /^(\uFEFF?)(---)[ \t]*(?:\r?\n|$)/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*\r?$/;

/** The front matter's fences and its YAML; none when the document does not open with one. */
export function frontMatterFences(text: string): FrontMatterFences | undefined {
  const opened = OPEN.exec(text);
  if (!opened) return undefined;
  const open = { start: opened[1]!.length, end: opened[1]!.length + 3 };
  const yamlStart = opened[0].length;
  for (let at = yamlStart; at < text.length;) {
    const newline = text.indexOf('\n', at);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(at, end);
    if (CLOSE.test(line)) {
      return {
        open,
        yaml: { start: yamlStart, end: at },
        close: { start: at, end: at + line.replace(/\r$/, '').length },
        body: newline < 0 ? text.length : newline + 1,
      };
    }
    at = end + 1;
  }
  return { open, yaml: { start: yamlStart, end: text.length }, body: text.length };
}

/** The 1-based line of the text an offset is on. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** A key `to` (in any case, quoted or not) at the start of one of the front matter's lines. */
const NAMES_TO = /^(["']?)to\1[ \t]*:/im;

/**
 * A letter's front matter, as the editor tells one: it names `to:` (in any case). A Markdown note
 * or a site generator's page, whose front matter is another tool's, is not checked as it is typed;
 * sending or preflighting a document reads its front matter whatever it names.
 */
export function isLetterFrontMatter(text: string): boolean {
  const fences = frontMatterFences(text);
  return fences !== undefined && NAMES_TO.test(text.slice(fences.yaml.start, fences.yaml.end));
}
