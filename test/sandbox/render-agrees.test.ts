/**
 * The sandbox agrees with the proof (issue 30, part 3): each letter of the render corpus is
 * preflighted to Jane Doe as `mailroom preflight` does, then sent to a real sandbox over HTTP,
 * as a send sends it by default (the PDF its engine drew, `report.sent`) and as it is (the HTML
 * or Word file, for the service's own converter), and GetPDF's pages are read back by poppler:
 * as many pages as the proof, the same text on each, the same pictures and the same fonts.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { letterDraft } from '../../src/client/letter-document';
import { closeEngines } from '../../src/printing/engines';
import { preflightLetter, type PreflightReport } from '../../src/printing/preflight/letter';
import { JANE_DOE, samplePng } from '../helpers/documents';
import { fontsOf, imagesOf, invoiceHtml, pageTextsOf, scannedFormHtml, wordDocx } from '../helpers/render-corpus';
import { httpCaller, startTestSandbox, type Call, type TestSandbox } from '../helpers/sandbox';
import { projectRoot, useTempDir } from '../helpers/tools';

const demo = { Username: 'demo', Password: 'demo' };
const FIXTURES = join(projectRoot, 'test', 'corpus', 'render');

interface Letter {
  readonly name: string;
  readonly type: string;
  readonly data: Buffer;
  /** Whether its pictures are inside the file (a .docx), so that the service, which has no folder beside it, has them too. */
  readonly selfContained: boolean;
  /** The picture it shows (pixels), where it has one. */
  readonly picture?: string;
}

const fontNames = (pdf: Uint8Array) => [...new Set(fontsOf(pdf).map((f) => f.name.replace(/^[A-Z]{6}\+/, '')))].sort();
const pictures = (pdf: Uint8Array) =>
  imagesOf(pdf)
    .map((i) => `page ${i.page}: ${i.width} × ${i.height}`)
    .sort();

describe('the sandbox prints what the proof shows, page for page (issue 30)', function () {
  this.timeout(180_000);
  const temp = useTempDir();
  let folder = '';
  let sandbox: TestSandbox;
  let call: Call;
  const letters: Letter[] = [];

  const printed = async (letter: { type: string; data: Uint8Array }): Promise<Uint8Array> => {
    const id = (await call('simple', 'SendLetterAndAddressV2', {
      ...demo,
      ...JANE_DOE,
      MyDescription: 'render',
      WorkMode: 'Development',
      FileExtension: letter.type,
      FileBinaryData: Buffer.from(letter.data),
    })) as number;
    assert.ok(id > 0, `the send is taken (${id})`);
    const result = (await call('simple', 'GetPDF', { ...demo, ID: id })) as { ResultCode: number; FileData: Buffer };
    assert.equal(result.ResultCode, -3000, `the PDF of ${id}`);
    return result.FileData;
  };

  function assertAgrees(proof: PreflightReport, pdf: Uint8Array, what: string): void {
    const shown = pageTextsOf(proof.pdf!);
    const got = pageTextsOf(pdf);
    assert.equal(got.length, proof.pages, `${what}: GetPDF's pages and the proof's`);
    assert.equal(got.length, shown.length);
    for (let n = 0; n < shown.length; n++) assert.equal(got[n], shown[n], `${what}: the text of page ${n + 1}`);
    assert.deepEqual(pictures(pdf), pictures(proof.pdf!), `${what}: the pictures`);
    assert.deepEqual(fontNames(pdf), fontNames(proof.pdf!), `${what}: the fonts`);
  }

  before(async function () {
    this.timeout(240_000);
    folder = join(temp(), 'letters');
    mkdirSync(folder);
    writeFileSync(join(folder, 'logo.png'), samplePng(240, 80, [200, 40, 40]));
    writeFileSync(join(folder, 'form.png'), samplePng(850, 1100, [235, 235, 225]));
    writeFileSync(join(folder, 'office.png'), samplePng(300, 200, [40, 140, 60]));
    const markdown = await letterDraft('letter.md', readFileSync(join(FIXTURES, 'letter.md')));
    letters.push(
      {
        name: 'an HTML invoice with a logo and 40 rows',
        type: 'html',
        data: Buffer.from(invoiceHtml(40)),
        selfContained: false,
        picture: '240 × 80',
      },
      {
        name: 'an HTML letter with a full-page scanned form',
        type: 'html',
        data: Buffer.from(scannedFormHtml()),
        selfContained: false,
        picture: '850 × 1100',
      },
      { name: 'an HTML email reused as a letter', type: 'html', data: readFileSync(join(FIXTURES, 'email.html')), selfContained: true },
      { name: 'a Google Docs HTML export', type: 'html', data: readFileSync(join(FIXTURES, 'gdocs.html')), selfContained: true },
      { name: 'a Markdown letter with a picture', type: markdown.type, data: markdown.data, selfContained: false, picture: '300 × 200' },
      {
        name: 'a Word invoice with a picture and a table',
        type: 'docx',
        data: wordDocx(samplePng(180, 120, [20, 20, 160]), 12),
        selfContained: true,
      },
      { name: 'an RTF letter', type: 'rtf', data: readFileSync(join(FIXTURES, 'letter.rtf')), selfContained: true },
    );
    sandbox = await startTestSandbox({ schedule: { inProcessMs: 0, printedMs: 0, completedMs: 0 } });
    call = httpCaller(sandbox.url, 'http-post');
  });
  after(async () => {
    await sandbox?.close();
    await closeEngines();
  });

  const NAMES = [
    'an HTML invoice with a logo and 40 rows',
    'an HTML letter with a full-page scanned form',
    'an HTML email reused as a letter',
    'a Google Docs HTML export',
    'a Markdown letter with a picture',
    'a Word invoice with a picture and a table',
    'an RTF letter',
  ];

  for (const name of NAMES) {
    it(`${name}: sent as the PDF drawn, GetPDF is the proof's pages, text, pictures and fonts`, async () => {
      const letter = letters.find((l) => l.name === name)!;
      const proof = await preflightLetter(
        { type: letter.type, data: letter.data, address: JANE_DOE, base: folder },
        { workMode: 'Development' },
      );
      assert.equal(proof.sent.type, 'pdf', `${name} is sent as the PDF drawn (${proof.drawnBy?.engine})`);
      const pdf = await printed(proof.sent);
      assertAgrees(proof, pdf, name);
      if (letter.picture)
        assert.ok(
          pictures(pdf).some((p) => p.endsWith(letter.picture!)),
          `${name}: its picture (${pictures(pdf).join(', ')})`,
        );
    });
  }

  for (const name of NAMES) {
    it(`${name}: sent as it is, GetPDF is the proof's prediction`, async function () {
      const letter = letters.find((l) => l.name === name)!;
      if (!['html', 'docx', 'doc'].includes(letter.type)) this.skip(); // The service takes no .rtf: only ever its PDF is sent.
      // The service has only the file: no folder beside it. The proof drawn the same way predicts what it prints.
      const proof = await preflightLetter(
        { type: letter.type, data: letter.data, address: JANE_DOE, ...(letter.selfContained ? { base: folder } : {}) },
        { workMode: 'Development' },
        { asIs: true },
      );
      assert.equal(proof.prediction, true);
      assert.equal(proof.sent.type, letter.type);
      const pdf = await printed(proof.sent);
      assertAgrees(proof, pdf, `${name}, as it is`);
      if (letter.picture && letter.selfContained)
        assert.ok(
          pictures(pdf).some((p) => p.endsWith(letter.picture!)),
          `${name}: its picture`,
        );
    });
  }
});
