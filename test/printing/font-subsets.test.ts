/**
 * Each letter's text stays readable whatever was printed before it in the same process (the
 * sandbox prints thousands): a PDF whose subset of the printing face holds "ĵ" (drawn as a dotless
 * j and a circumflex) asks fontkit for the dotless j with no character, and a later letter's "ȷ",
 * that dotless j itself, must keep its character, as poppler reads the page. Before each document
 * read the faces afresh, the second letter read "A a", and "Łukasz" after "Müller" read "Ł kasz".
 * In a file of its own: a test that measures every character first would hide it.
 */
import { strict as assert } from 'node:assert';
import { PDFDocument } from 'pdf-lib';
import { PrintFonts } from '../../src/printing/fonts';
import { pdfPages } from '../helpers/tools';

async function drawn(text: string): Promise<string[]> {
  const doc = await PDFDocument.create();
  const fonts = PrintFonts.of(doc);
  await fonts.cover([text]);
  fonts.draw(doc.addPage([612, 792]), text, { x: 20, y: 600, size: 20 });
  return pdfPages(await doc.save())[0]!.words.map((w) => w.text);
}

describe('printing faces: one letter’s subset leaves the next letter’s text whole', () => {
  it('reads "Aȷa" after a letter with "Aĵa", and "Łukasz" after "Müller"', async () => {
    assert.deepEqual(await drawn('Aĵa'), ['Aĵa']);
    assert.deepEqual(await drawn('Müller'), ['Müller']);
    assert.deepEqual(await drawn('Aȷa Łukasz'), ['Aȷa', 'Łukasz']);
  });
});
