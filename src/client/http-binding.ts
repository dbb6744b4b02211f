/** Calls over HTTP GET and POST, with Mailroom's own codec. */
import { FORM_CONTENT_TYPE, serviceUrl, type Operation } from '../contract';
import { failureReason } from './error-page';
import { MailWsFault, MailWsResponseError } from './errors';
import { decodeHttpResult, encodeHttpFields, encodeHttpPieces } from './http-codec';
import type { CallSettings } from './soap-binding';
import { limitOf, type Transport } from './transport';

export async function callHttp(
  transport: Transport,
  baseUrl: string,
  verb: 'http-get' | 'http-post',
  op: Operation,
  request: Readonly<Record<string, unknown>>,
  settings: CallSettings,
): Promise<unknown> {
  const url = `${serviceUrl(baseUrl, op.service)}/${op.name}`;
  const answer = await transport.exchange(verb === 'http-get' ? `${url}?${encodeHttpFields(op, request)}` : url, {
    ...settings,
    operation: op.name,
    method: verb === 'http-get' ? 'GET' : 'POST',
    answerLimit: limitOf(op, settings.maxResponseBytes),
    ...(verb === 'http-post' ? { headers: { 'Content-Type': FORM_CONTENT_TYPE }, body: encodeHttpPieces(op, request) } : {}),
  });
  const text = answer.text;
  const type = String(answer.headers['content-type'] ?? '');
  if (answer.status !== 200) throw new MailWsFault(op.name, `HTTP ${answer.status}`, failureReason(type, text), answer.status);
  if (!/^text\/xml\b/i.test(type)) throw new MailWsResponseError(op.name, `expected text/xml, got ${type || 'no content type'}`);
  try {
    return decodeHttpResult(op, text);
  } catch (error) {
    throw new MailWsResponseError(op.name, (error as Error).message);
  }
}
