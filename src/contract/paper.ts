/**
 * HTML for paper: how a letter Mailroom writes in HTML (Markdown's, text's, Mammoth's) is styled
 * to print, the way VS Code's Markdown preview styles it for the screen: readable body type,
 * headings, tables with ruled cells and room in them, code in a monospaced face on a light ground,
 * pictures no wider than the page, on US Letter (the document's own `@page` may change it). It is
 * part of the letter the service is sent, as it is or drawn, so it lives with the contract, which
 * the client (that writes the HTML) and printing (that draws it) both read.
 */
import { escapeText } from './xml';

export const PAPER_STYLE = `
@page { size: letter; }
html { font-family: "Liberation Sans", Arial, Helvetica, "DejaVu Sans", sans-serif; font-size: 11pt; line-height: 1.45; color: #000; }
body { margin: 0; }
h1, h2, h3, h4, h5, h6 { font-weight: bold; line-height: 1.25; margin: 1.1em 0 0.5em; break-after: avoid; }
h1 { font-size: 1.8em; } h2 { font-size: 1.45em; } h3 { font-size: 1.2em; } h4, h5, h6 { font-size: 1em; }
p, ul, ol, table, pre, blockquote { margin: 0 0 0.8em; }
img { max-width: 100%; }
table { border-collapse: collapse; }
th, td { border: 0.75pt solid #888; padding: 3pt 6pt; text-align: left; vertical-align: top; }
th { font-weight: bold; background: #f2f2f2; }
tr { break-inside: avoid; }
code, pre { font-family: "Liberation Mono", "DejaVu Sans Mono", Consolas, Menlo, monospace; font-size: 0.9em; }
code { background: #f2f2f2; padding: 0 2pt; border-radius: 2pt; }
pre { background: #f6f6f6; padding: 6pt 8pt; white-space: pre-wrap; border-radius: 3pt; }
pre code { background: none; padding: 0; }
blockquote { border-left: 3pt solid #ccc; padding-left: 8pt; color: #333; }
hr { border: 0; border-top: 0.75pt solid #999; }
a { color: inherit; }
`;

/** A body of HTML as a whole page styled for paper. */
export function paperHtml(title: string, body: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeText(title)}</title><style>${PAPER_STYLE}</style></head><body>${body}</body></html>`;
}
