/**
 * The local sandbox under control, when it is the active account: Sandbox: Advance Time…, Make
 * This Mailer Fail… (a Mailers row) and Set Funds…, through its control path
 * (src/sandbox/control/). Each asks what it needs, says what it did, and refreshes the Mailers.
 */
import * as vscode from 'vscode';
import { callControl } from '../../sandbox/control/client';
import { failureChoices, formatDuration, parseDuration } from '../../sandbox/control/protocol';
import { moneyOutcome, parseDollars } from '../../rulebook';
import { dollars } from '../../formats';
import type { Accounts } from '../connection/accounts';
import type { Clients } from '../connection/clients';

/** The active account and its client. */
interface OnSandbox {
  readonly accounts: Pick<Accounts, 'account'>;
  readonly clients: Pick<Clients, 'client'>;
}
import { prompts } from '../prompts';
import type { Refresher } from '../refresher';
import type { TrackedMailers } from '../tracked-mailers';
import type { CommandMap } from './invocation';
import { rowMailerOf } from './mailer-actions';
import { wordsOf } from '../model/failure-words';

/** The sandbox's endpoint (started again if it has to be); refused in words on another account. */
async function sandboxEndpoint({ accounts, clients }: OnSandbox): Promise<string> {
  if (accounts.account?.sandbox !== true) {
    throw new Error(vscode.l10n.t('This works on the local sandbox only: use the local sandbox first.'));
  }
  // The client finds where the sandbox listens now (it may have been started again on another port).
  await clients.client();
  return accounts.account.endpoint;
}

/** The sandbox's refusal as a sentence. */
async function control<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const text = wordsOf(error);
    throw new Error(`${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`, { cause: error });
  }
}

export function sandboxControlActions(connection: OnSandbox, mailers: TrackedMailers, refresher: Refresher) {
  return {
    'mailroom.sandbox.advance': async () => {
      const endpoint = await sandboxEndpoint(connection);
      const duration = await prompts.input({
        title: vscode.l10n.t('Advance the sandbox clock'),
        prompt: vscode.l10n.t(
          'How far: a number and a unit (s, m, h, d), such as 60s, 2h, 3d or 1h30m. Every mailer moves on as if that much time passed.',
        ),
        validateInput: (text) =>
          (parseDuration(text) ?? 0) > 0 ? undefined : vscode.l10n.t('A number and a unit, such as 60s, 2h, 3d or 1h30m'),
      });
      if (duration === undefined) return;
      const reply = await control(callControl(endpoint, 'advance', { duration }));
      await refresher.refresh();
      void prompts.notify(
        'info',
        vscode.l10n.t(
          "Mailroom: the sandbox's clock moved {0} ahead ({1} in all).",
          formatDuration(reply.advancedMs),
          formatDuration(reply.offsetMs),
        ),
      );
    },
    'mailroom.sandbox.fail': async (node: unknown) => {
      const id = rowMailerOf(node);
      if (id === undefined || !mailers.get(id)) return;
      const endpoint = await sandboxEndpoint(connection);
      const choice = await prompts.pick(
        failureChoices().map((failure) => ({ label: String(failure.code), description: failure.description, code: failure.code })),
        { title: vscode.l10n.t('Make mailer {0} fail', id), placeHolder: vscode.l10n.t('The failure status it ends at now') },
      );
      if (choice === undefined) return;
      const reply = await control(callControl(endpoint, 'fail', { id, code: choice.code }));
      await refresher.refresh();
      const money = moneyOutcome(reply);
      const refund = money.refunded > 0 ? vscode.l10n.t(' {0} was refunded.', dollars(money.refunded)) : '';
      void prompts.notify(
        'info',
        // The status's words begin "Failed: " already: said once ("failed: the US address could not be verified").
        vscode.l10n.t('Mailroom: mailer {0} failed: {1}.{2}', id, reply.description.replace(/^Failed:\s*/i, ''), refund) +
          paidFor(money.paidFor),
      );
    },
    'mailroom.sandbox.setFunds': async () => {
      const endpoint = await sandboxEndpoint(connection);
      const user = connection.accounts.account!.username;
      const amount = await prompts.input({
        title: vscode.l10n.t('Set the funds of the sandbox account'),
        prompt: vscode.l10n.t("The balance of {0}'s account, in dollars (0 makes Production letters wait for funds).", user),
        validateInput: (text) =>
          parseDollars(text) === undefined ? vscode.l10n.t('An amount in dollars, 0 or more, to the cent, such as 25 or 12.50') : undefined,
      });
      const balance = amount === undefined ? undefined : parseDollars(amount);
      if (balance === undefined) return;
      const reply = await control(callControl(endpoint, 'funds', { user, amount: balance }));
      await refresher.refresh();
      void prompts.notify(
        'info',
        vscode.l10n.t('Mailroom: account {0} now has {1}.', reply.account, dollars(reply.balance)) + paidFor(moneyOutcome(reply).paidFor),
      );
    },
  } satisfies CommandMap;
}

/** The mailers waiting for funds that the money paid for, as a sentence of its own (none: nothing). */
function paidFor(funded: readonly number[]): string {
  if (funded.length === 0) return '';
  return funded.length === 1
    ? vscode.l10n.t(' It paid for mailer {0}, which was waiting for funds and goes on now.', funded[0]!)
    : vscode.l10n.t(' It paid for mailers {0}, which were waiting for funds and go on now.', funded.join(', '));
}
