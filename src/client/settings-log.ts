/**
 * The print settings log: what this machine last set, through SetUserSettings, of how a user's
 * letters print (Letters_PrintSides, Letters_PrintColor). The service has no call that reads a
 * user's settings back, and they change a letter's sheets (duplex halves them, and -1065 counts
 * sheets) and its price, so the preflight and the spending guards print as this log says
 * (src/rulebook/print-settings.ts says what is assumed, and from where).
 *
 * One JSON object per line, appended and synced, after the service said the settings changed:
 * `{"time", "endpoint", "user", "settings": {"Letters_PrintSides": "Duplex"}, "via": "extension"}`. Appending needs no
 * lock (two front ends setting at once each add a whole line), and the newest line of a user at a
 * service wins. Only these two settings are ever written: never another (a password is one), never
 * a secret. A line that does not read (a crash's torn last line) is skipped.
 */
import { appendDurably, readJsonLines, type DamagedLine } from './json-lines';

/** The user settings that say how a user's letters print, and the only ones this log keeps. */
export const PRINT_SETTING_NAMES = ['Letters_PrintSides', 'Letters_PrintColor'] as const;

export type PrintSettingName = (typeof PRINT_SETTING_NAMES)[number];

/** A SetUserSettings that succeeded, as the log keeps it. */
export interface SettingsLogRecord {
  /** When the service answered (ISO 8601, UTC). */
  readonly time: string;
  readonly endpoint: string;
  /** The user whose settings changed: the request's Username (its General_Username when the same request renamed it). */
  readonly user: string;
  readonly settings: Readonly<Partial<Record<PrintSettingName, string>>>;
  /** Which front end set it, for the words that say where an assumption came from. */
  readonly via?: SettingsVia;
}

/** The front ends that write the log. */
export type SettingsVia = 'extension' | 'command line';

/** Told of every SetUserSettings the client saw succeed; it keeps what it keeps, and never fails the call. */
export interface SettingsRecorder {
  settingsSet(change: { readonly endpoint: string; readonly request: Readonly<Record<string, unknown>> }): Promise<void>;
}

const isPair = (pair: unknown): pair is readonly [string, string] =>
  Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && typeof pair[1] === 'string';

/** The print settings a SetUserSettings request sets, and for whom; undefined when it sets none. */
export function printSettingsSet(endpoint: string, request: Readonly<Record<string, unknown>>, time: Date): SettingsLogRecord | undefined {
  const pairs = Array.isArray(request.Settings) ? (request.Settings as unknown[]).filter(isPair) : [];
  const settings: Partial<Record<PrintSettingName, string>> = {};
  let user = typeof request.Username === 'string' ? request.Username : undefined;
  // In the service's order: a name given twice ends at its last value.
  for (const [name, value] of pairs) {
    if ((PRINT_SETTING_NAMES as readonly string[]).includes(name)) settings[name as PrintSettingName] = value;
    if (name === 'General_Username') user = value;
  }
  if (user === undefined || Object.keys(settings).length === 0) return undefined;
  return { time: time.toISOString(), endpoint, user, settings };
}

/** The log in its file: lines appended after each SetUserSettings that set a print setting. */
export class SettingsLog implements SettingsRecorder {
  /** `onError` is told when a line cannot be written: the settings did change, and the caller says the log missed it. */
  constructor(
    readonly path: string,
    private readonly via: SettingsVia,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  async settingsSet(change: { readonly endpoint: string; readonly request: Readonly<Record<string, unknown>> }): Promise<void> {
    const record = printSettingsSet(change.endpoint, change.request, new Date());
    if (!record) return;
    try {
      await appendDurably(this.path, `${JSON.stringify({ ...record, via: this.via })}\n`);
    } catch (error) {
      this.onError(error);
    }
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The log's records, oldest first; a missing file is an empty log, a line that does not read is left out and told to `damaged`. */
export async function readSettingsLog(path: string, damaged?: (line: DamagedLine) => void): Promise<SettingsLogRecord[]> {
  const records: SettingsLogRecord[] = [];
  for (const value of await readJsonLines(path, damaged)) {
    if (
      !isObject(value) ||
      typeof value.time !== 'string' ||
      Number.isNaN(Date.parse(value.time)) ||
      typeof value.endpoint !== 'string' ||
      typeof value.user !== 'string' ||
      !isObject(value.settings)
    )
      continue;
    const settings = Object.fromEntries(
      Object.entries(value.settings).filter(
        ([name, setting]) => (PRINT_SETTING_NAMES as readonly string[]).includes(name) && typeof setting === 'string',
      ),
    );
    const via: { via?: SettingsVia } = value.via === 'extension' || value.via === 'command line' ? { via: value.via } : {};
    records.push({ time: value.time, endpoint: value.endpoint, user: value.user, settings, ...via });
  }
  return records;
}
