/**
 * The letters of the render corpus made in code (a long invoice, a full-page scan, a Word file
 * with a table and a picture), and poppler's tools reading a PDF back as a person checks it:
 * pdfinfo (pages, sizes), pdffonts (faces, embedded or not), pdfimages -list (pictures),
 * pdftotext (each page's text, and -layout, which keeps a table's columns apart).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';

export const CHROMIUM = '/usr/bin/chromium';
export const SOFFICE = '/usr/bin/soffice';

/** A poppler tool run on the PDF (written to a file of its own: not every tool reads standard input). */
function poppler(tool: string, args: readonly string[], pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'mailroom-poppler-'));
  try {
    const file = join(dir, 'read.pdf');
    writeFileSync(file, pdf);
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's page count, as pdfinfo reads it. */
export function pageCountOf(pdf: Uint8Array): number {
  const pages = /^Pages:\s+(\d+)/m.exec(poppler('pdfinfo', [], pdf))?.[1];
  if (pages === undefined) throw new Error('pdfinfo read no page count');
  return Number(pages);
}

/** Each page's size in points, as pdfinfo reads it. */
export function pageSizesOf(pdf: Uint8Array): { width: number; height: number }[] {
  const info = poppler('pdfinfo', ['-f', '1', '-l', String(pageCountOf(pdf))], pdf);
  return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
}

export interface PdfFont {
  readonly name: string;
  readonly type: string;
  readonly embedded: boolean;
}

/** The fonts pdffonts lists: name, type, and whether each is embedded. */
export function fontsOf(pdf: Uint8Array): PdfFont[] {
  const lines = poppler('pdffonts', [], pdf).split('\n').slice(2).filter(Boolean);
  return lines.map((line) => {
    // name type encoding emb sub uni object ID: the columns from the right are fixed.
    const cells = line.trim().split(/\s+/);
    const [emb] = cells.slice(-5);
    return { name: cells[0]!, type: cells.slice(1, -6).join(' '), embedded: emb === 'yes' };
  });
}

export interface PdfImage {
  readonly page: number;
  readonly width: number;
  readonly height: number;
  readonly type: string;
}

/** The pictures pdfimages -list finds (soft masks left aside), with the page each is on and its pixels. */
export function imagesOf(pdf: Uint8Array): PdfImage[] {
  const lines = poppler('pdfimages', ['-list'], pdf).split('\n').slice(2).filter(Boolean);
  return lines
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells[2] !== 'smask')
    .map((cells) => ({ page: Number(cells[0]), width: Number(cells[3]), height: Number(cells[4]), type: cells[2]! }));
}

/** The text as pdftotext -layout reads it: a table's cells on one line, apart as they print. */
export function layoutText(pdf: Uint8Array): string {
  return poppler('pdftotext', ['-layout'], pdf);
}

/** Each page's words, as pdftotext reads them, joined by single spaces. */
export function pageTextsOf(pdf: Uint8Array): string[] {
  const text = poppler('pdftotext', [], pdf);
  const pages = text.split('\f');
  if (pages.at(-1)?.trim() === '') pages.pop();
  return pages.map((p) => p.split(/\s+/).filter(Boolean).join(' '));
}

/** An invoice as people write it in HTML: a logo beside the file, a serif type, a bold heading, a bordered table of `rows` rows. */
export function invoiceHtml(rows: number): string {
  const body = Array.from(
    { length: rows },
    (_, i) => `<tr><td>Item ${i + 1}</td><td>Widget model ${i + 1}</td><td class="n">$${(i + 1).toFixed(2)}</td></tr>`,
  ).join('\n');
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Invoice 2026-118</title>
<style>
  body { font-family: "Liberation Serif", "Times New Roman", serif; font-size: 11pt; }
  header { display: flex; justify-content: space-between; align-items: center; }
  h1 { font-size: 20pt; font-weight: bold; margin: 0; }
  table { border-collapse: collapse; width: 100%; margin-top: 18pt; }
  th, td { border: 1px solid #333; padding: 3pt 8pt; text-align: left; }
  td.n { text-align: right; }
</style></head>
<body>
<header><h1>Invoice 2026-118</h1><img src="logo.png" width="180" height="60" alt="Acme Widgets"></header>
<p>Acme Widgets Ltd, 4 Mill Lane, Springfield, IL 62701</p>
<table><thead><tr><th>Item</th><th>Description</th><th>Amount</th></tr></thead>
<tbody>
${body}
</tbody></table>
<p><strong>Total due within 30 days.</strong></p>
</body></html>
`;
}

/** A letter of a scanned form, printed at the page's full width (8.5 × 11 in at 100 px/in), then a paragraph. */
export function scannedFormHtml(): string {
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Claim form</title>
<style>img { width: 100%; display: block; }</style></head>
<body>
<img src="form.png" alt="Scanned claim form">
<p>Please return the completed form in the envelope enclosed, signed on both pages, by 31 January. Claims received
after that date are paid in the next quarter. Keep a copy of the form and of any receipts you send for your records:
we cannot return originals.</p>
<p>Yours sincerely,<br>Claims Department</p>
</body></html>
`;
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A Word invoice: a bold heading, an inline picture (word/media/image1.png), a bordered table of `rows` rows, a bold sign-off. */
export function wordDocx(png: Uint8Array, rows: number, pixels = { width: 180, height: 120 }): Buffer {
  const emu = (px: number) => Math.round((px / 96) * 914400);
  const run = (text: string, bold = false) => `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
  const cell = (text: string, width: number) => `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr><w:p>${run(text)}</w:p></w:tc>`;
  const border = (side: string) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`;
  const table =
    `<w:tbl><w:tblPr><w:tblW w:w="8000" w:type="dxa"/><w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(border).join('')}</w:tblBorders></w:tblPr>` +
    '<w:tblGrid><w:gridCol w:w="2000"/><w:gridCol w:w="4000"/><w:gridCol w:w="2000"/></w:tblGrid>' +
    Array.from(
      { length: rows },
      (_, i) => `<w:tr>${cell(`Item ${i + 1}`, 2000)}${cell(`Widget model ${i + 1}`, 4000)}${cell(`$${(i + 1).toFixed(2)}`, 2000)}</w:tr>`,
    ).join('') +
    '</w:tbl>';
  const picture =
    '<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0">' +
    `<wp:extent cx="${emu(pixels.width)}" cy="${emu(pixels.height)}"/><wp:docPr id="1" name="Stamp"/>` +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
    '<pic:nvPicPr><pic:cNvPr id="1" name="image1.png"/><pic:cNvPicPr/></pic:nvPicPr>' +
    '<pic:blipFill><a:blip r:embed="rIdImage1"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>' +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${emu(pixels.width)}" cy="${emu(pixels.height)}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';
  const body =
    `<w:p>${run('Invoice 2026-119', true)}</w:p>` +
    picture +
    `<w:p>${run('Dear customer, the items below were delivered on ')}${run('2 November', true)}${run('.')}</w:p>` +
    table +
    `<w:p>${run('Yours sincerely,')}</w:p><w:p>${run('Acme Widgets Ltd', true)}</w:p>` +
    '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>';
  const document =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    `<w:document xmlns:w="${W}" xmlns:r="${R}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ` +
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
    `<w:body>${body}</w:body></w:document>`;
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': strToU8(document),
      'word/_rels/document.xml.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rIdImage1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/></Relationships>',
      ),
      'word/media/image1.png': png,
    }),
  );
}

/** pdftotext -bbox: every word with its box, as XHTML. */
export function boxedText(pdf: Uint8Array): string {
  return poppler('pdftotext', ['-bbox'], pdf);
}
