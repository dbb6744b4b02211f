/**
 * The command line's one argument grammar: every command reads its flags through `commandLine`
 * (the global options accepted by all, as MAILROOM_TIMEOUT and the other variables are) and its
 * values through the readers below, so that a number, an amount, a duration or an ID is read the
 * same wherever it is given, and a value that is not one is a usage mistake (exit code 2) in
 * every command, said in one form: `WHAT takes …, not "TEXT"`.
 *
 * Numbers are written in decimal digits only: JavaScript's Number() would read `0x10` as 16,
 * `1e3` as 1000 and an empty value as 0, which no person means.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { parseIdQuery, type IdQuery } from '../contract';
import { parseDollars } from '../rulebook';
import { parseDuration } from '../sandbox/control/protocol';
import { GLOBAL_OPTIONS } from './global-options';
import { UsageError } from './usage';

type Options = NonNullable<ParseArgsConfig['options']>;
type Config<O extends Options> = { args: string[]; allowPositionals: true; options: typeof GLOBAL_OPTIONS & O };
type Parsed<O extends Options> = ReturnType<typeof parseArgs<Config<O>>>;

/** An argument that is a negative number (-1018, -3.5): a value, never a flag, wherever it stands. */
const NEGATIVE = /^-\d/;

/**
 * A command's flags and positionals: its own options over the global ones. A negative number is
 * a value (`--status -1018`, `fail 1021984 -1018`), and a flag the command does not know is named
 * with the command, not in Node's words.
 */
export function commandLine<O extends Options>(
  command: string,
  args: readonly string[],
  options: O,
  { positionals: takesPositionals = true } = {},
): Parsed<O> {
  const negatives: string[] = [];
  const masked = args.map((arg) => (NEGATIVE.test(arg) ? `\0${negatives.push(arg) - 1}` : arg));
  const unmask = (value: string) => (value.startsWith('\0') ? negatives[Number(value.slice(1))]! : value);
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs<Config<O>>({ args: masked, allowPositionals: true, options: { ...GLOBAL_OPTIONS, ...options } });
  } catch (error) {
    throw usageOf(error, command) ?? error;
  }
  const values = parsed.values as Record<string, unknown>;
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string') values[key] = unmask(value);
    else if (Array.isArray(value)) values[key] = (value as unknown[]).map((v) => (typeof v === 'string' ? unmask(v) : v));
  }
  const positionals = parsed.positionals.map(unmask);
  if (!takesPositionals && positionals.length > 0) throw new UsageError(`mailroom ${command} takes no argument "${positionals[0]}"`);
  return { ...parsed, positionals };
}

/** parseArgs's refusals in the command line's words; undefined for any other error. */
function usageOf(error: unknown, command: string): UsageError | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS')) return undefined;
  const message = (error as Error).message;
  const flag = /'(-[^' ]*)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag) return new UsageError(`${flag} is not an option of mailroom ${command}`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag && /argument missing/.test(message))
    return new UsageError(`${flag} takes a value`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag) return new UsageError(`${flag} takes no value`);
  return new UsageError(message);
}

/** A whole number in decimal digits (a leading minus where `min` allows it), from `min` to `max`. */
export function wholeNumber(text: string, what: string, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number {
  const n = /^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? (min === 0 ? ', 0 or more' : min === 1 ? ' above 0' : '') : ` from ${min} to ${max}`;
    throw new UsageError(`${what} takes a whole number${range}, not "${text}"`);
  }
  return n;
}

/** A number in decimal digits with an optional fraction (2, 2.5, .5) `of` a unit, 0 or more, or above 0 where `aboveZero` says so. */
export function decimalNumber(text: string, what: string, { aboveZero = false, of = '' } = {}): number {
  const n = /^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(n) || (aboveZero && n <= 0)) {
    const kind = `a number${of ? ` of ${of}` : ''}${aboveZero ? ' above 0' : ', 0 or more'}`;
    throw new UsageError(`${what} takes ${kind}, such as 2 or 2.5, not "${text}"`);
  }
  return n;
}

/** A port to listen on: 0 (any free port) to 65535. */
export function portNumber(text: string, what = '--port'): number {
  return wholeNumber(text, what, { min: 0, max: 65535 });
}

/** Dollars to the cent (25, 12.50, $3), 0 or more: the rulebook's amount. */
export function dollarsAmount(text: string, what: string): number {
  const amount = parseDollars(text);
  if (amount === undefined) throw new UsageError(`${what} takes dollars, 0 or more, to the cent (such as 25 or 12.50), not "${text}"`);
  return amount;
}

/** A duration: numbers each with a unit, s, m, h or d (60s, 2h, 3d, 1h30m, 0s); in milliseconds. */
export function durationMs(text: string, what: string): number {
  const ms = parseDuration(text);
  if (ms === undefined) throw new UsageError(`${what} takes a number and a unit, such as 60s, 2h, 3d or 1h30m, not "${text}"`);
  return ms;
}

/** One mailer ID as the service writes it: a whole number from 1 (to the contract's largest, an Int32's). */
export function mailerId(text: string, what = 'ID'): number {
  const query = parseIdQuery(text);
  if (query?.kind !== 'one') throw new UsageError(`${what} takes one mailer ID, a whole number above 0, not "${text}"`);
  return query.id;
}

/** IDs as the service's ID strings write them: one ID, a range a-b or a comma list. */
export function idQuery(text: string): IdQuery {
  const query = parseIdQuery(text);
  if (!query) throw new UsageError(`"${text}" is not an ID, a range a-b or a comma list`);
  return query;
}
