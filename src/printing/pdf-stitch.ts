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
const PARENT = PDFName.of('Parent');
/** Entries of the page tree or the cross-reference table written at a time. */
const PIECE = 8192;
const CATALOG = 2;
const HEADER = Buffer.concat([Buffer.from('%PDF-1.7\n%', 'latin1'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]), Buffer.from('\n', 'latin1')]);

export class PdfStitcher {
  /** Each object's offset in the file, by object number less one. */
  private readonly offsets: number[] = [];
  private readonly pages: number[] = [];
  private position = 0;
  private started = false;

  constructor(private readonly file: Pick<FileHandle, 'write'>) {}

  /** How many pages are stitched so far. */
  get pageCount(): number {
    return this.pages.length;
  }

  /** Writes a slice's pages and what they use, renumbered; the document is not needed again. */
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
      const bytes =
        object !== undefined && !dropped.has(n)
          ? objectBytes(n + offset, object, offset, leaves.has(object))
          : Buffer.from(`${n + offset} 0 obj\nnull\nendobj\n`, 'latin1');
      this.offsets.push(at);
      chunks.push(bytes);
      at += bytes.length;
    }
    await this.write(chunks);
  }

  /** Writes the page tree, the catalog, the cross-reference table and the trailer: the PDF is whole. */
  async end(): Promise<void> {
    if (!this.started) throw new Error('a PDF needs at least one page');
    // The page tree and the cross-reference table of a large batch run to hundreds of thousands
    // of entries (60 MB of text for 3 million objects): written a piece at a time.
    const text = (value: string) => [Buffer.from(value, 'latin1')];
    this.offsets[PAGES - 1] = this.position;
    await this.write(text(`${PAGES} 0 obj\n<< /Type /Pages /Count ${this.pages.length} /Kids [`));
    for (let i = 0; i < this.pages.length; i += PIECE)
      await this.write(
        text(
          this.pages
            .slice(i, i + PIECE)
            .map((n) => ` ${n} 0 R`)
            .join(''),
        ),
      );
    await this.write(text(' ] >>\nendobj\n'));
    this.offsets[CATALOG - 1] = this.position;
    await this.write(text(`${CATALOG} 0 obj\n<< /Type /Catalog /Pages ${PAGES} 0 R >>\nendobj\n`));
    const xref = this.position;
    const size = this.offsets.length + 1;
    await this.write(text(`xref\n0 ${size}\n0000000000 65535 f\r\n`));
    for (let i = 0; i < this.offsets.length; i += PIECE)
      await this.write(
        text(
          this.offsets
            .slice(i, i + PIECE)
            .map((o) => `${String(o).padStart(10, '0')} 00000 n\r\n`)
            .join(''),
        ),
      );
    await this.write(text(`trailer\n<< /Size ${size} /Root ${CATALOG} 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  }

  private async write(chunks: readonly Buffer[]): Promise<void> {
    const bytes = Buffer.concat(chunks);
    // A write may write less than it is given (a nearly full disk) and say so only in its count.
    for (let done = 0; done < bytes.length;) {
      const { bytesWritten } = await this.file.write(bytes, done, bytes.length - done, this.position + done);
      if (!(bytesWritten > 0))
        throw Object.assign(new Error('the disk took none of the PDF’s last bytes (is it full?)'), { code: 'ENOSPC' });
      done += bytesWritten;
    }
    this.position += bytes.length;
  }
}

/**
 * An object's bytes as pdf-lib writes them, each reference `offset` numbers on, and a page's
 * parent the stitched tree's root. Written here rather than by renumbering the objects' references
 * in place: pdf-lib keeps every reference it makes (`PDFRef.of`) for the life of the process, and
 * a batch of 100,000 letters makes millions of numbers.
 */
function renumbered(object: PDFObject, offset: number, page: boolean, out: Buffer[]): void {
  if (object instanceof PDFRef) {
    out.push(Buffer.from(`${object.objectNumber + offset} ${object.generationNumber} R`, 'latin1'));
  } else if (object instanceof PDFStream) {
    object.updateDict();
    renumbered(object.dict, offset, false, out);
    out.push(Buffer.from('\nstream\n', 'latin1'), Buffer.from(object.getContents()), Buffer.from('\nendstream', 'latin1'));
  } else if (object instanceof PDFDict) {
    out.push(Buffer.from('<<\n', 'latin1'));
    for (const [key, value] of object.entries()) {
      out.push(bytesOf(key), Buffer.from(' ', 'latin1'));
      if (page && key === PARENT) out.push(Buffer.from(`${PAGES} 0 R`, 'latin1'));
      else renumbered(value, offset, false, out);
      out.push(Buffer.from('\n', 'latin1'));
    }
    out.push(Buffer.from('>>', 'latin1'));
  } else if (object instanceof PDFArray) {
    out.push(Buffer.from('[ ', 'latin1'));
    for (let i = 0; i < object.size(); i++) {
      renumbered(object.get(i), offset, false, out);
      out.push(Buffer.from(' ', 'latin1'));
    }
    out.push(Buffer.from(']', 'latin1'));
  } else {
    out.push(bytesOf(object));
  }
}

function bytesOf(object: PDFObject): Buffer {
  const bytes = Buffer.alloc(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
}

function objectBytes(n: number, object: PDFObject, offset: number, page: boolean): Buffer {
  const out = [Buffer.from(`${n} 0 obj\n`, 'latin1')];
  renumbered(object, offset, page, out);
  out.push(Buffer.from('\nendobj\n', 'latin1'));
  return Buffer.concat(out);
}
