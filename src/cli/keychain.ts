/**
 * Passwords and API keys in the OS keychain (the Secret Service on Linux, Keychain on macOS,
 * Credential Manager on Windows) through @napi-rs/keyring, loaded only when needed. Without a
 * running keychain every call throws KeychainUnavailable, which says what to do instead.
 */
export class KeychainUnavailable extends Error {
  override readonly name = 'KeychainUnavailable';
  constructor(readonly reason: string) {
    super(
      `No OS keychain is available (${reason}). Set MAILROOM_PASSWORD or MAILROOM_API_KEY instead, ` +
        'or start a Secret Service (for example gnome-keyring) and run `mailroom login` again.',
    );
  }
}

export interface Keychain {
  get(account: string): string | undefined;
  set(account: string, secret: string): void;
  delete(account: string): boolean;
}

const SERVICE = 'mailroom';

type EntryClass = new (
  service: string,
  account: string,
) => {
  getPassword(): string | null;
  setPassword(password: string): void;
  deletePassword(): boolean;
};

function entryClass(): EntryClass {
  try {
    // Loaded on first use, not at start: a machine without the native build gets KeychainUnavailable.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
    return (require('@napi-rs/keyring') as { Entry: EntryClass }).Entry;
  } catch (error) {
    throw new KeychainUnavailable(`the keyring module could not load: ${(error as Error).message}`);
  }
}

function guarded<T>(action: () => T): T {
  try {
    return action();
  } catch (error) {
    if (error instanceof KeychainUnavailable) throw error;
    throw new KeychainUnavailable(String((error as Error).message ?? error));
  }
}

export const osKeychain: Keychain = {
  get: (account) => guarded(() => new (entryClass())(SERVICE, account).getPassword() ?? undefined),
  set: (account, secret) => guarded(() => new (entryClass())(SERVICE, account).setPassword(secret)),
  delete: (account) => guarded(() => new (entryClass())(SERVICE, account).deletePassword()),
};

/** The keychain entries of a user at an endpoint. */
export function accountNames(user: string, endpoint: string): { password: string; apiKey: string } {
  const base = `${user}@${endpoint.replace(/\/+$/, '')}`;
  return { password: base, apiKey: `${base}#api-key` };
}
