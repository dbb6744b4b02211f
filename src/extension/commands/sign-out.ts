/**
 * "Sign Out": forgets the active account's password and API key (SecretStorage) and takes it off
 * the list of accounts, and nothing else; the account used before it becomes the active one.
 *
 * It does not ask first, because nothing is lost that signing in again does not bring back: the
 * mailers followed and the sends of unknown outcome are kept per account (endpoint and user) in
 * global state (tracked-mailers.ts), and the local sandbox keeps its data in the extension's global
 * storage. So it says afterwards what was kept and how to see it again.
 */
import * as vscode from 'vscode';
import { accountName, viaUseSandbox } from '../account-name';
import type { Account, Accounts } from '../connection/accounts';
import type { SignIn } from '../connection/sign-in';
import { prompts } from '../prompts';
import type { TrackedMailers } from '../tracked-mailers';

/** What the account keeps, and how it comes back. */
function keptMessage(account: Account, mailers: number, attempts: number): string {
  const name = accountName(account);
  const secrets = viaUseSandbox(account) ? '' : vscode.l10n.t(' Its password and API key are forgotten.');
  const kept = [
    ...(mailers > 0 ? [mailers === 1 ? vscode.l10n.t('1 mailer') : vscode.l10n.t('{0} mailers', mailers)] : []),
    ...(attempts > 0
      ? [attempts === 1 ? vscode.l10n.t('1 send of unknown outcome') : vscode.l10n.t('{0} sends of unknown outcome', attempts)]
      : []),
  ];
  if (kept.length === 0) return vscode.l10n.t('Mailroom: signed out of {0}.{1}', name, secrets);
  const again = viaUseSandbox(account)
    ? vscode.l10n.t('when you use the local sandbox again')
    : vscode.l10n.t('when you connect as {0} there again', account.username);
  return vscode.l10n.t(
    'Mailroom: signed out of {0}.{1} What was followed there ({2}) is kept and shows again {3}.',
    name,
    secrets,
    kept.join(', '),
    again,
  );
}

export function signOutCommand(accounts: Accounts, signIn: SignIn, mailers: TrackedMailers) {
  return async (): Promise<void> => {
    const account = accounts.account;
    const [followed, attempts] = [mailers.list().length, mailers.attempts().length];
    await signIn.signOut();
    if (account) void prompts.notify('info', keptMessage(account, followed, attempts));
  };
}
