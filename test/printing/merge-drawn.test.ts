/**
 * A merge's rows drawn by the real engines (issue 30): measured by drawing only the rows whose
 * layout can differ (merge-layouts.ts), and printed into the batch's PDF in chunks that are split
 * back into rows; both must agree with each row drawn by itself. Runs Chromium and LibreOffice
 * as setup installs them.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { closeEngines, mergeRows, mergeTemplate, printMerge, printMergeInto } from '../../src/printing';
import { measureMergeDrawn } from '../../src/printing/merge';
import { drawnChunk } from '../../src/printing/merge-batch';

const COLUMNS = ['Name', 'Note', 'AttentionLine1', 'Address1', 'City', 'State', 'PostalCode'];
const TEMPLATE = Buffer.from(
  '<!DOCTYPE html><html><head><style>body { font-family: "Liberation Serif"; font-size: 12pt; }</style></head>' +
    '<body><h1>Dear {{Name}}</h1><p>{{Note}}</p><p>Yours sincerely,<br>The Acme team</p></body></html>',
);
/** Long enough that Chromium needs a second page for it. */
const LONG_NOTE = 'We have a great deal to tell you about your account this year. '.repeat(120);
const ROWS = 520; // three chunks of the batch (merge-batch.ts CHUNK_ROWS)
const LONG_ROW = 7;

function data(): string[][] {
  return Array.from({ length: ROWS }, (_, i) => [
    `Person${i + 1}`,
    i === LONG_ROW ? LONG_NOTE : `Thank you, ${'friend '.repeat(i % 5)}`,
    `Person ${i + 1}`,
    `${i + 1} Main St`,
    'Springfield',
    'IL',
    '62701',
  ]);
}

/** Each page's text as poppler reads it, laid out. */
function pagesText(pdf: Uint8Array): string[] {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8', maxBuffer: 256 << 20 })
    .split('\f')
    .slice(0, -1);
}

const PRODUCTION = { workMode: 'Production', duplex: false } as const;

describe('printing: a merge drawn by the engines', function () {
  this.timeout(240_000);
  after(() => closeEngines());

  it('measures a row whose long value runs to a second page at 2 pages and the others at 1, as Chromium lays each out', async () => {
    const template = mergeTemplate('html', TEMPLATE);
    const { letters, drawnBy, rule } = await measureMergeDrawn(template, COLUMNS, data(), PRODUCTION);
    assert.match(drawnBy?.engine ?? '', /^Chromium/);
    assert.equal(drawnBy?.approximation, undefined);
    assert.match(rule ?? '', /group/);
    // Each letter is its address page and its drawn pages.
    assert.deepEqual(
      letters.map((l) => l.pages),
      data().map((_, i) => (i === LONG_ROW ? 3 : 2)),
    );
    // The proof of the long row and a short one, each drawn by itself, agrees.
    const proof = await printMerge(template, mergeRows(COLUMNS, [data()[LONG_ROW]!, data()[0]!]), PRODUCTION);
    assert.deepEqual(
      proof.letters.map((l) => l.pages),
      [3, 2],
    );
    assert.match(proof.drawnBy?.engine ?? '', /^Chromium/);
  });

  it("prints the batch in chunks with each row's pages in order, page for page as measured", async () => {
    const template = mergeTemplate('html', TEMPLATE);
    const rows = data();
    const { letters } = await measureMergeDrawn(template, COLUMNS, rows, PRODUCTION);
    const dir = mkdtempSync(join(tmpdir(), 'mailroom-merge-drawn-'));
    try {
      const path = join(dir, 'batch.pdf');
      const file = await open(path, 'w');
      let printed;
      try {
        printed = await printMergeInto(file, template, COLUMNS, rows, PRODUCTION);
      } finally {
        await file.close();
      }
      assert.deepEqual(
        printed.map((l) => l.pages),
        letters.map((l) => l.pages),
      );
      // Drawn as one chunk, not row by row: the chunk's total was the rows' measured pages.
      const some = mergeRows(COLUMNS, rows.slice(0, 10));
      const split = await drawnChunk(
        template.source!,
        some,
        letters.slice(0, 10).map((l) => ({ pages: l.pages - 1, sizes: [] })),
      );
      assert.equal(new Set(split.map((r) => r.doc)).size, 1, 'one document for the chunk');
      assert.deepEqual(
        split.map((r) => r.from),
        [0, 1, 2, 3, 4, 5, 6, 7, 9, 10],
      );
      const pages = pagesText(await readFile(path));
      assert.equal(
        pages.length,
        letters.reduce((sum, l) => sum + l.pages, 0),
      );
      let at = 0;
      letters.forEach((letter, k) => {
        const name = `Person${k + 1}`;
        // The address page names the row's recipient; its first drawn page greets it by name.
        assert.match(pages[at]!, new RegExp(`Person ${k + 1}\\b`), `row ${k + 1}'s address page`);
        assert.match(pages[at + 1]!, new RegExp(`Dear ${name}\\b`), `row ${k + 1}'s letter`);
        if (letter.pages === 3) assert.match(pages[at + 2]!, /Yours sincerely/, `row ${k + 1}'s second page`);
        at += letter.pages;
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("draws a .docx template's row with LibreOffice, its table's columns kept", async () => {
    const cell = (text: string) => `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/></w:tcPr><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
    const documentXml =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      // A field split over runs, as Word saves it.
      '<w:p><w:r><w:t xml:space="preserve">Dear «</w:t></w:r><w:r><w:t>Name</w:t></w:r><w:r><w:t>»,</w:t></w:r></w:p>' +
      '<w:tbl><w:tblPr><w:tblW w:w="9000" w:type="dxa"/></w:tblPr><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>' +
      `<w:tr>${cell('«Item»')}${cell('Widget')}${cell('$3.00')}</w:tr></w:tbl>` +
      '<w:p><w:r><w:t>Yours sincerely</w:t></w:r></w:p>' +
      '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"/></w:sectPr>' +
      '</w:body></w:document>';
    const docx = zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': strToU8(documentXml),
    });
    const template = mergeTemplate('docx', docx);
    assert.deepEqual(template.fields, ['Name', 'Item']);
    const columns = ['Name', 'Item', 'AttentionLine1', 'Address1', 'City', 'State', 'PostalCode'];
    const row = ['Ada', 'Lamp-shade', 'Ada Lovelace', '1 Main St', 'Springfield', 'IL', '62701'];
    const proof = await printMerge(template, mergeRows(columns, [row]), PRODUCTION);
    assert.match(proof.drawnBy?.engine ?? '', /^LibreOffice/);
    const [, letter] = pagesText(proof.pdf);
    assert.match(letter ?? '', /Dear Ada,/);
    // The three cells on one line, each in its column: not one under another.
    assert.match(letter ?? '', /Lamp-shade {3,}Widget {3,}\$3\.00/);
  });
});
