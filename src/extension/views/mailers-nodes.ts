/**
 * The rows of the Mailers view, as data: accounts, groups, mailers, sends of unknown outcome, a
 * batch's items and the rows among them (Show More, a note). The tree (mailers-tree.ts) makes
 * them, mailers-rows.ts draws them, and the commands get them back from the workbench.
 */
import type { ResultOf } from '../../contract';
import type { Account } from '../connection/accounts';
import type { SendAttempt } from '../model/attempts';
import type { MailerGroup, TrackedMailer } from '../model/mailers';

export type BatchItem = ResultOf<'datedA', 'GetBatchStatus'>['Statuses'][number];

/** `account`: the key of the account whose row it is under, when the view is grouped by account. */
export type GroupNode =
  | { readonly kind: 'group'; readonly group: MailerGroup; readonly count: number; readonly account?: string }
  | { readonly kind: 'attempts'; readonly count: number; readonly account?: string };
export type AccountNode = { readonly kind: 'account'; readonly account: Account; readonly active: boolean };
export type MailersNode =
  | AccountNode
  | GroupNode
  | { readonly kind: 'attempt'; readonly attempt: SendAttempt }
  /** `otherAccount`: the key of the account it is followed for, when that is not the active one. */
  | { readonly kind: 'mailer'; readonly mailer: TrackedMailer; readonly otherAccount?: string }
  | { readonly kind: 'item'; readonly batch: TrackedMailer; readonly item: BatchItem; readonly recipient?: string }
  /** The row after a page of a batch's items, when it has more: Show More. */
  | { readonly kind: 'more'; readonly batch: TrackedMailer; readonly shown: number }
  | { readonly kind: 'note'; readonly batch: TrackedMailer; readonly text: string };

/** A Show More row, as the workbench hands it back to its command. */
export function isMoreNode(node: unknown): node is Extract<MailersNode, { kind: 'more' }> {
  return typeof node === 'object' && node !== null && (node as { kind?: unknown }).kind === 'more';
}
