/**
 * The sandbox's accounts. A fresh data directory holds the demo accounts below; `--accounts FILE`
 * replaces them with the accounts of a JSON file of the same shape.
 */
import { apiKeyDigest, hashPassword } from './credentials';
import type { AccountRecord, JournalRecord, UserRecord } from './store/records';

export interface AccountsFile {
  readonly accounts: readonly {
    readonly name: string;
    /** Dollars available to Production sends. */
    readonly balance?: number;
    readonly users: readonly {
      readonly username: string;
      readonly password: string;
      readonly admin?: boolean;
      readonly apiKey?: string;
      readonly blocked?: boolean;
      readonly settings?: Readonly<Record<string, string>>;
    }[];
  }[];
}

export const DEMO_ACCOUNTS: AccountsFile = {
  accounts: [
    {
      name: 'Demo',
      balance: 25,
      users: [
        { username: 'demo', password: 'demo', admin: true, apiKey: 'demo-key' },
        { username: 'clerk', password: 'clerk' },
      ],
    },
    { name: 'Other', balance: 10, users: [{ username: 'other', password: 'other', admin: true, apiKey: 'other-key' }] },
  ],
};

/** The machine's time zone: where a sandbox's new users are, unless it is told another. */
export const machineTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** What a new user starts with (facts: new accounts start in Development). */
export function defaultSettings(timeZone: string): Record<string, string> {
  return {
    General_WorkMode: 'Development',
    General_Timezone: timeZone,
    Letters_PrintColor: 'BlackAndWhite',
    Letters_PrintSides: 'Simplex',
    Postcards_DefaultScaling: 'FitToPage',
  };
}

/** Checks an accounts file's shape, saying what is wrong where. */
export function parseAccountsFile(value: unknown): AccountsFile {
  const fail = (where: string, what: string): never => {
    throw new Error(`accounts file: ${where} ${what}`);
  };
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(value) || !Array.isArray(value.accounts)) return fail('the top level', 'must be an object with an "accounts" array');
  const names = new Set<string>();
  value.accounts.forEach((account: unknown, i: number) => {
    const where = `accounts[${i}]`;
    if (!isObject(account) || typeof account.name !== 'string') fail(where, 'needs a "name" string');
    const a = account as Record<string, unknown>;
    if (a.balance !== undefined && typeof a.balance !== 'number') fail(where, '"balance" must be a number');
    if (!Array.isArray(a.users) || a.users.length === 0) fail(where, 'needs a non-empty "users" array');
    (a.users as unknown[]).forEach((user, j) => {
      const at = `${where}.users[${j}]`;
      if (!isObject(user) || typeof user.username !== 'string' || typeof user.password !== 'string') {
        fail(at, 'needs "username" and "password" strings');
      }
      const u = user as Record<string, unknown>;
      if (names.has(u.username as string)) fail(at, `repeats the username "${u.username as string}"`);
      names.add(u.username as string);
      if (u.apiKey !== undefined && typeof u.apiKey !== 'string') fail(at, '"apiKey" must be a string');
    });
  });
  return value as unknown as AccountsFile;
}

/** The journal record that installs these accounts. */
export function accountsRecord(file: AccountsFile, timeZone = machineTimeZone()): JournalRecord {
  const accounts: AccountRecord[] = [];
  const users: UserRecord[] = [];
  file.accounts.forEach((account, i) => {
    const accountId = `a${i + 1}`;
    accounts.push({ id: accountId, name: account.name, balance: account.balance ?? 0 });
    account.users.forEach((user, j) => {
      users.push({
        id: `${accountId}u${j + 1}`,
        accountId,
        username: user.username,
        passwordHash: hashPassword(user.password),
        admin: user.admin ?? false,
        ...(user.apiKey === undefined ? {} : { apiKeyDigest: apiKeyDigest(user.apiKey) }),
        ...(user.blocked ? { blocked: true } : {}),
        settings: { ...defaultSettings(timeZone), ...user.settings },
      });
    });
  });
  return { t: 'accounts', accounts, users };
}
