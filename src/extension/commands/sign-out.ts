/**
 * "Sign Out": forgets the account's password and API key (SecretStorage), and nothing else.
 *
 * It does not ask first, because nothing is lost that signing in again does not bring back: the
 * mailers followed and the sends of unknown outcome are kept per account (endpoint and user) in
 * global state (tracked-mailers.ts), and the local sandbox keeps its data in the extension's global
 * storage. So it says afterwards what was kept and how to see it again.
 */
import type { Account, Connection } from '../connection';
import { prompts } from '../prompts';
import type { TrackedMailers } from '../tracked-mailers';

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Signed in by Use the Local Sandbox, which signs in again with the demo user's known password. */
const viaUseSandbox = (account: Account) => account.sandbox && account.username === 'demo';

/** The account in words: its user and the service's host (never a URL's query or credentials). */
function accountName(account: Account): string {
  if (viaUseSandbox(account)) return 'the local sandbox';
  let host = account.endpoint;
  try {
    host = new URL(account.endpoint).host;
  } catch {
    // Shown as it was given.
  }
  return `${account.username} at ${account.sandbox ? 'the local sandbox' : host}`;
}

/** What the account keeps, and how it comes back. */
function keptMessage(account: Account, mailers: number, attempts: number): string {
  const name = accountName(account);
  const secrets = viaUseSandbox(account) ? '' : ' Its password and API key are forgotten.';
  const kept = [
    ...(mailers > 0 ? [counted(mailers, 'mailer', 'mailers')] : []),
    ...(attempts > 0 ? [counted(attempts, 'send of unknown outcome', 'sends of unknown outcome')] : []),
  ];
  if (kept.length === 0) return `Mailroom: signed out of ${name}.${secrets}`;
  const again = viaUseSandbox(account) ? 'when you use the local sandbox again' : `when you connect as ${account.username} there again`;
  return `Mailroom: signed out of ${name}.${secrets} What was followed there (${kept.join(', ')}) is kept and shows again ${again}.`;
}

export function signOutCommand(connection: Connection, mailers: TrackedMailers) {
  return async (): Promise<void> => {
    const account = connection.account;
    const [followed, attempts] = [mailers.list().length, mailers.attempts().length];
    await connection.signOut();
    if (account) void prompts.notify('info', keptMessage(account, followed, attempts));
  };
}
