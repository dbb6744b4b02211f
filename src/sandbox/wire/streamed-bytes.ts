/**
 * An answer whose bytes are a file (a batch's printed PDF, hundreds of megabytes for a large
 * merge) written as it goes out: the answer around them is written as usual with a marker where
 * their base64 goes, and the file is then read and written a chunk at a time, each chunk a
 * multiple of 3 bytes so that the chunks' base64 strung together is the whole file's. The bytes
 * are those of the answer written whole with the file's bytes in it; the file is held open from
 * the answer on, so that dropping its blob meanwhile (retention.ts) cuts nothing short.
 */
import { randomBytes } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { writeXml, type Field, type Operation, type XmlElement } from '../../contract';

/** Bytes read at a time: a multiple of 3. */
const CHUNK = 3 * 256 * 1024;

/** An answer's text, a part at a time, read as it goes. */
export interface StreamedFileBody {
  /** Closes the file when done, or when its caller stops reading. */
  readonly fileParts: () => AsyncIterable<string>;
  /** Closes the file of an answer that will not go out (a HEAD request's). */
  readonly discard: () => Promise<void>;
}

interface InFile {
  readonly file: FileHandle;
  readonly size: number;
}

/** The answers' stand-ins for bytes in a file, each an empty Buffer of its own. */
const inFiles = new WeakMap<Buffer, InFile>();

/** A value for a base64Binary result field that the answer reads from the file at `path` as it goes out. */
export async function bytesInFile(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const standIn = Buffer.alloc(0);
    inFiles.set(standIn, { file, size });
    return standIn;
  } catch (error) {
    await file.close();
    throw error;
  }
}

/** The result's top-level bytes that are in a file, if any. */
export function fileField(op: Operation, result: unknown): { field: Field; inFile: InFile } | undefined {
  if (op.result.kind !== 'structure' || typeof result !== 'object' || result === null) return undefined;
  for (const field of op.result.fields) {
    const value = (result as Record<string, unknown>)[field.name];
    const inFile = Buffer.isBuffer(value) ? inFiles.get(value) : undefined;
    if (inFile) return { field, inFile };
  }
  return undefined;
}

/** The answer `root(result)` writes, with the file's bytes streamed where the field's base64 goes. */
export function streamedBytes(
  result: Record<string, unknown>,
  found: { readonly field: Field; readonly inFile: InFile },
  root: (result: Record<string, unknown>) => XmlElement,
  indent: boolean,
): StreamedFileBody {
  const { field, inFile } = found;
  // Bytes no answer holds elsewhere: their base64 marks the place.
  const marker = randomBytes(24);
  const mark = marker.toString('base64');
  const text = writeXml(root({ ...result, [field.name]: marker }), { indent });
  const at = text.indexOf(mark);
  if (at < 0) throw new Error(`the answer has no ${field.name} element`);
  const head = text.slice(0, at);
  const tail = text.slice(at + mark.length);
  return {
    discard: () => inFile.file.close(),
    async *fileParts() {
      const { file, size } = inFile;
      try {
        yield head;
        const chunk = Buffer.alloc(Math.min(CHUNK, size));
        for (let position = 0; position < size;) {
          // A read may read less than asked: the chunk is filled, so that it stays a multiple of 3.
          let filled = 0;
          const wanted = Math.min(chunk.length, size - position);
          while (filled < wanted) {
            const { bytesRead } = await file.read(chunk, filled, wanted - filled, position + filled);
            if (bytesRead === 0) throw new Error(`the file ended at ${position + filled} of ${size} bytes`);
            filled += bytesRead;
          }
          position += filled;
          yield chunk.toString('base64', 0, filled);
        }
        yield tail;
      } finally {
        await file.close();
      }
    },
  };
}
