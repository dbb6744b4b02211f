/**
 * Who Mailroom talks to, and as whom: the local sandbox (started on a thread of its own on a free
 * loopback port, data in the extension's global storage, signed in as the demo user) or a Mail WS account.
 * Passwords and API keys live only in `context.secrets` (the OS keychain on desktop VS Code).
 */
import * as vscode from 'vscode';
import { keyOfAccount } from './account-name';
import type { MailroomContextKey } from './context-keys';
import type { MailWsClient } from '../client';
import { REAL_SERVICE_MIN_INTERVAL_MS, isLoopback, type Binding } from '../contract';
import type { SandboxServer } from '../sandbox';
import { INTERACTIVE_SCHEDULE } from '../sandbox/lifecycle';
import { DataFolderInUseError } from '../sandbox/store/folder-in-use';
import { startSandboxThread } from '../sandbox/thread';
import { extensionSendLog } from './send-log';
import { clientModule } from './client-module';
import { Disposable, Emitter, toDisposable } from './lifecycle';
import type { Log } from './log';
import { logLine, wordsOf } from './model/failure-words';

export interface Account {
  /** The service's base URL; for the sandbox, wherever it listens now. */
  readonly endpoint: string;
  readonly binding: Binding;
  readonly username: string;
  readonly sandbox: boolean;
}

/** The active account (global state, never a secret). */
const ACCOUNT_KEY = 'mailroom.account';
/** Every account added and not signed out of, the most recently active first (global state, never a secret). */
const ACCOUNTS_KEY = 'mailroom.accounts';

/**
 * Each call's whole budget (`mailroom.timeoutSeconds`): its retries, their backoff and the wait
 * for its pacing slot included, so that a refresh against a server that never finishes its answer
 * ends after this long, not after one timeout per attempt.
 */
function timeoutMs(): number {
  const seconds = vscode.workspace.getConfiguration('mailroom').get<number>('timeoutSeconds', 60);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 60) * 1000;
}

/** A real account's feedback push registration (public-pushes.ts): where the service pushes, and the Auth value it sends. */
export interface PushRegistration {
  readonly url: string;
  readonly auth: string;
}

const secretKey = (account: Omit<Account, 'binding'>, kind: 'password' | 'apiKey' | 'pushRegistration') =>
  `mailroom:${account.sandbox ? 'sandbox' : account.endpoint}:${account.username}:${kind}`;

