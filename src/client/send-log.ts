/**
 * The send log: every send the client makes, written down before its request leaves and completed
 * when its answer comes, so that a person can always say what was sent, to whom, from which bytes,
 * and whether it was answered, even after a crash.
 *
 * One JSON object per line, appended and synced to disk (fsync) before the call goes on: a `sending`
 * line with what is sent, then an `answered` line naming the same entry with its outcome. A send
 * whose answer never came (a crash, a cut connection, an answer that may or may not mean a mailer)
 * stays "outcome unknown". Only the last line of a file can be torn by a crash; a line that does
 * not read is left out, and told to whoever reads (json-lines.ts). Never a password or an API key: the request is read without its credentials.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RECIPIENT_FIELDS, type Operation } from '../contract';
import { SendLogLockTimeout, withSendLogLock } from './send-log-lock';
import { appendDurably, readJsonLines, type DamagedLine } from './json-lines';

/** What a send was, as written before its request leaves. */
export interface SendLogSending {
  readonly entry: string;
  /** When the request was about to leave (ISO 8601, UTC). */
  readonly time: string;
  readonly endpoint: string;
  /** The account's user; "(API key)" for an operation that carries only the API key. */
  readonly user: string;
  readonly operation: string;
  readonly workMode?: string;
  readonly description?: string;
  /** The recipient in one line, as the request names it. */
  readonly recipient?: string;
  /** The file the letter was made from, when the caller said. */
  readonly source?: string;
  /** SHA-256 (hex) of the request's binary data, its files in the order it carries them. */
  readonly sha256: string;
  /** A letter made from a file: the SHA-256 of the file as written, drawn to PDF or sent as it is (client.ts CallOptions). */
  readonly written?: string;
  readonly bytes: number;
  /**
   * Each file's length in bytes, in the order the request carries them: with `sha256`, where one
   * file ends and the next begins (a postcard's two sides, a merge's template and data), which the
   * hash of them end to end does not tell. Lines written before it have none.
   */
  readonly partBytes?: readonly number[];
  /** The price the sender predicted (dollars, the sandbox's price list), for a spending guard. */
  readonly price?: number;
  /** A mail merge's rows, each its letter's key (src/rulebook/repeats.ts), in data order: what a repeat of a row is found by. */
  readonly rows?: readonly string[];
  /** The earlier mailers this send repeats, knowingly (a test in Development, or sent again as asked). */
  readonly repeats?: readonly number[];
  /** Sent although it repeats an earlier send, because the person said to send it again. */
  readonly again?: boolean;
}

export type SendOutcome =
  | { readonly outcome: 'sent'; readonly id: number }
  | { readonly outcome: 'refused'; readonly code?: number; readonly reason: string }
  | { readonly outcome: 'unknown'; readonly reason: string };

/** A send as the log knows it now: what was sent and, once answered, how. */
export type SendLogRecord = SendLogSending &
  (SendOutcome | { readonly outcome: 'unknown'; readonly reason?: undefined }) & {
    /** When the answer came. */
    readonly answered?: string;
  };

/** What a send's check adds to its line: the earlier mailers it repeats, knowingly. */
export type SendNote = Pick<SendLogSending, 'repeats' | 'again'>;

/**
 * A check of the sends the log holds, made under the log's lock just before this send's line is
 * written (a spending guard's budget, a repeat): what it throws refuses the send, and nothing is
 * written; what it answers goes into the send's line.
 */
export type SendAdmission = (records: readonly SendLogRecord[], send: Omit<SendLogSending, 'entry' | 'time'>) => SendNote | void;

/** Where a send is written down; the client waits for `sending` (it is durable when it resolves). */
export interface SendRecorder {
  sending(send: Omit<SendLogSending, 'entry' | 'time'>, admit?: SendAdmission): Promise<(outcome: SendOutcome) => Promise<void>>;
}

export class SendLogError extends Error {
  override readonly name = 'SendLogError';
}

/**
 * A send log in one or more files (the machine's own, first, and a team's in the workspace): each
 * line goes to all of them. The first is read, and its lock held, while a send is admitted and written.
 */
export class SendLog implements SendRecorder {
  constructor(readonly paths: readonly string[]) {}

