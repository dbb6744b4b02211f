/**
 * A postcard's PDF side is checked for pictures under 300 DPI as it is printed: each of its
 * pictures at the size the side's fitting draws it on the card, as a picture side's is.
 */
import { strict as assert } from 'node:assert';
import { PDFDocument } from 'pdf-lib';
import { preflightPostcard } from '../../src/printing';
import type { PostcardJob } from '../../src/printing/print-jobs';
import { JANE_DOE, samplePng } from '../helpers/documents';

/** A one-page PDF of `width` × `height` points whose page a picture of `pixels` fills. */
async function pdfWithPicture(width: number, height: number, pixels: [number, number]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const picture = await doc.embedPng(samplePng(...pixels));
  doc.addPage([width, height]).drawImage(picture, { x: 0, y: 0, width, height });
  return doc.save();
}

const card = (imageSide: Uint8Array, scaling: PostcardJob['scaling']): PostcardJob => ({
  imageSide: { kind: 'file', type: 'pdf', data: imageSide },
  addressSide: { kind: 'blocks', blocks: [{ kind: 'paragraph', text: 'Greetings from the coast' }] },
  address: JANE_DOE,
  scaling,
  workMode: 'Development',
});

const dpiWarnings = async (job: PostcardJob) =>
  (await preflightPostcard(job, { color: 'Black' })).findings
    .filter((f) => /DPI/.test(f.message))
    .map((f) => `${f.severity}: ${f.message}`);

describe("a postcard's PDF side: its pictures at the size the card prints them", function () {
  this.timeout(60_000);

  it('a 2 × 1.42 in PDF whose 600 × 425 picture is 300 DPI, fitted to the card: 3 times its size, 100 DPI, a warning', async () => {
    const small = await pdfWithPicture(144, 102, [600, 425]);
    const [warning, ...more] = await dpiWarnings(card(small, 'FitToPage'));
    assert.match(warning ?? '', /^warning: An image of 600 × 425 pixels is drawn 6 × 4\.25 in, at 100 DPI \(the image side\)/);
    assert.deepEqual(more, []);
  });

  it('the same PDF printed at its own size (no fitting) keeps its 300 DPI: no warning', async () => {
    assert.deepEqual(await dpiWarnings(card(await pdfWithPicture(144, 102, [600, 425]), 'None')), []);
  });

  it('a card-sized PDF whose picture is 150 DPI is a warning; at 300 DPI it is none', async () => {
    const [warning] = await dpiWarnings(card(await pdfWithPicture(432, 306, [900, 637]), 'FitToPage'));
    assert.match(warning ?? '', /An image of 900 × 637 pixels is drawn 6 × 4\.25 in, at 150 DPI \(the image side\)/);
    assert.deepEqual(await dpiWarnings(card(await pdfWithPicture(432, 306, [1800, 1275]), 'FitToPage')), []);
  });
});
