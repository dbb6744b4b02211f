/**
 * Every context key package.json's `when` clauses may name, in one place: Mailroom's own (set with
 * setContext), the values its views and rows give `view` and `viewItem`, and the VS Code built-ins
 * it uses. test/extension-unit/manifest.test.ts refuses a clause naming anything else, so that a
 * misspelt key (which VS Code reads as false, silently hiding a menu) cannot ship.
 * No `vscode` import: that test reads this file without VS Code.
 */

/** Keys Mailroom sets itself, with `setContext`. */
export const MAILROOM_CONTEXT_KEYS = {
  /** Signed in to an account or the sandbox (connection/accounts.ts). */
  'mailroom.connected': 'boolean',
  /** The account's stored files were listed, and there are none (StoredFilesTree.refresh): the view's welcome says how to upload. */
  'mailroom.noStoredFiles': 'boolean',
  /** Filter Mailers… left something out (MailerFilterState): Clear Filter shows in the views' title bars. */
  'mailroom.mailersFiltered': 'boolean',
  /** The active account is the local sandbox (connection/accounts.ts): its Sandbox: commands show. */
  'mailroom.onSandbox': 'boolean',
} as const;

export type MailroomContextKey = keyof typeof MAILROOM_CONTEXT_KEYS;

/** The views package.json contributes: the values of `view`. */
export const VIEW_IDS = ['mailroom.mailers', 'mailroom.storedFiles', 'mailroom.history'] as const;

/**
 * The rows' contextValue in the views/ trees: the values of `viewItem`. A mailer is
 * `mailer.cancellable` while the service would accept its CancelDelivery (as of the last refresh),
 * `mailer.inProcess` once handed to the postal service or while its status is not known yet,
 * `mailer.final` when its status will not change again. An item of a batch is `batchItem.cancellable`
 * while its batch is: the service cancels a batch only whole, and the item's menu says so. A Send History row is `sent` when it
 * names a mailer of the active account (Show Details and Preview PDF open it), else `send`.
 * `account` is another account's row in the Mailers view grouped by account.
 */
export const VIEW_ITEMS = [
  'mailer.cancellable',
  'mailer.inProcess',
  'mailer.final',
  'batchItem',
  'batchItem.cancellable',
  'attempt',
  'storedFile',
  'sent',
  'send',
  'account',
] as const;

export type ViewItem = (typeof VIEW_ITEMS)[number];

/** VS Code's own keys that Mailroom's clauses use. */
export const BUILT_IN_CONTEXT_KEYS = ['view', 'viewItem', 'resourceExtname', 'explorerResourceIsFolder'] as const;
