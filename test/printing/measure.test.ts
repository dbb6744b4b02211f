/**
 * The measuring pass a send answers from (`measureLetters`, `measurePostcard`) says what printing
 * the same job says: pages, sheets and failures, for every kind of content and the limits; and
 * both say the figures worked out by hand for each job, so that a mistake the two share is caught too.
 *
 * Worked out from the layout (src/printing/text-layout.ts): a letter page is 792 pt high with 1 in
 * (72 pt) margins, so text has from 720 pt down to 72 pt; a one-line paragraph of 11 pt text takes
 * 11 × 1.35 = 14.85 pt and 11 × 0.6 = 6.6 pt after it, 21.45 pt in all, and the k-th (from 0) fits
 * while 720 − 21.45k − 14.85 ≥ 72: 30 to a page. A letter with an address starts with its address
 * page; a sheet holds one page, two when duplex; an envelope holds 7 sheets (-1065 past that).
 */
import { strict as assert } from 'node:assert';
import {
  measureLetters,
  measurePostcard,
  printLetters,
  printPostcard,
  type LetterJob,
  type PostcardJob,
  type Printed,
} from '../../src/printing';
import { JANE_DOE, htmlWithAddress, pageCount, sampleDocx, samplePdf, samplePng } from '../helpers/documents';

/** What the service reads in the recipient box of a page that has Jane Doe's address there, in 11 pt text. */
const JANE_READ = ['Jane Doe', '1 Main St', 'Springfield, IL 62701'].map((text) => ({ text, size: 11 }));

const html = (text: string) => ({ kind: 'file' as const, type: 'html', data: Buffer.from(text) });
/** `n` paragraphs of one line each (some 70 characters of 11 pt text on a 468 pt line). */
const lines = (n: number) =>
  Array.from({ length: n }, (_, i) => `<p>Line ${i} of a letter that takes a whole line of the page, or nearly.</p>`).join('');

