/**
 * The measuring pass a send answers from (`measureLetters`, `measurePostcard`) says what printing
 * the same job says: pages, sheets and failures, for every kind of content and the limits.
 */
import { strict as assert } from 'node:assert';
import { measureLetters, measurePostcard, printLetters, printPostcard, type LetterJob, type PostcardJob } from '../../src/printing';
import { JANE_DOE, pageCount, sampleDocx, samplePdf, samplePng } from '../helpers/documents';

const html = (text: string) => ({ kind: 'file' as const, type: 'html', data: Buffer.from(text) });
const lines = (n: number) =>
  Array.from({ length: n }, (_, i) => `<p>Line ${i} of a letter that takes a whole line of the page, or nearly.</p>`).join('');

describe('printing: measuring a job without printing it', function () {
  this.timeout(60_000);
  const letters: [string, LetterJob][] = [];
  before(async () => {
    const base = { workMode: 'Development', duplex: false } as const;
    letters.push(
      ['one short HTML page', { ...base, contents: [html('<p>Hello</p>')] }],
      ['an address and three pages of text', { ...base, address: JANE_DOE, contents: [html(lines(130))] }],
      [
        'page breaks and headings',
        {
          ...base,
          contents: [
            { kind: 'blocks', blocks: [{ kind: 'heading', text: 'A' }, { kind: 'page-break' }, { kind: 'paragraph', text: 'B' }] },
          ],
        },
      ],
      ['more text than the 60-page cap, in Production, duplex', { workMode: 'Production', duplex: true, contents: [html(lines(4000))] }],
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
      ],
      ['an unreadable PDF and nothing else', { ...base, contents: [{ kind: 'file', type: 'pdf', data: Buffer.from('%PDF-broken') }] }],
      ['an empty HTML letter, no address', { ...base, contents: [html('<p></p>')] }],
      ['an address whose ZIP code is not one', { ...base, address: { ...JANE_DOE, PostalCode: 'ABCDE' }, contents: [html('<p>x</p>')] }],
      ['a .doc', { ...base, contents: [{ kind: 'file', type: 'doc', data: Buffer.from('binary') }] }],
    );
  });

  it('says the same pages, sheets and failures as printing, for every kind of letter', async () => {
    for (const [what, job] of letters) {
      const printed = await printLetters([job]);
      assert.deepEqual(await measureLetters([job]), printed.letters, what);
      assert.equal(await pageCount(printed.pdf), printed.letters[0]!.pages, what);
    }
    const batch = letters.map(([, job]) => job);
    assert.deepEqual(await measureLetters(batch), (await printLetters(batch)).letters, 'all of them in one batch');
  });

  it('says the same for postcards, readable or not', async () => {
    const base = { address: JANE_DOE, scaling: 'FitToPage', workMode: 'Development' } as const;
    const cards: [string, PostcardJob][] = [
      ['a picture and a message', { ...base, imageSide: { kind: 'file', type: 'png', data: samplePng() }, addressSide: html('<p>Hi</p>') }],
      [
        'a broken picture',
        { ...base, imageSide: { kind: 'file', type: 'png', data: Buffer.from('nope') }, addressSide: html('<p>Hi</p>') },
      ],
    ];
    for (const [what, job] of cards) assert.deepEqual(await measurePostcard(job), (await printPostcard(job)).printed, what);
  });
});
