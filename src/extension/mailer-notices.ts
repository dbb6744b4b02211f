/**
 * What the person is told when a followed mailer's status changes: a status they must act on
 * (-990, waiting for funds) always, with what to do; a mailer's end when
 * `mailroom.notifyOnCompletion` asks for it.
 */
import * as vscode from 'vscode';
import type { MailroomCommand } from './commands/ids';
import type { Accounts } from './connection/accounts';
import { groupOf, needsUser, type TrackedMailer } from './model/mailers';
import { prompts } from './prompts';

/** Tells the mailers whose status changed: a status the user must act on always, an end when asked to. */
export function tellChanged(changed: readonly TrackedMailer[], accounts: Accounts): void {
  for (const mailer of changed.filter(needsUser)) void askForFunds(mailer, accounts);
  if (!vscode.workspace.getConfiguration('mailroom').get<boolean>('notifyOnCompletion', true)) return;
  for (const mailer of changed.filter((m) => groupOf(m) !== 'inProcess')) {
    const text = vscode.l10n.t(
      'Mailroom: {0} ({1}): {2}',
      mailer.description ?? vscode.l10n.t('Mailer {0}', mailer.id),
      mailer.id,
      mailer.statusText ?? String(mailer.status),
    );
    void prompts.notify(groupOf(mailer) === 'completed' ? 'info' : 'warning', text);
  }
}

/**
 * -990: the letter waits for funds, and fails (-1010) unless they arrive within 72 hours. Said
 * when it happens, with what to do: on the sandbox, Set Funds… (its control path); on a real
 * service, money added to the account there. Cancel Delivery works meanwhile.
 */
async function askForFunds(mailer: TrackedMailer, accounts: Accounts): Promise<void> {
  const name = mailer.description ?? vscode.l10n.t('Mailer {0}', mailer.id);
  const onSandbox = accounts.account?.sandbox === true;
  const text = onSandbox
    ? vscode.l10n.t(
        'Mailroom: {0} ({1}) is waiting for funds (-990): the sandbox account cannot pay for it. Set the funds and it goes on; without them it fails (-1010), sooner than the service does (72 hours).',
        name,
        mailer.id,
      )
    : vscode.l10n.t(
        'Mailroom: {0} ({1}) is waiting for funds (-990): add funds to the account at the service within 72 hours and it goes on; else it fails (-1010). Cancel Delivery from the Mailers view stops it.',
        name,
        mailer.id,
      );
  const setFunds = vscode.l10n.t('Set Funds…');
  const chosen = await prompts.notify('warning', text, ...(onSandbox ? [setFunds] : []));
  if (chosen === setFunds) await vscode.commands.executeCommand('mailroom.sandbox.setFunds' satisfies MailroomCommand);
}
