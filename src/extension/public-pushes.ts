/**
 * Feedback pushes from a real account, off by default. The service pushes to a URL on the internet,
 * which the extension cannot be: the user names a public URL they control
 * (`mailroom.feedback.publicUrl`: a tunnel such as `ssh -R`, cloudflared or ngrok, or a reverse
 * proxy) that forwards to the extension's receiver on 127.0.0.1:`mailroom.feedback.localPort`.
 *
 * Registering changes the account's settings on the service, so it happens only when the person
 * asks (Receive Feedback Pushes…) and confirms; the Auth value is made here, kept in SecretStorage
 * with the URL it was registered with, and a push is believed only when it carries the Auth of an
 * account registered from this machine and that account is the one the Mailers view shows. After a
 * restart the receiver listens again for an account registered before, without a call, as long as
 * the setting still names the registered URL. Stop Feedback Pushes sets Feedback_FeedbackType back
 * to None and forgets the Auth. README, "Feedback pushes from a real account".
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { startPushReceiver, type FeedbackPush, type PushReceiver } from '../client/push-receiver';
import { OK, describeResultCode } from '../contract';
import { keyOfAccount } from './account-name';
import type { Account, Connection } from './connection';
import { Disposable, Emitter, toDisposable } from './lifecycle';
import type { Log } from './log';
import { pushSettings, takeIn } from './push-listener';
import type { Refresher } from './refresher';

export const DEFAULT_LOCAL_PORT = 8318;

/** The public URL setting as an http(s) URL; undefined when off (empty); an Error saying what is wrong otherwise. */
export function publicUrlSetting(): string | undefined | Error {
  const text = vscode.workspace.getConfiguration('mailroom').get<string>('feedback.publicUrl', '').trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return new Error(vscode.l10n.t('mailroom.feedback.publicUrl is not a URL: {0}', text));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return new Error(vscode.l10n.t('mailroom.feedback.publicUrl must be an http or https URL: the service pushes only there.'));
  }
  // A user name or password in the URL would be stored in the service's settings and sent with every push.
  if (url.username || url.password) return new Error(vscode.l10n.t('mailroom.feedback.publicUrl must not hold a user name or password.'));
  return url.toString();
}

export function localPortSetting(): number {
  const port = vscode.workspace.getConfiguration('mailroom').get<number>('feedback.localPort', DEFAULT_LOCAL_PORT);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : DEFAULT_LOCAL_PORT;
}

export class PublicPushes extends Disposable {
  private receiver: { readonly port: number; readonly running: Promise<PushReceiver> } | undefined;
  /** Auth value → the key of the account registered with it, for each registered account met since start. */
  private readonly registered = new Map<string, string>();
  private readonly arrivedEmitter = this.register(new Emitter<FeedbackPush>());
  /** A push of a registered account arrived and was taken in. */
  readonly onDidArrive = this.arrivedEmitter.event;

