/**
 * The printing faces' widths are the widths they are drawn at: each character's advance, as the
 * layout sums it, is that of the glyph pdf-lib draws for it (fontkit's layout, ligatures off, as
 * fonts.ts embeds the faces), and what the live diagnostics answer without a font (WinAnsi text)
 * the regular face draws.
 */
import { strict as assert } from 'node:assert';
import { PDFDocument } from 'pdf-lib';
import { printingFaces } from '../../src/printing/font-faces';
import { PrintFonts, winAnsiCharacters } from '../../src/printing/fonts';
import { pdfPages } from '../helpers/tools';

const IGNORED = /[\p{Default_Ignorable_Code_Point}\p{Cc}]/u;

describe('printing faces: widths measured are widths drawn', function () {
  this.timeout(60_000);

  for (const weight of ['regular', 'bold'] as const) {
    it(`${weight}: every character's advance is that of the glyph drawn for it, between letters`, () => {
      const faces = printingFaces();
      const face = faces[weight];
      const font = faces.fontkit.create(face.bytes);
      const wrong: string[] = [];
      for (const code of face.characters) {
        const character = String.fromCodePoint(code);
        if (IGNORED.test(character)) continue;
        const text = `a${character}b`;
        const drawn = font.layout(text, { liga: false }).glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth, 0);
        const measured = [...text].reduce((sum, c) => sum + face.advance(c.codePointAt(0)!), 0);
        if (drawn !== measured) wrong.push(`U+${code.toString(16)}: ${measured} measured, ${drawn} drawn`);
      }
      assert.deepEqual(wrong.slice(0, 10), []);
    });
  }

  it('a text drawn is as wide as measured, as poppler reads the page: "office fluff" has no ligature', async () => {
    const doc = await PDFDocument.create();
    const fonts = PrintFonts.of(doc);
    const words = ['office', 'fluff', 'Łukasz', 'Привет'];
    await fonts.cover(words);
    await fonts.cover(words, true);
    const page = doc.addPage([612, 792]);
    words.forEach((word, i) => fonts.draw(page, word, { x: 20, y: 600 - i * 140, size: 100, bold: i % 2 === 1 }));
    const [read] = pdfPages(await doc.save());
    assert.deepEqual(
      read!.words.map((w) => [w.text, Math.round((w.xMax - w.xMin) * 100) / 100]),
      words.map((word, i) => [word, Math.round(fonts.widthOf(word, 100, i % 2 === 1) * 100) / 100]),
    );
  });

  it('both faces are of one grid, and the regular face draws every WinAnsi character', () => {
    const { regular, bold } = printingFaces();
    assert.equal(regular.perEm, bold.perEm);
    const missing = [...winAnsiCharacters()].filter((code) => code >= 0x20 && !regular.characters.has(code));
    assert.deepEqual(missing, []);
    assert.ok(regular.characters.has(0xfffd), 'U+FFFD, drawn for what no face has');
  });
});
