/**
 * What the control path does to the sandbox's data, each change a journal record (so a restart
 * keeps it): the clock's offset, a chosen failure, an account's balance, a reset.
 *
 * Statuses stay a pure function of time: `advance` moves the clock every status is read from;
 * `fail` records when and how a mailer ended, and refunds what was charged, as a cancel does (a
 * mailer that fails is not mailed; an unfunded one was never charged, as at -1010). A balance set
 * or raised by a refund pays for the mailers of the account waiting for funds (funding.ts).
 */
import { describeStatus, isFinalStatus } from '../../contract';
import { fundedByRise, refundOf } from '../funding';
import { statusAt } from '../lifecycle';
import type { SandboxState } from '../operations/context';
import { round } from '../store/store';
import { CHOSEN_FAILURES, MAX_ADVANCE_MS, formatDuration, parseDuration, type ControlActions } from './protocol';

/** A request the control path refuses: its HTTP status and what is wrong, in words. */
export class ControlError extends Error {
  override readonly name = 'ControlError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Request<A extends keyof ControlActions> = ControlActions[A]['request'];
type Reply<A extends keyof ControlActions> = ControlActions[A]['reply'];

export async function advance(request: Request<'advance'>, sandbox: SandboxState): Promise<Reply<'advance'>> {
  const ms = typeof request.duration === 'string' ? parseDuration(request.duration) : undefined;
  // 0s moves nothing and answers the clock: a well-formed duration, not a mistake.
  if (ms === undefined) {
    throw new ControlError(400, `advance takes a duration such as 60s, 2h, 3d or 1h30m, not ${JSON.stringify(request.duration)}`);
  }
  const offset = sandbox.store.clockOffset + ms;
  if (offset > MAX_ADVANCE_MS) {
    throw new ControlError(400, `the sandbox's clock may run at most ${formatDuration(MAX_ADVANCE_MS)} ahead in all`);
  }
  if (ms > 0) await sandbox.store.commit({ t: 'clock', offset });
  return { advancedMs: ms, offsetMs: offset, now: new Date(sandbox.now()).toISOString() };
}

export async function fail(request: Request<'fail'>, sandbox: SandboxState): Promise<Reply<'fail'>> {
  const { id, code } = request;
  if (!Number.isSafeInteger(id)) throw new ControlError(400, `fail takes a mailer ID (a whole number), not ${JSON.stringify(id)}`);
  if (!CHOSEN_FAILURES.includes(code)) {
    throw new ControlError(400, `a mailer can be made to fail with ${CHOSEN_FAILURES.join(', ')}, not ${JSON.stringify(code)}`);
  }
  const mailer = sandbox.store.mailers.get(id);
  if (!mailer) throw new ControlError(404, `the sandbox has no mailer ${id}`);
  const now = sandbox.now();
  const status = statusAt(mailer, now, sandbox.schedule).status;
  if (isFinalStatus(status)) throw new ControlError(409, `mailer ${id} has already ended: ${status} ${describeStatus(status)}`);
  const { refund, funded = [] } = refundOf(mailer, sandbox, now);
  await sandbox.store.commit({ t: 'fail', id, at: now, status: code, refund, ...(funded.length > 0 ? { funded } : {}) });
  return { id, status: code, description: describeStatus(code), refunded: refund, funded };
}

export async function funds(request: Request<'funds'>, sandbox: SandboxState): Promise<Reply<'funds'>> {
  const { user: username, amount } = request;
  const user = typeof username === 'string' ? sandbox.store.userByName(username) : undefined;
  if (!user) throw new ControlError(404, `the sandbox has no user ${JSON.stringify(username)}`);
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0 || amount > 1e9 || round(amount) !== amount) {
    throw new ControlError(
      400,
      `funds takes an amount in dollars, 0 or more, to the cent (such as 25 or 12.50), not ${JSON.stringify(amount)}`,
    );
  }
  const account = sandbox.store.accounts.get(user.accountId);
  if (!account) throw new ControlError(404, `user ${username} has no account`);
  const at = sandbox.now();
  const funded = fundedByRise(sandbox.store.mailers.values(), account.id, amount, at, sandbox.schedule);
  // The balance this record leaves (commit applies it at once): a send landing while it reaches the disk is not this answer's.
  const durable = sandbox.store.commit({ t: 'funds', accountId: account.id, balance: amount, at, funded });
  const balance = account.balance;
  await durable;
  return { account: account.name, balance, funded };
}

export async function reset(_request: Request<'reset'>, sandbox: SandboxState): Promise<Reply<'reset'>> {
  const store = sandbox.store;
  let storedFiles = 0;
  for (const files of store.files.values()) storedFiles += files.size;
  const mailers = store.mailers.size;
  await store.commit({ t: 'reset', nextId: store.nextMailerId });
  // What was forgotten leaves the journal too, not only the blobs: a deletion is gone from disk.
  await store.compact();
  return { mailers, storedFiles };
}
