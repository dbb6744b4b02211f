/**
 * Receive Feedback Pushes… and Stop Feedback Pushes, for a real account (public-pushes.ts): both change
 * the account's settings on the service (SetUserSettings, with its API key), so the first says what
 * changes and asks before it does.
 */
import * as vscode from 'vscode';
import { prompts } from '../prompts';
import { localPortSetting, type PublicPushes } from '../public-pushes';
import { ensureApiKey } from './api-key';
import type { SignedIn } from './signed-in';
import type { CommandMap } from './invocation';

export function feedbackPushActions(connection: SignedIn, pushes: PublicPushes) {
  return {
    'mailroom.receiveFeedbackPushes': async () => {
      const { account, url } = pushes.target();
      if (!(await ensureApiKey(connection, vscode.l10n.t('Receiving feedback pushes')))) return;
      const port = localPortSetting();
      const question = url.startsWith('http:')
        ? vscode.l10n.t(
            "Change {0}'s feedback settings at {1}? The service will then post each mailer's end (Completed, an error, a batch's errors) to {2}, with an Auth value kept in this machine's keychain. This replaces the feedback the account has now (a feedback URL, e-mail or SOAP). Forward that URL to 127.0.0.1:{3}, where this window listens. The URL is http: the pushes, and the Auth value that proves them, cross the internet unencrypted.",
            account.username,
            account.endpoint,
            url,
            port,
          )
        : vscode.l10n.t(
            "Change {0}'s feedback settings at {1}? The service will then post each mailer's end (Completed, an error, a batch's errors) to {2}, with an Auth value kept in this machine's keychain. This replaces the feedback the account has now (a feedback URL, e-mail or SOAP). Forward that URL to 127.0.0.1:{3}, where this window listens.",
            account.username,
            account.endpoint,
            url,
            port,
          );
      const agreed = await prompts.confirm(question, vscode.l10n.t('Register'));
      if (!agreed) return;
      await pushes.registerAt(account, url);
      void prompts.notify(
        'info',
        vscode.l10n.t(
          'Mailroom: feedback pushes of {0} now go to {1}; this window receives them at 127.0.0.1:{2} and updates the Mailers view as they come.',
          account.username,
          url,
          port,
        ),
      );
    },
    'mailroom.stopFeedbackPushes': async () => {
      const account = connection.accounts.account;
      if (!account || account.sandbox) {
        throw new Error(vscode.l10n.t('Feedback pushes to a public URL are for an account of the service, not the local sandbox.'));
      }
      if (!(await ensureApiKey(connection, vscode.l10n.t('Stopping feedback pushes')))) return;
      // Feedback_FeedbackType is one value: None ends the account's e-mail or SOAP feedback too, which may not be ours.
      const question = (await pushes.isRegistered(account))
        ? vscode.l10n.t(
            'Stop the feedback of {0} at {1}? Its Feedback_FeedbackType becomes None: the service no longer posts to the URL this machine registered, nor sends any other feedback (e-mail, SOAP).',
            account.username,
            account.endpoint,
          )
        : vscode.l10n.t(
            'Stop the feedback of {0} at {1}? This machine did not register its pushes: Feedback_FeedbackType becomes None, ending whatever feedback the account has now (a URL someone else set, e-mail, SOAP).',
            account.username,
            account.endpoint,
          );
      if (!(await prompts.confirm(question, vscode.l10n.t('Stop Feedback')))) return;
      await pushes.stop(account);
      void prompts.notify(
        'info',
        vscode.l10n.t('Mailroom: the service no longer sends the feedback of {0}; the Mailers view polls as before.', account.username),
      );
    },
  } satisfies CommandMap;
}
