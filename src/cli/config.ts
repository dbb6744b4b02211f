/**
 * The command line's own settings, in `$XDG_CONFIG_HOME/mailroom/config.json` (else
 * `~/.config/mailroom/config.json`): named profiles (an endpoint and a user, and the binding, so
 * that `--profile work` stands for them on any command) and the spending guard. It never holds a
 * secret: `mailroom login --profile` keeps the password in the OS keychain and only the profile here.
 *
 *     {
 *       "profiles": { "work": { "endpoint": "https://mail.example.com", "user": "jane" } },
 *       "spending": { "confirmAbove": 25, "dailyBudget": 200 },
 *       "repeats": { "windowDays": 30 },
 *       "printSides": "Duplex"
 *     }
 *
 * A profile's own "spending" (or "repeats") replaces the file's for that profile's account, and so
 * does its own "printSides" or "printColor": how the account's letters print when this machine has
 * not set it with SetUserSettings (src/rulebook/print-settings.ts), for the preflight and the price.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BINDINGS, editDistance, type Binding } from '../contract';
import { amountSetting, printSettingValue, printSettingValues, type PrintColor, type PrintSides, xdgFolder } from '../rulebook';
import { Refused } from './usage';

export interface Spending {
  /** A Production send whose predicted price (in dollars) is above it is asked about again, with the amount. */
  readonly confirmAbove?: number;
  /** The most the user may spend in Production in one day (this machine's), as src/rulebook/spending.ts counts it. */
  readonly dailyBudget?: number;
}

export interface Repeats {
  /** How many days back a send of the same letter to the same recipient is refused (0: never); 30 by default. */
  readonly windowDays?: number;
}

/** How the account's letters print, when this machine has not set it with SetUserSettings (the user settings' own values). */
export interface PrintSettingsConfig {
  readonly printSides?: PrintSides;
  readonly printColor?: PrintColor;
}

export interface Profile extends PrintSettingsConfig {
  readonly endpoint: string;
  readonly user: string;
  readonly binding?: Binding;
  readonly spending?: Spending;
  readonly repeats?: Repeats;
}

export interface CliConfig extends PrintSettingsConfig {
  readonly profiles?: Readonly<Record<string, Profile>>;
  readonly spending?: Spending;
  readonly repeats?: Repeats;
}

