/**
 * The same document drawn twice is the same PDF, byte for byte. The engines stamp each PDF with
 * the moment it was made (CreationDate, ModDate) and LibreOffice with an ID and a checksum of its
 * own; a letter is sent as the PDF of its proof, and a repeat send is known by its bytes
 * (src/rulebook/repeats.ts), so a stamp that changes would let the same letter to the same
 * recipient go twice unnoticed. Each stamp is overwritten in place with one of the same length,
 * so that every offset the PDF's cross-reference table holds stays true.
 */
import { createHash } from 'node:crypto';

/** A date of the PDF's own form (D:YYYYMMDDHHmmSS…): the digits set to 1970-01-01 00:00:00, as many as there were. */
const DATE = /(\/(?:CreationDate|ModDate)\s*\(D:)(\d+)/g;
const EPOCH = '19700101000000';
/** The trailer's file identifiers, and LibreOffice's checksum, each hexadecimal. */
const ID = /(\/ID\s*\[\s*<)([0-9A-Fa-f]+)(>\s*<)([0-9A-Fa-f]+)(>)/g;
const CHECKSUM = /(\/DocChecksum\s*\/)([0-9A-Fa-f]+)/g;

const epochOf = (digits: string) => EPOCH.slice(0, digits.length).padEnd(digits.length, '0');

export function steadyPdf(pdf: Uint8Array): Uint8Array {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  const dated = text.replace(DATE, (_, key: string, digits: string) => key + epochOf(digits));
  const unidentified = dated
    .replace(
      ID,
      (_, a: string, one: string, b: string, two: string, c: string) => a + '0'.repeat(one.length) + b + '0'.repeat(two.length) + c,
    )
    .replace(CHECKSUM, (_, key: string, sum: string) => key + '0'.repeat(sum.length));
  if (unidentified === text) return pdf;
  // The identifiers become a digest of the document without them: the same for the same document, another for another.
  const digest = createHash('sha256').update(unidentified, 'latin1').digest('hex').toUpperCase();
  const hexOf = (length: number) => digest.repeat(Math.ceil(length / digest.length)).slice(0, length);
  const steady = unidentified
    .replace(ID, (_, a: string, one: string, b: string, two: string, c: string) => a + hexOf(one.length) + b + hexOf(two.length) + c)
    .replace(CHECKSUM, (_, key: string, sum: string) => key + hexOf(sum.length));
  return new Uint8Array(Buffer.from(steady, 'latin1'));
}
