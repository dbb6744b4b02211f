/**
 * Where a command's credentials come from: the OS keychain (`mailroom login` stores them), else
 * MAILROOM_PASSWORD and MAILROOM_API_KEY. Against a sandbox on this machine the public demo
 * account needs neither.
 */
import type { Credentials } from '../client';
import { DEFAULT_ENDPOINT, isLoopback } from '../contract';
import { SANDBOX_DEMO, accountOf, type Account } from './account-options';
import type { GlobalValues } from './global-options';
import type { Io } from './io';
import { accountNames, KeychainUnavailable } from './keychain';
import { Refused } from './usage';

/** The secret the keychain holds for an entry; `unavailable` when there is no keychain to ask. */
function fromKeychain(io: Io, account: string): string | undefined | KeychainUnavailable {
  try {
    return io.keychain.get(account);
  } catch (error) {
    if (error instanceof KeychainUnavailable) return error;
    throw error;
  }
}

const secretOf = (found: string | undefined | KeychainUnavailable) => (typeof found === 'string' ? found : undefined);

/**
 * What to do when no secret is found, said so that it cannot send a person round in a circle: a
 * keychain that cannot be reached reads as an empty one (the Secret Service's answer), so both
 * ways are said, `mailroom login` where there is a keychain, and the environment where there is
 * none (which `mailroom login` says too when it cannot keep the secret).
 */
function noSecretWords(username: string, endpoint: string, unavailable: KeychainUnavailable | undefined): string {
  const environment =
    'set MAILROOM_PASSWORD (or MAILROOM_API_KEY) in the environment the command runs in ' +
    '(for example `read -rs MAILROOM_PASSWORD && export MAILROOM_PASSWORD`)';
  if (unavailable) return `No password for ${username} at ${endpoint}, and no OS keychain here (${unavailable.reason}): ${environment}`;
  const login = `mailroom login${endpoint === DEFAULT_ENDPOINT ? '' : ` --endpoint ${endpoint}`} --user ${username}`;
  return `No password for ${username} at ${endpoint}: keep it in the OS keychain with \`${login}\`, or, where there is no keychain, ${environment}`;
}

/**
 * The credentials of an account: the keychain's; MAILROOM_PASSWORD and MAILROOM_API_KEY only for
 * the account the command names, so that a password set for one account is never sent to
 * another; the public demo account's on a sandbox on this machine. None found is refused, saying
 * how to give them.
 */
export function credentialsOf(values: GlobalValues, io: Io, account: Account): Credentials {
  const { endpoint, user: username } = account;
  const named = accountOf(values, io);
  const env = named.endpoint === endpoint && named.user === username ? io.env : {};
  const names = accountNames(username, endpoint);
  // A sandbox on this machine has the public demo account, which needs no stored secret.
  const sandboxDemo = isLoopback(endpoint) && username === SANDBOX_DEMO.username;
  const kept = fromKeychain(io, names.password);
  const password = secretOf(kept) ?? env.MAILROOM_PASSWORD ?? (sandboxDemo ? SANDBOX_DEMO.password : undefined);
  const apiKey = secretOf(fromKeychain(io, names.apiKey)) ?? env.MAILROOM_API_KEY ?? (sandboxDemo ? SANDBOX_DEMO.apiKey : undefined);
  if (password === undefined && apiKey === undefined)
    throw new Refused(noSecretWords(username, endpoint, kept instanceof KeychainUnavailable ? kept : undefined));
  return { username, ...(password === undefined ? {} : { password }), ...(apiKey === undefined ? {} : { apiKey }) };
}