export function configPath(env: NodeJS.ProcessEnv): string {
  return join(xdgFolder(env, 'XDG_CONFIG_HOME', '.config'), 'mailroom', 'config.json');
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function checkSpending(spending: unknown, where: string): void {
  if (spending === undefined) return;
  if (!isObject(spending)) throw new Error(`${where} is not an object`);
  for (const key of ['confirmAbove', 'dailyBudget'] as const) {
    if (spending[key] !== undefined && amountSetting(spending[key]) === undefined)
      throw new Error(`${where}.${key} is not an amount in dollars`);
  }
}

function checkRepeats(repeats: unknown, where: string): void {
  if (repeats === undefined) return;
  if (!isObject(repeats)) throw new Error(`${where} is not an object`);
  const days = repeats.windowDays;
  if (days !== undefined && !(typeof days === 'number' && Number.isInteger(days) && days >= 0 && days <= 3650)) {
    throw new Error(`${where}.windowDays is not a number of days (0 to 3650)`);
  }
}

function checkPrintSettings(settings: Record<string, unknown>, where: string): void {
  for (const key of ['printSides', 'printColor'] as const) {
    if (settings[key] !== undefined && printSettingValue(key, settings[key]) === undefined)
      throw new Error(`${where}${key} is ${JSON.stringify(settings[key])}, not one of ${printSettingValues(key).join(', ')}`);
  }
}

/** The keys each object of the file may hold (a profile's are the file's own, but profiles, and its account's). */
const FILE_KEYS = ['profiles', 'spending', 'repeats', 'printSides', 'printColor'] as const;
const PROFILE_KEYS = ['endpoint', 'user', 'binding', 'spending', 'repeats', 'printSides', 'printColor'] as const;
const SPENDING_KEYS = ['confirmAbove', 'dailyBudget'] as const;
const REPEATS_KEYS = ['windowDays'] as const;

/** A key the file holds that Mailroom does not read: where it is, and the known key nearest to it there. */
export interface UnknownKey {
  /** Its path in the file, as `spending.dailyBuget` or `profiles.work.usr`. */
  readonly path: string;
  /** The known key of the same object nearest to it (by edit distance, any case). */
  readonly nearest: string;
}

function nearestKey(key: string, known: readonly string[]): string {
  const distance = (name: string) => editDistance(key.toLowerCase(), name.toLowerCase());
  return known.reduce((best, name) => (distance(name) < distance(best) ? name : best));
}

/**
 * The keys of the file that Mailroom does not read, each with the nearest it does: a misspelled
 * `dailyBuget` would otherwise leave the budget silently off. Objects that are not objects are
 * readConfig's to refuse; here they hold no keys.
 */
export function unknownKeysOf(config: unknown): UnknownKey[] {
  const found: UnknownKey[] = [];
  const walk = (value: unknown, known: readonly string[], where: string, inner: Readonly<Record<string, readonly string[]>>) => {
    if (!isObject(value)) return;
    for (const [key, v] of Object.entries(value)) {
      if (!known.includes(key)) found.push({ path: `${where}${key}`, nearest: `${where}${nearestKey(key, known)}` });
      else if (inner[key]) walk(v, inner[key], `${where}${key}.`, {});
    }
  };
  const account = { spending: SPENDING_KEYS, repeats: REPEATS_KEYS };
  walk(config, FILE_KEYS, '', account);
  if (isObject(config) && isObject(config.profiles)) {
    for (const [name, profile] of Object.entries(config.profiles)) walk(profile, PROFILE_KEYS, `profiles.${name}.`, account);
  }
  return found;
}

/** The file's unknown keys, in words; none when there is no file, or one that does not read (readConfig says why where it is used). */
export function unknownConfigKeys(env: NodeJS.ProcessEnv): { readonly path: string; readonly keys: readonly UnknownKey[] } {
  const path = configPath(env);
  try {
    return { path, keys: unknownKeysOf(JSON.parse(readFileSync(path, 'utf8'))) };
  } catch {
    return { path, keys: [] };
  }
}

/** "spending.dailyBuget (did you mean spending.dailyBudget?)", for each, joined. */
export function unknownKeysWords(keys: readonly UnknownKey[]): string {
  return keys.map((k) => `${k.path} (did you mean ${k.nearest}?)`).join(', ');
}

/** Said before every command: the file's unknown keys, and that sends which may charge wait for them to be put right. */
export function warnUnknownKeys(env: NodeJS.ProcessEnv, err: NodeJS.WritableStream): void {
  const { path, keys } = unknownConfigKeys(env);
  if (keys.length === 0) return;
  err.write(
    `warning: ${path} has ${keys.length === 1 ? 'a key' : 'keys'} Mailroom does not read: ${unknownKeysWords(keys)}. ` +
      'Sends that may charge (Production, Default) are refused until it is corrected.\n',
  );
}

/**
 * The file as written, checked; none is an empty configuration, one that does not read is refused
 * (exit code 2) naming the file, without the usage line: the command was called right.
 */
export function readConfig(env: NodeJS.ProcessEnv): CliConfig {
  const path = configPath(env);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Refused(`Cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    const config: unknown = JSON.parse(text);
    if (!isObject(config)) throw new Error('it is not a JSON object');
    checkSpending(config.spending, 'spending');
    checkRepeats(config.repeats, 'repeats');
    checkPrintSettings(config, '');
    if (config.profiles !== undefined && !isObject(config.profiles)) throw new Error('profiles is not an object');
    for (const [name, profile] of Object.entries(config.profiles ?? {})) {
      if (!isObject(profile) || typeof profile.endpoint !== 'string' || typeof profile.user !== 'string')
        throw new Error(`the profile "${name}" needs an endpoint and a user`);
      if (profile.binding !== undefined && !(BINDINGS as readonly unknown[]).includes(profile.binding))
        throw new Error(`the profile "${name}" has the binding ${JSON.stringify(profile.binding)}, not one of ${BINDINGS.join(', ')}`);
      checkSpending(profile.spending, `profiles.${name}.spending`);
      checkRepeats(profile.repeats, `profiles.${name}.repeats`);
      checkPrintSettings(profile, `profiles.${name}.`);
    }
    return config;
  } catch (error) {
    throw new Refused(`${path} does not read as Mailroom's settings: ${(error as Error).message}`);
  }
}

/** Writes the whole file anew, synced, then renamed over the old: a crash leaves the old file or the new, never half of one. */
export function writeConfig(env: NodeJS.ProcessEnv, config: CliConfig): void {
  const path = configPath(env);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(config, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

/** The profile named by --profile (or MAILROOM_PROFILE); a name the file does not hold is refused, listing those it does. */
export function namedProfile(name: string | undefined, env: NodeJS.ProcessEnv): Profile | undefined {
  if (name === undefined) return undefined;
  const profiles = readConfig(env).profiles ?? {};
  const profile = profiles[name];
  if (!profile) {
    const known = Object.keys(profiles);
    throw new Refused(
      `No profile "${name}" in ${configPath(env)}${known.length > 0 ? ` (it has ${known.join(', ')})` : ''}: ` +
        `make it with \`mailroom login --profile ${name} --endpoint URL --user NAME\``,
    );
  }
  return profile;
}
