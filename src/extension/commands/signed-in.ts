/**
 * What a command acting as the active account needs of the connection (../connection/): who is
 * signed in, what the keychain holds for them, and the way to sign in.
 */
import type { Accounts } from '../connection/accounts';
import type { AccountSecrets } from '../connection/secrets';
import type { SignIn } from '../connection/sign-in';

export interface SignedIn {
  readonly accounts: Accounts;
  readonly secrets: AccountSecrets;
  readonly signIn: SignIn;
}

/** Signed in: to the local sandbox when to nothing yet, so that a first send from a fresh VS Code goes there. */
export async function signInFirst({ accounts, signIn }: SignedIn): Promise<void> {
  if (!accounts.account) await signIn.useSandbox();
}
