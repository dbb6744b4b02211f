/** Letters written here for paper (issue 30): Markdown styled to print, its pictures beside it, and the types only drawn here. */
import { strict as assert } from 'node:assert';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocumentError, LETTER_DOCUMENT_TYPES, letterDocument, letterDraft } from '../../src/client';
import { PAPER_STYLE } from '../../src/contract';

/** The smallest PNG: one white pixel. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC', 'base64');

describe('letters for paper', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'mailroom-paper-'));
    mkdirSync(join(folder, 'pictures'));
    writeFileSync(join(folder, 'pictures', 'logo.png'), PNG);
    writeFileSync(join(tmpdir(), 'mailroom-outside.png'), PNG);
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const markdown = Buffer.from(
    '# Invoice\n\n![logo](pictures/logo.png) ![gone](pictures/gone.png) ![out](../mailroom-outside.png) ![web](https://example.com/a.png)\n\n' +
      '**Due** now.\n\n| Item | Price |\n| --- | --- |\n| Widget | $3.00 |\n\n```\ncode\n```\n',
  );

  it('renders Markdown with the paper style: tables, emphasis and code, its pictures left where they are for the browser', async () => {
    const letter = await letterDocument('invoice.md', markdown, { base: folder });
    const html = letter.data.toString();
    assert.equal(letter.type, 'html');
    assert.ok(html.includes(`<style>${PAPER_STYLE}</style>`), 'styled for paper');
    assert.match(html, /<table>[\s\S]*<td>Widget<\/td>/);
    assert.match(html, /<strong>Due<\/strong>/);
    assert.match(html, /<pre><code>code/);
    assert.match(html, /src="pictures\/logo\.png"/, 'drawn from the folder: the browser reads it there');
    assert.ok(!html.includes('data:image'));
  });

  it('puts the pictures inside its folder into a letter sent as it is, and nothing else', async () => {
    const html = (await letterDocument('invoice.md', markdown, { base: folder, asIs: true })).data.toString();
    assert.ok(html.includes(`src="data:image/png;base64,${PNG.toString('base64')}"`), 'the picture beside it, inside');
    assert.match(html, /src="pictures\/gone\.png"/, 'one not there is left as written');
    assert.match(html, /src="\.\.\/mailroom-outside\.png"/, 'nothing is read outside the folder');
    assert.match(html, /src="https:\/\/example\.com\/a\.png"/);
    const draft = (await letterDraft('invoice.md', markdown, { base: folder, asIs: true })).data.toString();
    assert.equal(draft, html, 'the preflight sees what is sent');
  });

  it('takes .odt and .rtf to be drawn and sent as a PDF, and refuses them sent as they are, in words', async () => {
    assert.ok(LETTER_DOCUMENT_TYPES.includes('odt') && LETTER_DOCUMENT_TYPES.includes('rtf'));
    const odt = await letterDocument('Letter.ODT', Buffer.from('PK\u0003\u0004'));
    assert.deepEqual([odt.type, odt.data.toString()], ['odt', 'PK\u0003\u0004']);
    assert.equal((await letterDocument('letter.rtf', Buffer.from('{\\rtf1 Hi}'))).type, 'rtf');
    await assert.rejects(
      letterDocument('letter.rtf', Buffer.from('{\\rtf1 Hi}'), { asIs: true }),
      (e: Error) => e instanceof DocumentError && /the service takes PDF, DOC, DOCX and HTML, not \.rtf/.test(e.message),
    );
    await assert.rejects(letterDraft('letter.odt', Buffer.from('PK'), { asIs: true }), /not as it is/);
  });
});
