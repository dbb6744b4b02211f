/**
 * The service's print rules (facts, Part A "Print rules"; Part B "Page sizes and orientation") as
 * the printer keeps them and the preflight says them, on real files made here: pages that are not
 * US Letter (-1021, naming the pages and their sizes), the address read from the recipient box of
 * page 1 of a letter sent without one (-1045 when there is none), files the printer cannot use
 * (encrypted or damaged: -1025) or prints less well (fonts not embedded, images under 300 DPI, a
 * printed PDF over 2 MB), and characters no printing font draws: never a silent `?`. The sandbox's
 * side of the same rules is test/sandbox/print-rules.test.ts.
 */
import { strict as assert } from 'node:assert';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import {
  PDFDocument,
  PDFName,
  StandardFonts,
  TextRenderingMode,
  beginText,
  concatTransformationMatrix,
  degrees,
  drawObject,
  endText,
  moveText,
  popGraphicsState,
  pushGraphicsState,
  setFontAndSize,
  setTextRenderingMode,
  showText,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import {
  RECIPIENT_WINDOW,
  measureLetters,
  preflightLetter,
  preflightMerge,
  printLetters,
  type Finding,
  type LetterJob,
  type PreflightReport,
} from '../../src/printing';
import { readBox } from '../../src/printing/address-read';
import { withPdf } from '../../src/printing/pdf-js';
import {
  JANE_DOE,
  JANE_DOE_LINES,
  docxOf,
  encryptedPdf,
  htmlWithAddress,
  pdfOfSizes,
  sampleDocx,
  samplePdf,
  samplePng,
} from '../helpers/documents';
import { pdfPages, projectRoot } from '../helpers/tools';
import { inTextLayout } from '../helpers/engines';

const settings = { workMode: 'Development' } as const;
const LETTER = [612, 792] as const;
const A4 = [595.28, 841.89] as const;
const LEGAL = [612, 1008] as const;
const errors = (r: PreflightReport) => r.findings.filter((f) => f.severity === 'error');
const coded = (r: PreflightReport, code: number) => r.findings.filter((f) => f.code === code);
const RULE = 'The service prints on US Letter, 8.5 × 11 in (either way up, within 1/16 in); the proof outlines the pages that are not.';
const pdfLetter = (data: Uint8Array, address = true) => ({ type: 'pdf', data, ...(address ? { address: JANE_DOE } : {}) });

/** Every page's text as pdf.js reads it, its runs joined as they stand. */
function pdfText(pdf: Uint8Array): Promise<string[]> {
  return withPdf(pdf, async (doc) => {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const { items } = await (await doc.getPage(n)).getTextContent();
      pages.push(items.map((item) => ('str' in item ? item.str : '')).join(''));
    }
    return pages;
  });
}

describe('printing: pages that are not US Letter fail at -1021', function () {
  this.timeout(60_000);
  const tolerance = 72 / 16;
  const cases: [string, (readonly [number, number])[], number[]][] = [
    ['US Letter', [LETTER], []],
    ['US Letter landscape (printed turned)', [[792, 612]], []],
    [
      'US Letter within 1/16 in, both ways and either way up',
      [
        [612 + tolerance, 792 - tolerance],
        [792 + tolerance, 612 - tolerance],
      ],
      [],
    ],
    ['just beyond 1/16 in wide', [[612 + tolerance + 0.1, 792]], [1]],
    ['just beyond 1/16 in short', [[612, 792 - tolerance - 0.1]], [1]],
    ['A4', [A4], [1]],
    ['US Legal', [LEGAL], [1]],
    ['Letter and A4 mixed', [LETTER, A4, LETTER, A4], [2, 4]],
  ];
  for (const [what, sizes, off] of cases) {
    it(`${what}: ${off.length === 0 ? 'passes' : `fails, naming page ${off.join(' and ')}`}`, async () => {
      const data = await pdfOfSizes(sizes, { address: JANE_DOE_LINES });
      const job: LetterJob = { contents: [{ kind: 'file', type: 'pdf', data }], workMode: 'Development', duplex: false };
      const [measured] = await measureLetters([job]);
      const { letters } = await printLetters([job]);
      assert.deepEqual(measured, letters[0], 'measuring (the sandbox at send) says what printing says');
      assert.deepEqual(measured!.failures, off.length === 0 ? [] : [-1021]);
      assert.deepEqual(
        (measured!.offSize ?? []).map((p) => p.documentPage),
        off,
      );
      const report = await preflightLetter(pdfLetter(data, false), settings);
      assert.equal(report.ok, off.length === 0, JSON.stringify(report.findings));
      assert.deepEqual(
        report.marks?.offSize.map((p) => p.page),
        off,
      );
      const [finding] = coded(report, -1021);
      if (off.length === 0) return assert.equal(finding, undefined);
      assert.equal(finding!.severity, 'error');
      assert.deepEqual(finding!.pages, off);
      assert.match(finding!.message, /^Failed: invalid page size\. Pages? \d/);
      assert.match(finding!.message, /US Letter, 8\.5 × 11 in \(either way up, within 1\/16 in\)/);
    });
  }

  it('names each page with its size, in the proof’s numbering and the document’s when an address page comes first', async () => {
    const data = await pdfOfSizes([LETTER, A4, LETTER, LEGAL]);
    const alone = await preflightLetter(
      pdfLetter(await pdfOfSizes([LETTER, A4, LETTER, LEGAL], { address: JANE_DOE_LINES }), false),
      settings,
    );
    assert.match(coded(alone, -1021)[0]!.message, /Page 2 is A4, 8\.27 × 11\.69 in; page 4 is US Legal, 8\.5 × 14 in\./);
    const addressed = await preflightLetter(pdfLetter(data), settings);
    const [finding] = coded(addressed, -1021);
    assert.deepEqual(finding!.pages, [3, 5]);
    assert.match(
      finding!.message,
      /Page 2 of the document \(the proof's page 3\) is A4, 8\.27 × 11\.69 in; page 4 of the document \(the proof's page 5\) is US Legal/,
    );
    assert.deepEqual(addressed.marks?.offSize, [
      { page: 3, size: 'A4, 8.27 × 11.69 in' },
      { page: 5, size: 'US Legal, 8.5 × 14 in' },
    ]);
    const landscape = await preflightLetter(pdfLetter(await pdfOfSizes([[841.89, 595.28]])), settings);
    assert.match(coded(landscape, -1021)[0]!.message, /is A4 landscape, 11\.69 × 8\.27 in/);
  });
});

