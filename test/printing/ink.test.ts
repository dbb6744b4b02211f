/**
 * What the printer would cut or hide, found on the rendered pixels of every page (issue 30 part 4):
 * PDFs made here with pdf-lib, drawn by pdf.js in the real Chromium that setup installs
 * (engines/ink.ts), read against the service's print rules (preflight/ink-findings.ts): ink in a
 * margin (0.5 in, 0.6 in on the right) on any page, anything but the address in page 1's
 * recipient box and anything in its return-address box when the address is read from the page.
 */
import { strict as assert } from 'node:assert';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { closeEngines, theBrowser } from '../../src/printing/engines';
import { findInk } from '../../src/printing/engines/ink';
import { PRINT_MARGINS, RECIPIENT_WINDOW, RETURN_WINDOW } from '../../src/printing/envelope';
import { inkFindings, type InkCheck, type InkReport } from '../../src/printing/preflight/ink-findings';
import { markedProof } from '../../src/printing/preflight/marked-proof';
import { preflightLetter } from '../../src/printing/preflight/letter';

const INCH = 72;
const LETTER: [number, number] = [612, 792];
const A4: [number, number] = [595.28, 841.89];

/** A page's body of text inside 1 in margins: what a clean letter has. */
function body(page: PDFPage, font: PDFFont): void {
  const { width, height } = page.getSize();
  for (let y = height - INCH - 10; y > INCH; y -= 14) {
    page.drawText('A letter of ordinary text, well inside its margins.', { x: INCH, y, size: 10, font, maxWidth: width - 2 * INCH });
  }
}

/** A PDF of these pages, each drawn by its function (points from the bottom-left, as PDF draws). */
async function pdfOf(...pages: ((page: PDFPage, font: PDFFont) => void)[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const draw of pages) draw(doc.addPage(LETTER), font);
  return doc.save();
}

/** y in PDF's space of a point `top` points from the top of a Letter page. */
const fromTop = (top: number, height = LETTER[1]) => height - top;

/** The address, in 10 pt, inside the recipient box. */
function address(page: PDFPage, font: PDFFont): void {
  ['Jane Doe', '1 Main St', 'Springfield, IL 62701'].forEach((line, i) => {
    page.drawText(line, { x: RECIPIENT_WINDOW.left + 6, y: fromTop(RECIPIENT_WINDOW.top + 14 + i * 13), size: 10, font });
  });
}

const sent: InkCheck = { readsPage1: false, firstLetterPage: 1 };
const read: InkCheck = { readsPage1: true, firstLetterPage: 1 };

const about = (report: InkReport, words: RegExp) => report.findings.filter((f) => words.test(f.message));

