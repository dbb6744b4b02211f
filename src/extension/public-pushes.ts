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
 * to None and forgets the Auth; signing out forgets it too. README, "Feedback pushes from a real account".
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { startPushReceiver, type FeedbackPush, type PushReceiver } from '../client/push-receiver';
import { OK, describeResultCode } from '../contract';
import { keyOfAccount } from './account-name';
import type { Account, Accounts } from './connection/accounts';
import type { Clients } from './connection/clients';
import type { AccountSecrets } from './connection/secrets';
import { Disposable, Emitter, toDisposable } from './lifecycle';
import type { Log } from './log';
import { pushSettings, takeIn } from './push-listener';
import type { Refresher } from './refresher';
import { logLine, wordsOf } from './model/failure-words';

/** Not `mailroom listen`'s 8318, so that the two can run side by side (one for the sandbox, one for an account). */
export const DEFAULT_LOCAL_PORT = 8319;

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

/** A registration believed here: the account (its key) and the URL it was registered with. */
interface Registered {
  readonly account: string;
  readonly url: string;
}

export class PublicPushes extends Disposable {
  private receiver: { readonly port: number; readonly server: PushReceiver } | undefined;
  /** The receiver's changes, one after another: a start waits for the close before it. */
  private receiving: Promise<unknown> = Promise.resolve();
  /** Auth value → its registration, for each registered account met since start and still signed in. */
  private readonly registered = new Map<string, Registered>();
  private readonly arrivedEmitter = this.register(new Emitter<FeedbackPush>());
  /** A push of a registered account arrived and was taken in. */
  readonly onDidArrive = this.arrivedEmitter.event;

