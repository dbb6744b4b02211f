/**
 * What the sandbox answers an HTTP request with, as data (status, type, body), before http-server.ts
 * writes it: so that every binding's handler answers the same way and a test can read an answer whole.
 */
import type { StreamedFileBody } from './streamed-bytes';
import type { StreamedBody } from './streamed-xml';

/** What the sandbox answers an HTTP request with, before it goes on the wire. */
export interface WireResponse {
  readonly status: number;
  readonly contentType: string;
  /** A streamed body (streamed-xml.ts, streamed-bytes.ts) goes out a part at a time, chunked. */
  readonly body: string | Buffer | StreamedBody | StreamedFileBody;
  readonly headers?: Readonly<Record<string, string>>;
}

export function plainText(status: number, text: string): WireResponse {
  return { status, contentType: 'text/plain; charset=utf-8', body: text };
}