describe('ink the printer would cut or hide, on the pixels (issue 30 part 4)', function () {
  this.timeout(60_000);
  after(() => closeEngines());

  before(function () {
    assert.ok(theBrowser(), 'setup installs Chromium: these tests draw pages with it');
  });

  it('finds a line of 8 pt text 0.14 in from the left edge, and names its page and the left margin', async () => {
    const pdf = await pdfOf((page, font) => {
      body(page, font);
      page.drawText('A line the printer cuts', { x: 0.14 * INCH, y: 400, size: 8, font });
    });
    const report = await inkFindings(pdf, sent);
    const [warning, ...more] = about(report, /left margin/);
    assert.ok(warning, JSON.stringify(report.findings));
    assert.deepEqual(more, []);
    assert.equal(warning.severity, 'warning');
    assert.equal(warning.code, undefined, 'the service has no code for it');
    assert.deepEqual(warning.pages, [1]);
    assert.match(warning.message, /on page 1:/);
    assert.equal(report.findings.length, 1, JSON.stringify(report.findings));
    const [box] = report.boxes;
    assert.ok(box && box.page === 1, JSON.stringify(report.boxes));
    // The box is the line's ink, in points from the page's top-left: it starts near 0.14 in and stays in the margin.
    assert.ok(Math.abs(box.left - 0.14 * INCH) <= 2, JSON.stringify(box));
    assert.ok(box.left + box.width <= PRINT_MARGINS.left + 1, JSON.stringify(box));
    assert.ok(Math.abs(box.top + box.height - fromTop(400)) <= 3, JSON.stringify(box));
  });

  it('finds text 0.55 in from the right edge, which the 0.6 in right margin takes and a 0.5 in one would not', async () => {
    const pdf = await pdfOf((page, font) => {
      body(page, font);
      // A narrow letter, all of it between 0.6 in and 0.5 in from the right edge.
      page.drawText('l', { x: LETTER[0] - 0.57 * INCH, y: 300, size: 9, font });
    });
    const report = await inkFindings(pdf, sent);
    assert.equal(about(report, /right margin/).length, 1, JSON.stringify(report.findings));
    assert.deepEqual(about(report, /left margin|top margin|bottom margin/), []);
    const [box] = report.boxes;
    assert.ok(box && box.left + box.width <= LETTER[0] - 0.5 * INCH, `inside the band 0.5–0.6 in: ${JSON.stringify(box)}`);
  });

  it('says nothing of a clean Letter page with 1 in margins', async () => {
    const report = await inkFindings(await pdfOf((page, font) => body(page, font)), sent);
    assert.deepEqual(report.findings, []);
    assert.deepEqual(report.boxes, []);
  });

  it('finds a picture in the recipient box of page 1 when the address is read from the page', async () => {
    const pdf = await pdfOf((page, font) => {
      address(page, font);
      // A logo's grey block at the box's right end, beside the address.
      page.drawRectangle({
        x: RECIPIENT_WINDOW.left + 200,
        y: fromTop(RECIPIENT_WINDOW.top + 50),
        width: 40,
        height: 30,
        color: rgb(0.4, 0.4, 0.4),
      });
    });
    const report = await inkFindings(pdf, read);
    const [warning, ...more] = about(report, /recipient box/);
    assert.ok(warning, JSON.stringify(report.findings));
    assert.deepEqual(more, [], 'a picture is said once');
    assert.match(warning.message, /picture, line or shape/);
    assert.deepEqual(warning.pages, [1]);
    const box = report.boxes.find((b) => /recipient box/.test(b.why));
    assert.ok(
      box && Math.abs(box.left - (RECIPIENT_WINDOW.left + 200)) <= 2 && Math.abs(box.width - 40) <= 2,
      JSON.stringify(report.boxes),
    );
  });

  it('says nothing of the address alone in the recipient box, and nothing of the windows when the address is given', async () => {
    const pdf = await pdfOf(address);
    assert.deepEqual((await inkFindings(pdf, read)).findings, []);
    const withPicture = await pdfOf((page) =>
      page.drawRectangle({
        x: RECIPIENT_WINDOW.left + 10,
        y: fromTop(RECIPIENT_WINDOW.top + 40),
        width: 100,
        height: 20,
        color: rgb(0, 0, 0),
      }),
    );
    // Sent with an address, the document's page 1 is behind no window: an address page comes first.
    assert.deepEqual((await inkFindings(withPicture, { readsPage1: false, firstLetterPage: 2 })).findings, []);
  });

  it('finds text in the recipient box that is not the address read', async () => {
    const pdf = await pdfOf((page, font) => {
      address(page, font);
      // A reference far right of the address lines, in the box.
      page.drawText('Ref 42', { x: RECIPIENT_WINDOW.left + 210, y: fromTop(RECIPIENT_WINDOW.top + 55), size: 9, font });
    });
    const report = await inkFindings(pdf, {
      ...read,
      // The address as read from the three lines alone (the reference stands apart on its own line's right).
      addressBox: { left: RECIPIENT_WINDOW.left + 5, top: RECIPIENT_WINDOW.top + 4, width: 110, height: 40 },
    });
    const [warning, ...more] = about(report, /recipient box/);
    assert.ok(warning, JSON.stringify(report.findings));
    assert.deepEqual(more, []);
    assert.match(warning.message, /besides the address/);
  });

  it('finds ink in the return-address box of page 1', async () => {
    const pdf = await pdfOf((page, font) => {
      address(page, font);
      page.drawText('Acme Ltd, 9 High St', { x: RETURN_WINDOW.left + 4, y: fromTop(RETURN_WINDOW.top + 20), size: 10, font });
    });
    const report = await inkFindings(pdf, read);
    const [warning, ...more] = about(report, /return-address box/);
    assert.ok(warning, JSON.stringify(report.findings));
    assert.deepEqual(more, []);
    assert.deepEqual(warning.pages, [1]);
    assert.equal(report.findings.length, 1, JSON.stringify(report.findings));
  });

  it('names page 2 for ink in its bottom margin, numbered as the proof numbers pages', async () => {
    const pdf = await pdfOf(
      (page, font) => body(page, font),
      (page, font) => {
        body(page, font);
        page.drawText('Footer too low', { x: 200, y: 0.2 * INCH, size: 8, font });
      },
    );
    const plain = await inkFindings(pdf, sent);
    const [warning] = about(plain, /bottom margin/);
    assert.ok(warning, JSON.stringify(plain.findings));
    assert.deepEqual(warning.pages, [2]);
    assert.match(warning.message, /on page 2:/);
    assert.equal(plain.findings.length, 1, JSON.stringify(plain.findings));
    // After an address page, the document's page 2 is the proof's page 3.
    const after = await inkFindings(pdf, { readsPage1: false, firstLetterPage: 2 });
    assert.deepEqual(after.findings[0]?.pages, [3]);
    assert.match(after.findings[0]?.message ?? '', /page 2 of the document \(the proof's page 3\)/);
    assert.deepEqual(
      after.boxes.map((b) => b.page),
      [3],
    );
  });

  it('merges pages in its words: ink in the same margin of pages 1–3 is one finding', async () => {
    const edge = (page: PDFPage, font: PDFFont) => page.drawText('Edge', { x: 200, y: LETTER[1] - 0.2 * INCH, size: 8, font });
    const report = await inkFindings(await pdfOf(edge, edge, edge), sent);
    assert.equal(report.findings.length, 1, JSON.stringify(report.findings));
    assert.deepEqual(report.findings[0]!.pages, [1, 2, 3]);
    assert.match(report.findings[0]!.message, /top margin on pages 1–3/);
  });

  it('reads a landscape page and an A4 page by their own edges as shown', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    // Landscape by /Rotate: drawn on a portrait page turned a quarter, shown 792 × 612.
    const turned = doc.addPage(LETTER);
    turned.setRotation(degrees(90));
    // Near the portrait page's left edge, which shows as the top of the turned page.
    turned.drawText('Near an edge', { x: 0.15 * INCH, y: 300, size: 8, font });
    const a4 = doc.addPage(A4);
    // Inside A4's own right margin (0.55 in from its edge), which Letter's would not reach.
    a4.drawText('A4 right edge', { x: A4[0] - 0.55 * INCH, y: 400, size: 8, font });
    a4.drawText('Clean A4 text', { x: INCH, y: 600, size: 10, font });
    const pdf = await doc.save();
    const pages = await findInk(theBrowser()!, pdf, () => []);
    assert.deepEqual(
      pages.map((p) => [Math.round(p.shown.width), Math.round(p.shown.height)]),
      [
        [792, 612],
        [595, 842],
      ],
    );
    const report = await inkFindings(pdf, sent);
    const margins = Object.fromEntries(
      report.findings.map((f): [string, unknown] => [/(\w+) margin/.exec(f.message)?.[1] ?? f.message, f.pages]),
    );
    assert.deepEqual(margins, { top: [1], right: [2] }, JSON.stringify(report.findings));
    // Written along the portrait page, the line runs down the turned one from 0.15 in below its top, 300 pt from its left.
    const top = report.boxes.find((b) => b.page === 1)!;
    assert.ok(Math.abs(top.top - 0.15 * INCH) <= 2 && Math.abs(top.left - 300) <= 3, JSON.stringify(top));
    assert.ok(top.top + top.height <= PRINT_MARGINS.top + 1, `only the margin's part: ${JSON.stringify(top)}`);
  });

  it('keeps the page warm: a second PDF through the same browser page', async () => {
    const engine = theBrowser()!;
    const one = await pdfOf((page, font) => page.drawText('x', { x: 5, y: 400, size: 8, font }));
    const two = await pdfOf((page, font) => body(page, font));
    const [first, second] = await Promise.all([
      findInk(engine, one, (_, shown) => [{ left: 0, top: 0, width: 36, height: shown.height }]),
      findInk(engine, two, (_, shown) => [{ left: 0, top: 0, width: 36, height: shown.height }]),
    ]);
    assert.ok(first[0]?.ink[0], 'the first PDF has ink at its left edge');
    assert.equal(second[0]?.ink[0], undefined, 'the second, drawn after it on the same page, has none');
  });

  it("boxes them in red on the command line's proof, in notes that do not print, where the ink is on a turned page too", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage(LETTER).drawText('Too far left', { x: 0.14 * INCH, y: 400, size: 8, font });
    const turned = doc.addPage(LETTER);
    turned.setRotation(degrees(90));
    turned.drawText('Near an edge', { x: 0.15 * INCH, y: 300, size: 8, font });
    const pdf = await doc.save();
    const { boxes } = await inkFindings(pdf, sent);
    assert.equal(await markedProof(pdf, []), pdf, 'nothing found: the proof as it is');
    const marked = await PDFDocument.load(await markedProof(pdf, boxes));
    const notes = marked.getPages().map((page) => {
      const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
      return (annots?.asArray() ?? []).map((ref) => marked.context.lookup(ref, PDFDict));
    });
    assert.deepEqual(
      notes.map((n) => n.length),
      [1, 1],
    );
    const rect = (note: PDFDict) =>
      note
        .lookup(PDFName.of('Rect'), PDFArray)
        .asArray()
        .map((n) => (n as PDFNumber).asNumber());
    for (const [i, [note]] of notes.entries()) {
      assert.equal(note!.lookup(PDFName.of('Subtype')), PDFName.of('Square'));
      assert.equal((note!.lookup(PDFName.of('F'), PDFNumber).asNumber() & 4) === 0, true, `page ${i + 1}'s box does not print`);
    }
    // In the pages' own space: the first round the line at x 0.14 in, y 400; the turned one round its line's start at x 0.15 in, y 300.
    const [a, b] = [rect(notes[0]![0]!), rect(notes[1]![0]!)];
    assert.ok(a[0]! <= 0.14 * INCH && a[2]! >= 0.14 * INCH && a[2]! <= 0.5 * INCH + 3 && a[1]! <= 400 && a[3]! >= 400, JSON.stringify(a));
    assert.ok(b[0]! <= 0.15 * INCH && b[2]! <= 0.5 * INCH + 3 && b[1]! <= 300 && b[3]! >= 300, JSON.stringify(b));
  });

  it("is in the preflight's findings and the proof's marks, on the proof's pages, and left out when asked", async () => {
    const pdf = await pdfOf((page, font) => {
      address(page, font);
      page.drawText('A line the printer cuts', { x: 0.14 * INCH, y: 400, size: 8, font });
    });
    const read = await preflightLetter({ type: 'pdf', data: pdf }, { workMode: 'Development' });
    assert.deepEqual(about({ findings: [...read.findings], boxes: [] }, /left margin/)[0]?.pages, [1], JSON.stringify(read.findings));
    assert.deepEqual(
      read.marks?.cut?.map((b) => b.page),
      [1],
    );
    const addressed = await preflightLetter(
      {
        type: 'pdf',
        data: pdf,
        address: { AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701' },
      },
      { workMode: 'Development' },
    );
    assert.deepEqual(
      addressed.marks?.cut?.map((b) => b.page),
      [2],
      'after the address page',
    );
    const priced = await preflightLetter({ type: 'pdf', data: pdf }, { workMode: 'Development' }, { ink: false });
    assert.equal(priced.marks?.cut, undefined);
    assert.deepEqual(about({ findings: [...priced.findings], boxes: [] }, /margin/), []);
  });
});
