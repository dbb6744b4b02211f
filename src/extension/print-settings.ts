/**
 * How the active account's letters are assumed to print, simplex or duplex, black or colour
 * (src/rulebook/print-settings.ts): the last Letters_PrintSides and Letters_PrintColor this machine
 * set for its user at its service with SetUserSettings (Change User Settings here, or the command
 * line's `mailroom call SetUserSettings`: one log on the machine, as the send log is one), else
 * `mailroom.printSides`/`mailroom.printColor` when the person set them, else a new account's
 * (Simplex, BlackAndWhite). The proof says which, and where it came from (model/proof.ts).
 */
import * as vscode from 'vscode';
import { readSettingsLog } from '../client/settings-log';
import { assumedPrintSettings, printSettingValue, printSettingsLogPath, type AssumedPrintSettings } from '../rulebook';
import type { Account } from './connection/accounts';

/** The extension's own settings, counted only when the person set them: their defaults are a new account's, and said so. */
function configured(): { readonly printSides?: 'Simplex' | 'Duplex'; readonly printColor?: 'BlackAndWhite' | 'FullColor' } {
  const config = vscode.workspace.getConfiguration('mailroom');
  const sides = printSettingValue('printSides', config.inspect('printSides')?.globalValue);
  const colour = printSettingValue('printColor', config.inspect('printColor')?.globalValue);
  return { ...(sides ? { printSides: sides } : {}), ...(colour ? { printColor: colour } : {}) };
}

/** What the account's letters are assumed to print as, and from where; none signed in: the settings, else a new account's. */
export async function printAssumedFor(account: Account | undefined): Promise<AssumedPrintSettings> {
  const records = account ? await readSettingsLog(printSettingsLogPath(process.env)) : [];
  return assumedPrintSettings(records, account && { endpoint: account.endpoint, user: account.username }, configured());
}
