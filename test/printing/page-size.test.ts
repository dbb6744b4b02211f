/**
 * The page size a .docx or HTML letter asks for (issue 23 part 1; src/printing/page-size.ts): CSS
 * `@page { size }` in every form CSS Paged Media allows, a .docx's sections (every w:sectPr), and
 * what the printer and the preflight say of a letter not on US Letter (-1021, naming its size and
 * pages), as they say it of a PDF. The corpus (test/corpus) sends the same files to the sandbox.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STATUS } from '../../src/contract';
import { preflightLetter, printLetters } from '../../src/printing';
import { docxToPages } from '../../src/printing/docx-text';
import { mergeTemplate } from '../../src/printing/merge';
import { cssPageSize, htmlPageSize } from '../../src/printing/page-size';
import { templatePageSizeFinding } from '../../src/printing/preflight/merge-findings';
import { JANE_DOE, docxOf } from '../helpers/documents';
import { projectRoot } from '../helpers/tools';

const MM = 72 / 25.4;
const letters = (file: string) => readFileSync(join(projectRoot, 'test', 'corpus', 'letters', file));
const rounded = (size: { width: number; height: number } | undefined) => size && [Math.round(size.width), Math.round(size.height)];

describe('page sizes of .docx and HTML letters (issue 23 part 1)', () => {
  it('reads every CSS page size: names, lengths in each unit, orientation, auto', () => {
    const cases: [string, number[] | undefined][] = [
      ['A4', [595, 842]],
      ['a4 landscape', [842, 595]],
      ['landscape A4', [842, 595]],
      ['A5', [420, 595]],
      ['A3', [842, 1191]],
      ['B5', [499, 709]],
      ['B4', [709, 1001]],
      ['JIS-B5', [516, 729]],
      ['jis-b4 portrait', [729, 1032]],
      ['letter', [612, 792]],
      ['legal landscape', [1008, 612]],
      ['ledger', [792, 1224]],
      ['210mm 297mm', [595, 842]],
      ['21cm 29.7cm', [595, 842]],
      ['8.5in 11in', [612, 792]],
      ['612pt 792pt', [612, 792]],
      ['51pc 66pc', [612, 792]],
      ['816px 1056px', [612, 792]],
      ['8in', [576, 576]],
      ['auto', [612, 792]],
      ['landscape', [792, 612]],
      ['portrait', [612, 792]],
      // Not valid CSS: the declaration is dropped.
      ['A4 A5', undefined],
      ['8.5in 11in landscape', undefined],
      ['8.5 11', undefined],
      ['50% 100%', undefined],
      ['', undefined],
    ];
    for (const [value, expected] of cases) assert.deepEqual(rounded(cssPageSize(value)), expected, value);
    assert.deepEqual(rounded(cssPageSize('210mm 297mm')), rounded({ width: 210 * MM, height: 297 * MM }));
  });

  it('reads an HTML letter’s @page rules without a selector, the last valid size winning, comments and !important allowed', () => {
    const style = (css: string) => `<html><head><style>${css}</style></head><body><p>Hi</p></body></html>`;
    assert.equal(htmlPageSize('<p>no style</p>'), undefined);
    assert.deepEqual(rounded(htmlPageSize(style('@page { size: A4 }'))), [595, 842]);
    assert.deepEqual(rounded(htmlPageSize(style('@page{margin:1in;size:legal!important}'))), [612, 1008]);
    assert.deepEqual(rounded(htmlPageSize(style('@media print { @page { size: A5 } }'))), [420, 595]);
    assert.equal(htmlPageSize(style('@page :first { size: A4 }')), undefined);
    assert.equal(htmlPageSize(style('@page wide { size: A4 }')), undefined);
    assert.deepEqual(rounded(htmlPageSize(style('@page { size: A4 } @page { size: nonsense }'))), [595, 842]);
    assert.deepEqual(rounded(htmlPageSize(style('@page { size: A4 } @page { size: letter }'))), [612, 792]);
    assert.equal(htmlPageSize(style('/* @page { size: A4 } */ p { color: red }')), undefined);
    // Only what a printer applies: not a screen's style sheet nor its @media block; a margin box inside @page is no size.
    assert.equal(htmlPageSize('<style media="screen">@page { size: A4 }</style>'), undefined);
    assert.deepEqual(rounded(htmlPageSize("<style media='print'>@page { size: A4 }</style>")), [595, 842]);
    assert.equal(htmlPageSize(style('@media screen { @page { size: A4 } }')), undefined);
    assert.deepEqual(rounded(htmlPageSize(style('@media screen, print and (color) { @page { size: A4 } }'))), [595, 842]);
    assert.deepEqual(rounded(htmlPageSize(style('@media (min-width: 1px) { @page { size: A4 } }'))), [595, 842]);
    assert.deepEqual(rounded(htmlPageSize(style('@page { @top-center { content: "x" } size: legal }'))), [612, 1008]);
    assert.deepEqual(rounded(htmlPageSize(style('@supports (size: A4) { @page { size: A4 } } p { margin: 0 }'))), [595, 842]);
    // Text that only reads like CSS is no style sheet; nor is a style sheet a comment or a <template> holds.
    assert.equal(htmlPageSize('<p>@page { size: A4 }</p>'), undefined);
    assert.equal(htmlPageSize('<!-- <style>@page { size: A4 }</style> --><p>Dear Jane</p>'), undefined);
    assert.equal(htmlPageSize('<template><style>@page{size:A4}</style></template><p>Dear Jane</p>'), undefined);
  });

  it('fails an A4 HTML letter at -1021 naming its size and pages, and passes one on Letter written any way', async () => {
    const a4 = await preflightLetter({ type: 'html', data: letters('a4.html'), address: JANE_DOE }, { workMode: 'Development' });
    const pageSize = a4.findings.find((f) => f.code === STATUS.InvalidPageSize);
    assert.ok(pageSize, JSON.stringify(a4.findings));
    assert.equal(pageSize.severity, 'error');
    assert.match(
      pageSize.message,
      // Chromium's A4 page is 594.96 pt wide: 8.26 in, where A4 is 8.27.
      /Page 1 of the document \(the proof's page 2\) is A4, 8\.2[67] × 11\.69 in\. The service prints on US Letter/,
    );
    assert.deepEqual(pageSize.pages, [2]);
    const legal = await preflightLetter(
      { type: 'html', data: letters('legal-landscape.html'), address: JANE_DOE },
      { workMode: 'Development' },
    );
    assert.match(legal.findings.find((f) => f.code === STATUS.InvalidPageSize)?.message ?? '', /is US Legal landscape, 14 × 8\.5 in/);
    const jis = await preflightLetter(
      { type: 'html', data: Buffer.from('<style>@page { size: JIS-B4 }</style><p>Hi</p>'), address: JANE_DOE },
      { workMode: 'Development' },
    );
    assert.match(jis.findings.find((f) => f.code === STATUS.InvalidPageSize)?.message ?? '', /is JIS B4, 10\.1[23] × 14\.33 in/);
    // A browser sizes the first page by `@page :first`: page 1 of this letter prints on A4.
    const first = await preflightLetter(
      { type: 'html', data: letters('a4-first-page-only.html'), address: JANE_DOE },
      { workMode: 'Development' },
    );
    assert.deepEqual(
      first.findings.filter((f) => f.code === STATUS.InvalidPageSize).map((f) => f.pages),
      [[2]],
      'a4-first-page-only.html',
    );
    for (const file of ['size-letter.html', 'size-inches.html', 'letter-landscape.html', 'a4-then-auto.html']) {
      const report = await preflightLetter({ type: 'html', data: letters(file), address: JANE_DOE }, { workMode: 'Development' });
      assert.deepEqual(
        report.findings.filter((f) => f.code === STATUS.InvalidPageSize),
        [],
        file,
      );
    }
  });

  it('lays a .docx out on its sections’ page sizes and names only the pages not on Letter', async () => {
    const {
      pdf,
      letters: [printed],
    } = await printLetters([
      {
        contents: [{ kind: 'file', type: 'docx', data: letters('letter-then-a4.docx') }],
        address: JANE_DOE,
        workMode: 'Development',
        duplex: false,
      },
    ]);
    assert.equal(printed!.failure, STATUS.InvalidPageSize);
    assert.deepEqual(
      printed!.offSize?.map((p) => [p.page, p.documentPage, Math.round(p.width), Math.round(p.height)]),
      [[3, 2, 595, 842]],
    );
    // The printed PDF's pages have those sizes: the address page, the Letter section, the A4 one.
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(pdf);
    assert.deepEqual(
      doc.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())]),
      [
        [612, 792],
        [612, 792],
        [595, 842],
      ],
    );
  });

  it('starts a page at a .docx section break as Word does: a next-page one does, a continuous one of the same size does not', async () => {
    const letterSize = '<w:pgSz w:w="12240" w:h="15840"/>';
    const ending = (type: string) => `<w:p><w:pPr><w:sectPr>${type}${letterSize}</w:sectPr></w:pPr><w:r><w:t>One</w:t></w:r></w:p>`;
    const pages = async (type: string) =>
      (
        await printLetters([
          {
            contents: [
              {
                kind: 'file',
                type: 'docx',
                data: docxOf(`${ending(type)}<w:p><w:r><w:t>Two</w:t></w:r></w:p><w:sectPr>${type}${letterSize}</w:sectPr>`),
              },
            ],
            workMode: 'Development',
            duplex: false,
            address: JANE_DOE,
          },
        ])
      ).letters[0]!.pages;
    assert.equal(await pages(''), 3, 'the address page, and a page a section (nextPage by default)');
    assert.equal(await pages('<w:type w:val="nextPage"/>'), 3);
    assert.equal(await pages('<w:type w:val="continuous"/>'), 2, 'both sections on one page');
  });

  it('leaves out a .docx section holding no text, in the printer and in a merge template’s -1021 alike', async () => {
    // An A4 section of empty paragraphs (a picture, in Word) starts no page of this layout.
    const body =
      '<w:p><w:r><w:t>Dear «AttentionLine1»</w:t></w:r></w:p>' +
      '<w:p><w:pPr><w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:pPr></w:p><w:p/>' +
      '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr>';
    const data = docxOf(body);
    const printed = (
      await printLetters([{ contents: [{ kind: 'file', type: 'docx', data }], address: JANE_DOE, workMode: 'Development', duplex: false }])
    ).letters[0]!;
    assert.equal(printed.failure, undefined, 'printed on Letter');
    const template = mergeTemplate('docx', data);
    assert.equal(templatePageSizeFinding(template, { row: 1, line: 2 }), undefined, 'the editor says no -1021 either');
  });

  it('ends a .docx section with the paragraph that holds its w:sectPr, not with a text box’s paragraph inside it', async () => {
    // A Letter section whose last paragraph anchors a text box, then an A4 section: the text after the box is on Letter.
    const box = '<w:r><w:drawing><w:txbxContent><w:p><w:r><w:t>Boxed</w:t></w:r></w:p></w:txbxContent></w:drawing></w:r>';
    const body =
      `<w:p><w:pPr><w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:pPr>${box}<w:r><w:t>After the box</w:t></w:r></w:p>` +
      '<w:p><w:r><w:t>On A4</w:t></w:r></w:p><w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr>';
    const { blocks, sections } = docxToPages(docxOf(body));
    assert.deepEqual(
      blocks.map((b) => (b.kind === 'page-break' ? '' : b.text)),
      ['Boxed', 'After the box', 'On A4'],
    );
    assert.deepEqual(
      sections.map((s) => [s.fromBlock, Math.round(s.size.width)]),
      [
        [0, 612],
        [2, 595],
      ],
      'the text after the box stays in the Letter section',
    );
  });

  it('reads a .docx’s w:pgSz in twips, turned by w:orient, and takes a document without one as Letter', async () => {
    const body = '<w:p><w:r><w:t>Hello</w:t></w:r></w:p>';
    const sized = (pgSz: string) => docxOf(`${body}<w:sectPr>${pgSz}</w:sectPr>`);
    const failure = async (data: Uint8Array) =>
      (
        await printLetters([
          { contents: [{ kind: 'file', type: 'docx', data }], address: JANE_DOE, workMode: 'Development', duplex: false },
        ])
      ).letters[0]!;
    assert.equal((await failure(sized('<w:pgSz w:w="11906" w:h="16838"/>'))).failure, STATUS.InvalidPageSize);
    // Landscape written only by w:orient: turned; Letter either way up passes.
    const a4Turned = await failure(sized('<w:pgSz w:w="11906" w:h="16838" w:orient="landscape"/>'));
    assert.deepEqual(
      a4Turned.offSize?.map((p) => [Math.round(p.width), Math.round(p.height)]),
      [[842, 595]],
    );
    assert.equal((await failure(sized('<w:pgSz w:w="15840" w:h="12240" w:orient="landscape"/>'))).failure, undefined);
    assert.equal((await failure(sized('<w:pgSz w:w="12240" w:h="15840"/>'))).failure, undefined);
    assert.equal((await failure(docxOf(body))).failure, undefined);
    assert.equal((await failure(sized('<w:pgMar w:top="1440"/>'))).failure, undefined);
    // A tracked change's former section properties are not what is printed.
    const changed = docxOf(
      `<w:p><w:pPr><w:pPrChange><w:pPr><w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:pPr></w:pPrChange></w:pPr><w:r><w:t>Hi</w:t></w:r></w:p>` +
        '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr>',
    );
    assert.equal((await failure(changed)).failure, undefined);
  });
});
