/**
 * The service and account a command talks to, and how long it waits: the global options
 * (global-options.ts), else the named profile's, else the environment's, else the local
 * sandbox's demo account.
 */
import { BINDINGS, DEFAULT_ENDPOINT, type Binding } from '../contract';
import { readEndpoint } from '../rulebook';
import { decimalNumber } from './arguments';
import { namedProfile, type Profile } from './config';
import type { GlobalValues } from './global-options';
import type { Io } from './io';
import { UsageError } from './usage';

/** The public demo account of the local sandbox: not a secret. */
export const SANDBOX_DEMO = { username: 'demo', password: 'demo', apiKey: 'demo-key' };

/**
 * The profile the command names (--profile, else MAILROOM_PROFILE). Its endpoint, user and binding
 * stand in for the flags not given, before the environment's MAILROOM_ENDPOINT and MAILROOM_USER.
 */
export function profileOf(values: GlobalValues, io: Io): Profile | undefined {
  return namedProfile(values.profile ?? io.env.MAILROOM_PROFILE, io.env);
}

export function endpointOf(values: GlobalValues, io: Io): string {
  const text = values.endpoint ?? profileOf(values, io)?.endpoint ?? io.env.MAILROOM_ENDPOINT ?? DEFAULT_ENDPOINT;
  const read = readEndpoint(text);
  // As written, but for a trailing slash: the keychain knows a login by it (src/rulebook/endpoint.ts tells services apart).
  if ('endpoint' in read) return text.trim().replace(/\/+$/, '');
  switch (read.problem) {
    case 'not an http URL':
      throw new UsageError(`--endpoint takes an http(s) URL, not "${text}"`);
    case 'user or password in it':
      throw new UsageError(
        '--endpoint takes the URL without a user or password in it: give the user with --user and the password to `mailroom login`',
      );
    case 'query in it':
      throw new UsageError(`--endpoint takes the service's base URL, without a query: not "${text}"`);
  }
}

export function bindingOf(values: GlobalValues, io: Io): Binding {
  const binding = values.binding ?? profileOf(values, io)?.binding ?? io.env.MAILROOM_BINDING ?? 'soap11';
  if (!(BINDINGS as readonly string[]).includes(binding))
    throw new UsageError(`--binding takes one of ${BINDINGS.join(', ')}, not "${binding}"`);
  return binding as Binding;
}

export function userOf(values: GlobalValues, io: Io): string {
  return values.user ?? profileOf(values, io)?.user ?? io.env.MAILROOM_USER ?? SANDBOX_DEMO.username;
}

/**
 * Each call's whole budget in milliseconds (`--timeout SECONDS` or MAILROOM_TIMEOUT): its retries,
 * their backoff and the wait for its pacing slot included; the client's 60 s when neither is set.
 */
export function timeoutOf(values: GlobalValues, io: Io): number | undefined {
  const text = values.timeout ?? io.env.MAILROOM_TIMEOUT;
  if (text === undefined) return undefined;
  return Math.round(
    decimalNumber(text, values.timeout === undefined ? 'MAILROOM_TIMEOUT' : '--timeout', { aboveZero: true, of: 'seconds' }) * 1000,
  );
}

/** An account of the service: where it is and whose it is. */
export interface Account {
  readonly endpoint: string;
  readonly user: string;
}

/** The account the command names: --endpoint and --user, else the environment's, else the local sandbox's demo. */
export function accountOf(values: GlobalValues, io: Io): Account {
  return { endpoint: endpointOf(values, io), user: userOf(values, io) };
}
