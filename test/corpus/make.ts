/**
 * Makes the corpus's generated files (PDFs of each page size, a .docx letter and template, the CSVs
 * a spreadsheet writes in each encoding), so that what they are can be read here and made again:
 *
 *     node --import tsx test/corpus/make.ts
 *
 * The PDFs are written without a date or producer, so that making them again writes the same bytes
 * (but the encrypted ones and the .docx files, whose helpers date them). The hand-written files beside
 * them (Markdown, HTML, text, the other CSVs) are edited as they are; corpus.json says what each is
 * sent as and how the service ends it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  PDFDocument,
  PDFHexString,
  PDFName,
  StandardFonts,
  beginText,
  degrees,
  endText,
  moveText,
  setFontAndSize,
  showText,
} from 'pdf-lib';
import { parseCsv } from '../../src/contract';
import { JANE_DOE_LINES, docxOf, encryptedPdf, sampleDocx, samplePng } from '../helpers/documents';
import { projectRoot } from '../helpers/tools';

const here = join(projectRoot, 'test', 'corpus');
const write = (path: string, bytes: Uint8Array | string) => writeFileSync(join(here, path), bytes);

const LETTER = [612, 792] as const;
const LANDSCAPE = [792, 612] as const;
const A4 = [595.28, 841.89] as const;
const LEGAL = [612, 1008] as const;
/** The recipient box of page 1 (src/printing/envelope.ts), in points from the top-left corner. */
const BOX = { left: 36, top: 147.024 };

/** A PDF of pages of these sizes, each saying its number; page 1 with `address` in the recipient box. */
async function pdf(sizes: readonly (readonly [number, number])[], address: readonly string[] = []): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  sizes.forEach(([width, height], i) => {
    const page = doc.addPage([width, height]);
    if (i === 0) address.forEach((line, n) => page.drawText(line, { x: BOX.left + 8, y: height - BOX.top - 14 - n * 13, size: 11, font }));
    page.drawText(`Page ${i + 1} of ${sizes.length}`, { x: 72, y: height / 2, size: 14, font });
  });
  return doc.save();
}

/** A PDF made by `pdf`, then reshaped by pdf-lib (its boxes, its turn, its pages' tree) and saved again. */
async function reshaped(bytes: Uint8Array, shape: (doc: PDFDocument) => void | Promise<void>): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  await shape(doc);
  return doc.save();
}

