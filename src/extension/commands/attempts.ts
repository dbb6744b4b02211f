/**
 * Looking up a send of unknown outcome: GetDetails over the 1000 IDs after the highest mailer
 * followed when it was sent, for a mailer with its description sent since. Found, it becomes a
 * followed mailer; not found, the user may forget the attempt and send again.
 */
import * as vscode from 'vscode';
import { MAX_IDS_PER_QUERY } from '../../contract';
import { clientModule } from '../client-module';
import type { Clients } from '../connection/clients';
import type { Log } from '../log';
import { prompts } from '../prompts';
import { mailerOfAttempt, type SendAttempt } from '../model/attempts';
import type { TrackedMailers } from '../tracked-mailers';
import { couldNot } from '../model/failure-words';
import type { CommandMap } from './invocation';

/** The attempt of a row, if it is one kept: another extension could hand in any (commands/invocation.ts). */
const attemptOf = (mailers: TrackedMailers, node: unknown): SendAttempt | undefined => {
  const candidate = node as { kind?: string; attempt?: SendAttempt } | undefined;
  const key = candidate?.kind === 'attempt' ? candidate.attempt?.key : undefined;
  return mailers.attempts().find((attempt) => attempt.key === key);
};

export function attemptActions(clients: Clients, mailers: TrackedMailers, refresh: () => Promise<unknown>, log: Log) {
  return {
    'mailroom.lookUpAttempt': async (node: unknown): Promise<void> => {
      const attempt = attemptOf(mailers, node);
      if (!attempt) return;
      if (attempt.afterId === undefined) {
        void prompts.notify(
          'warning',
          vscode.l10n.t(
            'Mailroom: no mailer was followed before {0} was sent, so there is nowhere to look for it. If you know its ID, use Track Mailer IDs…, then forget the attempt.',
            attempt.description,
          ),
        );
        return;
      }
      try {
        const { MailWsError } = await clientModule();
        const client = await clients.client();
        const range = `${attempt.afterId + 1}-${attempt.afterId + MAX_IDS_PER_QUERY}`;
        const details = await client.datedA.GetDetails({ ID: range }).then(
          (answer) => answer.Details,
          (error: unknown) => (error instanceof MailWsError && error.isWarning ? [] : Promise.reject(error)),
        );
        const found = mailerOfAttempt(attempt, details);
        if (found) {
          await mailers.add([{ id: found.ID, description: attempt.description }]);
          await mailers.removeAttempt(attempt.key);
          await refresh();
          void prompts.notify(
            'info',
            vscode.l10n.t('Mailroom: {0} did reach the service: it is mailer {1}. Do not send it again.', attempt.description, found.ID),
          );
          return;
        }
        const forget = vscode.l10n.t('Forget Attempt');
        const answer = await prompts.notify(
          'warning',
          vscode.l10n.t(
            'Mailroom: no mailer {0} was received after the attempt (IDs {1}). It was not sent; you may send it again.',
            attempt.description,
            range,
          ),
          forget,
        );
        if (answer === forget) await mailers.removeAttempt(attempt.key);
      } catch (error) {
        log.showError(couldNot(vscode.l10n.t('Mailroom could not look {0} up.', attempt.description), error), error);
      }
    },
    'mailroom.forgetAttempt': async (node: unknown) => {
      const attempt = attemptOf(mailers, node);
      if (attempt) await mailers.removeAttempt(attempt.key);
    },
  } satisfies CommandMap;
}
