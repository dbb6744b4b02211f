/**
 * A letter sent without an address whose page 1 is landscape (issue 23 part 2; decided in
 * docs/sandbox.md "Page 1 in landscape"): the recipient box is read on the page as it is shown,
 * whatever made it landscape (its size, its /Rotate, a .docx section or an HTML `@page`), and the
 * preflight warns, without a service code, that the service prints it turned; a portrait page 1
 * gets no such warning. The sandbox's verdict on the same PDF is the corpus's
 * (pdfs/address-in-box-landscape.pdf).
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { STATUS } from '../../src/contract';
import { preflightLetter, printLetters, type Finding } from '../../src/printing';
import { docxOf } from '../helpers/documents';
import { projectRoot } from '../helpers/tools';

const corpus = (file: string) => readFileSync(join(projectRoot, 'test', 'corpus', file));
const landscapeWarning = (findings: readonly Finding[]) => findings.filter((f) => /^Page 1 is landscape\./.test(f.message));

async function portraitTurned(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('Turned a quarter by /Rotate', { x: 72, y: 400, size: 12, font });
  page.setRotation(degrees(90));
  return doc.save();
}

describe('the address read from a landscape page 1 (issue 23 part 2)', () => {
  it('reads the box of a landscape PDF page as it is shown, and warns that the service prints it turned', async () => {
    const report = await preflightLetter({ type: 'pdf', data: corpus('pdfs/address-in-box-landscape.pdf') }, { workMode: 'Development' });
    assert.deepEqual(report.addressRead, ['Jane Doe', '1 Main St', 'Springfield, IL 62701']);
    const [warning, ...more] = landscapeWarning(report.findings);
    assert.ok(warning, JSON.stringify(report.findings));
    assert.deepEqual(more, []);
    assert.equal(warning.severity, 'warning');
    assert.equal(warning.code, undefined, 'no service code: the service says nothing of it');
    assert.deepEqual(warning.pages, [1]);
    assert.match(warning.message, /prints a landscape page turned to portrait/);
    assert.ok(report.ok, 'a warning, not an error');
  });

  it('takes a page turned by /Rotate as landscape, as pdf.js shows it', async () => {
    const { letters } = await printLetters([
      { contents: [{ kind: 'file', type: 'pdf', data: await portraitTurned() }], workMode: 'Development', duplex: false },
    ]);
    assert.equal(letters[0]!.readLandscape, true);
    assert.equal(letters[0]!.failure, STATUS.AddressNotExtracted, 'nothing in the box as shown');
  });

  it('warns of a landscape .docx section or HTML @page on page 1, and not of a portrait page 1 nor of a letter with an address', async () => {
    const body = '<w:p><w:r><w:t>Hello</w:t></w:r></w:p>';
    const landscapeDocx = docxOf(`${body}<w:sectPr><w:pgSz w:w="15840" w:h="12240" w:orient="landscape"/></w:sectPr>`);
    const portraitDocx = docxOf(`${body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr>`);
    const html = (css: string) => Buffer.from(`<style>${css}</style><p>Hello</p>`);
    const warned = async (type: string, data: Uint8Array, address?: boolean) =>
      landscapeWarning(
        (
          await preflightLetter(
            {
              type,
              data,
              ...(address
                ? { address: { AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701' } }
                : {}),
            },
            { workMode: 'Development' },
          )
        ).findings,
      ).length;
    assert.equal(await warned('docx', landscapeDocx), 1);
    assert.equal(await warned('html', html('@page { size: letter landscape }')), 1);
    assert.equal(await warned('docx', portraitDocx), 0);
    assert.equal(await warned('html', html('@page { size: letter }')), 0);
    assert.equal(await warned('pdf', corpus('pdfs/address-in-box.pdf')), 0);
    assert.equal(await warned('docx', landscapeDocx, true), 0, 'the address is given: nothing is read');
  });
});
