/**
 * An answer's text as the sandbox writes it, whole: a long list's answer is written a part at a
 * time (src/sandbox/wire/streamed-xml.ts), its parts joined here are the bytes that go out.
 */
import { httpResult as written } from '../../src/sandbox/wire/http-get-post';
import type { StreamedFileBody } from '../../src/sandbox/wire/streamed-bytes';
import type { StreamedBody } from '../../src/sandbox/wire/streamed-xml';
import type { Operation } from '../../src/contract';

export const wholeText = (body: string | Buffer | StreamedBody | StreamedFileBody): string => {
  if (typeof body === 'string' || Buffer.isBuffer(body)) return String(body);
  // Bytes in a file are read as they go out: such an answer is read over the wire (test/sandbox/batch-pdf.test.ts).
  if ('fileParts' in body) throw new Error('an answer read from a file is read over the wire');
  return [...body.parts()].join('');
};

/** The HTTP GET/POST answer of `op` with `result`, whole. */
export const httpResult = (op: Operation, result: unknown): string => wholeText(written(op, result));
