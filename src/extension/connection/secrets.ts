/**
 * What each account keeps in SecretStorage (the OS keychain on desktop VS Code), and only there:
 * its password, its API key, and its feedback push registration (public-pushes.ts), whose Auth
 * value proves a push is the service's. Each under a key of its own account, so that a switch
 * asks for none.
 */
import type * as vscode from 'vscode';
import { accountIdentity, type Account } from './accounts';

/** A real account's feedback push registration (public-pushes.ts): where the service pushes, and the Auth value it sends. */
export interface PushRegistration {
  readonly url: string;
  readonly auth: string;
}

export interface SignInSecrets {
  readonly password?: string;
  readonly apiKey?: string;
}

type Kind = 'password' | 'apiKey' | 'pushRegistration';

/** The key of an account's secret; its form is what users' keychains already hold, and never changes. */
const secretKey = (account: Omit<Account, 'binding'>, kind: Kind) => `mailroom:${accountIdentity(account).join(':')}:${kind}`;

export class AccountSecrets {
  constructor(private readonly storage: vscode.SecretStorage) {}

  async read(account: Account): Promise<SignInSecrets> {
    const [password, apiKey] = await Promise.all([
      this.storage.get(secretKey(account, 'password')),
      this.storage.get(secretKey(account, 'apiKey')),
    ]);
    return { ...(password === undefined ? {} : { password }), ...(apiKey === undefined ? {} : { apiKey }) };
  }

  /** Whether the keychain holds a password and an API key for an account (never the secrets themselves). */
  async held(account: Account): Promise<{ password: boolean; apiKey: boolean }> {
    const { password, apiKey } = await this.read(account);
    return { password: password !== undefined, apiKey: apiKey !== undefined };
  }

  /** Keeps what is given; what is not given stays as it was. */
  async store(account: Account, secrets: SignInSecrets): Promise<void> {
    if (secrets.password) await this.storage.store(secretKey(account, 'password'), secrets.password);
    if (secrets.apiKey) await this.storage.store(secretKey(account, 'apiKey'), secrets.apiKey);
  }

  /** Forgets everything the account kept: password, API key and push registration. */
  async forget(account: Account): Promise<void> {
    for (const kind of ['password', 'apiKey', 'pushRegistration'] as const) await this.storage.delete(secretKey(account, kind));
  }

  async pushRegistration(account: Account): Promise<PushRegistration | undefined> {
    const text = await this.storage.get(secretKey(account, 'pushRegistration'));
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
    if (registration) await this.storage.store(key, JSON.stringify(registration));
    else await this.storage.delete(key);
  }
}
