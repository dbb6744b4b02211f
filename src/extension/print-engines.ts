/**
 * The print engines the settings name (mailroom.printing.browser, mailroom.printing.office), told
 * to printing at activation and whenever they change. Both are restricted in an untrusted
 * workspace (package.json), where VS Code reads them from the user's and the machine's settings
 * only: a folder opened from elsewhere cannot name a program for Mailroom to run.
 */
import * as vscode from 'vscode';
import type { EnginePaths } from '../printing';
import { useEngines } from './printing-module';

/** The settings' programs; an empty one is left to the environment (MAILROOM_BROWSER, MAILROOM_OFFICE) and the machine. */
export function enginePaths(): EnginePaths {
  const settings = vscode.workspace.getConfiguration('mailroom.printing');
  const path = (key: 'browser' | 'office') => settings.get<string>(key, '').trim();
  const browser = path('browser');
  const office = path('office');
  return { ...(browser ? { browser } : {}), ...(office ? { office } : {}) };
}

/** Tells printing the engines now, and again on each change of their settings. */
export function watchEngines(log: { warn(message: string): void }): vscode.Disposable {
  const tell = () =>
    useEngines(enginePaths()).catch((error: unknown) => log.warn(`The print engines could not be changed: ${String(error)}`));
  void tell();
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration('mailroom.printing.browser') || event.affectsConfiguration('mailroom.printing.office')) void tell();
  });
}