  async sending(send: Omit<SendLogSending, 'entry' | 'time'>, admit?: SendAdmission): Promise<(outcome: SendOutcome) => Promise<void>> {
    const entry = randomUUID();
    const answer = (paths: readonly string[]) => async (outcome: SendOutcome) => {
      const line = `${JSON.stringify({ kind: 'answered', entry, answered: new Date().toISOString(), ...outcome })}\n`;
      await Promise.all(paths.map((path) => appendDurably(path, line)));
    };
    const [own] = this.paths;
    if (own === undefined) throw new SendLogError('Nothing was sent: no send log is set.');
    let refusal: { readonly error: unknown } | undefined;
    let written: PromiseSettledResult<void>[];
    try {
      await mkdir(dirname(own), { recursive: true, mode: 0o700 });
      written = await withSendLogLock(own, async () => {
        let note: SendNote | void = undefined;
        try {
          // Read only for a check: a long log is not read at every send.
          if (admit) note = admit(await readSendLog(own), send);
        } catch (error) {
          refusal = { error };
          return [];
        }
        const sending: SendLogSending = { entry, time: new Date().toISOString(), ...send, ...note };
        return Promise.allSettled(this.paths.map((path) => appendDurably(path, `${JSON.stringify({ kind: 'sending', ...sending })}\n`)));
      });
    } catch (error) {
      if (error instanceof SendLogLockTimeout) throw new SendLogError(`Nothing was sent: ${error.message}. Send again once it is done.`);
      throw unwritten(cannotWrite(error));
    }
    if (refusal) throw refusal.error;
    const failed = written.find((w): w is PromiseRejectedResult => w.status === 'rejected');
    if (failed) {
      const reason = cannotWrite(failed.reason);
      // The logs that took the line say it was not sent, so that none of them keeps an "outcome unknown".
      await answer(this.paths.filter((_, i) => written[i]!.status === 'fulfilled'))({ outcome: 'refused', reason }).catch(() => undefined);
      throw unwritten(reason);
    }
    return answer(this.paths);
  }
}

/** Appends the lines another log held (the extension's log of an older place, moving here), under the lock, synced. */
export async function appendSendLogLines(path: string, text: string): Promise<void> {
  const lines = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\n');
  if (!lines) return;
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await withSendLogLock(path, () => appendDurably(path, `${lines}\n`));
}

const cannotWrite = (error: unknown) => `the send log could not be written (${(error as Error).message})`;
const unwritten = (reason: string) =>
  new SendLogError(`Nothing was sent: ${reason}. Free the disk or fix the folder's permissions, then send again.`);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The log's records, oldest first; a missing file is an empty log, a line that does not read is left out and told to `damaged`. */
export async function readSendLog(path: string, damaged?: (line: DamagedLine) => void): Promise<SendLogRecord[]> {
  const records = new Map<string, SendLogRecord>();
  for (const value of await readJsonLines(path, damaged)) {
    if (!isObject(value) || typeof value.entry !== 'string') continue;
    const { kind, ...fields } = value;
    if (kind === 'sending' && typeof value.time === 'string') {
      records.set(value.entry, { ...(fields as unknown as SendLogSending), outcome: 'unknown' });
    } else if (kind === 'answered') {
      const sent = records.get(value.entry);
      if (sent) records.set(value.entry, { ...sent, ...(fields as unknown as SendOutcome & { answered: string }) });
    }
  }
  return [...records.values()];
}

/** Every binary value of a request, in the order the request carries them (files inside structures too). */
function binaryParts(value: unknown): Uint8Array[] {
  if (value instanceof Uint8Array) return [value];
  if (Array.isArray(value)) return value.flatMap(binaryParts);
  if (isObject(value) && !(value instanceof Date)) return Object.values(value).flatMap(binaryParts);
  return [];
}

/**
 * The fields of an address in their order, in one line: a send's own fields, an advanced letter's
 * RecipientAddress, or an address alone (the extension's mailers keep it so).
 */
export function recipientLine(request: object): string | undefined {
  const addresses = (request as Record<string, unknown>).Addresses;
  const address =
    isObject(addresses) && isObject(addresses.RecipientAddress) ? addresses.RecipientAddress : (request as Record<string, unknown>);
  // The advanced letter's Address calls the postal code Zipcode.
  const names = [...RECIPIENT_FIELDS.filter((f) => f !== 'Country'), 'Zipcode', 'Country'];
  const line = names
    .map((name) => address[name])
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim())
    .join(', ');
  return line || undefined;
}

/** What the log says of a send: read from its request (without credentials), never a secret. */
/** The work mode a send's request asks for: its WorkMode, or an advanced letter's Settings.WorkMode; undefined when none. */
export function workModeAsked(request: Record<string, unknown>): unknown {
  const settings = request.Settings;
  return request.WorkMode ?? (isObject(settings) ? settings.WorkMode : undefined);
}

export function describeSend(
  op: Operation,
  request: Record<string, unknown>,
  account: { readonly endpoint: string; readonly user: string },
  noted: {
    readonly source?: string | undefined;
    readonly written?: string | undefined;
    readonly price?: number | undefined;
    readonly rows?: readonly string[] | undefined;
  },
): Omit<SendLogSending, 'entry' | 'time'> {
  const parts = binaryParts(request);
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  const workMode = workModeAsked(request);
  const recipient = recipientLine(request);
  return {
    endpoint: account.endpoint,
    user: account.user,
    operation: op.name,
    ...(typeof workMode === 'string' ? { workMode } : {}),
    ...(typeof request.MyDescription === 'string' ? { description: request.MyDescription } : {}),
    ...(recipient ? { recipient } : {}),
    ...(noted.source ? { source: noted.source } : {}),
    sha256: hash.digest('hex'),
    ...(noted.written ? { written: noted.written } : {}),
    bytes: parts.reduce((sum, p) => sum + p.length, 0),
    ...(parts.length === 0 ? {} : { partBytes: parts.map((p) => p.length) }),
    ...(noted.price === undefined ? {} : { price: noted.price }),
    ...(noted.rows === undefined ? {} : { rows: noted.rows }),
  };
}
