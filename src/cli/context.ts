/**
 * What every command shares: where credentials come from, the client, and output. The global
 * options themselves are global-options.ts's.
 *
 * Credentials: the OS keychain (`mailroom login` stores them), else MAILROOM_PASSWORD and
 * MAILROOM_API_KEY. Against a sandbox on this machine the public demo account needs neither.
 */
import type { Writable } from 'node:stream';
import { MailWsClient, SendLog, SettingsLog, type CallEvent } from '../client';
import { BINDINGS, DEFAULT_ENDPOINT, formatDateTime, getIntervalMs, isLoopback, type Binding } from '../contract';
import { namedProfile, type Profile } from './config';
import { accountNames, KeychainUnavailable, type Keychain } from './keychain';
import { printSettingsLogPath, readEndpoint, sendLogPath } from '../rulebook';
import { Refused, UsageError } from './usage';
import { decimalNumber } from './arguments';
import type { GlobalValues } from './global-options';

export interface Io {
  readonly out: Writable;
  readonly err: Writable;
  readonly env: NodeJS.ProcessEnv;
  /** Whether standard error is a terminal, for progress and prompts. */
  readonly interactive: boolean;
  readonly keychain: Keychain;
  /** Reads one line, without echo on a terminal. */
  readSecret(prompt: string): Promise<string>;
  /** Asks a yes/no question on a terminal; false elsewhere. */
  confirm(question: string): Promise<boolean>;
}

/** The public demo account of the local sandbox: not a secret. */
const SANDBOX_DEMO = { username: 'demo', password: 'demo', apiKey: 'demo-key' };

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

/** The secret the keychain holds for an entry; `unavailable` when there is no keychain to ask. */
function fromKeychain(io: Io, account: string): string | undefined | KeychainUnavailable {
  try {
    return io.keychain.get(account);
  } catch (error) {
    if (error instanceof KeychainUnavailable) return error;
    throw error;
  }
}

const secretOf = (found: string | undefined | KeychainUnavailable) => (typeof found === 'string' ? found : undefined);

/**
 * What to do when no secret is found, said so that it cannot send a person round in a circle: a
 * keychain that cannot be reached reads as an empty one (the Secret Service's answer), so both
 * ways are said, `mailroom login` where there is a keychain, and the environment where there is
 * none (which `mailroom login` says too when it cannot keep the secret).
 */
function noSecretWords(username: string, endpoint: string, unavailable: KeychainUnavailable | undefined): string {
  const environment =
    'set MAILROOM_PASSWORD (or MAILROOM_API_KEY) in the environment the command runs in ' +
    '(for example `read -rs MAILROOM_PASSWORD && export MAILROOM_PASSWORD`)';
  if (unavailable) return `No password for ${username} at ${endpoint}, and no OS keychain here (${unavailable.reason}): ${environment}`;
  const login = `mailroom login${endpoint === DEFAULT_ENDPOINT ? '' : ` --endpoint ${endpoint}`} --user ${username}`;
  return `No password for ${username} at ${endpoint}: keep it in the OS keychain with \`${login}\`, or, where there is no keychain, ${environment}`;
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

/**
 * A client for the account the command names, or another one (`mailroom history` reads every
 * account of the send log), with its credentials found: the keychain's; MAILROOM_PASSWORD and
 * MAILROOM_API_KEY only for the account the command names, so that a password set for one account
 * is never sent to another; the public demo account's on a sandbox on this machine.
 */
export function connect(values: GlobalValues, io: Io, account: Account = accountOf(values, io)): MailWsClient {
  const { endpoint, user: username } = account;
  const named = accountOf(values, io);
  const env = named.endpoint === endpoint && named.user === username ? io.env : {};
  const names = accountNames(username, endpoint);
  // A sandbox on this machine has the public demo account, which needs no stored secret.
  const sandboxDemo = isLoopback(endpoint) && username === SANDBOX_DEMO.username;
  const kept = fromKeychain(io, names.password);
  const password = secretOf(kept) ?? env.MAILROOM_PASSWORD ?? (sandboxDemo ? SANDBOX_DEMO.password : undefined);
  const apiKey = secretOf(fromKeychain(io, names.apiKey)) ?? env.MAILROOM_API_KEY ?? (sandboxDemo ? SANDBOX_DEMO.apiKey : undefined);
  if (password === undefined && apiKey === undefined)
    throw new Refused(noSecretWords(username, endpoint, kept instanceof KeychainUnavailable ? kept : undefined));
  const log = (event: CallEvent) => {
    // The binding used, and why when it is not the one asked for (ASP.NET would refuse the call there).
    const why = event.reason ? ` (${event.reason})` : '';
    const outcome = `${event.code === undefined ? '' : `, code ${event.code}`}${event.error ? `, ${event.error}` : ''}`;
    io.err.write(`mailroom: ${event.operation} over ${event.binding}${why}, ${event.ms} ms${outcome}\n`);
  };
  const timeoutMs = timeoutOf(values, io);
  return new MailWsClient({
    endpoint,
    binding: bindingOf(values, io),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    credentials: { username, ...(password === undefined ? {} : { password }), ...(apiKey === undefined ? {} : { apiKey }) },
    // The real service allows one call per Get method every 6 s; a sandbox on this machine, any number.
    minIntervalMs: getIntervalMs(endpoint),
    ...(values.verbose ? { onCall: log } : {}),
    sendLog: new SendLog([sendLogPath(io.env)]),
    // What SetUserSettings sets of how letters print: the preflight and the price assume it (src/cli/print-settings.ts).
    settingsLog: new SettingsLog(printSettingsLogPath(io.env), 'command line', (error) =>
      io.err.write(
        `warning: the settings changed, but ${printSettingsLogPath(io.env)} could not be written (${(error as Error).message}): ` +
          'the preflight and the price will not assume them; set printSides or printColor in config.json.\n',
      ),
    ),
  });
}

/** Prints a value as JSON (`--json`) or as the lines a person reads. */
export function print(io: Io, values: GlobalValues, value: unknown, lines: () => string[]): void {
  if (values.json) io.out.write(`${JSON.stringify(value, jsonValue, 2)}\n`);
  else
    io.out.write(
      lines()
        .map((line) => `${line}\n`)
        .join(''),
    );
}

/** Binary data as base64; times as the service wrote them (a wall time gets no "Z"). */
function jsonValue(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const original = this[key];
  if (original instanceof Date) return formatDateTime(original);
  if (Buffer.isBuffer(original)) return original.toString('base64');
  return value;
}

/** A table of rows under a header, columns padded. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** "Sending 12.4 of 31.0 MB (40%)" on a terminal, overwritten in place. */
export function progressPrinter(io: Io, verb: string): ((progress: { bytes: number; total?: number }) => void) | undefined {
  if (!io.interactive) return undefined;
  let last = -1;
  return ({ bytes, total }) => {
    const mb = (n: number) => (n / 1048576).toFixed(1);
    const percent = total ? Math.floor((bytes / total) * 100) : -1;
    if (percent === last) return;
    last = percent;
    io.err.write(`\r${verb} ${mb(bytes)}${total ? ` of ${mb(total)} MB (${percent}%)` : ' MB'}${percent === 100 ? '\n' : ''}`);
  };
}