/** A one-page PDF whose page is made Letter-sized by pdf-lib, then given its boxes and turn by `shape`. */
async function shapedPdf(shape: (doc: PDFDocument) => void, pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]).drawText(`Page ${i + 1}`, { x: 72, y: 400, size: 14, font });
  shape(doc);
  return doc.save();
}

describe('printing: every page size and page box, one rule (-1021)', function () {
  this.timeout(60_000);
  const sized =
    (width: number, height: number) =>
    (doc: PDFDocument): void =>
      doc.getPages().forEach((page) => page.setSize(width, height));
  // Name, the page's boxes and turn, and the size the finding says (none: it is US Letter).
  const cases: [string, (doc: PDFDocument) => void, string | undefined][] = [
    ['A5', sized(419.53, 595.28), 'A5, 5.83 × 8.27 in'],
    ['A3', sized(841.89, 1190.55), 'A3, 11.69 × 16.54 in'],
    ['Tabloid', sized(792, 1224), 'Tabloid, 11 × 17 in'],
    ['Executive', sized(522, 756), 'Executive, 7.25 × 10.5 in'],
    ['US Letter 4.49 pt too wide (within 1/16 in)', sized(612 + 4.49, 792), undefined],
    ['US Letter 4.51 pt too wide (beyond 1/16 in)', sized(612 + 4.51, 792), '8.56 × 11 in'],
    ['US Letter 4.51 pt too short', sized(612, 792 - 4.51), '8.5 × 10.94 in'],
    ['US Letter turned by /Rotate 90', (doc) => doc.getPage(0).setRotation(degrees(90)), undefined],
    [
      'US Letter landscape turned by /Rotate 270',
      (doc) => doc.getPage(0).setSize(792, 612) ?? doc.getPage(0).setRotation(degrees(270)),
      undefined,
    ],
    [
      'A4 turned by /Rotate 270',
      (doc) => {
        doc.getPage(0).setSize(595.28, 841.89);
        doc.getPage(0).setRotation(degrees(270));
      },
      'A4, 8.27 × 11.69 in',
    ],
    ['US Letter whose media box starts at (100, −200)', (doc) => doc.getPage(0).setMediaBox(100, -200, 612, 792), undefined],
    ['A4 whose media box starts at (−50, −50)', (doc) => doc.getPage(0).setMediaBox(-50, -50, 595.28, 841.89), 'A4, 8.27 × 11.69 in'],
    // The printer prints what a reader shows, the crop box (PDF 32000-1 §14.11.2): the media box beyond it is not paper.
    [
      'an A4 media box cropped to US Letter, which it is narrower than',
      (doc) => {
        doc.getPage(0).setMediaBox(0, 0, 595.28, 841.89);
        doc.getPage(0).setCropBox(0, 0, 612, 792);
      },
      '8.27 × 11 in',
    ],
    [
      'a Legal media box cropped to US Letter',
      (doc) => {
        doc.getPage(0).setMediaBox(0, 0, 612, 1008);
        doc.getPage(0).setCropBox(0, 100, 612, 792);
      },
      undefined,
    ],
    // A rectangle may name any two opposite corners: [612 792 0 0] is US Letter.
    [
      'a US Letter media box written from its top-right corner',
      (doc) => doc.getPage(0).node.set(PDFName.of('MediaBox'), doc.context.obj([612, 792, 0, 0])),
      undefined,
    ],
    [
      'an A4 media box written from its top-left corner',
      (doc) => doc.getPage(0).node.set(PDFName.of('MediaBox'), doc.context.obj([0, 841.89, 595.28, 0])),
      'A4, 8.27 × 11.69 in',
    ],
    // PDF 1.6's /UserUnit: a page of 306 × 396 units of 2 pt is US Letter; of 612 × 792 units of 2 pt, Letter doubled.
    [
      'half-Letter units of 2 pt (/UserUnit 2)',
      (doc) => {
        doc.getPage(0).setSize(306, 396);
        doc.getPage(0).node.set(PDFName.of('UserUnit'), doc.context.obj(2));
      },
      undefined,
    ],
    [
      'US Letter in units of 2 pt (/UserUnit 2)',
      (doc) => doc.getPage(0).node.set(PDFName.of('UserUnit'), doc.context.obj(2)),
      '17 × 22 in',
    ],
    ['a US Letter media box cropped to 7 × 9.7 in', (doc) => doc.getPage(0).setCropBox(10, 10, 504, 700), '7 × 9.72 in'],
    [
      'an A4 media box inherited from the page tree',
      (doc) => {
        doc.catalog.Pages().set(PDFName.of('MediaBox'), doc.context.obj([0, 0, 595.28, 841.89]));
        doc.getPage(0).node.delete(PDFName.of('MediaBox'));
      },
      'A4, 8.27 × 11.69 in',
    ],
  ];
  for (const [what, shape, size] of cases) {
    it(`${what}: ${size === undefined ? 'passes' : `fails, saying ${size}`}`, async () => {
      const data = await shapedPdf(shape);
      const job: LetterJob = { contents: [{ kind: 'file', type: 'pdf', data }], address: JANE_DOE, workMode: 'Development', duplex: false };
      const [measured] = await measureLetters([job]);
      assert.deepEqual(measured!.failures, size === undefined ? [] : [-1021]);
      const report = await preflightLetter(pdfLetter(data), settings);
      const [finding] = coded(report, -1021);
      if (size === undefined) return assert.equal(finding, undefined, finding?.message);
      assert.equal(finding!.message, `Failed: invalid page size. Page 1 of the document (the proof's page 2) is ${size}. ${RULE}`);
      assert.deepEqual(report.marks?.offSize, [{ page: 2, size }]);
    });
  }

  it('names many pages compactly, a phrase a size: “pages 2–40 are A4”', async () => {
    const sizes = [LETTER, ...Array.from({ length: 39 }, () => A4), LETTER, LEGAL, A4];
    const report = await preflightLetter(pdfLetter(await pdfOfSizes(sizes, { address: JANE_DOE_LINES }), false), settings);
    const [finding] = coded(report, -1021);
    assert.equal(
      finding!.message,
      `Failed: invalid page size. Pages 2–40 and 43 are A4, 8.27 × 11.69 in; page 42 is US Legal, 8.5 × 14 in. ${RULE}`,
    );
    assert.deepEqual(
      finding!.pages,
      [...Array.from({ length: 39 }, (_, i) => i + 2), 42, 43].sort((a, b) => a - b),
    );
    const addressed = await preflightLetter(pdfLetter(await pdfOfSizes(sizes)), settings);
    assert.match(
      coded(addressed, -1021)[0]!.message,
      /^Failed: invalid page size\. Pages 2–40 and 43 of the document \(the proof's pages 3–41 and 44\) are A4/,
    );
  });
});

describe('printing: the address read from the recipient box of page 1', function () {
  this.timeout(60_000);

  it('reads a PDF’s address in the box when none is given, and says it; nothing fails', async () => {
    const report = await preflightLetter(pdfLetter(await pdfOfSizes([LETTER], { address: JANE_DOE_LINES }), false), settings);
    assert.deepEqual(report.addressRead, JANE_DOE_LINES);
    assert.deepEqual(errors(report), []);
    const [warning] = coded(report, -1045);
    assert.equal(warning!.severity, 'warning');
    assert.match(warning!.message, /where it finds “Jane Doe \/ 1 Main St \/ Springfield, IL 62701”/);
    assert.deepEqual(report.marks?.recipientBox, RECIPIENT_WINDOW);
  });

  /** A one-page PDF whose page 1 `draw`s into; the recipient box's first baselines are 161 and 174 pt from the top. */
  async function pageOne(
    draw: (doc: PDFDocument, page: PDFPage, font: PDFFont) => void | Promise<void>,
    size: [number, number] = [612, 792],
  ) {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage(size);
    await draw(doc, page, font);
    return doc.save();
  }
  const readOf = async (data: Uint8Array) => {
    const report = await preflightLetter(pdfLetter(data, false), settings);
    const [job] = await measureLetters([{ contents: [{ kind: 'file', type: 'pdf', data }], workMode: 'Development', duplex: false }]);
    // The sandbox fails by the same reading: -1045 exactly when the preflight finds no address there (nothing, or text that is none).
    assert.equal(
      job!.failures.includes(-1045),
      report.findings.some((f) => f.code === -1045 && f.severity === 'error'),
    );
    return report;
  };

  it('reads an address however the PDF places it: a character a run, on a page turned by /Rotate, in a Form XObject', async () => {
    const eachCharacter = await pageOne((_, page, font) => {
      let x = 44;
      for (const character of 'Jane Doe') {
        page.drawText(character, { x, y: 792 - 161, size: 11, font });
        x += font.widthOfTextAtSize(character, 11);
      }
      page.drawText('1 Main St', { x: 44, y: 792 - 174, size: 11, font });
    });
    assert.deepEqual((await readOf(eachCharacter)).addressRead, ['Jane Doe', '1 Main St']);
    // Landscape media turned a quarter clockwise: the text runs up the media box, across the page as shown.
    for (const turn of [90, 270] as const) {
      const turned = await pageOne(
        (_, page, font) => {
          page.setRotation(degrees(turn));
          ['Jane Doe', '1 Main St'].forEach((line, i) =>
            turn === 90
              ? page.drawText(line, { x: 161 + i * 13, y: 44, size: 11, font, rotate: degrees(90) })
              : page.drawText(line, { x: 792 - 161 - i * 13, y: 612 - 44, size: 11, font, rotate: degrees(-90) }),
          );
        },
        [792, 612],
      );
      const report = await readOf(turned);
      assert.deepEqual(report.addressRead, ['Jane Doe', '1 Main St'], `/Rotate ${turn}`);
      assert.equal(coded(report, -1021).length, 0, 'a landscape page turned is US Letter');
    }
    const inForm = await pageOne(async (doc, page) => {
      const form = await PDFDocument.create();
      const formFont = await form.embedFont(StandardFonts.Helvetica);
      form.addPage([612, 792]).drawText('Jane Doe', { x: 44, y: 792 - 161, size: 11, font: formFont });
      const [embedded] = await doc.embedPdf(await form.save());
      page.drawPage(embedded!);
    });
    assert.deepEqual((await readOf(inForm)).addressRead, ['Jane Doe']);
  });

  it('reads an address typed into a PDF form’s text field, one field of lines or a field a line; not a field that does not print', async () => {
    const withFields = (fields: readonly { lines: string; top: number; height: number; print?: boolean }[]) =>
      pageOne((doc, page) => {
        fields.forEach(({ lines, top, height, print = true }, i) => {
          const field = doc.getForm().createTextField(`to.${i}`);
          if (lines.includes('\n')) field.enableMultiline();
          field.setText(lines);
          field.addToPage(page, { x: 40, y: 792 - top - height, width: 240, height, borderWidth: 0 });
          field.setFontSize(10);
          if (!print) field.acroField.getWidgets().forEach((widget) => widget.dict.set(PDFName.of('F'), doc.context.obj(0)));
        });
      });
    const multiline = await readOf(await withFields([{ lines: JANE_DOE_LINES.join('\n'), top: 149, height: 58 }]));
    assert.deepEqual(multiline.addressRead, JANE_DOE_LINES);
    assert.deepEqual(errors(multiline), []);
    const aLineEach = await readOf(await withFields(JANE_DOE_LINES.map((lines, i) => ({ lines, top: 150 + i * 16, height: 16 }))));
    assert.deepEqual(aLineEach.addressRead, JANE_DOE_LINES);
    const notPrinted = await readOf(await withFields([{ lines: JANE_DOE_LINES.join('\n'), top: 149, height: 58, print: false }]));
    assert.deepEqual(notPrinted.addressRead, []);
    assert.deepEqual(
      errors(notPrinted).map((f) => f.code),
      [-1045],
    );
  });

  it('reads invisible text (a scan’s OCR layer), as text extraction does; a scan without one fails at -1045; only what lies inside the box', async () => {
    // Decision (docs/cli.md): text drawn invisible (render mode 3) is read, since that is how a scanned page carries its words.
    const ocr = await pageOne((_, page, font) => {
      const name = page.node.newFontDictionary('Helvetica', font.ref);
      page.pushOperators(
        beginText(),
        setFontAndSize(name, 11),
        setTextRenderingMode(TextRenderingMode.Invisible),
        moveText(44, 792 - 161),
        showText(font.encodeText('Jane Doe')),
        endText(),
      );
    });
    assert.deepEqual((await readOf(ocr)).addressRead, ['Jane Doe']);
    const scan = await pageOne(async (doc, page) => {
      page.drawImage(await doc.embedPng(samplePng(850, 1100)), { x: 0, y: 0, width: 612, height: 792 });
    });
    const scanned = await readOf(scan);
    assert.deepEqual(scanned.addressRead, []);
    assert.deepEqual(
      errors(scanned).map((f) => f.code),
      [-1045],
    );
    const partly = await pageOne((_, page, font) => {
      page.drawText('Jane Doe of the long line that runs on past the edge of the envelope window', { x: 44, y: 792 - 161, size: 11, font });
      page.drawText('Above the box', { x: 44, y: 792 - 130, size: 11, font });
      page.drawText('Right of the box', { x: 320, y: 792 - 174, size: 11, font });
    });
    const [line] = (await readOf(partly)).addressRead ?? [];
    assert.match(line!, /^Jane Doe of the long line that runs on/);
    assert.doesNotMatch(line!, /envelope window$/);
  });

  it('fails at -1045 when the box is empty, though the page has text elsewhere; an address given reads nothing', async () => {
    const data = await samplePdf(2); // its text 1.3 in from the top: above the box
    const report = await preflightLetter(pdfLetter(data, false), settings);
    assert.deepEqual(report.addressRead, []);
    assert.deepEqual(
      errors(report).map((f) => f.code),
      [-1045],
    );
    assert.match(
      errors(report)[0]!.message,
      /^Failed: the address could not be extracted from the document\. No address is given, and the recipient box of page 1 \(0\.5 in from the left, 2\.042 in from the top, 3\.5 × 0\.875 in\) holds no text/,
    );
    const addressed = await preflightLetter(pdfLetter(data), settings);
    assert.equal(addressed.addressRead, undefined);
    assert.deepEqual(coded(addressed, -1045), []);
  });

  it('reads of an HTML letter what a browser shows: not a <template>, nor an element hidden or styled display: none', async () => {
    const hidden =
      '<template><p>Template line</p></template><div hidden><p>Hidden line</p><div><p>Nested</p></div></div>' +
      '<p style="color: grey; display:none">Not shown</p><p title="a hidden gem" class="hidden">Mailroom Tests</p>';
    const html = hidden + ['1 Test Way', 'Testville, IL 62702', '22 November 2026', ...JANE_DOE_LINES].map((l) => `<p>${l}</p>`).join('');
    const report = await preflightLetter({ type: 'html', data: Buffer.from(html) }, settings);
    assert.deepEqual(report.addressRead, JANE_DOE_LINES);
    const [page] = await pdfText(report.pdf!);
    assert.doesNotMatch(page!, /Template line|Hidden line|Nested|Not shown/);
    // A hidden paragraph whose end tag is left out, as HTML allows, ends where the next block starts.
    const unclosed = await preflightLetter({ type: 'html', data: Buffer.from(`<p hidden>internal note${html}`) }, settings);
    assert.deepEqual(unclosed.addressRead, JANE_DOE_LINES);
    assert.doesNotMatch((await pdfText(unclosed.pdf!))[0]!, /internal note/);
  });

  it('with no engine, the text layout reads a .docx letter’s address written in a text box once, though Word writes a text box twice (mc:Choice, mc:Fallback)', () =>
    inTextLayout(async () => {
      const paragraph = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
      const box = `<w:txbxContent>${JANE_DOE_LINES.map(paragraph).join('')}</w:txbxContent>`;
      const textBox =
        '<w:p><w:r><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ' +
        'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" xmlns:v="urn:schemas-microsoft-com:vml">' +
        `<mc:Choice Requires="wps"><w:drawing><wps:wsp><wps:txbx>${box}</wps:txbx></wps:wsp></w:drawing></mc:Choice>` +
        `<mc:Fallback><w:pict><v:shape><v:textbox>${box}</v:textbox></v:shape></w:pict></mc:Fallback>` +
        '</mc:AlternateContent></w:r></w:p>';
      const body =
        ['Mailroom Tests', '1 Test Way', 'Testville, IL 62702', '22 November 2026'].map(paragraph).join('') +
        textBox +
        paragraph('Dear Jane,');
      const report = await preflightLetter({ type: 'docx', data: docxOf(body) }, settings);
      assert.deepEqual(report.addressRead, JANE_DOE_LINES);
      const [page] = await pdfText(report.pdf!);
      assert.equal(page!.split('Jane Doe').length - 1, 1, page);
    }));

  it('reads of HTML and .docx letters drawn by their engines what poppler finds in the box on the printed page 1', async () => {
    const paragraphs = ['Mailroom Tests', '1 Test Way', 'Testville, IL 62702', '22 November 2026', ...JANE_DOE_LINES, 'Dear Jane,'];
    for (const [type, data, engine] of [
      ['html', Buffer.from(htmlWithAddress('<p>Dear Jane,</p>')), /^Chromium /],
      ['docx', sampleDocx(paragraphs), /^LibreOffice /],
    ] as const) {
      const report = await preflightLetter({ type, data }, settings);
      assert.match(report.drawnBy?.engine ?? '', engine, type);
      const box = RECIPIENT_WINDOW;
      const inBox = pdfPages(report.pdf!)[0]!.words.filter((w) => {
        const middle = (w.yMin + w.yMax) / 2;
        return w.xMin >= box.left && w.xMax <= box.left + box.width && middle >= box.top && middle <= box.top + box.height;
      });
      // Whatever the engine's layout put there, what is read is what is printed in the box.
      assert.equal((report.addressRead ?? []).join(' '), inBox.map((w) => w.text).join(' '), type);
    }
    const html = await preflightLetter({ type: 'html', data: Buffer.from(htmlWithAddress('<p>Dear Jane,</p>')) }, settings);
    assert.deepEqual(html.addressRead, JANE_DOE_LINES, 'the browser puts the address where the letter says');
  });

  it('with no engine, reads of HTML and .docx letters the laid-out text in the box: what poppler finds there on the printed page 1', () =>
    inTextLayout(async () => {
      const paragraphs = [
        'Mailroom Tests',
        '1 Test Way',
        'Testville, IL 62702',
        '22 November 2026',
        ...JANE_DOE_LINES,
        'Dear Jane,',
        'Thank you.',
      ];
      for (const [type, data] of [
        ['html', Buffer.from(htmlWithAddress('<p>Dear Jane,</p><p>Thank you.</p>'))],
        ['docx', sampleDocx(paragraphs)],
      ] as const) {
        const report = await preflightLetter({ type, data }, settings);
        assert.deepEqual(report.addressRead, JANE_DOE_LINES, type);
        assert.deepEqual(errors(report), [], type);
        const box = RECIPIENT_WINDOW;
        const inBox = pdfPages(report.pdf!)[0]!.words.filter((w) => {
          const middle = (w.yMin + w.yMax) / 2;
          return w.xMin >= box.left && w.xMax <= box.left + box.width && middle >= box.top && middle <= box.top + box.height;
        });
        assert.equal(inBox.map((w) => w.text).join(' '), JANE_DOE_LINES.join(' '), type);
      }
      const short = await preflightLetter(
        { type: 'html', data: Buffer.from('<p>Jane Doe<br>1 Main St<br>Springfield, IL 62701</p>') },
        settings,
      );
      assert.deepEqual(
        errors(short).map((f) => f.code),
        [-1045],
        'an address at the top of the page is not where the envelope shows it',
      );
    }));

  it('reads lines in order, the parts of a line together, and only what lies inside the box’s edges', () => {
    const top = RECIPIENT_WINDOW.top;
    const run = (text: string, x: number, baseline: number, width = text.length * 6, size = 11) => ({ text, x, baseline, size, width });
    assert.deepEqual(
      readBox([
        run('Springfield,', 40, top + 40),
        run('Jane', 40, top + 14),
        run('Doe', 72, top + 14),
        run('IL 62701', 116, top + 40.5),
        run('above the box', 40, top - 4),
        run('beyond the right edge', RECIPIENT_WINDOW.left + RECIPIENT_WINDOW.width + 1, top + 27),
        run('ABCDEFGHIJ', RECIPIENT_WINDOW.left + RECIPIENT_WINDOW.width - 30, top + 27),
      ]),
      [
        { text: 'Jane Doe', size: 11 },
        { text: 'ABCDE', size: 11 },
        { text: 'Springfield, IL 62701', size: 11 },
      ],
    );
  });

  it('warns when the address in the box is in type under 8 pt', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    JANE_DOE_LINES.forEach((line, n) => page.drawText(line, { x: 44, y: 792 - 160 - n * 8, size: 6, font }));
    const report = await preflightLetter(pdfLetter(await doc.save(), false), settings);
    assert.deepEqual(report.addressRead, JANE_DOE_LINES);
    const small = report.findings.find((f) => /pt type/.test(f.message));
    assert.ok(small, JSON.stringify(report.findings));
    assert.equal(small.code, undefined);
    assert.match(small.message, /in 6 pt type \(“Jane Doe”\).*the service asks for 8 to 18 pt/);
  });
});

