/** Small real documents for sends: a PDF, a PNG, a .docx and gzip-compressed CSV, built here. */
import { deflateSync, gzipSync } from 'node:zlib';
import { zipSync, strToU8 } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';

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
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
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