describe('printing: measuring a job without printing it', function () {
  this.timeout(60_000);
  /** Each job, and the pages, sheets and failures worked out by hand. */
  const letters: [string, LetterJob, Printed][] = [];
  const ok = (pages: number, sheets = pages): Printed => ({ pages, sheets, failures: [] });
  const failed = (pages: number, sheets: number, ...failures: number[]): Printed => ({ pages, sheets, failure: failures[0]!, failures });
  before(async () => {
    const base = { workMode: 'Development', duplex: false } as const;
    letters.push(
      // Without an address the service reads it from page 1's recipient box (envelope.ts): Jane Doe's lines are there.
      [
        'one short HTML page, its address in the box',
        { ...base, contents: [html(htmlWithAddress('<p>Hello</p>'))] },
        { ...ok(1), read: JANE_READ },
      ],
      ['one short HTML page, nothing in the box', { ...base, contents: [html('<p>Hello</p>')] }, { ...failed(1, 1, -1045), read: [] }],
      // 90 paragraphs fill three pages exactly; one more starts a fourth.
      ['an address and three full pages of text', { ...base, address: JANE_DOE, contents: [html(lines(90))] }, ok(4)],
      ['an address and a line past three pages', { ...base, address: JANE_DOE, contents: [html(lines(91))] }, ok(5)],
      [
        'page breaks and headings',
        {
          ...base,
          contents: [
            { kind: 'blocks', blocks: [{ kind: 'heading', text: 'A' }, { kind: 'page-break' }, { kind: 'paragraph', text: 'B' }] },
          ],
        },
        { ...failed(2, 2, -1045), read: [] },
      ],
      // Laid out up to 60 pages; duplex, 30 sheets: more than an envelope holds.
      [
        'more text than the 60-page cap, in Production, duplex',
        { workMode: 'Production', duplex: true, contents: [html(lines(4000))] },
        {
          // Body text in the recipient box is no address (-1045, issue 31 item 4), and 30 sheets are more than an envelope holds.
          ...failed(60, 30, -1045, -1065),
          // The recipient box (2.042 in to 2.917 in from the top, 3.5 in wide from 0.5 in) holds lines 4 to 6, cut at its right edge
          // (DejaVu Sans, wider than Helvetica, shows fewer letters of them).
          read: [4, 5, 6].map((k) => ({ text: `Line ${k} of a letter that takes a whole lin`, size: 11 })),
        },
      ],
      [
        'a PDF and a .docx, with a reply address and a perforation',
        {
          ...base,
          address: JANE_DOE,
          reply: { address: JANE_DOE, stamping: 'Bottom' },
          perforation: true,
          contents: [
            { kind: 'file', type: 'pdf', data: await samplePdf(3) },
            { kind: 'file', type: 'docx', data: sampleDocx(['One', 'Two']) },
          ],
        },
        ok(1 + 3 + 1), // the address page, the PDF's three pages as they are, the .docx's two lines on one
      ],
      // A page saying it could not be read: what the PDF's page 1 shows is not known, so nothing is read (and no -1045).
      [
        'an unreadable PDF and nothing else',
        { ...base, contents: [{ kind: 'file', type: 'pdf', data: Buffer.from('%PDF-broken') }] },
        {
          ...failed(1, 1, -1025),
          read: 'unknown',
          unreadable:
            'The PDF is damaged: it is cut short (it has no end-of-file marker), and it cannot be read past byte 5 of 11 (Failed to parse number (line:0 col:5 offset=5): "").',
        },
      ],
      ['an empty HTML letter, no address', { ...base, contents: [html('<p></p>')] }, { ...failed(1, 1, -1045), read: [] }],
      [
        'an address whose ZIP code is not one',
        { ...base, address: { ...JANE_DOE, PostalCode: 'ABCDE' }, contents: [html('<p>x</p>')] },
        failed(2, 2, -1018),
      ],
      // A page saying the sandbox cannot render it: what its page shows is not known, so nothing is read.
      ['a .doc', { ...base, contents: [{ kind: 'file', type: 'doc', data: Buffer.from('binary') }] }, { ...ok(1), read: 'unknown' }],
    );
  });

  it('says the same pages, sheets and failures as printing, for every kind of letter: the ones worked out by hand', async () => {
    for (const [what, job, expected] of letters) {
      const printed = await printLetters([job]);
      assert.deepEqual(printed.letters, [expected], `${what}: printed`);
      assert.deepEqual(await measureLetters([job]), [expected], `${what}: measured`);
      assert.equal(await pageCount(printed.pdf), expected.pages, `${what}: the PDF's pages`);
    }
    const batch = letters.map(([, job]) => job);
    const expected = letters.map(([, , figures]) => figures);
    assert.deepEqual(await measureLetters(batch), expected, 'all of them in one batch, measured');
    const printed = await printLetters(batch);
    assert.deepEqual(printed.letters, expected, 'all of them in one batch, printed');
    assert.equal(
      await pageCount(printed.pdf),
      expected.reduce((sum, f) => sum + f.pages, 0),
      "the batch PDF's pages",
    );
  });

  it('says the same for postcards, readable or not', async () => {
    const base = { address: JANE_DOE, scaling: 'FitToPage', workMode: 'Development' } as const;
    // Two sides, one card (a sheet); a picture that cannot be read fails it (-1025); one under 300 DPI is said.
    const cards: [string, PostcardJob, Printed][] = [
      [
        'a picture and a message',
        { ...base, imageSide: { kind: 'file', type: 'png', data: samplePng() }, addressSide: html('<p>Hi</p>') },
        {
          pages: 2,
          sheets: 1,
          failures: [],
          // 60 × 40 pixels over the 6 × 4 in it fills: 10 DPI, the letter's warning (issue 31).
          inspection: {
            unembeddedFonts: [],
            lowResolutionImages: [{ pixels: { width: 60, height: 40 }, dpi: 10, drawn: { width: 6, height: 4 }, pages: [1] }],
          },
        },
      ],
      [
        'a broken picture',
        { ...base, imageSide: { kind: 'file', type: 'png', data: Buffer.from('nope') }, addressSide: html('<p>Hi</p>') },
        { pages: 2, sheets: 1, failure: -1025, failures: [-1025] },
      ],
    ];
    for (const [what, job, expected] of cards) {
      const printed = await printPostcard(job);
      assert.deepEqual(printed.printed, expected, `${what}: printed`);
      assert.deepEqual(await measurePostcard(job), expected, `${what}: measured`);
      assert.equal(await pageCount(printed.pdf), 2, `${what}: the PDF's pages`);
    }
  });
});
