/** SendLetterAdvanced and SetUserSettings sign in with an API key: asked for once, then kept in SecretStorage. */
import { prompts } from '../prompts';
import type { Connection } from '../connection';

/** True when the account has an API key, asking for it if need be. */
export async function ensureApiKey(connection: Connection, purpose: string): Promise<boolean> {
  const account = connection.account;
  if (!account) return false;
  if ((await connection.secretsOf(account)).apiKey) return true;
  const key = await prompts.input({
    title: `Mailroom: API key for ${account.username}`,
    prompt: `${purpose} needs the account's API key (kept in the OS keychain)`,
    password: true,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : 'The API key is needed'),
  });
  if (!key) return false;
  await connection.storeApiKey(key.trim());
  return true;
}
