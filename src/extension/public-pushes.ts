/**
 * Feedback pushes from a real account, off by default. The service pushes to a URL on the internet,
 * which the extension cannot be: the user names a public URL they control
 * (`mailroom.feedback.publicUrl`: a tunnel such as `ssh -R`, cloudflared or ngrok, or a reverse
 * proxy) that forwards to the extension's receiver on 127.0.0.1:`mailroom.feedback.localPort`.
 *
 * Registering changes the account's settings on the service, so it happens only when the person
 * asks (Receive Feedback Pushes…) and confirms; the Auth value is made here, kept in SecretStorage
 * with the URL it was registered with, and the extension's receiver (feedback-receiver.ts) believes
 * a push only when it carries the Auth of an account registered from this machine and that account
 * is the one the Mailers view shows. After a restart the receiver listens again for an account
 * registered before, without a call, as long as the setting still names the registered URL. Stop
 * Feedback Pushes sets Feedback_FeedbackType back to None and forgets the Auth; signing out forgets
 * it too. See docs/extension.md, "Feedback pushes from a real account".
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { OK, describeResultCode } from '../contract';
import { keyOfAccount } from './connection/accounts';
import type { Account, Accounts } from './connection/accounts';
import type { Clients } from './connection/clients';
import type { AccountSecrets } from './connection/secrets';
import { FeedbackReceiver, pushSettings } from './feedback-receiver';
import { Disposable } from './lifecycle';
import type { Log } from './log';
import { logLine, wordsOf } from './model/failure-words';
import type { Refresher } from './refresher';

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

export class PublicPushes extends Disposable {
  /**
   * Listens on mailroom.feedback.localPort while a registration is believed: for each registered
   * account met since start and still signed in, its Auth and the URL it was registered with.
   */
  readonly receiver: FeedbackReceiver;

  constructor(
    private readonly accounts: Accounts,
    private readonly secrets: AccountSecrets,
    private readonly clients: Clients,
    refresher: Refresher,
    private readonly log: Log,
  ) {
    super();
    this.receiver = this.register(new FeedbackReceiver(accounts, refresher, localPortSetting));
    const warn = (error: unknown) => this.log.warn(logLine(wordsOf(error), error));
    this.register(clients.onDidMake(({ account }) => void this.resume(account).catch(warn)));
    this.register(accounts.onDidChange(() => void this.forgetSignedOut().catch(warn)));
    this.register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('mailroom.feedback')) void this.settingsChanged().catch(warn);
      }),
    );
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
    this.receiver.believe(auth, { account: keyOfAccount(account), url });
    try {
      await this.listen();
      const code = await client.admin.SetUserSettings({ Username: account.username, Settings: pushSettings(url, auth) });
      if (code !== OK) throw refused(code);
    } catch (error) {
      this.receiver.believe(auth, undefined);
      await this.secrets.storePushRegistration(account, previous);
      await this.listen().catch(() => undefined);
      throw error;
    }
    if (previous) this.receiver.believe(previous.auth, undefined);
    this.log.info(`Feedback pushes of ${account.username} at ${account.endpoint} go to ${url}, received at ${await this.receiver.url()}`);
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
    this.receiver.forget((belief) => belief.account === keyOfAccount(account));
    await this.listen();
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
    this.receiver.believe(registration.auth, { account: keyOfAccount(account), url });
    await this.listen();
  }

  /** Signed out of (its secrets forgotten by connection/sign-in.ts): its pushes are no longer believed. */
  private async forgetSignedOut(): Promise<void> {
    const listed = new Set(this.accounts.listed.map(keyOfAccount));
    this.receiver.forget((belief) => !listed.has(belief.account));
    await this.listen();
  }

  /** The URL or port changed: what was registered for another URL is not believed (as after a restart); the shown account resumes. */
  private async settingsChanged(): Promise<void> {
    const url = publicUrlSetting();
    this.receiver.forget((belief) => belief.url !== url);
    const shown = this.accounts.account;
    if (shown && typeof url === 'string') await this.resume(shown);
    await this.listen();
  }

  /** Listens on mailroom.feedback.localPort while a registration is believed, else not at all; refused in words. */
  private async listen(): Promise<void> {
    try {
      await this.receiver.listen();
    } catch (error) {
      throw new Error(
        vscode.l10n.t(
          'Mailroom cannot receive feedback pushes on 127.0.0.1:{0} ({1}): another program or VS Code window may be using it; set mailroom.feedback.localPort to another port and forward the public URL there.',
          localPortSetting(),
          wordsOf(error),
        ),
        { cause: error },
      );
    }
  }
}

const refused = (code: number) =>
  new Error(vscode.l10n.t('The service did not take the feedback settings: {0}: {1}.', code, describeResultCode(code)));
