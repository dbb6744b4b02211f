/**
 * Calls an operation's handler the way the service does: authenticate (password or API key),
 * apply the rate limit of reads (the Get methods) when it is on, check field lengths, then do the work. A
 * refusal becomes the operation's error reply: the bare code, or a result whose ResultCode is the
 * code (value fields written as zeros, strings and lists left out).
 */
import {
  checkFieldLengths,
  describeResultCode,
  missingFieldCodes,
  operationEffect,
  REAL_SERVICE_MIN_INTERVAL_MS,
  type Operation,
  RESULT,
} from '../../contract';
import { isPassword } from '../credentials';
import type { Invoke } from '../wire/soap';
import { Refusal, refuse, type Caller, type Handlers, type SandboxState } from './context';

export interface DispatchOptions {
  /** The real service's limit of one call per Get method per user every 6 seconds (-3500). */
  readonly rateLimit: boolean;
}

function authenticate(op: Operation, request: Record<string, unknown>, sandbox: SandboxState): Caller {
  const { store } = sandbox;
  const takesApiKey = op.params.some((p) => p.name === 'APIKey');
  let user;
  if (takesApiKey) {
    const apiKey = request.APIKey as string | undefined;
    if (!apiKey) refuse(missingFieldCodes.APIKey!);
    user = store.userByApiKey(apiKey);
  } else {
    const username = request.Username as string | undefined;
    const password = request.Password as string | undefined;
    if (!username) refuse(missingFieldCodes.Username!);
    if (!password) refuse(missingFieldCodes.Password!);
    user = store.userByName(username);
    if (user && !isPassword(user.passwordHash, password)) user = undefined;
  }
  if (!user) refuse(RESULT.NotAuthenticated);
  if (user.blocked) refuse(RESULT.UserBlocked);
  return { user, account: store.accounts.get(user.accountId)! };
}

export function errorReply(op: Operation, error: Refusal): unknown {
  if (op.result.kind !== 'structure') return error.code;
  const described = op.result.fields.some((f) => f.name === 'ResultDescription');
  return described
    ? { ResultCode: error.code, ResultDescription: error.description ?? describeResultCode(error.code) }
    : { ResultCode: error.code };
}

export function createInvoke(handlers: Handlers, sandbox: SandboxState, options: DispatchOptions): Invoke {
  const lastCall = new Map<string, number>();
  return async (op, request) => {
    try {
      const caller = authenticate(op, request, sandbox);
      if (options.rateLimit && operationEffect(op) === 'read') {
        const key = `${caller.user.id} ${op.name}`;
        const now = sandbox.now();
        const last = lastCall.get(key);
        if (last !== undefined && now - last < REAL_SERVICE_MIN_INTERVAL_MS) refuse(RESULT.RateLimit);
        lastCall.set(key, now);
      }
      const tooLong = checkFieldLengths(op.params, request);
      if (tooLong !== undefined) refuse(tooLong);
      const handler = (handlers[op.service.key] as Record<string, (r: unknown, c: Caller, s: SandboxState) => unknown>)[op.name]!;
      return await handler(request, caller, sandbox);
    } catch (error) {
      if (error instanceof Refusal) return errorReply(op, error);
      throw error;
    }
  };
}
