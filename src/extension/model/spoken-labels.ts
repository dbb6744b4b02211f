/**
 * What a screen reader says for each row of the Mailers and Stored Files views (the tree items'
 * accessibilityInformation): the row's words in one sentence, separated by commas, without the
 * " · " and icons that are only seen. No VS Code here, so that it is tested as plain code.
 */
import { describeStatus, NO_PERMISSIONS_STATUS } from '../../contract';
import type { MailerGroup, TrackedMailer } from './mailers';
import { GROUP_TITLES } from './mailers';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "letter.md, mailer 1021985, In Process, $0.87"; "Mailer 1021985, status not yet known". */
export function spokenMailer(mailer: TrackedMailer): string {
  const kind = mailer.isBatch ? 'batch' : 'mailer';
  const name = mailer.description ? `${mailer.description}, ${kind} ${mailer.id}` : `${mailer.isBatch ? 'Batch' : 'Mailer'} ${mailer.id}`;
  const status = mailer.status === undefined ? 'status not yet known' : (mailer.statusText ?? describeStatus(mailer.status));
  const price = mailer.price === undefined || mailer.status === NO_PERMISSIONS_STATUS ? '' : `, $${mailer.price.toFixed(2)}`;
  return `${name}, ${status}${price}`;
}

/** "In process, 3 mailers". */
export function spokenGroup(group: MailerGroup, mailers: number): string {
  return `${GROUP_TITLES[group]}, ${count(mailers, 'mailer', 'mailers')}`;
}

/** "Outcome unknown, 1 send to look up". */
export function spokenAttempts(sends: number): string {
  return `Outcome unknown, ${count(sends, 'send', 'sends')} to look up`;
}

/** "Invoice 42, outcome unknown, Production, sent at 10:31:05". */
export function spokenAttempt(description: string, workMode: string, sentAt: string): string {
  return `${description}, outcome unknown, ${workMode}, sent at ${sentAt}`;
}

/** "Item 3 of batch 1021985, Completed". */
export function spokenBatchItem(batchId: number, itemId: number, status: string): string {
  return `Item ${itemId} of batch ${batchId}, ${status}`;
}

/** "price-list.pdf, stored file, Account, Prices for 2027, last used 2027-01-05 10:31:05". */
export function spokenStoredFile(name: string, permissions: string | undefined, description: string | undefined, lastUsed: string): string {
  return [name, 'stored file', permissions, description, `last used ${lastUsed}`].filter(Boolean).join(', ');
}
