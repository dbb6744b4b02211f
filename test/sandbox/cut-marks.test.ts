/**
 * The sandbox marks what the printer would cut or hide, as the proof does (issue 30 part 4: "in
 * preflight, the proof and the sandbox alike"): a letter sent to a real sandbox over HTTP, its
 * GetPDF read back with pdf-lib. Ink 0.14 in from the left edge is a red box on its page, named
 * by its region, not marked for printing; after an address page it is on the printed letter's
 * page 2; a clean letter has none.
 */
import { strict as assert } from 'node:assert';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { closeEngines, theBrowser } from '../../src/printing/engines';
import { RECIPIENT_WINDOW } from '../../src/printing/envelope';
import { JANE_DOE } from '../helpers/documents';
import { httpCaller, startTestSandbox, type Call, type TestSandbox } from '../helpers/sandbox';

const INCH = 72;
const demo = { Username: 'demo', Password: 'demo' };

/** A one-page Letter PDF: the address in the recipient box, a body, and what `more` draws. */
async function letterPdf(more: (page: PDFPage, font: PDFFont) => void = () => undefined): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  ['Jane Doe', '1 Main St', 'Springfield, IL 62701'].forEach((line, i) => {
    page.drawText(line, { x: RECIPIENT_WINDOW.left + 6, y: 792 - (RECIPIENT_WINDOW.top + 14 + i * 13), size: 10, font });
  });
  page.drawText('Dear Jane, a letter of ordinary text, well inside its margins.', { x: INCH, y: 400, size: 10, font });
  more(page, font);
  return Buffer.from(await doc.save());
}

const cutLine = (page: PDFPage, font: PDFFont) => page.drawText('A line the printer cuts', { x: 0.14 * INCH, y: 300, size: 8, font });

/** The red boxes of each page of a printed PDF: their note, and whether they print. */
async function boxesOf(pdf: Uint8Array): Promise<{ page: number; note: string; prints: boolean }[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().flatMap((page, i) => {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    return (annots?.asArray() ?? [])
      .map((ref) => doc.context.lookup(ref, PDFDict))
      .filter((note) => note.lookup(PDFName.of('Subtype')) === PDFName.of('Square'))
      .map((note) => ({
        page: i + 1,
        note: note.lookup(PDFName.of('Contents'), PDFHexString).decodeText(),
        prints: (note.lookup(PDFName.of('F'), PDFNumber).asNumber() & 4) !== 0,
      }));
  });
}

describe('the sandbox marks what the printer would cut or hide, as the proof does (issue 30)', function () {
  this.timeout(120_000);
  let sandbox: TestSandbox;
  let call: Call;

  before(async () => {
    assert.ok(theBrowser(), 'setup installs Chromium: the sandbox looks at the pages with it');
    sandbox = await startTestSandbox({ schedule: { inProcessMs: 0, printedMs: 0, completedMs: 0 } });
    call = httpCaller(sandbox.url, 'http-post');
  });
  after(async () => {
    await sandbox?.close();
    await closeEngines();
  });

  const printed = async (operation: string, data: Buffer, address: Record<string, string> = {}): Promise<Uint8Array> => {
    const id = (await call('simple', operation, {
      ...demo,
      ...address,
      MyDescription: 'cut ink',
      WorkMode: 'Development',
      FileExtension: 'pdf',
      FileBinaryData: data,
    })) as number;
    assert.ok(id > 0, `the send is taken (${id})`);
    const result = (await call('simple', 'GetPDF', { ...demo, ID: id })) as { ResultCode: number; FileData: Buffer };
    assert.equal(result.ResultCode, -3000, `the PDF of ${id}`);
    return result.FileData;
  };

  it('boxes ink 0.14 in from the left edge on the page it is on, naming the left margin, in a box that does not print', async () => {
    const boxes = await boxesOf(await printed('SendLetterV2', await letterPdf(cutLine)));
    assert.deepEqual(boxes, [{ page: 1, note: 'Ink in the left margin: the printer may cut or hide it', prints: false }]);
  });

  it('puts the box on the printed letter’s page 2 when an address page comes first', async () => {
    const boxes = await boxesOf(await printed('SendLetterAndAddressV2', await letterPdf(cutLine), JANE_DOE));
    assert.deepEqual(
      boxes.map((b) => [b.page, b.note]),
      [[2, 'Ink in the left margin: the printer may cut or hide it']],
    );
  });

  it('boxes a picture in the recipient window of a letter whose address is read from the page, and nothing on a clean letter', async () => {
    const pictured = await letterPdf((page) =>
      page.drawRectangle({ x: RECIPIENT_WINDOW.left + 150, y: 792 - RECIPIENT_WINDOW.top - 40, width: 60, height: 30 }),
    );
    const boxes = await boxesOf(await printed('SendLetterV2', pictured));
    assert.ok(boxes.length >= 1 && boxes.every((b) => b.page === 1), JSON.stringify(boxes));
    assert.ok(
      boxes.some((b) => /recipient box|envelope window/.test(b.note)),
      JSON.stringify(boxes),
    );
    assert.deepEqual(await boxesOf(await printed('SendLetterV2', await letterPdf())), []);
  });
});
