/**
 * Makes the corpus's generated files (PDFs of each page size, a .docx letter and template, the CSVs
 * a spreadsheet writes in each encoding), so that what they are can be read here and made again:
 *
 *     node --import tsx test/corpus/make.ts
 *
 * The PDFs are written without a date or producer, so that making them again writes the same bytes
 * (but the encrypted one and the .docx files, whose helpers date them). The hand-written files beside
 * them (Markdown, HTML, text, the other CSVs) are edited as they are; corpus.json says what each is
 * sent as and how the service ends it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { parseCsv } from '../../src/contract';
import { JANE_DOE_LINES, encryptedPdf, sampleDocx } from '../helpers/documents';
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
  write('pdfs/encrypted.pdf', await encryptedPdf(2));
  write('pdfs/cut-short.pdf', letter.subarray(0, Math.floor(letter.length * 0.6)));

  write(
    'letters/letter.docx',
    sampleDocx(['# Dear Jane', 'Thank you for your order. It shipped today.', 'Kind regards,', 'The Mailroom team']),
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