/** A PDF with an image of `pixels` drawn `inches` across and down on page `onPage` of `pages`. */
async function pdfWithImage(pixels: [number, number], inches: [number, number], onPage = 1, pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(samplePng(...pixels));
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([612, 792]);
    if (n === onPage) page.drawImage(image, { x: 72, y: 300, width: inches[0] * 72, height: inches[1] * 72 });
  }
  return doc.save();
}

describe('printing: files the printer cannot use (-1025), and what it prints less well', function () {
  this.timeout(60_000);

  it('an encrypted PDF, with a password to open it or only an owner password: -1025, saying which', async () => {
    const ownerOnly = await preflightLetter(pdfLetter(await encryptedPdf()), settings);
    assert.deepEqual(
      errors(ownerOnly).map((f) => f.code),
      [-1025],
    );
    assert.match(
      errors(ownerOnly)[0]!.message,
      /^Failed: the document could not be processed\. The PDF is encrypted: it opens without a password, but an owner password limits/,
    );
    const locked = await preflightLetter(pdfLetter(await encryptedPdf(2, 'secret'), false), settings);
    assert.deepEqual(
      errors(locked).map((f) => f.code),
      [-1025],
    );
    assert.match(errors(locked)[0]!.message, /The PDF is encrypted with a password that must be given to open it/);
    // Sent without an address, what the service would read is not guessed: the -1025 stands alone.
    assert.equal(locked.addressRead, undefined);
  });

  it('a PDF cut short, and a file that is no PDF: -1025, saying what is wrong', async () => {
    const whole = await samplePdf(3);
    const cut = await preflightLetter(pdfLetter(whole.subarray(0, Math.floor(whole.length * 0.6))), settings);
    assert.deepEqual(
      errors(cut).map((f) => f.code),
      [-1025],
    );
    assert.match(
      errors(cut)[0]!.message,
      /The PDF is damaged: it is cut short \(it has no end-of-file marker\), and it cannot be read past byte [\d,]+ of [\d,]+/,
    );
    const none = await preflightLetter(pdfLetter(Buffer.from('this is not what the name says')), settings);
    assert.match(errors(none)[0]!.message, /The file is not a PDF: it does not start with "%PDF-"\./);
  });

  it('an image under 300 DPI: a warning with its page and resolution; one at 300 DPI is not', async () => {
    const low = await preflightLetter(pdfLetter(await pdfWithImage([150, 100], [1.5, 1], 2, 3)), settings);
    const [warning] = low.findings.filter((f) => /DPI/.test(f.message));
    assert.ok(warning, JSON.stringify(low.findings));
    assert.equal(warning.severity, 'warning');
    assert.equal(warning.code, undefined, 'the service has no code for it');
    assert.deepEqual(warning.pages, [3], "the document's page 2, after the address page");
    assert.match(warning.message, /An image of 150 × 100 pixels is drawn 1\.5 × 1 in, at 100 DPI \(page 3\)/);
    assert.ok(low.ok, 'a warning only');
    const fine = await preflightLetter(pdfLetter(await pdfWithImage([900, 600], [3, 2])), settings);
    assert.deepEqual(
      fine.findings.filter((f) => /DPI/.test(f.message)),
      [],
    );
  });

  it('an image under 300 DPI however it is drawn: inline, scaled by the matrices around it, inside a Form XObject, turned', async () => {
    const doc = await PDFDocument.create();
    // Page 1: an inline image of 20 × 20 pixels drawn 2 in square (10 DPI).
    const inline = doc.addPage([612, 792]);
    const pixels = Buffer.alloc(20 * 20 * 3, 0x80).toString('latin1');
    inline.node.set(
      PDFName.of('Contents'),
      doc.context.register(
        doc.context.flateStream(Buffer.from(`q 144 0 0 144 72 500 cm BI /W 20 /H 20 /CS /RGB /BPC 8 ID ${pixels} EI Q`, 'latin1')),
      ),
    );
    // Page 2: a 600 × 400 picture drawn 2 × 1.33 in, inside a 4× scale (75 DPI), turned a quarter.
    const picture = await doc.embedPng(samplePng(600, 400));
    const scaled = doc.addPage([612, 792]);
    scaled.pushOperators(pushGraphicsState(), concatTransformationMatrix(4, 0, 0, 4, 0, 0));
    scaled.drawImage(picture, { x: 10, y: 10, width: 144, height: 96, rotate: degrees(90) });
    scaled.pushOperators(popGraphicsState());
    // Page 3: a page of another PDF placed as a Form XObject, its 150 × 100 picture drawn 1.5 × 1 in, drawn at half its size (200 DPI).
    const [form] = await doc.embedPdf(await pdfWithImage([150, 100], [1.5, 1]));
    doc.addPage([612, 792]).drawPage(form!, { x: 0, y: 0, width: 306, height: 396 });
    const report = await preflightLetter(pdfLetter(await doc.save(), false), settings);
    assert.deepEqual(
      report.findings.filter((f) => /DPI/.test(f.message)).map((f) => [f.pages, /at (\d+) DPI/.exec(f.message)?.[1]]),
      [
        [[1], '10'],
        [[2], '75'],
        [[3], '200'],
      ],
    );
  });

  it('a font not embedded: a warning naming it and its pages, saying whether it is one of the 14 standard fonts; an embedded font is not', async () => {
    const plain = await preflightLetter(pdfLetter(await samplePdf(3)), settings);
    const [font] = plain.findings.filter((f) => /not embedded/.test(f.message));
    assert.ok(font, JSON.stringify(plain.findings));
    assert.equal(font.code, undefined);
    assert.deepEqual(font.pages, [2, 3, 4]);
    assert.match(font.message, /^The font “Helvetica” is not embedded in the PDF \(pages 2–4\): it is one of PDF's 14 standard fonts/);
    // Another font not embedded (a TrueType Arial, bold, as Word names it), set on pages 1 and 3 only.
    const other = await PDFDocument.create();
    const arial = other.context.register(
      other.context.obj({ Type: 'Font', Subtype: 'TrueType', BaseFont: 'ABCDEF+Arial,Bold', Encoding: 'WinAnsiEncoding' }),
    );
    for (let n = 1; n <= 3; n++) {
      const page = other.addPage([612, 792]);
      page.node.setFontDictionary(PDFName.of('F9'), arial);
      if (n !== 2)
        page.node.set(PDFName.of('Contents'), other.context.register(other.context.stream('BT /F9 12 Tf 72 700 Td (Hello) Tj ET')));
    }
    const arialReport = await preflightLetter(pdfLetter(await other.save()), settings);
    const [arialFont] = arialReport.findings.filter((f) => /not embedded/.test(f.message));
    assert.equal(
      arialFont?.message,
      'The font “Arial,Bold” is not embedded in the PDF (pages 2 and 4): the printer draws that text with a font of its own, ' +
        'which may run wider or narrower, look different or lack characters. Embed the fonts when making the PDF.',
    );
    assert.deepEqual(arialFont.pages, [2, 4]);
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const embedded = await doc.embedFont(readFileSync(join(projectRoot, 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf')), {
      subset: true,
    });
    doc.addPage([612, 792]).drawText('Embedded', { x: 72, y: 700, size: 12, font: embedded });
    const withFont = await preflightLetter(pdfLetter(await doc.save()), settings);
    assert.deepEqual(
      withFont.findings.filter((f) => /not embedded/.test(f.message)),
      [],
    );
  });

  it('a printed PDF over 2 MB: a -1025 error naming its size and the limit (issue 31, item 4)', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    // 1200 × 1000 pixels of noise, which no compression shrinks, drawn 4 in wide: 300 DPI.
    const noise = doc.context.register(
      doc.context.stream(randomBytes(1200 * 1000 * 3), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 1200,
        Height: 1000,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      }),
    );
    page.node.setXObject(PDFName.of('Noise'), noise);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(288, 0, 0, 240, 72, 400), drawObject('Noise'), popGraphicsState());
    const report = await preflightLetter(pdfLetter(await doc.save()), settings);
    assert.equal(report.ok, false, 'an error: not sent to find out');
    const [error] = coded(report, -1025);
    assert.equal(error?.severity, 'error', JSON.stringify(report.findings));
    assert.equal(error.limit, 2_000_000);
    assert.match(
      error.message,
      /The printed PDF is [\d,]+ bytes, over the service's limit: its documentation limits a letter's printed PDF to 2 MB \(2,000,000 bytes\)/,
    );
    assert.deepEqual(
      report.findings.filter((f) => /DPI/.test(f.message)),
      [],
    );
  });
});

