/**
 * A repeat send: the same letter to the same recipient again, which would mail it twice. A send
 * repeats an earlier one of the same user at the same service, within a window of days (30 by
 * default), that the send log holds as made (sent, or of unknown outcome) and that may have been
 * mailed (not Development, not cancelled or failed as the service reports it: charges.ts), when
 * - a letter or postcard: the same bytes (the SHA-256 of its files, and each file's length), or for
 *   a letter made from a file, the same file as written (`written`), whether it went drawn to PDF or
 *   as it is, to the
 *   same recipient (the send log's one-line recipient, without regard to case and spacing; none for
 *   an address read from the document, whose bytes hold it). A send that carries no bytes (a stored file) is never
 *   taken for a repeat: nothing tells what it prints.
 * - a mail merge: each row's letter (the template's bytes and the row's values) again; the rows
 *   that repeat are named, and a merge all of whose rows repeat is the same merge again.
 * In Development a repeat is a test: it goes, and is noted. Otherwise it is refused, unless the
 * person says to send it again; the send log then says which mailers it repeats.
 */
import { createHash } from 'node:crypto';
import type { SendLogRecord, SendLogSending } from '../client/send-log';
import { chargeOf, mayCharge } from './charges';
import { sameAccount, type AccountRef } from './endpoint';
import { reportFor, type Reports } from './spending';
import { withinWindow } from './window';

/** The one-line recipient a repeat is compared by, as the send log writes it (the history and the Mailers view show it). */
export { recipientLine } from '../client/send-log';

export const DEFAULT_REPEAT_WINDOW_DAYS = 30;

/** A send that an earlier one repeats. */
export interface EarlierSend {
  readonly entry: string;
  readonly id?: number;
  /** When it was sent (ISO 8601). */
  readonly time: string;
  readonly description?: string;
  readonly recipient?: string;
}

export type RepeatVerdict =
  | { readonly kind: 'new' }
  | {
      readonly kind: 'repeat';
      /** The earlier sends it repeats, oldest first. */
      readonly earlier: readonly EarlierSend[];
      /** For a mail merge: the data rows (1-based) whose letters went before; all of them when it is the same merge again. */
      readonly rows?: readonly number[];
      /** For a mail merge: how many rows it has. */
      readonly of?: number;
    };

/** What the send log knows of the send being made (client/send-log.ts's describeSend, and the merge's row keys). */
export type SendShape = Pick<SendLogSending, 'sha256' | 'written' | 'bytes' | 'partBytes' | 'recipient' | 'rows'>;

const KEY_LENGTH = 16;

/**
 * Each row's letter of a mail merge, as a key the send log keeps (64 bits of a SHA-256): the
 * template's bytes and the row's values by column, so that the same letter to the same recipient
 * has the same key whatever the column order or the other rows.
 */
export function mergeRowKeys(template: Uint8Array, header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const templateHash = createHash('sha256').update(template).digest('hex');
  const columns = header.map((name, i) => [name.trim(), i] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return rows.map((row) =>
    createHash('sha256')
      .update(templateHash)
      .update(JSON.stringify(columns.map(([name, i]) => [name, (row[i] ?? '').trim()])))
      .digest('hex')
      .slice(0, KEY_LENGTH),
  );
}

/**
 * The same bytes as an earlier send: the same SHA-256 of its files end to end and, where both lines
 * say each file's length, the same lengths. The hash alone cannot tell a postcard whose image side's
 * end was moved to the start of its address side from the one sent; a line written before lengths
 * were kept is compared by its hash alone, as it was when it was written.
 */
function sameBytes(earlier: SendShape, send: SendShape): boolean {
  if (earlier.bytes <= 0) return false;
  // Two letters made from the same file as written are one letter, drawn to PDF or sent as it is.
  if (earlier.written !== undefined && earlier.written === send.written) return true;
  if (earlier.sha256 !== send.sha256) return false;
  const [a, b] = [earlier.partBytes, send.partBytes];
  if (!Array.isArray(a) || !Array.isArray(b)) return true;
  return a.length === b.length && a.every((length, i) => length === b[i]);
}

const sameRecipient = (a: string | undefined, b: string | undefined) =>
  (a ?? '').toLowerCase().replace(/\s+/g, ' ').trim() === (b ?? '').toLowerCase().replace(/\s+/g, ' ').trim();

const earlierOf = (r: SendLogRecord): EarlierSend => ({
  entry: r.entry,
  time: r.time,
  ...(r.outcome === 'sent' ? { id: r.id } : {}),
  ...(r.description === undefined ? {} : { description: r.description }),
  ...(r.recipient === undefined ? {} : { recipient: r.recipient }),
});

/** The earlier sends of the user this send would repeat, given what the service reports of their mailers. */
export function repeatOf(
  send: SendShape,
  records: readonly SendLogRecord[],
  account: AccountRef,
  reports: Reports,
  now: Date,
  windowDays: number,
): RepeatVerdict {
  if (windowDays <= 0) return { kind: 'new' };
  const made = records.filter(
    (r) =>
      r.outcome !== 'refused' &&
      mayCharge(r.workMode) &&
      withinWindow(r, now, windowDays) &&
      sameAccount(r, account) &&
      chargeOf(r, reportFor(r, reports)).basis !== 'not charged',
  );
  if (send.rows) {
    // The same merge again, or one logged before rows had keys: the same bytes are every row again.
    const same = made.filter((r) => sameBytes(r, send));
    if (same.length > 0)
      return { kind: 'repeat', earlier: same.map(earlierOf), rows: send.rows.map((_, i) => i + 1), of: send.rows.length };
    const earlierRows = new Map<string, SendLogRecord>();
    for (const r of made) for (const key of r.rows ?? []) if (!earlierRows.has(key)) earlierRows.set(key, r);
    const repeated = send.rows.flatMap((key, i) => (earlierRows.has(key) ? [i + 1] : []));
    if (repeated.length === 0) return { kind: 'new' };
    const earlier = [...new Set(send.rows.flatMap((key) => earlierRows.get(key) ?? []))];
    return { kind: 'repeat', earlier: earlier.map(earlierOf), rows: repeated, of: send.rows.length };
  }
  if (send.bytes === 0) return { kind: 'new' };
  const earlier = made.filter((r) => sameBytes(r, send) && sameRecipient(r.recipient, send.recipient));
  return earlier.length === 0 ? { kind: 'new' } : { kind: 'repeat', earlier: earlier.map(earlierOf) };
}

/**
 * A send the send log refused under its lock: it repeats an earlier one, and the person did not
 * say to send it again. Its message is for a log; the front ends word its verdict.
 */
export class RepeatedSend extends Error {
  override readonly name = 'RepeatedSend';
  constructor(readonly verdict: Extract<RepeatVerdict, { kind: 'repeat' }>) {
    super(JSON.stringify(verdict));
  }
}
