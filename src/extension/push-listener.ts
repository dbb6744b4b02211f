/**
 * Feedback pushes into the Mailers view. On the local sandbox the extension runs its own receiver
 * on a free loopback port and registers it in the sandbox user's settings (the user the extension
 * signs in as, demo, or any sandbox user it holds an API key of; Feedback_FeedbackType
 * Post, Feedback_Post_FeedbackURL, every WhenToSend flag True, and an Auth value of this session's
 * own, so that a push meant for another receiver is ignored). Each push that arrives updates the
 * mailer's row at once (Refresher.pushed), without a call to the service; polling goes on, slower,
 * as a fallback (model/refresh-schedule.ts). It registers again whenever a client is made for the
 * sandbox (after each start of it, on another port perhaps); the last window to register gets the
 * pushes of the demo user (README, "Feedback pushes in the extension").
 */
import { randomBytes } from 'node:crypto';
import { startPushReceiver, type FeedbackPush, type PushReceiver } from '../client/push-receiver';
import type { MailWsClient } from '../client';
import { OK, describeStatus, parseDateTime } from '../contract';
import type { Account, Accounts } from './connection/accounts';
import type { Clients } from './connection/clients';
import type { AccountSecrets } from './connection/secrets';
import { Disposable, Emitter, toDisposable } from './lifecycle';
import type { Log } from './log';
import type { Refresher } from './refresher';
import { logLine, wordsOf } from './model/failure-words';

export class PushListener extends Disposable {
  private receiver: Promise<PushReceiver> | undefined;
  /** The sandbox (endpoint and user) registered to this receiver last. */
  private registered: string | undefined;
  /** The sandbox user whose settings point here now: their pushes are believed only while they are the account shown. */
  private registeredUser: string | undefined;
  private readonly auth = randomBytes(16).toString('hex');
  private readonly arrivedEmitter = this.register(new Emitter<FeedbackPush>());
  /** A push of this receiver's arrived and was taken in. */
  readonly onDidArrive = this.arrivedEmitter.event;

  constructor(
    private readonly accounts: Accounts,
    private readonly secrets: AccountSecrets,
    clients: Clients,
    private readonly refresher: Refresher,
    private readonly log: Log,
  ) {
    super();
    this.register(clients.onDidMake(({ account, client }) => void this.follow(account, client)));
    this.register(toDisposable(() => void this.receiver?.then((r) => r.close()).catch(() => undefined)));
  }

  /** Where pushes arrive, once the receiver runs. */
  async url(): Promise<string | undefined> {
    return (await this.receiver?.catch(() => undefined))?.url;
  }

  private async follow(account: Account, client: MailWsClient): Promise<void> {
    if (!account.sandbox || this.isDisposed) return;
    try {
      // SetUserSettings signs in with the API key: a user without one here (clerk) is not registered.
      if (!(await this.secrets.held(account)).apiKey) return;
      const receiver = await (this.receiver ??= startPushReceiver({ port: 0, onPush: (push) => void this.arrived(push) }));
      const key = `${account.endpoint}|${account.username}|${receiver.url}`;
      if (this.registered === key || this.isDisposed) return;
      this.registered = key;
      const code = await client.admin.SetUserSettings({ Username: account.username, Settings: pushSettings(receiver.url, this.auth) });
      if (code === OK) {
        this.registeredUser = account.username;
        this.log.info(`Feedback pushes of the sandbox's ${account.username} arrive at ${receiver.url}`);
      } else {
        this.registered = undefined;
        this.log.warn(`The sandbox did not take the feedback push receiver (${code}): the Mailers view polls instead`);
      }
    } catch (error) {
      this.registered = undefined;
      this.log.warn(logLine(`No feedback pushes from the sandbox: the Mailers view polls instead. ${wordsOf(error)}`, error));
    }
  }

  private async arrived(push: FeedbackPush): Promise<void> {
    // Another receiver's push (its Auth is not this session's): not ours to believe.
    if (push.Auth !== this.auth || this.isDisposed) return;
    // The Mailers view shows another account now (another user, or the sandbox through another address): not its news.
    const shown = this.accounts.account;
    if (!shown?.sandbox || shown.username !== this.registeredUser) return;
    if (await takeIn(push, this.refresher)) this.arrivedEmitter.fire(push);
  }
}

/** The user settings that send every feedback push (Completed, Error, BatchErrors) to `url`, with `auth` as its Auth. */
export const pushSettings = (url: string, auth: string): [string, string][] => [
  ['Feedback_FeedbackType', 'Post'],
  ['Feedback_Post_FeedbackURL', url],
  ['Feedback_Post_Authentication', auth],
  ['Feedback_Post_WhenToSend_Completed', 'True'],
  ['Feedback_Post_WhenToSend_Error', 'True'],
  ['Feedback_Post_WhenToSend_BatchErrors', 'True'],
];

/** A believed push into the Mailers view; false when its StatusTime cannot be read (then it is dropped: a poll tells). */
export async function takeIn(push: FeedbackPush, refresher: Refresher): Promise<boolean> {
  let when: Date;
  try {
    when = parseDateTime(push.StatusTime);
  } catch {
    return false;
  }
  if (push.ItemID === 0) {
    await refresher.pushed({ ID: push.ID, Status: push.Status, Description: describeStatus(push.Status), LastUpdateTime: when });
  } else {
    // A batch item's end: the batch's rows are read when shown, so the view is only told.
    refresher.pushedItem();
  }
  return true;
}
