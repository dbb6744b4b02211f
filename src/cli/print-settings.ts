/**
 * How the command's account's letters are assumed to print (src/rulebook/print-settings.ts): the
 * last Letters_PrintSides and Letters_PrintColor this machine set for the user at the service with
 * SetUserSettings (`mailroom call SetUserSettings`, or the extension's Change User Settings), else
 * config.json's `printSides`/`printColor` (a profile's own, else the file's), else a new account's
 * (Simplex, BlackAndWhite); in the command line's words, and as `--json` gives them.
 */
import { tellDamaged } from './damaged-lines';
import { readSettingsLog } from '../client';
import {
  assumedPrintSettings,
  printedWith,
  printSettingsLogPath,
  type AccountRef,
  type AssumedPrintSettings,
  type PrintSettingKey,
} from '../rulebook';
import { localMinute } from '../formats';
import { configPath, readConfig } from './config';
import { accountOf, profileOf } from './account-options';
import type { Io } from './io';
import type { GlobalValues } from './global-options';

export interface PrintAssumption {
  readonly account: AccountRef;
  readonly assumed: AssumedPrintSettings;
  /** Of a setting from config.json: the profile whose own it is, when it is not the file's. */
  readonly profile: { readonly [K in PrintSettingKey]?: string };
  /** config.json's path, for the words. */
  readonly config: string;
}

/** The print settings assumed for the account the command names: no call is made. */
export async function printSettingsOf(values: GlobalValues, io: Io): Promise<PrintAssumption> {
  const account = accountOf(values, io);
  const config = readConfig(io.env);
  const named = values.profile ?? io.env.MAILROOM_PROFILE;
  const profile = profileOf(values, io);
  const assumed = assumedPrintSettings(await readSettingsLog(printSettingsLogPath(io.env), tellDamaged(io)), account, {
    printSides: profile?.printSides ?? config.printSides,
    printColor: profile?.printColor ?? config.printColor,
  });
  const fromProfile = (key: PrintSettingKey) => (named !== undefined && profile?.[key] !== undefined ? { [key]: named } : {});
  return { account, assumed, profile: { ...fromProfile('printSides'), ...fromProfile('printColor') }, config: configPath(io.env) };
}

/** The printing layer's settings for it (its PrintSettings' `duplex` and `colour`). */
export const printingOf = (p: PrintAssumption) => printedWith(p.assumed);

const VALUE_WORDS: Readonly<Record<string, string>> = {
  Simplex: 'simplex (on one side of each sheet)',
  Duplex: 'duplex (on both sides of each sheet)',
  BlackAndWhite: 'in black and white',
  FullColor: 'in full colour',
};

/** Where settings came from, in words: one setting's, or both's when they came from the same place. */
function sourceWords(p: PrintAssumption, keys: readonly PrintSettingKey[]): string {
  const { source } = p.assumed[keys[0]!];
  const them = keys.length === 1 ? 'it' : 'them';
  switch (source.kind) {
    case 'set': {
      const by =
        source.via === 'extension'
          ? "the extension's Change User Settings"
          : source.via === 'command line'
            ? 'mailroom call SetUserSettings'
            : 'SetUserSettings from this machine';
      return `as ${by} set ${them} for ${p.account.user} on ${localMinute(source.at.toISOString())}`;
    }
    case 'configured': {
      const profile = p.profile[keys[0]!];
      return `as ${keys.join(' and ')} ${keys.length === 1 ? 'says' : 'say'} in ${p.config}${profile === undefined ? '' : ` (the profile "${profile}")`}`;
    }
    case 'new account':
      return "as a new account's letters print";
  }
}

/** Whether two settings came from the same place, to be said once. */
function sameSource(p: PrintAssumption): boolean {
  const [a, b] = [p.assumed.printSides.source, p.assumed.printColor.source];
  if (a.kind !== b.kind) return false;
  if (a.kind === 'set' && b.kind === 'set') return a.at.getTime() === b.at.getTime();
  return a.kind !== 'configured' || p.profile.printSides === p.profile.printColor;
}

/**
 * "Printed duplex (on both sides of each sheet), in black and white, as …": each setting, where it
 * came from, and, for a new account's, how to say otherwise (the service cannot be asked).
 */
export function printSettingsLine(p: PrintAssumption): string {
  const { printSides, printColor } = p.assumed;
  const printed = sameSource(p)
    ? `Printed ${VALUE_WORDS[printSides.value]}, ${VALUE_WORDS[printColor.value]}, ${sourceWords(p, ['printSides', 'printColor'])}.`
    : `Printed ${VALUE_WORDS[printSides.value]}, ${sourceWords(p, ['printSides'])}; ${VALUE_WORDS[printColor.value]}, ${sourceWords(p, ['printColor'])}.`;
  const guessed = (['printSides', 'printColor'] as const).filter((key) => p.assumed[key].source.kind === 'new account');
  const hint =
    guessed.length === 0
      ? ''
      : ` The service cannot be asked how ${p.account.user}'s letters print: set ${guessed.join(' or ')} in ${p.config} if they print otherwise.`;
  return printed + hint;
}

/** As `--json` gives it: each setting's value and where it came from ("SetUserSettings" with when, "config.json" with the profile, "new account"). */
export function printSettingsJson(p: PrintAssumption): Record<PrintSettingKey, Readonly<Record<string, string>>> {
  const one = (key: PrintSettingKey): Readonly<Record<string, string>> => {
    const { value, source } = p.assumed[key];
    const profile = p.profile[key];
    switch (source.kind) {
      case 'set':
        return { value, from: 'SetUserSettings', at: source.at.toISOString(), ...(source.via ? { via: source.via } : {}) };
      case 'configured':
        return { value, from: 'config.json', ...(profile === undefined ? {} : { profile }) };
      case 'new account':
        return { value, from: 'new account' };
    }
  };
  return { printSides: one('printSides'), printColor: one('printColor') };
}