/** The PDFs of every kind issue 23 names beyond the first ones: paper sizes, page boxes, turns, damage, the address read. */
async function makeMorePdfs(): Promise<void> {
  write('pdfs/a5.pdf', await pdf([[419.53, 595.28]]));
  write('pdfs/a3.pdf', await pdf([[841.89, 1190.55]]));
  write('pdfs/tabloid.pdf', await pdf([[792, 1224]]));
  write('pdfs/executive.pdf', await pdf([[522, 756]]));
  // 4.51 pt (just over 1/16 in) too wide.
  write('pdfs/over-a-sixteenth.pdf', await pdf([[616.51, 792]]));
  // Landscape media turned a quarter (/Rotate 90): US Letter as shown. An A4 page turned (/Rotate 270) is still A4.
  write('pdfs/letter-rotated.pdf', await reshaped(await pdf([LANDSCAPE, LETTER]), (doc) => doc.getPage(0).setRotation(degrees(90))));
  write('pdfs/a4-rotated.pdf', await reshaped(await pdf([A4]), (doc) => doc.getPage(0).setRotation(degrees(270))));
  // A media box written from its top-right corner (a rectangle may name any two opposite corners).
  write(
    'pdfs/media-box-reversed.pdf',
    await reshaped(await pdf([LETTER]), (doc) => doc.getPage(0).node.set(PDFName.of('MediaBox'), doc.context.obj([612, 792, 0, 0]))),
  );
  // US Letter drawn in units of 2 pt (PDF 1.6 /UserUnit): a media box of 306 × 396 units.
  write(
    'pdfs/user-unit.pdf',
    await reshaped(await pdf([[306, 396]]), (doc) => doc.getPage(0).node.set(PDFName.of('UserUnit'), doc.context.obj(2))),
  );
  // A media box whose origin is not (0, 0); a Legal media box cropped to US Letter (the crop box is what prints).
  write('pdfs/media-box-offset.pdf', await reshaped(await pdf([LETTER]), (doc) => doc.getPage(0).setMediaBox(100, -200, 612, 792)));
  write('pdfs/legal-cropped-to-letter.pdf', await reshaped(await pdf([LEGAL]), (doc) => doc.getPage(0).setCropBox(0, 108, 612, 792)));
  // Every page's media box A4, given once by the page tree.
  write(
    'pdfs/a4-inherited.pdf',
    await reshaped(await pdf([LETTER, LETTER]), (doc) => {
      doc.catalog.Pages().set(PDFName.of('MediaBox'), doc.context.obj([0, 0, ...A4]));
      for (const page of doc.getPages()) page.node.delete(PDFName.of('MediaBox'));
    }),
  );
  // 42 pages: Letter, 39 A4, Letter, Legal (and too many sheets).
  write('pdfs/mixed-many.pdf', await pdf([LETTER, ...Array.from({ length: 39 }, () => A4), LETTER, LEGAL]));
  const none = await PDFDocument.create({ updateMetadata: false });
  write('pdfs/no-pages.pdf', await none.save({ addDefaultPage: false }));
  write('pdfs/garbage.pdf', `%PDF-1.7\n${'This is no PDF, only its first line. '.repeat(40)}\n`);
  write('pdfs/password.pdf', await encryptedPdf(2, 'secret'));
  // A scan: a picture of a page and no text layer, sent without an address.
  write(
    'pdfs/scanned.pdf',
    await reshaped(await pdf([LETTER]), async (doc) => {
      const scan = await doc.embedPng(samplePng(850, 1100, [250, 250, 245]));
      const page = doc.addPage([...LETTER]);
      page.drawImage(scan, { x: 0, y: 0, width: 612, height: 792 });
      doc.removePage(0);
    }),
  );
  // The address in the box of a page turned by /Rotate 90, its text running up the media box.
  write(
    'pdfs/address-rotated.pdf',
    await reshaped(await pdf([LANDSCAPE]), async (doc) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      const page = doc.getPage(0);
      page.setRotation(degrees(90));
      JANE_DOE_LINES.forEach((line, i) =>
        page.drawText(line, { x: BOX.top + 14 + i * 13, y: BOX.left + 8, size: 11, font, rotate: degrees(90) }),
      );
    }),
  );
  // The address drawn by a Form XObject (a letterhead template placed on the page).
  write(
    'pdfs/address-in-form.pdf',
    await reshaped(await pdf([LETTER]), async (doc) => {
      const [form] = await doc.embedPdf(await pdf([LETTER], JANE_DOE_LINES));
      doc.getPage(0).drawPage(form!);
    }),
  );
  // The address typed into a PDF form's text field over the recipient box (its Print flag set, as forms make them).
  write(
    'pdfs/address-in-form-field.pdf',
    await reshaped(await pdf([LETTER]), (doc) => {
      const field = doc.getForm().createTextField('recipient');
      field.enableMultiline();
      field.setText(JANE_DOE_LINES.join('\n'));
      field.addToPage(doc.getPage(0), { x: BOX.left + 4, y: 792 - BOX.top - 60, width: 240, height: 58, borderWidth: 0 });
      field.setFontSize(10);
    }),
  );
  // What prints less well (warnings, not failures): a picture at 75 DPI; an Arial the PDF does not embed.
  write(
    'pdfs/low-resolution-image.pdf',
    await reshaped(await pdf([LETTER]), async (doc) => {
      doc.getPage(0).drawImage(await doc.embedPng(samplePng(300, 150)), { x: 72, y: 400, width: 288, height: 144 });
    }),
  );
  write(
    'pdfs/font-not-embedded.pdf',
    await reshaped(await pdf([LETTER]), (doc) => {
      const arial = doc.context.register(
        doc.context.obj({ Type: 'Font', Subtype: 'TrueType', BaseFont: 'Arial', Encoding: 'WinAnsiEncoding' }),
      );
      const page = doc.getPage(0);
      const name = page.node.newFontDictionary('Arial', arial);
      page.pushOperators(
        beginText(),
        setFontAndSize(name, 12),
        moveText(72, 600),
        showText(PDFHexString.of(Buffer.from('Set in Arial', 'latin1').toString('hex'))),
        endText(),
      );
    }),
  );
}