describe('printing: characters the printing fonts cannot draw', function () {
  this.timeout(60_000);
  const drawn = ['José Müller', 'Łukasz', 'Nguyễn', 'Αθηνά Παπαδοπούλου', 'Дмитрий Иванов'];
  const findingOf = (findings: readonly Finding[], where: Partial<Finding>) =>
    findings.filter((f) => f.code === undefined && Object.entries(where).every(([k, v]) => f[k as keyof Finding] === v));

  it('draws Latin with any accent, Greek and Cyrillic in a name: the printed text has them, and no `?`', async () => {
    const address = {
      ...JANE_DOE,
      AttentionLine1: drawn[0],
      AttentionLine2: `${drawn[1]} ${drawn[2]}`,
      AttentionLine3: drawn[3],
      Company: drawn[4],
    };
    const report = await preflightLetter({ type: 'html', data: Buffer.from(`<p>${drawn.join(', ')}</p>`), address }, settings);
    assert.deepEqual(
      report.findings.filter((f) => f.code === undefined),
      [],
    );
    const [addressPage, body] = await pdfText(report.pdf!);
    for (const name of drawn) {
      assert.ok(addressPage!.includes(name), `${name} in the address: ${addressPage}`);
      assert.ok(body!.includes(name), `${name} in the text: ${body}`);
    }
    assert.ok(!/\?/.test(addressPage! + body!), 'no character printed as ?');
  });

  it('a name typed decomposed (NFD) prints composed; a tab, a control and a zero-width character in a field are warnings naming them', async () => {
    const address = {
      ...JANE_DOE,
      AttentionLine1: 'Jose\u0301 Mu\u0308ller',
      Company: 'Zoe\u0308\u200d Cafe\u0301',
      Address1: '1\tMain St\u0007',
    };
    const report = await preflightLetter({ type: 'html', data: Buffer.from('<p>Dear Jose\u0301</p>'), address }, settings);
    assert.deepEqual(
      report.findings.map((f) => [f.field, f.message]),
      [
        [
          'Company',
          'Company holds a character the envelope does not show as typed: U+200D. It prints as nothing, ' +
            "but the service's address check reads the field as sent: remove it.",
        ],
        [
          'Address1',
          'Address1 holds characters the envelope does not show as typed: U+0009 (a tab), U+0007. A tab prints as a space and the others as nothing, ' +
            "but the service's address check reads the field as sent: remove them.",
        ],
      ],
    );
    const [addressPage, body] = await pdfText(report.pdf!);
    assert.ok(addressPage!.includes('José Müller') && addressPage!.includes('Zoë Café') && addressPage!.includes('1 Main St'), addressPage);
    assert.ok(body!.includes('Dear José'), body);
  });

  it('an address field holding a line break: -1045 in the printer and the preflight alike, naming the field; the proof shows its lines joined', async () => {
    const address = { ...JANE_DOE, Address1: '1 Main St\r\nApt 2', Address2: 'Building\nB' };
    const job: LetterJob = {
      contents: [{ kind: 'blocks', blocks: [{ kind: 'paragraph', text: 'Hello' }] }],
      address,
      workMode: 'Development',
      duplex: false,
    };
    const [measured] = await measureLetters([job]);
    const { letters } = await printLetters([job]);
    assert.deepEqual(measured, letters[0], 'measuring (the sandbox at send) says what printing says');
    assert.deepEqual(measured!.failures, [-1045]);
    const report = await preflightLetter({ type: 'html', data: Buffer.from('<p>Hello</p>'), address }, settings);
    assert.deepEqual(
      errors(report).map((f) => [f.code, f.field]),
      [
        [-1045, 'Address1'],
        [-1045, 'Address2'],
      ],
    );
    assert.match(
      errors(report)[0]!.message,
      /Address1 holds a line break: the service reads each address field as one line\. Join its lines/,
    );
    const [addressPage] = await pdfText(report.pdf!);
    assert.ok(addressPage!.includes('1 Main St Apt 2') && addressPage!.includes('Building B'), addressPage);
  });

  it('with no engine, says each CJK character and emoji with its field, or its page in the text, and shows U+FFFD, never ?', () =>
    inTextLayout(async () => {
      const address = { ...JANE_DOE, AttentionLine1: '山田太郎', Company: 'Acme 😀' };
      const report = await preflightLetter({ type: 'html', data: Buffer.from('<p>Dear 山田 😀</p>') }, settings);
      const [text] = findingOf(report.findings, {});
      assert.ok(text, JSON.stringify(report.findings));
      assert.deepEqual(text.pages, [1]);
      assert.match(text.message, /cannot draw “山” \(U\+5C71\), “田” \(U\+7530\), “😀” \(U\+1F600\) on page 1: the proof shows “\uFFFD”/);
      const [page] = await pdfText(report.pdf!);
      assert.ok(page!.includes('Dear \uFFFD\uFFFD \uFFFD'), page);
      assert.ok(!page!.includes('?'));

      const addressed = await preflightLetter({ type: 'html', data: Buffer.from('<p>Hello</p>'), address }, settings);
      const [name] = findingOf(addressed.findings, { field: 'AttentionLine1' });
      assert.match(name!.message, /cannot draw “山” \(U\+5C71\), “田” \(U\+7530\), “太” \(U\+592A\), “郎” \(U\+90CE\) in AttentionLine1/);
      const [company] = findingOf(addressed.findings, { field: 'Company' });
      assert.match(company!.message, /“😀” \(U\+1F600\) in Company/);
      const [addressPage] = await pdfText(addressed.pdf!);
      assert.ok(addressPage!.includes('\uFFFD\uFFFD\uFFFD\uFFFD'), addressPage);
      assert.ok(addressPage!.includes('Acme \uFFFD'), addressPage);
      assert.ok(!addressPage!.includes('?'));
    }));

  it("names a merge row's field, and the template's own text without a row", async () => {
    const template = new TextEncoder().encode('<p>Dear {{AttentionLine1}} ✓ 😀</p>');
    const csv =
      'AttentionLine1,Address1,City,State,PostalCode\nJane Doe,1 Main St,Springfield,IL,62701\n山田太郎,2 Elm St,Springfield,IL,62701\n';
    const report = await preflightMerge({ type: 'html', template, csv }, settings);
    const [row] = findingOf(report.findings, { row: 2, field: 'AttentionLine1' });
    assert.ok(row, JSON.stringify(report.findings));
    assert.equal(row.line, 3);
    assert.match(row.message, /“山” \(U\+5C71\)/);
    const [own] = report.findings.filter((f) => f.code === undefined && f.row === undefined);
    assert.match(own!.message, /cannot draw “😀” \(U\+1F600\) in the text/);
    assert.equal(report.findings.filter((f) => f.code === undefined && f.row === 1).length, 0);
  });
});
