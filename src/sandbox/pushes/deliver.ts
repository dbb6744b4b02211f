/**
 * One feedback push on the wire: an HTTP POST to the user's `Feedback_Post_FeedbackURL`, the
 * fields form-encoded in the body and the same names in the query string (as the facts write it,
 * `?ID=&ItemID=&Auth=&Status=&StatusTime=`). Answered means HTTP 2xx with the body `0` (trimmed);
 * anything else, a timeout or no connection is a failure to try again. Redirects are not followed.
 * Two limits bound an attempt: a receiver silent for `timeoutMs` fails it, and so does one still
 * not done after `deadlineMs` in all, such as one that trickles a byte a second (it would hold one
 * of the pusher's few delivery slots for ever).
 * Only http(s) URLs; nothing but these five fields is sent (never a password or an API key).
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface PushFields {
  readonly ID: string;
  readonly ItemID: string;
  readonly Auth: string;
  readonly Status: string;
  readonly StatusTime: string;
}

/** The most of an answer read: `0` and some whitespace is all that counts. */
const MAX_ANSWER = 1024;

export function pushUrl(target: string, fields: PushFields): URL | undefined {
  if (!URL.canParse(target)) return undefined;
  const url = new URL(target);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  for (const [name, value] of Object.entries(fields) as [string, string][]) url.searchParams.set(name, value);
  return url;
}

export interface DeliveryLimits {
  /** How long the receiver may stay silent. */
  readonly timeoutMs: number;
  /** How long an attempt may last in all, answer included. */
  readonly deadlineMs: number;
}

/** Resolves true when the receiver answered `0`; false on any other answer or failure (never rejects). */
export function deliver(target: string, fields: PushFields, limits: DeliveryLimits, signal: AbortSignal): Promise<boolean> {
  const url = pushUrl(target, fields);
  if (!url) return Promise.resolve(false);
  const body = new URLSearchParams({ ...fields }).toString();
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((settle) => {
    const resolve = (answered: boolean) => {
      clearTimeout(deadline);
      settle(answered);
    };
    const req = send(
      url,
      {
        method: 'POST',
        signal,
        timeout: limits.timeoutMs,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          answer += chunk;
          if (answer.length > MAX_ANSWER) res.destroy();
        });
        res.on('end', () =>
          resolve(res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300 && answer.trim() === '0'),
        );
        res.on('error', () => resolve(false));
        res.on('close', () => resolve(false));
      },
    );
    // A timer of its own rather than AbortSignal.any: nothing is left attached to the pusher's long-lived signal.
    // Armed once the request exists; the request's events, which settle, never come before this line runs.
    const deadline = setTimeout(() => req.destroy(), limits.deadlineMs);
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end(body);
  });
}
