/**
 * Funds that arrive while mailers wait for them. The facts' status table: -990 "Not enough funds
 * available (continues if funds arrive within 72 hours)", then -1010. A send draws its price at
 * once or not at all (send.ts); when the account's balance later goes up (the control path's
 * `funds`, or the refund of a cancel or of a failure it chose), the mailers still waiting are
 * paid for at that instant, and their course goes on from it (lifecycle.ts). The record that
 * raises the balance names them (`funded`), so a restart replays what happened, whatever the
 * schedule then.
 *
 * Which are paid: the account's Production mailers not yet funded whose status at that instant
 * is -990, or still -900 (they would wait at -990 next; paid before In Process they never wait),
 * oldest submission first, each one the balance left covers. One the balance cannot cover keeps
 * waiting, and a younger, cheaper one may be paid before it, as a send made then would be. A
 * mail merge is one mailer here as at its send: its whole price or nothing (the service says
 * nothing of paying for some of a batch's items). A mailer that gave up (-1010), was cancelled,
 * or was made to fail is final and never charged.
 */
import { round } from './store/store';
import { statusAt, type Schedule } from './lifecycle';
import type { SandboxState } from './operations/context';
import { chargeOf, type MailerRecord } from './store/records';
import { STATUS } from '../contract';

const WAITING = new Set([STATUS.Received, STATUS.NotEnoughFunds]);

export function fundedByRise(
  mailers: Iterable<MailerRecord>,
  accountId: string,
  balance: number,
  at: number,
  schedule: Schedule,
): number[] {
  const waiting: MailerRecord[] = [];
  for (const mailer of mailers) {
    if (mailer.accountId !== accountId || mailer.funded || mailer.workMode !== 'Production') continue;
    if (WAITING.has(statusAt(mailer, at, schedule).status)) waiting.push(mailer);
  }
  waiting.sort((a, b) => a.submittedAt - b.submittedAt || a.id - b.id);
  const funded: number[] = [];
  let left = balance;
  for (const mailer of waiting) {
    const charge = chargeOf(mailer);
    if (charge > left) continue;
    left = round(left - charge);
    funded.push(mailer.id);
  }
  return funded;
}

/**
 * What a mailer ending before it was mailed (a cancel, a chosen failure) gives back: its price, if
 * it was charged (Production, paid for), and the waiting mailers that refund pays for at `at`.
 */
export function refundOf(
  mailer: MailerRecord,
  sandbox: Pick<SandboxState, 'store' | 'schedule'>,
  at: number,
): { readonly refund: number; readonly funded?: readonly number[] } {
  const refund = mailer.workMode === 'Production' && mailer.funded ? chargeOf(mailer) : 0;
  const account = sandbox.store.accounts.get(mailer.accountId);
  if (refund === 0 || !account) return { refund };
  const funded = fundedByRise(sandbox.store.mailers.values(), account.id, round(account.balance + refund), at, sandbox.schedule);
  return funded.length > 0 ? { refund, funded } : { refund };
}
