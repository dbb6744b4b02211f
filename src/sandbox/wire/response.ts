/** What the sandbox answers an HTTP request with, before it goes on the wire. */
export interface WireResponse {
  readonly status: number;
  readonly contentType: string;
  readonly body: string | Buffer;
  readonly headers?: Readonly<Record<string, string>>;
}

export function plainText(status: number, text: string): WireResponse {
  return { status, contentType: 'text/plain; charset=utf-8', body: text };
}