  constructor(
    private readonly accounts: Accounts,
    private readonly secrets: AccountSecrets,
    private readonly clients: Clients,
    private readonly refresher: Refresher,
    private readonly log: Log,
  ) {
    super();
    const warn = (error: unknown) => this.log.warn(logLine(wordsOf(error), error));
    this.register(clients.onDidMake(({ account }) => void this.resume(account).catch(warn)));
    this.register(accounts.onDidChange(() => void this.forgetSignedOut().catch(warn)));
    this.register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('mailroom.feedback')) void this.settingsChanged().catch(warn);
      }),
    );
    this.register(toDisposable(() => void this.reconcile().catch(() => undefined)));
  }

  /** Where the receiver listens now, if it does. */
  async localUrl(): Promise<string | undefined> {
    await this.receiving;
    return this.receiver?.server.url;
  }

  /** The active account and the public URL to register it at; an error in words when there is none. */
  target(): { readonly account: Account; readonly url: string } {
    const account = this.accounts.account;
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

  /**
   * Registers the account's pushes at `url`, once the person agreed (commands/feedback-pushes.ts asks):
   * kept in the keychain first (what cannot be kept is not made on the service), believed and
   * listened for before the service is told (its first push may come at once), undone if refused.
   */
  async registerAt(account: Account, url: string): Promise<void> {
    this.assertShown(account);
    const client = await this.clients.client();
    const previous = await this.secrets.pushRegistration(account);
    const auth = randomBytes(24).toString('hex');
    await this.secrets.storePushRegistration(account, { url, auth });
    this.registered.set(auth, { account: keyOfAccount(account), url });
    try {
      await this.reconcile();
      const code = await client.admin.SetUserSettings({ Username: account.username, Settings: pushSettings(url, auth) });
      if (code !== OK) throw refused(code);
    } catch (error) {
      this.registered.delete(auth);
      await this.secrets.storePushRegistration(account, previous);
      await this.reconcile().catch(() => undefined);
      throw error;
    }
    if (previous) this.registered.delete(previous.auth);
    this.log.info(`Feedback pushes of ${account.username} at ${account.endpoint} go to ${url}, received at ${await this.localUrl()}`);
  }

  /** Whether this machine registered the account's pushes (Stop Feedback Pushes says so when asking). */
  async isRegistered(account: Account): Promise<boolean> {
    return (await this.secrets.pushRegistration(account)) !== undefined;
  }

  /** Turns the account's feedback off on the service (Feedback_FeedbackType None) and forgets its Auth. */
  async stop(account: Account): Promise<void> {
    this.assertShown(account);
    const client = await this.clients.client();
    const code = await client.admin.SetUserSettings({ Username: account.username, Settings: [['Feedback_FeedbackType', 'None']] });
    if (code !== OK) throw refused(code);
    await this.secrets.storePushRegistration(account, undefined);
    this.forget((registered) => registered.account === keyOfAccount(account));
    await this.reconcile();
    this.log.info(`Feedback pushes of ${account.username} at ${account.endpoint} are off`);
  }

  /** The person answered a question meanwhile: the account must still be the one they asked about. */
  private assertShown(account: Account): void {
    const shown = this.accounts.account;
    if (!shown || keyOfAccount(shown) !== keyOfAccount(account)) {
      throw new Error(vscode.l10n.t('The account changed while you were asked: nothing was changed on the service.'));
    }
  }

  /** An account registered before (on this machine): its receiver listens again, if the setting still names its URL. */
  private async resume(account: Account): Promise<void> {
    if (account.sandbox || this.isDisposed) return;
    const registration = await this.secrets.pushRegistration(account);
    if (!registration || this.isDisposed) return;
    const url = publicUrlSetting();
    if (url !== registration.url) {
      this.log.warn(
        `Feedback pushes of ${account.username} were registered for ${registration.url}, but mailroom.feedback.publicUrl is now ${typeof url === 'string' ? url : 'off'}: not listening; run Receive Feedback Pushes… again, or Stop Feedback Pushes`,
      );
      return;
    }
    this.registered.set(registration.auth, { account: keyOfAccount(account), url });
    await this.reconcile();
  }

  /** Signed out of (its secrets forgotten by connection/sign-in.ts): its pushes are no longer believed. */
  private async forgetSignedOut(): Promise<void> {
    const listed = new Set(this.accounts.listed.map(keyOfAccount));
    this.forget((registered) => !listed.has(registered.account));
    await this.reconcile();
  }

  /** The URL or port changed: what was registered for another URL is not believed (as after a restart); the shown account resumes. */
  private async settingsChanged(): Promise<void> {
    const url = publicUrlSetting();
    this.forget((registered) => registered.url !== url);
    const shown = this.accounts.account;
    if (shown && typeof url === 'string') await this.resume(shown);
    await this.reconcile();
  }

  private forget(which: (registered: Registered) => boolean): void {
    for (const [auth, registered] of this.registered) if (which(registered)) this.registered.delete(auth);
  }

  /** Listens on the port of the settings while a registration is believed, else not at all: one change at a time. */
  private reconcile(): Promise<void> {
    const next = this.receiving.then(() => this.reconcileNow());
    this.receiving = next.catch(() => undefined);
    return next;
  }

  private async reconcileNow(): Promise<void> {
    const port = !this.isDisposed && this.registered.size > 0 ? localPortSetting() : undefined;
    if (this.receiver?.port === port) return;
    const old = this.receiver;
    this.receiver = undefined;
    await old?.server.close();
    if (port === undefined) return;
    try {
      const server = await startPushReceiver({ port, onPush: (push) => void this.arrived(push).catch(() => undefined) });
      this.receiver = { port, server };
    } catch (error) {
      throw new Error(
        vscode.l10n.t(
          'Mailroom cannot receive feedback pushes on 127.0.0.1:{0} ({1}): another program or VS Code window may be using it; set mailroom.feedback.localPort to another port and forward the public URL there.',
          port,
          wordsOf(error),
        ),
        { cause: error },
      );
    }
  }

  private async arrived(push: FeedbackPush): Promise<void> {
    // Anyone on the internet can post to a public URL: only a push with a registered Auth is the service's.
    const registered = this.registered.get(push.Auth);
    if (registered === undefined || this.isDisposed) return;
    // Another account's news, while the view shows this one: a poll tells it when that one is chosen.
    const shown = this.accounts.account;
    if (!shown || keyOfAccount(shown) !== registered.account) return;
    if (await takeIn(push, this.refresher)) this.arrivedEmitter.fire(push);
  }
}

const refused = (code: number) =>
  new Error(vscode.l10n.t('The service did not take the feedback settings: {0}: {1}.', code, describeResultCode(code)));