async function makePdfsAndDocx(): Promise<void> {
  const letter = await pdf([LETTER, LETTER]);
  write('pdfs/letter.pdf', letter);
  write('pdfs/letter-landscape.pdf', await pdf([LANDSCAPE, LANDSCAPE]));
  write('pdfs/a4.pdf', await pdf([A4]));
  write('pdfs/legal.pdf', await pdf([LEGAL]));
  write('pdfs/mixed.pdf', await pdf([LETTER, A4, LEGAL, LETTER]));
  // 8.5625 × 10.9375 in: within 1/16 in of US Letter either way.
  write('pdfs/within-a-sixteenth.pdf', await pdf([[616.5, 787.5]]));
  write('pdfs/eight-pages.pdf', await pdf(Array.from({ length: 8 }, () => LETTER)));
  write('pdfs/address-in-box.pdf', await pdf([LETTER, LETTER], JANE_DOE_LINES));
  write('pdfs/blank-box.pdf', await pdf([LETTER]));
  // Landscape page 1 sent without an address: the recipient box is read on the page as shown (docs/sandbox.md), with a warning.
  write('pdfs/address-in-box-landscape.pdf', await pdf([LANDSCAPE], JANE_DOE_LINES));
  write('pdfs/encrypted.pdf', await encryptedPdf(2));
  write('pdfs/cut-short.pdf', letter.subarray(0, Math.floor(letter.length * 0.6)));
  await makeMorePdfs();

  write(
    'letters/letter.docx',
    sampleDocx(['# Dear Jane', 'Thank you for your order. It shipped today.', 'Kind regards,', 'The Mailroom team']),
  );
  // A Word letter whose address stands in a text box over the envelope's window, which Word writes twice (mc:Choice, mc:Fallback).
  const paragraph = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
  const box = `<w:txbxContent>${JANE_DOE_LINES.map(paragraph).join('')}</w:txbxContent>`;
  write(
    'letters/text-box.docx',
    docxOf(
      ['Mailroom Tests', '1 Test Way', 'Testville, IL 62702', '22 November 2026'].map(paragraph).join('') +
        '<w:p><w:r><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ' +
        'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" xmlns:v="urn:schemas-microsoft-com:vml">' +
        `<mc:Choice Requires="wps"><w:drawing><wps:wsp><wps:txbx>${box}</wps:txbx></wps:wsp></w:drawing></mc:Choice>` +
        `<mc:Fallback><w:pict><v:shape><v:textbox>${box}</v:textbox></v:shape></w:pict></mc:Fallback>` +
        '</mc:AlternateContent></w:r></w:p>' +
        paragraph('Dear Jane, thank you for your order.'),
    ),
  );
  // Page sizes a .docx asks for (w:pgSz, in twentieths of a point): in the body's last w:sectPr, or ending a section in a paragraph.
  const letterText = ['Dear Jane,', 'Thank you for your order. It shipped today.', 'Kind regards,', 'The Mailroom team']
    .map(paragraph)
    .join('');
  const pgSz = (w: number, h: number, orient = '') => `<w:pgSz w:w="${w}" w:h="${h}"${orient ? ` w:orient="${orient}"` : ''}/>`;
  const sectPr = (size: string) => `<w:sectPr>${size}<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"/></w:sectPr>`;
  write('letters/a4.docx', docxOf(letterText + sectPr(pgSz(11906, 16838))));
  write('letters/letter-landscape.docx', docxOf(letterText + sectPr(pgSz(15840, 12240, 'landscape'))));
  write('letters/a4-landscape.docx', docxOf(letterText + sectPr(pgSz(16838, 11906, 'landscape'))));
  write('letters/letter-size.docx', docxOf(letterText + sectPr(pgSz(12240, 15840))));
  write('letters/no-page-size.docx', docxOf(letterText + '<w:sectPr><w:pgMar w:top="1440" w:left="1440"/></w:sectPr>'));
  // Two sections: Letter, then an A4 one (its properties at the body's end): page 2 of the document is A4.
  write(
    'letters/letter-then-a4.docx',
    docxOf(
      `<w:p><w:pPr>${sectPr(pgSz(12240, 15840))}</w:pPr><w:r><w:t>The Letter section.</w:t></w:r></w:p>` +
        paragraph('The A4 section.') +
        sectPr(pgSz(11906, 16838)),
    ),
  );
  write(
    'templates/invite-a4.docx',
    docxOf(
      ['Dear «AttentionLine1»,', 'You are invited to our open house on Saturday. Bring a friend from «City»!', 'The Mailroom team']
        .map(paragraph)
        .join('') + sectPr(pgSz(11906, 16838)),
    ),
  );
  write(
    'templates/invite.docx',
    sampleDocx([
      'Dear «AttentionLine1»,',
      'You are invited to our open house on Saturday. Bring a friend from «City»!',
      'The Mailroom team',
    ]),
  );
}

