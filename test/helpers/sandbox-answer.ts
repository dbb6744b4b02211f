/**
 * An answer's text as the sandbox writes it, whole: a long list's answer is written a part at a
 * time (src/sandbox/wire/streamed-xml.ts), its parts joined here are the bytes that go out.
 */
import { httpResult as written } from '../../src/sandbox/wire/http-get-post';
import type { StreamedBody } from '../../src/sandbox/wire/streamed-xml';
import type { Operation } from '../../src/contract';

export const wholeText = (body: string | Buffer | StreamedBody): string =>
  typeof body === 'string' || Buffer.isBuffer(body) ? String(body) : [...body.parts()].join('');

/** The HTTP GET/POST answer of `op` with `result`, whole. */
export const httpResult = (op: Operation, result: unknown): string => wholeText(written(op, result));
