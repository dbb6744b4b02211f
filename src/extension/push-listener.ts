/**
 * Feedback pushes into the Mailers view, on the local sandbox: the extension's receiver
 * (feedback-receiver.ts) listens on a free loopback port and is registered in the sandbox user's
 * settings (the user the extension signs in as, demo, or any sandbox user it holds an API key of;
 * Feedback_FeedbackType Post, Feedback_Post_FeedbackURL, every WhenToSend flag True, and an Auth
 * value of this session's own, so that a push meant for another receiver is ignored). Each push
 * that arrives updates the mailer's row at once, without a call to the service; polling goes on,
 * slower, as a fallback (model/refresh-schedule.ts). It registers again whenever a client is made
 * for the sandbox (after each start of it, on another port perhaps); the last window to register
 * gets the pushes of the demo user (docs/extension.md, "Feedback pushes").
 */
import { randomBytes } from 'node:crypto';
import type { MailWsClient } from '../client';
import { OK } from '../contract';
import { keyOfAccount } from './connection/accounts';
import type { Account, Accounts } from './connection/accounts';
import type { Clients } from './connection/clients';
import type { AccountSecrets } from './connection/secrets';
import { FeedbackReceiver, pushSettings } from './feedback-receiver';
import { Disposable } from './lifecycle';
import type { Log } from './log';
import { logLine, wordsOf } from './model/failure-words';
import type { Refresher } from './refresher';

export class PushListener extends Disposable {
  /** Listens on any free port while a sandbox user is registered to it. */
  readonly receiver: FeedbackReceiver;
  /** The sandbox (endpoint and user) registered to the receiver last, and where it listened then. */
  private registered: string | undefined;
  private readonly auth = randomBytes(16).toString('hex');

  constructor(
    accounts: Accounts,
    private readonly secrets: AccountSecrets,
    clients: Clients,
    refresher: Refresher,
    private readonly log: Log,
  ) {
    super();
    this.receiver = this.register(new FeedbackReceiver(accounts, refresher, () => 0));
    this.register(clients.onDidMake(({ account, client }) => void this.follow(account, client)));
  }

  private async follow(account: Account, client: MailWsClient): Promise<void> {
    if (!account.sandbox || this.isDisposed) return;
    // Until the sandbox took the registration, the user registered before (if any) is still the one believed.
    const before = this.receiver.beliefOf(this.auth);
    try {
      // SetUserSettings signs in with the API key: a user without one here (clerk) is not registered.
      if (!(await this.secrets.held(account)).apiKey) return;
      this.receiver.believe(this.auth, { account: keyOfAccount(account) });
      const url = await this.receiver.listen();
      const registration = `${account.endpoint}|${account.username}|${url}`;
      if (this.registered === registration || this.isDisposed || !url) return;
      this.registered = registration;
      const code = await client.admin.SetUserSettings({ Username: account.username, Settings: pushSettings(url, this.auth) });
      if (code === OK) {
        this.log.info(`Feedback pushes of the sandbox's ${account.username} arrive at ${url}`);
        return;
      }
      this.log.warn(`The sandbox did not take the feedback push receiver (${code}): the Mailers view polls instead`);
    } catch (error) {
      this.log.warn(logLine(`No feedback pushes from the sandbox: the Mailers view polls instead. ${wordsOf(error)}`, error));
    }
    this.registered = undefined;
    this.receiver.believe(this.auth, before);
    await this.receiver.listen().catch(() => undefined);
  }
}
