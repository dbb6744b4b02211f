/** An account in words, for messages, the Switch Account pick and the Mailers view: its user and the service's host. */
import * as vscode from 'vscode';
import type { Account } from './connection/accounts';

/** A key that tells accounts apart, for what is remembered per account: the sandbox's port changes from one start to the next. */
export const keyOfAccount = (account: Omit<Account, 'binding'>) => `${account.sandbox ? 'sandbox' : account.endpoint}|${account.username}`;

/** Signed in by Use the Local Sandbox, which signs in again with the demo user's known password. */
export const viaUseSandbox = (account: Account) => account.sandbox && account.username === 'demo';

/** The account in words: its user and the service's host (never a URL's query or credentials). */
export function accountName(account: Account): string {
  if (viaUseSandbox(account)) return vscode.l10n.t('the local sandbox');
  let host = account.endpoint;
  try {
    host = new URL(account.endpoint).host;
  } catch {
    // Shown as it was given.
  }
  return vscode.l10n.t('{0} at {1}', account.username, account.sandbox ? vscode.l10n.t('the local sandbox') : host);
}
