/**
 * How an account's letters are assumed to print: on one side of each sheet or both
 * (Letters_PrintSides), in black or in colour (Letters_PrintColor). The service prints a user's
 * letters by these settings, which halve the sheets (duplex; and -1065 counts sheets) and change
 * the price, and it has no call that reads them back. So the preflight, the proof and the
 * spending guards assume, for a user of a service, in this order:
 *
 * 1. the last value this machine set through SetUserSettings for that user at that service (the
 *    print settings log, src/client/settings-log.ts, which both front ends write);
 * 2. else the front end's own setting (the command line's config.json, a profile's own or the
 *    file's `printSides`/`printColor`; the extension's `mailroom.printSides`/`mailroom.printColor`);
 * 3. else a new account's: Simplex, BlackAndWhite.
 *
 * and say which: the value comes with where it came from, which the front ends put in words. A
 * setting changed elsewhere (the service's web pages, another machine) is not seen: step 2 is
 * for that.
 */
import type { PrintSettingName, SettingsLogRecord, SettingsVia } from '../client/settings-log';
import { userSettings } from '../contract';
import { sameAccount, type AccountRef } from './endpoint';

/** The print settings by the names the front ends' own settings give them, and the user setting each stands for. */
export const PRINT_SETTINGS = {
  printSides: { setting: 'Letters_PrintSides', newAccount: 'Simplex' },
  printColor: { setting: 'Letters_PrintColor', newAccount: 'BlackAndWhite' },
} as const satisfies Readonly<Record<string, { readonly setting: PrintSettingName; readonly newAccount: string }>>;

export type PrintSettingKey = keyof typeof PRINT_SETTINGS;

export type PrintSides = 'Simplex' | 'Duplex';
export type PrintColor = 'BlackAndWhite' | 'FullColor';

/** How letters print, in the user settings' values. */
export interface PrintSettingValues {
  readonly printSides: PrintSides;
  readonly printColor: PrintColor;
}

/** Where an assumed value came from. */
export type PrintSettingSource =
  /** SetUserSettings from this machine (either front end), when the service said it changed. */
  | { readonly kind: 'set'; readonly at: Date; readonly via?: SettingsVia }
  /** The front end's own setting: it knows which (a profile, config.json, mailroom.printSides). */
  | { readonly kind: 'configured' }
  /** Nothing says: a new account's. */
  | { readonly kind: 'new account' };

export interface Assumed<V> {
  readonly value: V;
  readonly source: PrintSettingSource;
}

export type AssumedPrintSettings = { readonly [K in PrintSettingKey]: Assumed<PrintSettingValues[K]> };

/** A print setting's value as the service takes it (`Duplex`), else undefined: what a front end's own setting is checked by. */
export function printSettingValue<K extends PrintSettingKey>(key: K, value: unknown): PrintSettingValues[K] | undefined {
  const rule = userSettings.find((s) => s.name === PRINT_SETTINGS[key].setting)?.rule;
  return rule?.kind === 'choice' && typeof value === 'string' && rule.values.includes(value) ? (value as PrintSettingValues[K]) : undefined;
}

/** The values a print setting takes, in the service's order (for a front end's own setting's help). */
export function printSettingValues(key: PrintSettingKey): readonly string[] {
  const rule = userSettings.find((s) => s.name === PRINT_SETTINGS[key].setting)?.rule;
  return rule?.kind === 'choice' ? rule.values : [];
}

/** The rule: each print setting of a user of a service as assumed, and from where (see the top of this file). */
export function assumedPrintSettings(
  records: readonly SettingsLogRecord[],
  /** None when no account is signed in to: nothing this machine set can be its. */
  account: AccountRef | undefined,
  configured: { readonly [K in PrintSettingKey]?: PrintSettingValues[K] | undefined },
): AssumedPrintSettings {
  const mine = account ? records.filter((record) => sameAccount(record, account)) : [];
  const assumed = <K extends PrintSettingKey>(key: K): Assumed<PrintSettingValues[K]> => {
    // The log is in the order the settings were set: the newest of this user at this service wins.
    for (let i = mine.length - 1; i >= 0; i--) {
      const record = mine[i]!;
      const value = printSettingValue(key, record.settings[PRINT_SETTINGS[key].setting]);
      if (value !== undefined)
        return { value, source: { kind: 'set', at: new Date(record.time), ...(record.via ? { via: record.via } : {}) } };
    }
    const own = configured[key];
    if (own !== undefined) return { value: own, source: { kind: 'configured' } };
    return { value: PRINT_SETTINGS[key].newAccount as PrintSettingValues[K], source: { kind: 'new account' } };
  };
  return { printSides: assumed('printSides'), printColor: assumed('printColor') };
}

/** The assumed settings as the printing layer takes them (its PrintSettings' `duplex` and `colour`). */
export function printedWith(assumed: AssumedPrintSettings): { readonly duplex: boolean; readonly colour: boolean } {
  return { duplex: assumed.printSides.value === 'Duplex', colour: assumed.printColor.value === 'FullColor' };
}
