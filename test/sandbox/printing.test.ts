/**
 * The printed PDF, read back by poppler's pdftotext as a person reads it: the address where the
 * envelope window shows it, the document's text and pages, the Development mark on every page,
 * .docx and HTML templates filled for a mail merge or from a stored template.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { RECIPIENT_WINDOW } from '../../src/printing';
import { docxOf, gzipText, samplePdf } from '../helpers/documents';
import { httpCaller, startTestSandbox, type Call, type TestSandbox } from '../helpers/sandbox';
import { pdfPages, projectRoot, type PdfPage, type PdfWord } from '../helpers/tools';
import { withTextLayout } from '../helpers/engines';

const demo = { Username: 'demo', Password: 'demo' };
const address = {
  AttentionLine1: 'Jane Doe',
  AttentionLine2: 'Accounts Payable',
  Company: 'Acme Corp',
  Address1: '1 Main St',
  Address2: 'Suite 200',
  City: 'Springfield',
  State: 'IL',
  PostalCode: '62701',
  Country: 'USA',
};
const MARK = 'DEVELOPMENT - NOT MAILED';

function wordsInside(page: PdfPage, texts: readonly string[], box: typeof RECIPIENT_WINDOW): void {
  for (const text of texts) {
    const word = page.words.find((w) => w.text === text);
    assert.ok(word, `"${text}" is on the page`);
    assert.ok(
      word.xMin >= box.left && word.xMax <= box.left + box.width && word.yMin >= box.top && word.yMax <= box.top + box.height,
      `"${text}" at (${word.xMin}, ${word.yMin})–(${word.xMax}, ${word.yMax}) lies in the window`,
    );
  }
}

/** The small Development mark's words at the top of a page (the large diagonal one is left aside). */
function smallMark(page: PdfPage): PdfWord[] {
  const small = page.words.filter((w) => w.yMax - w.yMin <= 20);
  const start = small.findIndex(
    (_, i) =>
      small
        .slice(i, i + 4)
        .map((m) => m.text)
        .join(' ') === MARK,
  );
  assert.ok(start >= 0, `the small mark is on the page: ${page.text}`);
  return small.slice(start, start + 4);
}

/** The body-sized words whose boxes cross the small mark's. */
function wordsOverMark(page: PdfPage): string[] {
  const mark = smallMark(page);
  const box = {
    xMin: Math.min(...mark.map((w) => w.xMin)),
    yMin: Math.min(...mark.map((w) => w.yMin)),
    xMax: Math.max(...mark.map((w) => w.xMax)),
    yMax: Math.max(...mark.map((w) => w.yMax)),
  };
  return page.words
    .filter((w) => !mark.includes(w) && w.yMax - w.yMin <= 20)
    .filter((w) => w.xMin < box.xMax && w.xMax > box.xMin && w.yMin < box.yMax && w.yMax > box.yMin)
    .map((w) => `"${w.text}" at (${w.xMin}, ${w.yMin})–(${w.xMax}, ${w.yMax})`);
}