  constructor(
    private readonly connection: Connection,
    private readonly refresher: Refresher,
    private readonly log: Log,
  ) {
    super();
    this.register(connection.onDidMakeClient(({ account }) => void this.resume(account)));
    this.register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('mailroom.feedback')) void this.settingsChanged();
      }),
    );
    this.register(toDisposable(() => void this.close()));
  }

  /** Where the receiver listens now, if it does. */
  async localUrl(): Promise<string | undefined> {
    return (await this.receiver?.running.catch(() => undefined))?.url;
  }

  /** The active account and the public URL to register it at; an error in words when there is none. */
  target(): { readonly account: Account; readonly url: string } {
    const account = this.connection.account;
    if (!account) throw new Error(vscode.l10n.t('Mailroom is not connected: use the local sandbox or connect to an account first.'));
    if (account.sandbox) {
      throw new Error(vscode.l10n.t('On the local sandbox the extension receives feedback pushes by itself: nothing to register.'));
    }
    const url = publicUrlSetting();
    if (url instanceof Error) throw url;
    if (url === undefined) {
      throw new Error(
        vscode.l10n.t(
          'Set mailroom.feedback.publicUrl first: a public URL you control that forwards to 127.0.0.1:{0} (mailroom.feedback.localPort).',
          localPortSetting(),
        ),
      );
    }
    return { account, url };
  }

  /** Listens, then sets the account's feedback settings: done once the person agreed (commands/feedback-pushes.ts asks). */
  async registerAt(account: Account, url: string): Promise<void> {
    const shown = this.connection.account;
    if (!shown || keyOfAccount(shown) !== keyOfAccount(account)) {
      throw new Error(vscode.l10n.t('The account changed while you were asked: nothing was registered.'));
    }
    const client = await this.connection.client();
    // Listening first: the first push may come as soon as the service has the URL.
    await this.listen();
    const previous = await this.connection.pushRegistration(account);
    const auth = randomBytes(24).toString('hex');
    const code = await client.admin
      .SetUserSettings({ Username: account.username, Settings: pushSettings(url, auth) })
      .catch((error: Error) => error);
    if (code !== OK) {
      if (this.registered.size === 0) await this.close();
      throw code instanceof Error
        ? code
        : new Error(vscode.l10n.t('The service did not take the feedback settings: {0}: {1}.', code, describeResultCode(code)));
    }
    await this.connection.storePushRegistration(account, { url, auth });
    if (previous) this.registered.delete(previous.auth);
    this.registered.set(auth, keyOfAccount(account));
    this.log.info(`Feedback pushes of ${account.username} at ${account.endpoint} go to ${url}, received at ${await this.localUrl()}`);
  }

  /** Turns the active account's pushes off on the service (Feedback_FeedbackType None) and forgets its Auth. */
  async stopActive(): Promise<boolean> {
    const account = this.connection.account;
    if (!account || account.sandbox) return false;
    const registration = await this.connection.pushRegistration(account);
    const client = await this.connection.client();
    const code = await client.admin.SetUserSettings({ Username: account.username, Settings: [['Feedback_FeedbackType', 'None']] });
    if (code !== OK)
      throw new Error(vscode.l10n.t('The service did not take the feedback settings: {0}: {1}.', code, describeResultCode(code)));
    await this.connection.storePushRegistration(account, undefined);
    if (registration) this.registered.delete(registration.auth);
    if (this.registered.size === 0) await this.close();
    this.log.info(`Feedback pushes of ${account.username} at ${account.endpoint} are off`);
    return registration !== undefined;
  }

  /** An account registered before (on this machine): its receiver listens again, if the setting still names its URL. */
  private async resume(account: Account): Promise<void> {
    if (account.sandbox || this.isDisposed) return;
    const registration = await this.connection.pushRegistration(account);
    if (!registration) return;
    const url = publicUrlSetting();
    if (url !== registration.url) {
      this.log.warn(
        `Feedback pushes of ${account.username} were registered for ${registration.url}, but mailroom.feedback.publicUrl is now ${url instanceof Error || url === undefined ? 'off' : url}: not listening; run Receive Feedback Pushes… again, or Stop Feedback Pushes`,
      );
      return;
    }
    this.registered.set(registration.auth, keyOfAccount(account));
    await this.listen().catch((error: Error) => this.log.warn(error.message));
  }

  private async settingsChanged(): Promise<void> {
    if (publicUrlSetting() === undefined) {
      // Turned off here: nothing more is believed (the service still pushes until Stop Feedback Pushes).
      this.registered.clear();
      await this.close();
      return;
    }
    if (this.receiver && this.receiver.port !== localPortSetting()) {
      await this.close();
      if (this.registered.size > 0) await this.listen().catch((error: Error) => this.log.warn(error.message));
    }
  }

  private async listen(): Promise<void> {
    const port = localPortSetting();
    if (!this.receiver || this.receiver.port !== port) {
      await this.close();
      const running = startPushReceiver({ port, onPush: (push) => void this.arrived(push) });
      this.receiver = { port, running };
      running.catch(() => this.receiver?.running === running && (this.receiver = undefined));
    }
    try {
      await this.receiver.running;
    } catch (error) {
      throw new Error(
        vscode.l10n.t(
          'Mailroom cannot receive feedback pushes on 127.0.0.1:{0} ({1}): another program or VS Code window may be using it; set mailroom.feedback.localPort to another port and forward the public URL there.',
          port,
          (error as Error).message,
        ),
        { cause: error },
      );
    }
  }

  private async close(): Promise<void> {
    const receiver = this.receiver;
    this.receiver = undefined;
    await receiver?.running.then((r) => r.close()).catch(() => undefined);
  }

  private async arrived(push: FeedbackPush): Promise<void> {
    // Anyone on the internet can post to a public URL: only a push with a registered Auth is the service's.
    const account = this.registered.get(push.Auth);
    if (account === undefined || this.isDisposed) return;
    // Another account's news, while the view shows this one: a poll tells it when that one is chosen.
    const shown = this.connection.account;
    if (!shown || keyOfAccount(shown) !== account) return;
    if (await takeIn(push, this.refresher)) this.arrivedEmitter.fire(push);
  }
}
