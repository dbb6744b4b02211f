/**
 * "Switch Account…" (the command palette, a click on the status bar item, a row of the Mailers view
 * grouped by account): a pick of the accounts added and not signed out of, the active one marked,
 * with Add Account… (Connect…) and, when it is not listed, the local sandbox. Each account's secrets
 * are kept under its own key, so a switch asks for none; what follows the account (the Mailers
 * view, its refresh, the stored files, the status bar) follows the switch.
 */
import * as vscode from 'vscode';
import { accountName, viaUseSandbox } from '../account-name';
import { keyOfAccount, type Account, type Accounts } from '../connection/accounts';
import type { SignIn } from '../connection/sign-in';
import { prompts } from '../prompts';
import type { MailroomCommand } from './ids';

type Choice = vscode.QuickPickItem & ({ readonly account: Account } | { readonly run: MailroomCommand });

export function switchAccountCommand(accounts: Accounts, signIn: SignIn, refresh: () => Promise<unknown>) {
  return async (row?: { readonly kind: string; readonly account?: Account }): Promise<void> => {
    let account = row?.kind === 'account' ? row.account : undefined;
    if (!account) {
      const active = accounts.accountKey;
      const listed = accounts.listed;
      const choices: Choice[] = [
        ...listed.map((a) => ({
          account: a,
          label: accountName(a),
          description: keyOfAccount(a) === active ? vscode.l10n.t('active') : undefined,
          iconPath: new vscode.ThemeIcon(keyOfAccount(a) === active ? 'check' : 'account'),
        })),
        { label: '', kind: vscode.QuickPickItemKind.Separator, run: 'mailroom.connect' },
        { label: vscode.l10n.t('Add Account…'), iconPath: new vscode.ThemeIcon('add'), run: 'mailroom.connect' },
        ...(listed.some(viaUseSandbox)
          ? []
          : [
              {
                label: vscode.l10n.t('Use the Local Sandbox'),
                iconPath: new vscode.ThemeIcon('beaker'),
                run: 'mailroom.useSandbox',
              } as const,
            ]),
      ];
      const chosen = await prompts.pick(choices, {
        title: vscode.l10n.t('Switch Mailroom account'),
        placeHolder: vscode.l10n.t('The account whose mailers the Mailers view shows and whose sends go out'),
        isCurrent: (item) => 'account' in item && keyOfAccount((item as Choice & { account: Account }).account) === active,
      });
      if (!chosen) return;
      if ('run' in chosen) return void (await vscode.commands.executeCommand(chosen.run));
      account = chosen.account;
    }
    if (keyOfAccount(account) === accounts.accountKey) return;
    await signIn.switchTo(keyOfAccount(account));
    void prompts.notify('info', vscode.l10n.t('Mailroom: switched to {0}.', accountName(account)));
    await refresh();
  };
}
