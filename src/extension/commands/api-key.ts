/** SendLetterAdvanced and SetUserSettings sign in with an API key: asked for once, then kept in SecretStorage. */
import * as vscode from 'vscode';
import { prompts } from '../prompts';
import type { SignedIn } from './signed-in';

/** True when the account has an API key, asking for it if need be. */
export async function ensureApiKey({ accounts, secrets, signIn }: SignedIn, purpose: string): Promise<boolean> {
  const account = accounts.account;
  if (!account) return false;
  if ((await secrets.held(account)).apiKey) return true;
  const key = await prompts.input({
    title: vscode.l10n.t('Mailroom: API key for {0}', account.username),
    prompt: vscode.l10n.t("{0} needs the account's API key (kept in the OS keychain)", purpose),
    password: true,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('The API key is needed')),
  });
  if (!key) return false;
  await signIn.storeApiKey(key.trim());
  return true;
}
