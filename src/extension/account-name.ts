/** An account in words, for messages, the status bar, the Switch Account pick and the Mailers view: its user and the service's host. */
import * as vscode from 'vscode';
import type { Account } from './connection/accounts';

/** Signed in by Use the Local Sandbox, which signs in again with the demo user's known password. */
export const viaUseSandbox = (account: Account) => account.sandbox && account.username === 'demo';

/**
 * The account in words, one scheme for every account: its user at the service's host, the sandbox
 * named so since its port changes from one start to the next ("demo at the local sandbox",
 * "clerk at mail.example.com"), never a URL's query or credentials.
 */
export function accountName(account: Omit<Account, 'binding'>): string {
  return vscode.l10n.t('{0} at {1}', account.username, account.sandbox ? vscode.l10n.t('the local sandbox') : hostOf(account.endpoint));
}

/** Where the service is, in a few words: its host (with its port), never what a URL may carry of a password. */
export function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host || endpoint;
  } catch {
    // Shown as it was given.
    return endpoint;
  }
}
