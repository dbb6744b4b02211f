/**
 * The sandbox's control path: how a test (or a person) moves its clock, chooses a mailer's failure,
 * sets an account's funds or forgets every mailer. Not part of the Mail WS contract (its WSDLs and
 * operations do not change): plain JSON over HTTP POST at `/_mailroom/control/ACTION`, answered to
 * loopback callers only. Written once here for the sandbox, the command line and the extension.
 */
import { describeStatus, isLoopback, STATUS } from '../../contract';

export const CONTROL_PATH = '/_mailroom/control';

/** What each action takes (the JSON body of its POST) and answers (200, JSON). */
export interface ControlActions {
  /** Moves the clock forward by a duration such as `60s`, `2h`, `3d` or `1h30m`. */
  readonly advance: {
    readonly request: { readonly duration: string };
    readonly reply: { readonly advancedMs: number; readonly offsetMs: number; readonly now: string };
  };
  /**
   * A mailer (or batch) not yet final ends now at one of the failure statuses; what it was charged
   * comes back and pays for the account's mailers waiting for funds (`funded`, as for `funds`).
   */
  readonly fail: {
    readonly request: { readonly id: number; readonly code: number };
    readonly reply: {
      readonly id: number;
      readonly status: number;
      readonly description: string;
      readonly refunded: number;
      readonly funded?: readonly number[];
    };
  };
  /**
   * Sets the balance of the account a user belongs to; it pays for the account's mailers waiting
   * for funds, oldest first (`funded`, their IDs, absent from a sandbox older than that;
   * `balance` is what is left).
   */
  readonly funds: {
    readonly request: { readonly user: string; readonly amount: number };
    readonly reply: { readonly account: string; readonly balance: number; readonly funded?: readonly number[] };
  };
  /** Forgets every mailer and stored file; accounts and users stay. */
  readonly reset: {
    readonly request: Record<string, never>;
    readonly reply: { readonly mailers: number; readonly storedFiles: number };
  };
}

export type ControlAction = keyof ControlActions;
export const CONTROL_ACTIONS: readonly ControlAction[] = ['advance', 'fail', 'funds', 'reset'];

/** A refusal's body: what went wrong, in words. */
export interface ControlRefusal {
  readonly error: string;
}

/** The failure statuses a mailer can be made to end at (the service's, but -1099 internal error). */
export const CHOSEN_FAILURES: readonly number[] = [
  STATUS.NoFunds,
  STATUS.AddressNotVerified,
  STATUS.InvalidPageSize,
  STATUS.DocumentNotProcessed,
  STATUS.AddressNotExtracted,
  STATUS.TooManySheets,
];

export function failureChoices(): { readonly code: number; readonly description: string }[] {
  return CHOSEN_FAILURES.map((code) => ({ code, description: describeStatus(code) }));
}

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The longest advance at once (about ten years): beyond it dates leave what the service can write. */
export const MAX_ADVANCE_MS = 3650 * UNIT_MS.d!;

/**
 * A duration as people write it: a number (decimals allowed) and a unit, `s`, `m`, `h` or `d`,
 * several of them one after the other (`1h30m`, `1d 12h`). Undefined for anything else, a plain
 * number included (seconds or milliseconds? one cannot tell).
 */
export function parseDuration(text: string): number | undefined {
  const compact = text.trim().toLowerCase().replace(/\s+/g, '');
  if (!/^(\d+(\.\d+)?[smhd])+$/.test(compact)) return undefined;
  let ms = 0;
  for (const [, amount, unit] of compact.matchAll(/(\d+(?:\.\d+)?)([smhd])/g)) ms += Number(amount) * UNIT_MS[unit!]!;
  return Math.round(ms);
}

/** A duration in words: `1h 30m`, `45s`, `3d`. */
export function formatDuration(ms: number): string {
  const parts: string[] = [];
  let rest = Math.round(ms / 1000);
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(`${n}${unit}`);
  }
  return parts.length === 0 ? '0s' : parts.join(' ');
}

/** Whether a socket's remote address is this machine's loopback (IPv4, IPv6 or IPv4 mapped in IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** Whether a request's Host names this machine (localhost, 127.x, [::1]): a page that rebound another name to 127.0.0.1 names that name. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined || /[/?#@\\\s]/.test(host)) return false;
  try {
    return isLoopback(`http://${host}`);
  } catch {
    return false;
  }
}
