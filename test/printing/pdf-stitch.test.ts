/**
 * A batch's PDF printed a slice at a time and stitched into one file (`printMergeInto`,
 * pdf-stitch.ts): a PDF that pdf-lib and pdf.js both read whole, with the pages `printMerge`
 * prints for the same rows, text for text, each letter's address page naming its recipient.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { mergeRows, mergeTemplate, printMerge, printMergeInto } from '../../src/printing';
import { ROWS_PER_DOCUMENT } from '../../src/printing/merge';
import { pageTexts } from '../helpers/pdf-pages';

const TEMPLATE = Buffer.from('<h1>{{Title}}</h1><p>Dear {{AttentionLine1}},</p><p>{{Note}}</p>');
const COLUMNS = ['Title', 'AttentionLine1', 'Address1', 'City', 'State', 'PostalCode', 'Note'];
const print = { workMode: 'Development', duplex: false } as const;

/** Letters of one, two and three text pages; some without a street (-1045). */
function rows(count: number): string[][] {
  return Array.from({ length: count }, (_, i) => [
    `Letter ${i + 1}`,
    `Guest ${i + 1}`,
    i % 11 === 5 ? '' : `${i + 1} Main St`,
    'Springfield',
    'IL',
    '62701',
    'More to say. '.repeat([10, 400, 800][i % 3]!),
  ]);
}

describe('printing: a batch’s PDF stitched a slice at a time', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'mailroom-stitch-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is one PDF that pdf-lib and pdf.js read, with printMerge’s pages, text for text, page k of item k naming its recipient', async () => {
    const data = rows(ROWS_PER_DOCUMENT * 2 + 5); // three slices, the last short
    const template = mergeTemplate('html', TEMPLATE);
    const printedAt = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    const path = join(dir, 'batch.pdf');
    const file = await open(path, 'w');
    let letters;
    try {
      letters = await printMergeInto(file, template, COLUMNS, data, print, { printedAt });
    } finally {
      await file.close();
    }
    const stitched = readFileSync(path);
    const whole = await printMerge(template, mergeRows(COLUMNS, data), print, { printedAt });

    assert.deepEqual(
      letters.map((l) => [l.pages, l.sheets, l.failures]),
      whole.letters.map((l) => [l.pages, l.sheets, l.failures]),
      'each letter comes to what printMerge says',
    );
    const pages = letters.reduce((sum, l) => sum + l.pages, 0);
    const loaded = await PDFDocument.load(stitched, { throwOnInvalidObject: true });
    assert.equal(loaded.getPageCount(), pages, 'pdf-lib reads the sum of the items’ pages');
    const texts = await pageTexts(stitched);
    assert.equal(texts.length, pages, 'pdf.js reads the sum of the items’ pages');
    assert.deepEqual(texts, await pageTexts(whole.pdf), 'the pages printMerge prints, text for text');
    let first = 0;
    letters.forEach((letter, k) => {
      assert.match(texts[first]!, new RegExp(`\\bGuest ${k + 1}\\b`), `item ${k + 1}’s address page names its recipient`);
      first += letter.pages;
    });
  });
});
