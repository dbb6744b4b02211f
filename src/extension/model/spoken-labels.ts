/**
 * What a screen reader says for each row of the Mailers and Stored Files views (the tree items'
 * accessibilityInformation): the row's words in one sentence, separated by commas, without the
 * " · " and icons that are only seen. No VS Code here, so that it is tested as plain code.
 */
import * as l10n from '@vscode/l10n';
import { describeStatus } from '../../contract';
import type { MailerGroup, TrackedMailer } from './mailers';
import { GROUP_TITLES, priceOf } from './mailers';

/** "letter.md, mailer 1021985, In Process, $0.87"; "Mailer 1021985, status not yet known". */
export function spokenMailer(mailer: TrackedMailer): string {
  const name = mailer.description
    ? mailer.isBatch
      ? l10n.t('{0}, batch {1}', mailer.description, mailer.id)
      : l10n.t('{0}, mailer {1}', mailer.description, mailer.id)
    : mailer.isBatch
      ? l10n.t('Batch {0}', mailer.id)
      : l10n.t('Mailer {0}', mailer.id);
  const status = mailer.status === undefined ? l10n.t('status not yet known') : (mailer.statusText ?? describeStatus(mailer.status));
  const price = priceOf(mailer);
  return `${name}, ${status}${price ? `, ${price}` : ''}`;
}

/** "In process, 3 mailers". */
export function spokenGroup(group: MailerGroup, mailers: number): string {
  return mailers === 1 ? l10n.t('{0}, 1 mailer', GROUP_TITLES[group]()) : l10n.t('{0}, {1} mailers', GROUP_TITLES[group](), mailers);
}

/** "Outcome unknown, 1 send to look up". */
export function spokenAttempts(sends: number): string {
  return sends === 1 ? l10n.t('Outcome unknown, 1 send to look up') : l10n.t('Outcome unknown, {0} sends to look up', sends);
}

/** "Invoice 42, outcome unknown, Production, sent at 10:31:05". */
export function spokenAttempt(description: string, workMode: string, sentAt: string): string {
  return l10n.t('{0}, outcome unknown, {1}, sent at {2}', description, workMode, sentAt);
}

/** "Item 3 of batch 1021985, Completed". */
export function spokenBatchItem(batchId: number, itemId: number, status: string): string {
  return l10n.t('Item {0} of batch {1}, {2}', itemId, batchId, status);
}

/** "price-list.pdf, stored file, Account, Prices for 2027, last used 2027-01-05 10:31:05". */
export function spokenStoredFile(name: string, permissions: string | undefined, description: string | undefined, lastUsed: string): string {
  return [name, l10n.t('stored file'), permissions, description, l10n.t('last used {0}', lastUsed)].filter(Boolean).join(', ');
}
