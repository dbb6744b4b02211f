/**
 * One PDF written a slice at a time: each slice is a small pdf-lib document of a few letters,
 * whose objects are renumbered past the last slice's and written to the file as they come, its
 * pages hung on one page tree written at the end. Only the objects' offsets and the pages' object
 * numbers are kept (numbers), so a batch of 100,000 letters is printed holding one slice's
 * document at a time, where one pdf-lib document of every page holds them all and adds each page
 * at a cost that grows with the pages (merge.ts ROWS_PER_DOCUMENT).
 *
 * Object 1 is the page tree and object 2 the catalog, both written last; a slice's own catalog,
 * page tree and information dictionary are not wanted, and their numbers are written as `null`
 * objects so that the cross-reference table has no holes.
 */
import type { FileHandle } from 'node:fs/promises';
import { PDFArray, PDFDict, PDFName, PDFRef, PDFStream, type PDFDocument, type PDFObject } from 'pdf-lib';

const PAGES = 1;
const CATALOG = 2;
const HEADER = Buffer.concat([Buffer.from('%PDF-1.7\n%', 'latin1'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]), Buffer.from('\n', 'latin1')]);

export class PdfStitcher {
  /** Each object's offset in the file, by object number less one. */
  private readonly offsets: number[] = [];
  private readonly pages: number[] = [];
  private position = 0;
  private started = false;

  constructor(private readonly file: FileHandle) {}

  /** How many pages are stitched so far. */
  get pageCount(): number {
    return this.pages.length;
  }

  /** Writes a slice's pages and what they use; the document is not used again (its objects are renumbered in place). */
  async add(doc: PDFDocument): Promise<void> {
    if (!this.started) {
      this.started = true;
      await this.write([HEADER]);
      // Reserved: written at the end.
      this.offsets.push(0, 0);
    }
    // Fonts and images are embedded (written into the context) only here or at save.
    await doc.flush();
    const { context } = doc;
    const offset = this.offsets.length; // a slice's object n becomes offset + n
    const dropped = new Set<number>();
    const trailer = context.trailerInfo;
    for (const ref of [trailer.Root, trailer.Info]) if (ref instanceof PDFRef) dropped.add(ref.objectNumber);
    const catalog = trailer.Root instanceof PDFRef ? context.lookup(trailer.Root, PDFDict) : undefined;
    const tree = catalog?.get(PDFName.of('Pages'));
    if (tree instanceof PDFRef) dropped.add(tree.objectNumber);
    const leaves = new Set<PDFObject>(doc.getPages().map((page) => page.node));
    for (const page of doc.getPages()) this.pages.push(page.ref.objectNumber + offset);
    const objects = new Map<number, PDFObject>();
    for (const [ref, object] of context.enumerateIndirectObjects()) if (ref.generationNumber === 0) objects.set(ref.objectNumber, object);
    const chunks: Buffer[] = [];
    let at = this.position;
    for (let n = 1; n <= context.largestObjectNumber; n++) {
      const object = objects.get(n);
      const wanted = object !== undefined && !dropped.has(n);
      if (wanted) {
        renumber(object, offset);
        // Each page hangs on the stitched tree's root instead of its slice's.
        if (leaves.has(object)) (object as PDFDict).set(PDFName.of('Parent'), PDFRef.of(PAGES));
      }
      const bytes = wanted ? objectBytes(n + offset, object) : Buffer.from(`${n + offset} 0 obj\nnull\nendobj\n`, 'latin1');
      this.offsets.push(at);
      chunks.push(bytes);
      at += bytes.length;
    }
    await this.write(chunks);
  }

  /** Writes the page tree, the catalog, the cross-reference table and the trailer: the PDF is whole. */
  async end(): Promise<void> {
    if (!this.started) throw new Error('a PDF needs at least one page');
    const tail: Buffer[] = [];
    let at = this.position;
    const put = (n: number, text: string) => {
      const bytes = Buffer.from(`${n} 0 obj\n${text}\nendobj\n`, 'latin1');
      this.offsets[n - 1] = at;
      tail.push(bytes);
      at += bytes.length;
    };
    put(PAGES, `<< /Type /Pages /Kids [${this.pages.map((n) => `${n} 0 R`).join(' ')}] /Count ${this.pages.length} >>`);
    put(CATALOG, `<< /Type /Catalog /Pages ${PAGES} 0 R >>`);
    const size = this.offsets.length + 1;
    const entries = this.offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n\r\n`).join('');
    tail.push(
      Buffer.from(
        `xref\n0 ${size}\n0000000000 65535 f\r\n${entries}trailer\n<< /Size ${size} /Root ${CATALOG} 0 R >>\nstartxref\n${at}\n%%EOF\n`,
        'latin1',
      ),
    );
    await this.write(tail);
  }

  private async write(chunks: readonly Buffer[]): Promise<void> {
    const bytes = Buffer.concat(chunks);
    // A write may write less than it is given (a nearly full disk) and say so only in its count.
    for (let done = 0; done < bytes.length; ) {
      const { bytesWritten } = await this.file.write(bytes, done, bytes.length - done, this.position + done);
      if (!(bytesWritten > 0)) throw Object.assign(new Error('the disk took none of the PDF’s last bytes (is it full?)'), { code: 'ENOSPC' });
      done += bytesWritten;
    }
    this.position += bytes.length;
  }
}

/** Moves every reference inside the object `offset` numbers on. */
function renumber(object: PDFObject, offset: number): void {
  const moved = (value: PDFObject): PDFObject | undefined => {
    if (value instanceof PDFRef) return PDFRef.of(value.objectNumber + offset, value.generationNumber);
    renumber(value, offset);
    return undefined;
  };
  if (object instanceof PDFStream) return renumber(object.dict, offset);
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      const ref = moved(value);
      if (ref) object.set(key, ref);
    }
  } else if (object instanceof PDFArray) {
    for (let i = 0; i < object.size(); i++) {
      const ref = moved(object.get(i));
      if (ref) object.set(i, ref);
    }
  }
}

function objectBytes(n: number, object: PDFObject): Buffer {
  const head = `${n} 0 obj\n`;
  const tail = '\nendobj\n';
  const bytes = Buffer.alloc(head.length + object.sizeInBytes() + tail.length);
  bytes.write(head, 0, 'latin1');
  const end = head.length + object.copyBytesInto(bytes, head.length);
  bytes.write(tail, end, 'latin1');
  return bytes;
}