// One table, as spreadsheets save it: names every 8-bit code page of theirs holds (Windows-1252's letters).
const people = [
  'AttentionLine1,Address1,City,State,PostalCode',
  'José Müller,12 Oak Ave,Springfield,IL,62702',
  'Zoë Ångström,"5 Elm St, Apt 2",Springfield,IL,62704',
  'Renée Dubois,7 Pine Rd,Shelbyville,IL,62565',
];
const lf = `${people.join('\n')}\n`;
const crlf = `${people.join('\r\n')}\r\n`;
const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) => {
  const bytes = Buffer.from(text, 'utf16le');
  for (let i = 0; i < bytes.length; i += 2) [bytes[i], bytes[i + 1]] = [bytes[i + 1]!, bytes[i]!];
  return Buffer.concat([Buffer.from([0xfe, 0xff]), bytes]);
};
const windows1252 = (text: string) => {
  // These letters are Latin-1's and Windows-1252's alike (0xA0 to 0xFF).
  if ([...text].some((c) => c.codePointAt(0)! > 0xff || (c.codePointAt(0)! >= 0x80 && c.codePointAt(0)! < 0xa0)))
    throw new Error('not Latin-1');
  return Buffer.from(text, 'latin1');
};
write('data/accents-utf8.csv', lf);
write('data/accents-utf8-bom.csv', `\uFEFF${crlf}`);
write('data/accents-utf16le.csv', utf16le(crlf));
write('data/accents-utf16be.csv', utf16be(crlf));
write('data/accents-windows1252.csv', windows1252(crlf));
write('data/accents-crlf.csv', crlf);
// Excel's "Unicode Text" saved by a tool that drops the byte order mark: told by its NULs.
write('data/accents-utf16le-no-bom.csv', Buffer.from(crlf, 'utf16le'));
// Excel's "Unicode Text" as it saves it: UTF-16LE with a byte order mark, tab-separated (refused in words).
write(
  'data/accents-tabs-utf16le.csv',
  utf16le(
    `${parseCsv(lf)
      .map((row) => row.join('\t'))
      .join('\r\n')}\r\n`,
  ),
);

/** Windows-1252 with the bytes 0x80–0x9F Latin-1 lacks: what Excel on Windows writes for smart quotes, dashes and €. */
const CP1252_80_9F: Record<string, number> = { '€': 0x80, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97 };
const windows1252Typographic = (text: string) =>
  Buffer.from(
    [...text].map((c) => {
      const byte = CP1252_80_9F[c] ?? c.codePointAt(0)!;
      if (byte > 0xff || (byte >= 0x80 && byte < 0xa0 && !(c in CP1252_80_9F))) throw new Error(`not Windows-1252: ${c}`);
      return byte;
    }),
  );
write(
  'data/smart-quotes-windows1252.csv',
  windows1252Typographic(
    [
      'AttentionLine1,Address1,City,State,PostalCode',
      'Seán O’Brien,12 Oak Ave,Springfield,IL,62702',
      '“Bud” Müller – Café €,"5 Elm St, Apt 2",Springfield,IL,62704',
      'Renée Dubois—Smith,7 Pine Rd,Shelbyville,IL,62565',
      '',
    ].join('\r\n'),
  ),
);

void makePdfsAndDocx();
