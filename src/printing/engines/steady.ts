/**
 * The same document drawn twice is the same bytes. An engine writes the moment it printed into
 * the PDF (its CreationDate and ModDate) and LibreOffice a new file identifier (/ID) and checksum
 * (/DocChecksum) each time; nothing else differs. Those are rewritten here, in place and at the same length, so that the
 * cross-reference offsets stay true: the dates to a fixed moment, the identifier to a digest of the
 * rest of the file. A letter's SHA-256 then names its content, which is what the send log knows a
 * repeat by and what the proof shows as the bytes sent.
 */
import { createHash } from 'node:crypto';

/** PDF dates have the form D:YYYYMMDDHHmmSS followed by a zone; this one stands for "not said". */
const FIXED_DATE = 'D:20000101000000';
const DATES = /\/(CreationDate|ModDate)\s*\((D:\d{14})/g;
const IDENTIFIER = /\/ID\s*\[\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*\]/g;
const CHECKSUM = /\/DocChecksum\s*\/([0-9A-Fa-f]+)/g;

/** Each hexadecimal run of an identifier or checksum, replaced by what `by` gives for its length. */
function rewritten(text: string, by: (length: number) => string): string {
  return text
    .replace(IDENTIFIER, (whole, first: string, second: string) =>
      whole.replace(first, by(first.length)).replace(second, by(second.length)),
    )
    .replace(CHECKSUM, (whole, sum: string) => whole.replace(sum, by(sum.length)));
}

export function steadyPdf(pdf: Uint8Array): Uint8Array {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  let steady = text.replace(DATES, (whole, _key: string, date: string) => whole.replace(date, FIXED_DATE));
  if (steady.search(IDENTIFIER) >= 0 || steady.search(CHECKSUM) >= 0) {
    const digest = createHash('sha256')
      .update(
        rewritten(steady, (length) => '0'.repeat(length)),
        'latin1',
      )
      .digest('hex')
      .toUpperCase()
      .repeat(4);
    steady = rewritten(steady, (length) => digest.slice(0, length));
  }
  return steady === text ? pdf : new Uint8Array(Buffer.from(steady, 'latin1'));
}