describe('sandbox printing, read back with pdftotext', function () {
  this.timeout(30_000);
  let sandbox: TestSandbox;
  let call: Call;
  const printed = async (id: number): Promise<PdfPage[]> => {
    const result = (await call('simple', 'GetPDF', { ...demo, ID: id })) as { ResultCode: number; FileData: Buffer };
    assert.equal(result.ResultCode, -3000, `the PDF of ${id}`);
    return pdfPages(result.FileData);
  };
  const letter = (extra: Record<string, unknown>) =>
    call('simple', 'SendLetterAndAddressV2', {
      ...demo,
      MyDescription: 'print',
      WorkMode: 'Development',
      ...address,
      ...extra,
    }) as Promise<number>;

  before(async () => {
    sandbox = await startTestSandbox({ schedule: { inProcessMs: 0, printedMs: 0, completedMs: 0 } });
    call = httpCaller(sandbox.url, 'http-post');
  });
  after(() => sandbox.close());

  it('puts the address block where a No. 10 double-window envelope shows it, then the document', async () => {
    const pages = await printed(
      await letter({ FileExtension: 'html', FileBinaryData: Buffer.from('<h1>Invoice 42</h1><p>Please pay.</p>') }),
    );
    assert.equal(pages.length, 2);
    wordsInside(pages[0]!, ['Jane', 'Payable', 'Acme', 'Suite', 'Springfield,', '62701', 'USA'], RECIPIENT_WINDOW);
    assert.match(pages[1]!.text, /Invoice 42[\s\S]*Please pay\./);
  });

  it('marks every page in Development mode, and none in Production', async () => {
    const development = await printed(await letter({ FileExtension: 'pdf', FileBinaryData: await samplePdf(3) }));
    assert.equal(development.length, 4);
    for (const page of development) assert.ok(page.text.includes(MARK), page.text);
    assert.match(development[3]!.text, /Page 3/);
    const production = await printed(await letter({ WorkMode: 'Production', FileExtension: 'pdf', FileBinaryData: await samplePdf(1) }));
    assert.equal(production.length, 2, "the address page and the PDF's page");
    for (const page of production) assert.ok(!page.text.includes('DEVELOPMENT'), page.text);
  });

  it('fills a .docx mail-merge template, «Field» and MERGEFIELD alike, one addressed letter per row', async () => {
    const template = docxOf(
      '<w:p><w:r><w:t xml:space="preserve">Dear </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r>' +
        '<w:r><w:instrText xml:space="preserve"> MERGEFIELD Name </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>' +
        '<w:r><w:t>«Name»</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t>,</w:t></w:r></w:p>' +
        '<w:p><w:fldSimple w:instr=" MERGEFIELD  Order \\* MERGEFORMAT "><w:r><w:t>«Order»</w:t></w:r></w:fldSimple><w:r><w:t xml:space="preserve"> ships «When».</w:t></w:r></w:p>',
    );
    const csv =
      'Name,Order,When,AttentionLine1,Address1,City,PostalCode\nAda,A-1,today,Ada Lovelace,1 Analytical Way,London,40741\nGrace,B-2,"tomorrow, early",,,Nowhere,\n';
    const result = (await call('datedA', 'SendWordMailMerge_Compressed', {
      ...demo,
      MyDescription: 'docx merge',
      FileExtension: 'docx',
      FileBinaryData: template,
      MergeData: gzipText(csv),
      WorkMode: 'Development',
    })) as { ResultCode: number; ResultDescription: string };
    assert.ok(result.ResultCode > 0, JSON.stringify(result));
    assert.equal(result.ResultDescription, '2 letters queued; 1 without a usable address will fail');
    const pages = await printed(result.ResultCode);
    assert.equal(pages.length, 4);
    wordsInside(pages[0]!, ['Ada', 'Lovelace', 'London,', '40741'], RECIPIENT_WINDOW);
    assert.match(pages[1]!.body, /Dear Ada, A-1 ships today\./);
    assert.match(pages[3]!.body, /Dear Grace, B-2 ships tomorrow, early\./);
    const items = (await call('datedA', 'GetBatchStatus', { ...demo, ID: result.ResultCode, ItemID: '' })) as {
      Statuses: { Status: number }[];
    };
    assert.deepEqual(
      items.Statuses.map((s) => s.Status),
      [-1002, -1045],
    );
  });

  it('refuses merge data that is not gzip CSV, or lacks a template field', async () => {
    const base = {
      ...demo,
      MyDescription: 'm',
      FileExtension: 'html',
      FileBinaryData: Buffer.from('<p>{{A}} {{B}}</p>'),
      WorkMode: 'Development',
    };
    const notGzip = (await call('datedA', 'SendWordMailMerge_Compressed', { ...base, MergeData: Buffer.from('A,B\n1,2\n') })) as {
      ResultCode: number;
      ResultDescription: string;
    };
    assert.deepEqual([notGzip.ResultCode, /gzip/.test(notGzip.ResultDescription)], [-3144, true]);
    const lacking = (await call('datedA', 'SendWordMailMerge_Compressed', { ...base, MergeData: gzipText('A\n1\n') })) as {
      ResultCode: number;
      ResultDescription: string;
    };
    assert.deepEqual([lacking.ResultCode, /«B»/.test(lacking.ResultDescription)], [-3144, true]);
    const badQuote = (await call('datedA', 'SendWordMailMerge_Compressed', { ...base, MergeData: gzipText('A,B\n"1,2\n') })) as {
      ResultCode: number;
    };
    assert.equal(badQuote.ResultCode, -3144);
  });

  it("refuses rows whose cells are not the header's and data that is not UTF-8 at -3144, each named; fails an address cell with a line break at -1045", async () => {
    const base = {
      ...demo,
      MyDescription: 'm',
      FileExtension: 'html',
      FileBinaryData: Buffer.from('<p>Dear {{AttentionLine1}}</p>'),
      WorkMode: 'Development',
    };
    const send = async (MergeData: Buffer) =>
      (await call('datedA', 'SendWordMailMerge_Compressed', { ...base, MergeData })) as { ResultCode: number; ResultDescription: string };
    const header = 'AttentionLine1,Address1,City,State,PostalCode';
    const jane = 'Jane Doe,1 Main St,Springfield,IL,62701';
    const short = await send(gzipText(`${header}\r\n${jane}\r\n"Sam\r\nRoe",2 Side St,Shelbyville\r\n`));
    assert.deepEqual(
      [short.ResultCode, short.ResultDescription],
      [-3144, 'invalid merge data: row 2 (line 3) has 3 cells; the header has 5 columns'],
    );
    const long = await send(gzipText(`${header}\n${jane},,\n`));
    assert.deepEqual(
      [long.ResultCode, long.ResultDescription],
      [-3144, 'invalid merge data: row 1 (line 2) has 7 cells; the header has 5 columns'],
    );
    const latin = await send(
      gzipSync(Buffer.concat([Buffer.from(`${header}\nJos`), Buffer.from([0xe9]), Buffer.from(',1 Main St,Springfield,IL,62701\n')])),
    );
    assert.deepEqual([latin.ResultCode, latin.ResultDescription], [-3144, 'invalid merge data: the CSV is not UTF-8 text']);
    const broken = await send(gzipText(`${header}\n${jane}\nSam Roe,"2 Side St\nApt 4",Shelbyville,IL,62565\n`));
    assert.ok(broken.ResultCode > 0, JSON.stringify(broken));
    assert.equal(broken.ResultDescription, '2 letters queued; 1 without a usable address will fail');
    const items = (await call('datedA', 'GetBatchStatus', { ...demo, ID: broken.ResultCode, ItemID: '' })) as {
      Statuses: { Status: number }[];
    };
    assert.deepEqual(
      items.Statuses.map((s) => s.Status),
      [-1002, -1045],
    );
    // Its letter is printed with the cell's lines joined, as the fix writes them: never a "?" for the break.
    const pages = await printed(broken.ResultCode);
    assert.ok(
      pages.some((page) => /2 Side St Apt 4/.test(page.text)),
      pages.map((p) => p.text).join('\n---\n'),
    );
  });

  it('fills a stored HTML template from XML merge values (MyTemplate:)', async () => {
    assert.equal(
      await call('datedA', 'UploadFile', {
        ...demo,
        MyFileName: 'notice.html',
        FileBinaryData: Buffer.from('<h1>Notice</h1><p>Hello {{Name}}, you owe {{Amount}}.</p>'),
        Permissions: 'Account',
        Description: '',
        Overwrite: true,
      }),
      -3000,
    );
    const values = Buffer.from('<MergeData><Name>Bob &amp; Co</Name><Amount>$5</Amount></MergeData>');
    const id = await letter({ FileExtension: 'MyTemplate:notice.html', FileBinaryData: values });
    assert.match((await printed(id))[1]!.body, /Hello Bob & Co, you owe \$5\./);
    assert.equal(
      await letter({ FileExtension: 'MyTemplate:notice.html', FileBinaryData: Buffer.from('<MergeData><Name>x</Name></MergeData>') }),
      -3144,
    );
    assert.equal(await letter({ FileExtension: 'MyTemplate:notice.html', FileBinaryData: Buffer.from('not xml') }), -3144);
    const card = {
      ...demo,
      MyDescription: 'card',
      ImageSideFileType: 'MyTemplate:notice.html',
      ImageSideBinaryData: Buffer.from('<M><Name>x</Name></M>'),
      ImageSideScaling: 'Default',
      AddressSideFileType: 'html',
      AddressSideBinaryData: Buffer.from('<p>x</p>'),
      WorkMode: 'Development',
      PrintColor: 'Default',
      PostcardSize: 'Default',
      MailingPriority: 'Default',
      ...address,
    };
    assert.equal(await call('simple', 'SendPostcardAndAddress', card), -3136);
    assert.equal(
      await call('simple', 'SendPostcardAndAddress', { ...card, ImageSideFileType: 'MyFile:nothing.png', ImageSideBinaryData: undefined }),
      -3134,
    );
  });

  it('fails a stored HTML template whose @page size is not US Letter at -1021, and lays one on Letter turned out so (issue 23 part 1)', async () => {
    const upload = (name: string, html: string) =>
      call('datedA', 'UploadFile', {
        ...demo,
        MyFileName: name,
        FileBinaryData: Buffer.from(html),
        Permissions: 'Account',
        Description: '',
        Overwrite: true,
      });
    assert.equal(await upload('notice-a4.html', '<style>@page { size: A4 }</style><p>Hello {{Name}}.</p>'), -3000);
    assert.equal(await upload('notice-landscape.html', '<style>@page { size: letter landscape }</style><p>Hello {{Name}}.</p>'), -3000);
    const values = Buffer.from('<MergeData><Name>Bob</Name></MergeData>');
    const status = async (id: number) => ((await call('simple', 'GetLetterStatusV2', { ...demo, ID: id })) as { Status: number }).Status;
    const a4 = await letter({ FileExtension: 'MyTemplate:notice-a4.html', FileBinaryData: values });
    assert.equal(await status(a4), -1021);
    const landscape = await letter({ FileExtension: 'MyTemplate:notice-landscape.html', FileBinaryData: values });
    assert.notEqual(await status(landscape), -1021, 'Letter turned is US Letter');
    assert.deepEqual(
      (await printed(landscape)).map((p) => [Math.round(p.width), Math.round(p.height)]),
      [
        [612, 792],
        [792, 612],
      ],
      'the address page, then the template on Letter turned (a failed mailer has no PDF to read)',
    );
  });

  describe('with no print engine: the text layout', () => {
    withTextLayout();

    it('lays out .docx and HTML text with headings and page breaks; says it cannot render .doc', async () => {
      const docx = docxOf(
        '<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Annual report</w:t></w:r></w:p>' +
          '<w:p><w:r><w:t xml:space="preserve">First </w:t></w:r><w:r><w:t>page.</w:t></w:r></w:p>' +
          '<w:p><w:r><w:br w:type="page"/></w:r></w:p><w:p><w:r><w:t>Second page.</w:t></w:r></w:p>',
      );
      const fromDocx = await printed(await letter({ FileExtension: 'docx', FileBinaryData: docx }));
      assert.equal(fromDocx.length, 3);
      assert.match(fromDocx[1]!.body, /Annual report First page\./);
      assert.match(fromDocx[2]!.body, /Second page\./);
      const html = '<p>One</p><div style="page-break-before: always">Two</div><p style="page-break-after:always">Three</p><p>Four</p>';
      const fromHtml = await printed(await letter({ FileExtension: 'html', FileBinaryData: Buffer.from(html) }));
      assert.deepEqual(
        fromHtml.slice(1).map((p) => p.body.replace(MARK, '').trim()),
        ['One', 'Two Three', 'Four'],
      );
      const fromDoc = await printed(await letter({ FileExtension: 'doc', FileBinaryData: Buffer.from([0xd0, 0xcf, 0x11, 0xe0]) }));
      assert.match(fromDoc[1]!.text, /cannot render binary Word/);
    });

    it('lays out a huge document only up to 60 pages, and fails it at -1065', async () => {
      const id = await letter({ FileExtension: 'html', FileBinaryData: Buffer.from(`<p>${'x'.repeat(600_000)}</p>`) });
      const status = (await call('simple', 'GetLetterStatusV2', { ...demo, ID: id })) as { Status: number };
      assert.equal(status.Status, -1065);
      const details = (await call('simple', 'GetLetterDetails', { ...demo, ID: id })) as { NumOfSheets: number };
      assert.equal(details.NumOfSheets, 61, 'the address page and 60 pages of text');
    });
  });

  it("keeps a Development postcard's text clear of the mark, on both sides, as a letter's", async () => {
    const sample = (name: string) => readFileSync(join(projectRoot, 'test', 'sample', name));
    const id = (await call('simple', 'SendPostcardAndAddress', {
      ...demo,
      MyDescription: 'card',
      ImageSideFileType: 'html',
      ImageSideBinaryData: sample('postcard-front.html'),
      ImageSideScaling: 'FitToPage',
      AddressSideFileType: 'html',
      AddressSideBinaryData: sample('postcard-back.html'),
      WorkMode: 'Development',
      PrintColor: 'FullColor',
      PostcardSize: 'Default',
      MailingPriority: 'Default',
      ...address,
    })) as number;
    const [front, back] = await printed(id);
    // The heading is drawn by the browser at its own size, larger than body text: read word by word.
    assert.deepEqual(
      ['Greetings', 'from', 'Springfield'].filter((t) => !front!.words.some((w) => w.text === t)),
      [],
      front!.text,
    );
    assert.match(back!.body, /Wish you were here/);
    for (const [side, page] of [
      ['image side', front!],
      ['address side', back!],
    ] as const) {
      assert.deepEqual(wordsOverMark(page), [], `the ${side}'s words over the Development mark`);
      for (const w of page.words)
        assert.ok(w.xMin >= 0 && w.yMin >= 0 && w.xMax <= page.width && w.yMax <= page.height, `"${w.text}" on the card`);
    }
    const [addressPage, text] = await printed(await letter({ FileExtension: 'html', FileBinaryData: sample('postcard-front.html') }));
    assert.deepEqual([...wordsOverMark(addressPage!), ...wordsOverMark(text!)], [], "a letter's words over the mark");
  });

  it('prints a postcard on two 6 × 4.25 in sides, the address on the right half', async () => {
    const id = (await call('simple', 'SendPostcardAndAddress', {
      ...demo,
      MyDescription: 'card',
      ImageSideFileType: 'html',
      ImageSideBinaryData: Buffer.from('<h1>Greetings from Springfield</h1>'),
      ImageSideScaling: 'FitToPage',
      AddressSideFileType: 'html',
      AddressSideBinaryData: Buffer.from('<p>Wish you were here</p>'),
      WorkMode: 'Production',
      PrintColor: 'FullColor',
      PostcardSize: 'Default',
      MailingPriority: 'Default',
      ...address,
    })) as number;
    const pages = await printed(id);
    assert.deepEqual(
      pages.map((p) => [p.width, p.height]),
      [
        [432, 306],
        [432, 306],
      ],
    );
    assert.match(pages[0]!.text, /Greetings from Springfield/);
    assert.match(pages[1]!.text, /Wish you were here/);
    const jane = pages[1]!.words.find((w) => w.text === 'Jane')!;
    assert.ok(jane.xMin > 216, 'the address is on the right half');
  });
});