export class Connection extends Disposable {
  private readonly changed = this.register(new Emitter<Account | undefined>());
  readonly onDidChange = this.changed.event;
  private readonly madeClient = this.register(new Emitter<{ account: Account; client: MailWsClient }>());
  /** A client was made for an account (the sandbox's after each of its starts, too): push-listener.ts registers there. */
  readonly onDidMakeClient = this.madeClient.event;
  /** The sandbox started on its thread, once asked for; closed (the thread ended) with the connection. */
  private sandbox: Promise<SandboxServer> | undefined;
  private clientPromise: Promise<MailWsClient> | undefined;
  /** Lets the current client go: held by the connection, released when the client is replaced. */
  private clientLease: vscode.Disposable | undefined;
  /** Counts the clients replaced, so that one made for an account no longer current is not kept. */
  private generation = 0;
  private closing: Promise<void> | undefined;
  /** Where the sandbox was last found listening (in-process, `mailroom.sandboxUrl`, or another window's). */
  private sandboxUrl: string | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: Log,
  ) {
    super();
    // A new budget applies to the calls begun after it; those under way keep theirs and finish.
    this.register(
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('mailroom.timeoutSeconds') && this.resetClient()),
    );
  }

  get account(): Account | undefined {
    return this.context.globalState.get<Account>(ACCOUNT_KEY);
  }

  /** A key that tells accounts apart, for what is remembered per account. */
  get accountKey(): string | undefined {
    const account = this.account;
    return account && keyOfAccount(account);
  }

  /**
   * The accounts added and not signed out of, the active one first. Kept from before there were
   * several: an active account alone is the list's one account.
   */
  get accounts(): readonly Account[] {
    const active = this.account;
    const listed = this.context.globalState.get<Account[]>(ACCOUNTS_KEY) ?? [];
    return active ? [active, ...listed.filter((a) => keyOfAccount(a) !== keyOfAccount(active))] : listed;
  }

  /** Makes an account the active one (listed first), or none active while the others stay listed. */
  private async setAccount(account: Account | undefined, listed: readonly Account[] = this.accounts): Promise<void> {
    const others = account ? listed.filter((a) => keyOfAccount(a) !== keyOfAccount(account)) : listed;
    await this.context.globalState.update(ACCOUNTS_KEY, account ? [account, ...others] : others);
    await this.context.globalState.update(ACCOUNT_KEY, account);
    await vscode.commands.executeCommand('setContext', 'mailroom.connected' satisfies MailroomContextKey, account !== undefined);
    await vscode.commands.executeCommand('setContext', 'mailroom.onSandbox' satisfies MailroomContextKey, account?.sandbox === true);
    this.changed.fire(account);
  }

  /**
   * Where the sandbox listens: the one named by `mailroom.sandboxUrl` (a loopback address, such as
   * the sandbox `npm start` or `mailroom sandbox` runs, so that the CLI and VS Code share it), or
   * else one started here on a thread of its own, its data in the extension's global storage.
   */
  private async sandboxEndpoint(): Promise<string> {
    const url = await this.findSandbox();
    this.sandboxUrl = sameEndpoint(url);
    return url;
  }

  private async findSandbox(): Promise<string> {
    const external = vscode.workspace.getConfiguration('mailroom').get<string>('sandboxUrl', '').trim().replace(/\/+$/, '');
    if (external) {
      if (!isLoopbackSandbox(external))
        throw new Error(vscode.l10n.t('mailroom.sandboxUrl must be a loopback http URL such as http://127.0.0.1:8317, not {0}', external));
      if (!(await answersAsSandbox(external)))
        throw new Error(
          vscode.l10n.t(
            'No sandbox answers at {0} (mailroom.sandboxUrl): start it with `npm start` or `mailroom sandbox`, or clear the setting to use one inside VS Code.',
            external,
          ),
        );
      return external;
    }
    if (this.isDisposed) throw new Error(vscode.l10n.t('Mailroom has shut down.'));
    const starting: Promise<SandboxServer> = (this.sandbox ??= (async () => {
      const dataDir = vscode.Uri.joinPath(this.context.globalStorageUri, 'sandbox').fsPath;
      // Off the extension host's thread, which every extension shares: a send the sandbox prints
      // (a 2,000-row mail merge takes seconds) would stall them all (README, "The extension").
      const worker = vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'sandbox-worker.js').fsPath;
      // At a pace people can follow: 20 seconds to cancel, completed after 25.
      const server = await startSandboxThread(worker, { dataDir, port: 0, schedule: INTERACTIVE_SCHEDULE }, (error) => {
        // It crashed: the next client asked for starts it again (a call under way fails as it would).
        this.log.error(logLine(`The sandbox stopped: ${wordsOf(error)}`, error));
        if (this.sandbox !== starting) return;
        this.sandbox = undefined;
        this.resetClient();
      });
      this.log.info(`Sandbox listening on ${server.url} (data in ${dataDir})`);
      return server;
    })());
    starting.catch(() => this.sandbox === starting && (this.sandbox = undefined));
    try {
      return (await starting).url;
    } catch (error) {
      // Another VS Code window runs the sandbox on this global storage: both share it.
      const { url } = error instanceof DataFolderInUseError ? error : { url: undefined };
      if (!url || !isLoopbackSandbox(url) || !(await answersAsSandbox(url))) throw error;
      this.log.info(`Sandbox of another VS Code window joined at ${url}`);
      return url;
    }
  }

  async useSandbox(): Promise<Account> {
    const account: Account = { endpoint: await this.sandboxEndpoint(), binding: this.configuredBinding(), username: 'demo', sandbox: true };
    await this.context.secrets.store(secretKey(account, 'password'), 'demo');
    await this.context.secrets.store(secretKey(account, 'apiKey'), 'demo-key');
    this.resetClient();
    await this.setAccount(account);
    return account;
  }

  /**
   * Signs in to an account once a harmless read proves the password right. An account is its
   * endpoint and user: connecting to where the sandbox listens is signing in to the sandbox (whose
   * port changes from one start to the next), so its mailers are there whichever way one came in.
   */
  async connect(endpoint: string, binding: Binding, username: string, secrets: { password?: string; apiKey?: string }): Promise<Account> {
    const url = sameEndpoint(endpoint);
    // Where the sandbox was last found may be stale (stopped since, its port taken by another server): it must still answer as one.
    const sandbox = url === this.sandboxUrl && (await answersAsSandbox(url));
    const account: Account = { endpoint: url, binding, username, sandbox };
    if (secrets.password) {
      const { MailWsClient, checkSignIn, endpointOf } = await clientModule();
      const probe = new MailWsClient({
        endpoint: account.endpoint,
        binding,
        credentials: { username, password: secrets.password },
        retry: { attempts: 1, baseDelayMs: 0 },
        timeoutMs: timeoutMs(),
        // The sign-in's call has its line in the log like every other.
        onCall: (event) => this.log.call(event),
      });
      try {
        await checkSignIn(probe);
      } catch (error) {
        // Logged here, whoever asked (the Connect command, a test): a connect that failed is
        // looked for in the log later. The endpoint without what a URL may carry of a password.
        this.log.warn(
          logLine(`Connect to ${endpointOf(account.endpoint).replace(/\/$/, '')} as ${username} failed: ${wordsOf(error)}`, error),
        );
        throw error;
      } finally {
        probe.close();
      }
      await this.context.secrets.store(secretKey(account, 'password'), secrets.password);
    }
    if (secrets.apiKey) await this.context.secrets.store(secretKey(account, 'apiKey'), secrets.apiKey);
    this.resetClient();
    await this.setAccount(account);
    return account;
  }

  /** Whether the keychain holds a password and an API key for an account (never the secrets themselves). */
  async secretsOf(account: Account): Promise<{ password: boolean; apiKey: boolean }> {
    const { password, apiKey } = await this.readSecrets(account);
    return { password: password !== undefined, apiKey: apiKey !== undefined };
  }

  private async readSecrets(account: Account): Promise<{ password?: string; apiKey?: string }> {
    const [password, apiKey] = await Promise.all([
      this.context.secrets.get(secretKey(account, 'password')),
      this.context.secrets.get(secretKey(account, 'apiKey')),
    ]);
    return { ...(password === undefined ? {} : { password }), ...(apiKey === undefined ? {} : { apiKey }) };
  }

  /** Keeps an API key for the signed-in account (SendLetterAdvanced and SetUserSettings need one). */
  async storeApiKey(apiKey: string): Promise<void> {
    const account = this.account;
    if (!account) throw new Error(vscode.l10n.t('Mailroom is not connected: use the local sandbox or connect to an account first.'));
    await this.context.secrets.store(secretKey(account, 'apiKey'), apiKey);
    this.resetClient();
  }

  /** The account's feedback push registration, kept in SecretStorage since its Auth value proves a push is the service's. */
  async pushRegistration(account: Account): Promise<PushRegistration | undefined> {
    const text = await this.context.secrets.get(secretKey(account, 'pushRegistration'));
    if (text === undefined) return undefined;
    try {
      const value = JSON.parse(text) as Partial<PushRegistration>;
      return typeof value.url === 'string' && typeof value.auth === 'string' ? { url: value.url, auth: value.auth } : undefined;
    } catch {
      return undefined;
    }
  }

  async storePushRegistration(account: Account, registration: PushRegistration | undefined): Promise<void> {
    const key = secretKey(account, 'pushRegistration');
    if (registration) await this.context.secrets.store(key, JSON.stringify(registration));
    else await this.context.secrets.delete(key);
  }

  /** Makes another listed account the active one; its secrets are already kept under its own key. */
  async switchTo(key: string): Promise<Account> {
    const account = this.accounts.find((a) => keyOfAccount(a) === key);
    if (!account) throw new Error(vscode.l10n.t('Mailroom has no such account: add it with Connect… or Use the Local Sandbox.'));
    if (key === this.accountKey) return account;
    this.resetClient();
    await this.setAccount(account);
    return account;
  }

  /**
   * Forgets the active account's password and API key and takes it off the list; the account used
   * most recently before it becomes the active one, or none when it was the last.
   */
  async signOut(): Promise<void> {
    const account = this.account;
    if (account) {
      await this.context.secrets.delete(secretKey(account, 'password'));
      await this.context.secrets.delete(secretKey(account, 'apiKey'));
      await this.context.secrets.delete(secretKey(account, 'pushRegistration'));
    }
    this.resetClient();
    const [next, ...rest] = this.accounts.filter((a) => !account || keyOfAccount(a) !== keyOfAccount(account));
    await this.setAccount(next, next ? [next, ...rest] : []);
  }

  configuredBinding(): Binding {
    return vscode.workspace.getConfiguration('mailroom').get<Binding>('binding', 'soap11');
  }

  /** Lets the current client go; one still being made lets itself go when it is ready. */
  private resetClient(): void {
    this.generation++;
    this.clientPromise = undefined;
    if (this.clientLease) this.release(this.clientLease);
    this.clientLease = undefined;
  }

  /** The client of the signed-in account; the sandbox is started again if it has to be. */
  client(): Promise<MailWsClient> {
    if (this.isDisposed) return Promise.reject(new Error(vscode.l10n.t('Mailroom has shut down.')));
    if (this.clientPromise) return this.clientPromise;
    const generation = this.generation;
    const making = (async () => {
      let account = this.account;
      if (!account) throw new Error(vscode.l10n.t('Mailroom is not connected: use the local sandbox or connect to an account first.'));
      if (account.sandbox) {
        const endpoint = await this.sandboxEndpoint();
        if (endpoint !== account.endpoint) await this.setAccount((account = { ...account, endpoint }));
      }
      const secrets = await this.readSecrets(account);
      const { MailWsClient } = await clientModule();
      const client = new MailWsClient({
        endpoint: account.endpoint,
        binding: account.binding,
        credentials: { username: account.username, ...secrets },
        minIntervalMs: account.sandbox || isLoopback(account.endpoint) ? 0 : REAL_SERVICE_MIN_INTERVAL_MS,
        timeoutMs: timeoutMs(),
        onCall: (event) => this.log.call(event),
        sendLog: extensionSendLog(this.context),
      });
      // Calls under way on a replaced client end as they would (a send is never cut mid-way).
      const lease = toDisposable(() => client.closeWhenIdle());
      // Replaced (or shut down) while it was being made: it is nobody's, so it goes now.
      if (generation === this.generation && !this.isDisposed) {
        this.clientLease = this.register(lease);
        this.madeClient.fire({ account, client });
      } else lease.dispose();
      return client;
    })();
    this.clientPromise = making;
    making.catch(() => this.clientPromise === making && (this.clientPromise = undefined));
    return making;
  }

  /** Shuts down: the client closed, and the sandbox closed with its journal on disk and its thread ended. */
  close(): Promise<void> {
    return (this.closing ??= (async () => {
      try {
        super.dispose();
      } finally {
        this.clientPromise = undefined;
        this.clientLease = undefined;
        const sandbox = await this.sandbox?.catch(() => undefined);
        this.sandbox = undefined;
        await sandbox?.close();
      }
    })());
  }

  override dispose(): void {
    // The output channel may be gone by now: the extension host's own log keeps the failure.
    this.close().catch((error: unknown) => console.error(logLine(`Mailroom: closing the connection failed: ${wordsOf(error)}`, error)));
  }
}

/** An endpoint as one account's: the host in lower case, no default port, no trailing slash. */
function sameEndpoint(endpoint: string): string {
  try {
    const url = new URL(endpoint.trim());
    return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return endpoint.trim().replace(/\/+$/, '');
  }
}

/** A sandbox is only ever on this machine: `mailroom.sandboxUrl`, and where another window's listens. */
const isLoopbackSandbox = (url: string) => /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(url);

/** Whether a sandbox answers there soon: a port reused by something that never answers is not one. */
async function answersAsSandbox(url: string): Promise<boolean> {
  const answer = await fetch(`${url}/MailWS.asmx?WSDL`, { signal: AbortSignal.timeout(3000) }).catch(() => undefined);
  return answer?.ok === true;
}
