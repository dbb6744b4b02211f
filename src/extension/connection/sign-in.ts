/**
 * Who Mailroom talks to, and as whom, changed: the local sandbox (signed in as the demo user), a
 * Mail WS account once a harmless read proves the password right, another listed account, or
 * none (signed out). Each step keeps the secrets (secrets.ts), lets the old client go (clients.ts)
 * and makes the account the active one (accounts.ts), in that order, so that whoever follows the
 * change asks for a client of the new account.
 */
import * as vscode from 'vscode';
import type { Binding } from '../../contract';
import { clientModule } from '../client-module';
import type { Log } from '../log';
import { logLine, wordsOf } from '../model/failure-words';
import { keyOfAccount, type Account, type Accounts } from './accounts';
import type { Clients } from './clients';
import { normalEndpoint } from '../../rulebook';
import type { SandboxHost } from './sandbox-host';
import type { AccountSecrets, SignInSecrets } from './secrets';

const configuredBinding = () => vscode.workspace.getConfiguration('mailroom').get<Binding>('binding', 'soap11');

export class SignIn {
  constructor(
    private readonly accounts: Accounts,
    private readonly secrets: AccountSecrets,
    private readonly sandbox: SandboxHost,
    private readonly clients: Clients,
    private readonly log: Log,
  ) {}

  async useSandbox(): Promise<Account> {
    const account: Account = { endpoint: await this.sandbox.endpoint(), binding: configuredBinding(), username: 'demo', sandbox: true };
    await this.secrets.store(account, { password: 'demo', apiKey: 'demo-key' });
    return this.activate(account);
  }

  /**
   * Signs in to an account once a harmless read proves the password right. An account is its
   * endpoint and user: connecting to where the sandbox listens is signing in to the sandbox (whose
   * port changes from one start to the next), so its mailers are there whichever way one came in.
   */
  async connect(endpoint: string, binding: Binding, username: string, secrets: SignInSecrets): Promise<Account> {
    const url = normalEndpoint(endpoint);
    const account: Account = { endpoint: url, binding, username, sandbox: await this.sandbox.isSandbox(url) };
    if (secrets.password) {
      try {
        await this.clients.checkSignIn(account, secrets.password);
      } catch (error) {
        // Logged here, whoever asked (the Connect command, a test): a connect that failed is
        // looked for in the log later. The endpoint without what a URL may carry of a password.
        const { endpointOf } = await clientModule();
        this.log.warn(logLine(`Connect to ${endpointOf(url).replace(/\/$/, '')} as ${username} failed: ${wordsOf(error)}`, error));
        throw error;
      }
    }
    await this.secrets.store(account, secrets);
    return this.activate(account);
  }

  /** Where the local sandbox runs now, if it does (none is started for this). */
  sandboxAddress(): Promise<string | undefined> {
    return this.sandbox.running();
  }

  /** Keeps an API key for the active account (SendLetterAdvanced and SetUserSettings need one). */
  async storeApiKey(apiKey: string): Promise<void> {
    const account = this.accounts.account;
    if (!account) throw new Error(vscode.l10n.t('Mailroom is not connected: use the local sandbox or connect to an account first.'));
    await this.secrets.store(account, { apiKey });
    this.clients.replace();
  }

  /** Makes another listed account the active one; its secrets are already kept under its own key. */
  async switchTo(key: string): Promise<Account> {
    const account = this.accounts.find(key);
    if (!account) throw new Error(vscode.l10n.t('Mailroom has no such account: add it with Connect… or Use the Local Sandbox.'));
    return key === this.accounts.accountKey ? account : this.activate(account);
  }

  /**
   * Forgets the active account's secrets and takes it off the list; the account used most
   * recently before it becomes the active one, or none when it was the last.
   */
  async signOut(): Promise<void> {
    const account = this.accounts.account;
    if (account) await this.secrets.forget(account);
    this.clients.replace();
    const [next, ...rest] = this.accounts.listed.filter((a) => !account || keyOfAccount(a) !== keyOfAccount(account));
    await this.accounts.activate(next, next ? [next, ...rest] : []);
  }

  private async activate(account: Account): Promise<Account> {
    this.clients.replace();
    await this.accounts.activate(account);
    return account;
  }
}
