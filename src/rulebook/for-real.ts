/**
 * Whether a send may print for real (be printed, mailed and charged), the rule both front ends
 * ask by before sending. Development never prints. Production does. `Default` is the account's
 * own General_WorkMode, which the service has no call to read back and which can be changed on its
 * web pages at any moment: so a `Default` send may always print for real. What is known of the
 * account's mode is what the service last reported of this user's own `Default` sends (the
 * WorkMode GetDetails gives a mailer): it says which case it is, `Default` as the account's
 * Production, or the account's mode unknown (nothing seen, or Development then, which may have
 * changed since), never that it cannot print.
 */
import type { SendLogRecord } from '../client/send-log';
import type { Reports } from './spending';
import { sameAccount, type AccountRef } from './endpoint';

/** The account's own work mode as the service last ran one of the user's `Default` sends. */
export interface SeenAccountMode {
  readonly mode: 'Production' | 'Development';
  /** The mailer the service ran so, and when it was sent (ISO 8601). */
  readonly mailer: number;
  readonly time: string;
}

export type ForReal =
  /** Never printed, mailed or charged. */
  | { readonly kind: 'Development'; readonly forReal: false }
  | { readonly kind: 'Production'; readonly forReal: true }
  /** The account's own mode, last seen as Production. */
  | { readonly kind: 'Default, Production'; readonly forReal: true; readonly seen: SeenAccountMode }
  /** The account's own mode, not known now: nothing seen, or Development when last seen (`seen`). */
  | { readonly kind: 'Default, unknown'; readonly forReal: true; readonly seen?: SeenAccountMode };

/**
 * What the service last reported of the account's mode: the newest `Default` send of the user at
 * the service in the send log whose mailer it reported with a WorkMode. `reports` are the
 * service's reports of recent mailers (spending.ts's), `offline` when it was not asked.
 */
export function seenAccountMode(records: readonly SendLogRecord[], account: AccountRef, reports: Reports): SeenAccountMode | undefined {
  if (reports === 'offline') return undefined;
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i]!;
    if (record.outcome !== 'sent' || record.workMode !== 'Default' || !sameAccount(record, account)) continue;
    const mode = reports.get(record.id)?.workMode;
    if (mode === 'Production' || mode === 'Development') return { mode, mailer: record.id, time: record.time };
  }
  return undefined;
}

/** The rule: whether a send in `mode` may print for real, and which case it is. */
export function sendForReal(mode: string | undefined, seen?: SeenAccountMode): ForReal {
  if (mode === 'Development') return { kind: 'Development', forReal: false };
  if (mode === 'Production') return { kind: 'Production', forReal: true };
  if (seen?.mode === 'Production') return { kind: 'Default, Production', forReal: true, seen };
  return { kind: 'Default, unknown', forReal: true, ...(seen ? { seen } : {}) };
}

/** The user's newest `Default` send the service made a mailer of, to ask it how it ran (with the spending's mailers). */
export function lastDefaultSend(records: readonly SendLogRecord[], account: AccountRef): number | undefined {
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i]!;
    if (record.outcome === 'sent' && record.workMode === 'Default' && sameAccount(record, account)) return record.id;
  }
  return undefined;
}

/**
 * The work mode a proof or a preflight prints a send in, before it is sent: Production as
 * Production; Development, and `Default` (the account's own, which only the service knows; a new
 * account's is Development), as Development, with its mark. Whether a `Default` send may print for
 * real is asked apart (`forReal`).
 */
export function printedIn(mode: 'Default' | 'Production' | 'Development'): 'Production' | 'Development' {
  return mode === 'Production' ? 'Production' : 'Development';
}

/** The strictest work mode a send may run in, whose rules it must pass: `Default` may be Production. */
export function strictestMode(mode: 'Default' | 'Production' | 'Development'): 'Production' | 'Development' {
  return mode === 'Development' ? 'Development' : 'Production';
}
