/** Small real documents for sends: PDFs (of any page size, encrypted), a PNG, a .docx and gzip-compressed CSV, built here. */
import { createHash } from 'node:crypto';
import { deflateSync, gzipSync } from 'node:zlib';
import { zipSync, strToU8 } from 'fflate';
import { PDFDocument, PDFHexString, PDFRawStream, StandardFonts } from 'pdf-lib';

export async function samplePdf(pages: number, text = 'Page'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([612, 792]).drawText(`${text} ${i}`, { x: 72, y: 700, size: 14, font });
  return Buffer.from(await doc.save());
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of one colour. */
export function samplePng(width = 60, height = 40, rgb: [number, number, number] = [30, 90, 200]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3]!)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** A .docx of paragraphs; a paragraph starting with '# ' is a heading. */
export function sampleDocx(paragraphs: readonly string[]): Buffer {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return docxOf(
    paragraphs
      .map((p) =>
        p.startsWith('# ')
          ? `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${escape(p.slice(2))}</w:t></w:r></w:p>`
          : `<w:p><w:r><w:t xml:space="preserve">${escape(p)}</w:t></w:r></w:p>`,
      )
      .join(''),
  );
}

/** A .docx whose body is this WordprocessingML (prefix `w`). */
export function docxOf(body: string): Buffer {
  const files = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    // The package's relationship to its main part: without it Word and LibreOffice open no document.
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ),
    'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`),
  };
  return Buffer.from(zipSync(files));
}

export function gzipText(text: string): Buffer {
  return gzipSync(Buffer.from(text, 'utf8'));
}

/** How many pages a PDF has, as pdf-lib reads it. */
export async function pageCount(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf)).getPageCount();
}

/** The recipient the sends of the tests write to: a US address the service verifies. */
export const JANE_DOE = {
  AttentionLine1: 'Jane Doe',
  Address1: '1 Main St',
  City: 'Springfield',
  State: 'IL',
  PostalCode: '62701',
  Country: 'USA',
};

/** Where the tests' letters without an address put one: the recipient box of page 1 (src/printing/envelope.ts), in points. */
const BOX = { left: 36, top: 147.024 };

/**
 * A PDF of pages of the sizes given (points, width and height), each saying its number; page 1
 * carries `address` inside the recipient box, where the service reads an address left out.
 */
export async function pdfOfSizes(
  sizes: readonly (readonly [number, number])[],
  options: { readonly address?: readonly string[] } = {},
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  sizes.forEach(([width, height], i) => {
    const page = doc.addPage([width, height]);
    if (i === 0) {
      (options.address ?? []).forEach((line, n) =>
        page.drawText(line, { x: BOX.left + 8, y: height - BOX.top - 14 - n * 13, size: 11, font }),
      );
    }
    page.drawText(`Page ${i + 1}`, { x: 72, y: height / 2, size: 14, font });
  });
  return Buffer.from(await doc.save());
}

/** Jane Doe's address as lines, as a letter shows it. */
export const JANE_DOE_LINES = ['Jane Doe', '1 Main St', 'Springfield, IL 62701'] as const;

/**
 * An HTML letter sent without an address that the service reads one from: four lines of
 * letterhead, then Jane Doe's address where the printer's layout puts it in the recipient box,
 * then the body.
 */
export function htmlWithAddress(body: string): string {
  const head = ['Mailroom Tests', '1 Test Way', 'Testville, IL 62702', '22 November 2026'];
  return ADDRESS_LAYOUT + [...head, ...JANE_DOE_LINES].map((line) => `<p>${line}</p>`).join('') + body;
}

/**
 * The text layout's measures (an inch from the edges, 11 pt lines 14.85 pt apart, 6.6 pt after a
 * paragraph: src/printing/text-layout.ts) written as CSS, so that a browser puts the lines where the
 * text layout does, and the address lands in the recipient box with either.
 */
const ADDRESS_LAYOUT =
  '<style>@page { margin: 1in } body { margin: 0; font: 11pt/14.85pt "Liberation Sans", Arial, Helvetica, sans-serif } p { margin: 0 0 6.6pt }</style>';

const PASSWORD_PAD = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');

/** RC4, as PDF's standard security handler encrypts with it. */
function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) => createHash('md5').update(Buffer.concat(parts)).digest();

/**
 * A PDF encrypted as PDF 1.3's standard security handler does (40-bit RC4, revision 2), with an
 * owner password and by default an empty user password: it opens in a reader without asking, but
 * it is encrypted (poppler reads its text; pdf-lib refuses it). With a user password, a reader asks
 * for it before it shows anything.
 */
export async function encryptedPdf(pages = 1, userPassword = ''): Promise<Buffer> {
  // A password as the handler takes it: its first 32 bytes, made up to 32 by the padding.
  const padded = (password: string) => Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PAD]).subarray(0, 32);
  const doc = await PDFDocument.load(await pdfOfSizes(Array.from({ length: pages }, () => [612, 792] as const)), {
    updateMetadata: false,
  });
  // Strings would have to be encrypted too; the document information holds the only ones.
  delete (doc.context.trailerInfo as { Info?: unknown }).Info;
  const id = md5(Buffer.from('mailroom test'));
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-44);
  const owner = rc4(md5(padded('owner')).subarray(0, 5), padded(userPassword));
  const key = md5(padded(userPassword), owner, permissions, id).subarray(0, 5);
  const user = rc4(key, PASSWORD_PAD);
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const number = Buffer.from([ref.objectNumber & 0xff, (ref.objectNumber >> 8) & 0xff, (ref.objectNumber >> 16) & 0xff]);
    const generation = Buffer.from([ref.generationNumber & 0xff, (ref.generationNumber >> 8) & 0xff]);
    doc.context.assign(ref, PDFRawStream.of(object.dict, rc4(md5(key, number, generation).subarray(0, 10), object.contents)));
  }
  doc.context.trailerInfo.Encrypt = doc.context.obj({
    Filter: 'Standard',
    V: 1,
    R: 2,
    O: PDFHexString.of(owner.toString('hex')),
    U: PDFHexString.of(user.toString('hex')),
    P: -44,
  });
  doc.context.trailerInfo.ID = doc.context.obj([PDFHexString.of(id.toString('hex')), PDFHexString.of(id.toString('hex'))]);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
