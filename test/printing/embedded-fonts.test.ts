/**
 * The proof is the page (issue 30 part 5): every font the printer draws its own text with (the
 * address, the Development mark, a postcard's side, the text layout) is embedded in what it saves,
 * the proof and the sandbox's printed PDF alike, as poppler's pdffonts reads them; a PDF letter
 * whose own fonts are not embedded keeps its warning, its font the one left unembedded.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { preflightLetter } from '../../src/printing';
import { printLetters } from '../../src/printing/letter';
import { printPostcard } from '../../src/printing/postcard';
import { samplePdf } from '../helpers/documents';
import { httpCaller, startTestSandbox, type Call, type TestSandbox } from '../helpers/sandbox';
import { projectRoot } from '../helpers/tools';

interface PdfFont {
  readonly name: string;
  readonly embedded: boolean;
}

/** The fonts a PDF's pages use, as pdffonts lists them. */
function pdfFonts(pdf: Uint8Array): PdfFont[] {
  const out = execFileSync('pdffonts', ['-'], { input: pdf, encoding: 'utf8' });
  // Columns: name, type (words), encoding, emb, sub, uni, object, generation.
  return out
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [emb] = /\b(yes|no)\s+(?:yes|no)\s+(?:yes|no)\s+\d+\s+\d+\s*$/.exec(line)!.slice(1);
      return { name: line.split(/\s+/)[0]!, embedded: emb === 'yes' };
    });
}

/** A font's name without pdf-lib's numbered suffix or a subset tag: "DejaVuSans-Bold-1275" is "DejaVuSans-Bold". */
const family = (name: string) => name.replace(/^[A-Z]{6}\+/, '').replace(/-\d+$/, '');

const address = {
  AttentionLine1: 'Łukasz Nguyễn',
  Company: 'Acme Corp',
  Address1: '1 Main St',
  City: 'Springfield',
  State: 'IL',
  PostalCode: '62701',
};

/** A one-page PDF whose text is drawn in an embedded DejaVu Sans: a letter with nothing unembedded of its own. */
async function embeddedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(readFileSync(join(projectRoot, 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf')), { subset: true });
  doc.addPage([612, 792]).drawText('A letter of its own fonts', { x: 72, y: 600, size: 12, font });
  return doc.save();
}

describe('printing: the printer embeds every font it prints with', function () {
  this.timeout(60_000);

  it("a Development proof of a PDF letter with an address: every font embedded, the printer's own among them", async () => {
    const report = await preflightLetter({ type: 'pdf', data: await embeddedPdf(), address }, { workMode: 'Development' });
    const fonts = pdfFonts(report.pdf!);
    assert.deepEqual(
      fonts.filter((f) => !f.embedded),
      [],
    );
    // The address and the mark are the printer's own drawing, in its faces.
    const families = new Set(fonts.map((f) => family(f.name)));
    assert.ok(families.has('DejaVuSans') && families.has('DejaVuSans-Bold'), [...families].join(', '));
    assert.deepEqual(
      report.findings.filter((f) => /not embedded/.test(f.message)),
      [],
    );
  });

  it('a PDF letter whose own Helvetica is not embedded keeps its warning; only that font is unembedded in the proof', async () => {
    const report = await preflightLetter({ type: 'pdf', data: await samplePdf(2), address }, { workMode: 'Development' });
    const [warning] = report.findings.filter((f) => /not embedded/.test(f.message));
    assert.match(warning?.message ?? JSON.stringify(report.findings), /^The font “Helvetica” is not embedded in the PDF \(pages 2 and 3\)/);
    assert.deepEqual(
      pdfFonts(report.pdf!)
        .filter((f) => !f.embedded)
        .map((f) => f.name),
      ['Helvetica'],
    );
  });

  it('the text layout with a reply address, a postcard and the page-cap note: every font embedded', async () => {
    const text = `${'A line of a long letter, set in the text layout. '.repeat(4)}\n`.repeat(2400);
    const { pdf } = await printLetters([
      {
        contents: [
          {
            kind: 'blocks',
            blocks: [
              { kind: 'heading', text: 'Invoice Ж' },
              { kind: 'paragraph', text },
            ],
          },
        ],
        address,
        reply: { address, stamping: 'Top' },
        workMode: 'Development',
        duplex: false,
      },
    ]);
    const card = await printPostcard({
      imageSide: { kind: 'blocks', blocks: [{ kind: 'paragraph', text: 'Greetings' }] },
      addressSide: {
        kind: 'blocks',
        blocks: [
          { kind: 'heading', text: 'Hello' },
          { kind: 'paragraph', text: 'From the coast' },
        ],
      },
      address,
      scaling: 'FitToPage',
      workMode: 'Development',
    });
    for (const printed of [pdf, card.pdf]) {
      const fonts = pdfFonts(printed);
      assert.ok(fonts.length >= 2, JSON.stringify(fonts));
      assert.deepEqual(
        fonts.filter((f) => !f.embedded),
        [],
      );
    }
  });

  it('a printed PDF of the same job and printedAt is the same bytes, its fonts embedded', async () => {
    const job = {
      contents: [
        {
          kind: 'blocks' as const,
          blocks: [
            { kind: 'heading' as const, text: 'Αθηνά' },
            { kind: 'paragraph' as const, text: 'Dear Łukasz' },
          ],
        },
      ],
      address,
      workMode: 'Development' as const,
      duplex: false,
    };
    const printedAt = new Date(Date.UTC(2026, 0, 2));
    const [first, second] = [await printLetters([job], { printedAt }), await printLetters([job], { printedAt })];
    assert.ok(Buffer.from(first.pdf).equals(Buffer.from(second.pdf)));
  });
});

describe('sandbox: GetPDF embeds every font it prints with', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let call: Call;
  before(async () => {
    sandbox = await startTestSandbox({ schedule: { inProcessMs: 0, printedMs: 0, completedMs: 0 } });
    call = httpCaller(sandbox.url, 'http-post');
  });
  after(() => sandbox.close());

  it('a Development letter of a PDF with an address: its printed PDF has every font embedded', async () => {
    const id = (await call('simple', 'SendLetterAndAddressV2', {
      Username: 'demo',
      Password: 'demo',
      MyDescription: 'fonts',
      WorkMode: 'Development',
      FileExtension: 'pdf',
      FileBinaryData: await embeddedPdf(),
      ...address,
    })) as number;
    const result = (await call('simple', 'GetPDF', { Username: 'demo', Password: 'demo', ID: id })) as {
      ResultCode: number;
      FileData: Buffer;
    };
    assert.equal(result.ResultCode, -3000, `the PDF of ${id}`);
    const fonts = pdfFonts(result.FileData);
    assert.ok(new Set(fonts.map((f) => family(f.name))).has('DejaVuSans-Bold'), JSON.stringify(fonts));
    assert.deepEqual(
      fonts.filter((f) => !f.embedded),
      [],
    );
  });
});
