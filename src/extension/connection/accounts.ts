/**
 * The accounts Mailroom signed in to, and which one is active: in global state (never a secret;
 * the secrets are in secrets.ts), shown to package.json's `when` clauses as context keys. Whoever
 * shows or remembers something per account follows onDidChange.
 */
import * as vscode from 'vscode';
import type { Binding } from '../../contract';
import type { MailroomContextKey } from '../context-keys';
import { Disposable, Emitter } from '../lifecycle';

export interface Account {
  /** The service's base URL; for the sandbox, wherever it listens now. */
  readonly endpoint: string;
  readonly binding: Binding;
  readonly username: string;
  readonly sandbox: boolean;
}

/** What tells accounts apart: the service (the sandbox by name, since its port changes from one start to the next) and the user. */
export function accountIdentity(account: Omit<Account, 'binding'>): readonly [service: string, username: string] {
  return [account.sandbox ? 'sandbox' : account.endpoint, account.username];
}

/** A key that tells accounts apart, for what is remembered per account. */
export const keyOfAccount = (account: Omit<Account, 'binding'>) => accountIdentity(account).join('|');

/** The active account (global state, never a secret). */
const ACCOUNT_KEY = 'mailroom.account';
/** Every account added and not signed out of, the most recently active first (global state, never a secret). */
const ACCOUNTS_KEY = 'mailroom.accounts';

export class Accounts extends Disposable {
  private readonly changed = this.register(new Emitter<Account | undefined>());
  /** Another account is the active one, or none is, or the sandbox's moved to another port. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {
    super();
    void showInContext(this.account);
  }

  /** The active account. */
  get account(): Account | undefined {
    return this.state.get<Account>(ACCOUNT_KEY);
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
  get listed(): readonly Account[] {
    const active = this.account;
    const listed = this.state.get<Account[]>(ACCOUNTS_KEY) ?? [];
    return active ? [active, ...listed.filter((a) => keyOfAccount(a) !== keyOfAccount(active))] : listed;
  }

  find(key: string): Account | undefined {
    return this.listed.find((a) => keyOfAccount(a) === key);
  }

  /** Makes an account the active one (listed first), or none active while the others stay listed. */
  async activate(account: Account | undefined, listed: readonly Account[] = this.listed): Promise<void> {
    const others = account ? listed.filter((a) => keyOfAccount(a) !== keyOfAccount(account)) : listed;
    await this.state.update(ACCOUNTS_KEY, account ? [account, ...others] : others);
    await this.state.update(ACCOUNT_KEY, account);
    await showInContext(account);
    this.changed.fire(account);
  }
}

/** What package.json's `when` clauses read: signed in at all, and to the sandbox (its commands show). */
async function showInContext(account: Account | undefined): Promise<void> {
  await vscode.commands.executeCommand('setContext', 'mailroom.connected' satisfies MailroomContextKey, account !== undefined);
  await vscode.commands.executeCommand('setContext', 'mailroom.onSandbox' satisfies MailroomContextKey, account?.sandbox === true);
}
