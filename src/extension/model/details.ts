/**
 * "Show Details": a mailer's extended details (and a batch's items) as a page a person reads:
 * values in words (the contract's tables: describeStatus, describeReportValue), prices in dollars,
 * times with their zone. No VS Code here, so that it is tested as plain code; views/details-panel.ts
 * draws it.
 *
 * Times: the service writes them without an offset, on the account's wall clock (its
 * General_Timezone setting), and has no operation that reads that setting. So they are shown as
 * the service gives them, labelled as the account's time; converting them to this machine's zone
 * would need the offset the service never tells.
 */
import * as l10n from '@vscode/l10n';
import { ZERO_DATE, describeReportValue, describeStatus, statusGroupOf, type ReportedField, type ResultOf } from '../../contract';
import { endedBeforePrinting, reportedCharge, type Charge, type MailerReport } from '../../rulebook';
import { dollars } from '../../formats';
import { ITEMS_PER_PAGE } from './batch-items';

export type ExtendedDetails = ResultOf<'datedA', 'GetDetailsExtended'>['Details'][number];
export type BatchDetails = ResultOf<'datedA', 'GetBatchDetails'>;

export interface DetailsRow {
  readonly label: string;
  readonly value: string;
}

export interface DetailsSection {
  readonly heading: string;
  readonly rows: readonly DetailsRow[];
}

export interface BatchItemsTable {
  readonly heading: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** The first item of the page before and after this one, where there is one: the page's links. */
  readonly previous?: PageLink;
  readonly next?: PageLink;
}

export interface PageLink {
  readonly firstItem: number;
  readonly label: string;
}

/**
 * One page of a batch's items, as GetBatchDetails answered the ItemID range `first`–`first + ITEMS_PER_PAGE`:
 * one item more than a page is asked for, to tell whether more follow. A batch may hold 100,000
 * items; a page is what a person reads, and what one call brings in good time.
 */
export interface BatchItemsPage {
  readonly batch: BatchDetails;
  readonly first: number;
}

/** The ItemID that asks for the page starting at `first` (1-based), and one item more. */
export const itemPageIds = (first: number): string => `${first}-${first + ITEMS_PER_PAGE}`;

export interface DetailsPage {
  readonly id: number;
  /** The editor tab's title: the mailer's ID first, so that two letters of one name differ. */
  readonly title: string;
  readonly heading: string;
  readonly sections: readonly DetailsSection[];
  readonly items?: BatchItemsTable;
  /** Which time zone the times are in, in words. */
  readonly timeNote: string;
}

const timeNote = () =>
  l10n.t("Times are the account's own (its General_Timezone setting), as the Mail WS writes them: it gives no time zone with them.");

/** The tab title of a mailer's details: "Mailer 1021985 · letter.md". */
export function detailsTitle(id: number, description?: string): string {
  return description ? l10n.t('Mailer {0} · {1}', id, description) : l10n.t('Mailer {0}', id);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** A time as the service wrote it (the account's wall time, in the Date's UTC fields), with its zone named. */
export function accountTime(value: Date): string {
  // Written out rather than by Intl, whose spaces and order vary with the ICU a VS Code carries.
  const date = `${value.getUTCDate()} ${MONTHS[value.getUTCMonth()]!} ${value.getUTCFullYear()}`;
  const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  return l10n.t("{0}, {1} (account's time)", date, time);
}

/** A status in words, its code after it for whoever reads the service's documentation. */
export function statusWords(code: number, description?: string): string {
  return l10n.t('{0} (status {1})', description || describeStatus(code), code);
}

const isSet = (value: Date | undefined): value is Date => value !== undefined && value.getTime() > ZERO_DATE.getTime();

/** The rows of the fields that carry one of the reported values, in words; empty ones left out. */
function reported(details: ExtendedDetails, fields: readonly [ReportedField, string][]): DetailsRow[] {
  return fields.flatMap(([field, label]) => {
    const value = details[field];
    return value ? [{ label, value: describeReportValue(field, value) }] : [];
  });
}

/** The price as the service counts it: a mailer that failed or was cancelled is never shown as charged. */
function priceWords(price: number, charge: Charge | undefined): string {
  switch (charge?.why) {
    case 'failed':
      return l10n.t('{0}, not charged: it failed before it was printed', dollars(price));
    case 'cancelled':
      return l10n.t('{0}, not charged: it was cancelled (a charge is refunded at once)', dollars(price));
    case 'development':
      return l10n.t('{0}, an estimate: Development is never charged', dollars(price));
    default:
      return dollars(price);
  }
}

/** The work mode in words; Production's "printed, mailed and charged" only for a mailer that was not failed or cancelled. */
function workModeWords(details: ExtendedDetails, report: MailerReport): DetailsRow[] {
  if (endedBeforePrinting(report)) {
    return [{ label: l10n.t('Work mode'), value: l10n.t('Production: not printed, mailed or charged, since it ended before printing') }];
  }
  return reported(details, [['WorkMode', l10n.t('Work mode')]]);
}

/**
 * When the mailer's course ended, named by how it ended: Completed, Failed or Cancelled (a failed
 * mailer's end is no completion); "Completed: Not yet" while it is in process.
 */
function endRow(details: ExtendedDetails): [string, string] {
  const group = statusGroupOf(details.Status);
  const label = group === 'failed' ? l10n.t('Failed') : group === 'cancelled' ? l10n.t('Cancelled') : l10n.t('Completed');
  return [label, isSet(details.CompletionTime) ? accountTime(details.CompletionTime) : l10n.t('Not yet')];
}

/**
 * `sha256`: of the letter's bytes as sent, which Mailroom kept when it sent the letter (the service
 * does not know it); `recipient`: whom it was sent to, in one line, kept likewise when sent from here.
 */
export function detailsPage(details: ExtendedDetails, itemsPage?: BatchItemsPage, sha256?: string, recipient?: string): DetailsPage {
  const rows = (pairs: readonly [string, string | undefined][]): DetailsRow[] =>
    pairs.flatMap(([label, value]) => (value ? [{ label, value }] : []));
  const shown = itemsPage && shownItems(itemsPage);
  const report: MailerReport = { workMode: details.WorkMode, status: details.Status, price: details.Price };
  const charge = reportedCharge(report);
  const mailer: DetailsRow[] = [
    ...rows([
      [l10n.t('Mailer ID'), String(details.ID)],
      [l10n.t('Status'), statusWords(details.Status, details.StatusDescription)],
      [l10n.t('Recipient'), recipient],
    ]),
    ...reported(details, [['MailerType', l10n.t('Kind')]]),
    ...workModeWords(details, report),
    ...rows([
      [l10n.t('Price'), priceWords(details.Price, charge)],
      [l10n.t('Sheets of paper'), details.NumOfSheets > 0 ? String(details.NumOfSheets) : undefined],
      [l10n.t('Submitted'), isSet(details.SubmitTime) ? accountTime(details.SubmitTime) : undefined],
      endRow(details),
      [l10n.t("SHA-256 of the letter's bytes (as sent)"), sha256],
      [l10n.t('Mail merge batch'), details.IsBatch ? batchWords(shown) : undefined],
    ]),
  ];
  const printing = reported(details, [
    ['Orientation', l10n.t('Orientation')],
    ['Paper', l10n.t('Paper')],
    ['PrintColor', l10n.t('Colour')],
    ['PrintSides', l10n.t('Sides')],
    ['Envelope', l10n.t('Envelope')],
    ['Postcard', l10n.t('Postcard size')],
    ['NationalMailing', l10n.t('Mailing in the US')],
    ['InternationalMailing', l10n.t('Mailing abroad')],
  ]);
  const items: BatchItemsTable | undefined = shown && {
    heading: itemsHeading(shown),
    columns: [l10n.t('Item'), l10n.t('Status'), l10n.t('Price'), l10n.t('Sheets'), l10n.t('Last update')],
    rows: shown.items.map((item) => [
      String(item.ItemID),
      statusWords(item.Status, item.Description),
      // The batch's work mode says once that Development prices are estimates; an item says only what was not charged.
      details.WorkMode === 'Production'
        ? priceWords(item.Price, reportedCharge({ workMode: details.WorkMode, status: item.Status, price: item.Price }))
        : dollars(item.Price),
      String(item.NumOfSheets),
      isSet(item.LastUpdateTime) ? accountTime(item.LastUpdateTime) : '',
    ]),
    ...(shown.first > 1
      ? { previous: { firstItem: Math.max(1, shown.first - ITEMS_PER_PAGE), label: l10n.t('Previous {0} items', ITEMS_PER_PAGE) } }
      : {}),
    ...(shown.more ? { next: { firstItem: shown.first + ITEMS_PER_PAGE, label: l10n.t('Next {0} items', ITEMS_PER_PAGE) } } : {}),
  };
  return {
    id: details.ID,
    title: detailsTitle(details.ID, details.MyDescription),
    heading: details.MyDescription || l10n.t('Mailer {0}', details.ID),
    sections: [
      { heading: l10n.t('Mailer'), rows: mailer },
      ...(printing.length > 0 ? [{ heading: l10n.t('Printing and mailing'), rows: printing }] : []),
    ],
    ...(items ? { items } : {}),
    timeNote: timeNote(),
  };
}

interface ShownItems {
  readonly items: BatchDetails['Items'];
  readonly first: number;
  readonly more: boolean;
}

function shownItems({ batch, first }: BatchItemsPage): ShownItems {
  return { items: batch.Items.slice(0, ITEMS_PER_PAGE), first, more: batch.Items.length > ITEMS_PER_PAGE };
}

/** The batch's letters, counted only once the last page says how many there are. */
function batchWords(shown: ShownItems | undefined): string {
  if (!shown || shown.more) return l10n.t('Yes');
  return l10n.t('Yes, {0} letters', (shown.first - 1 + shown.items.length).toLocaleString('en-US'));
}

/** "Batch items (3)" when one page holds them all; else which are shown, and whether more follow. */
function itemsHeading(shown: ShownItems): string {
  const last = shown.first - 1 + shown.items.length;
  const span = (n: number) => n.toLocaleString('en-US');
  if (shown.first === 1 && !shown.more) return l10n.t('Batch items ({0})', span(last));
  return shown.more
    ? l10n.t('Batch items {0}–{1}, more follow', span(shown.first), span(last))
    : l10n.t('Batch items {0}–{1} of {1}', span(shown.first), span(last));
}

/** The page as plain text: what a screen reader gets, in order (the in-host tests read it too). */
export function detailsText(page: DetailsPage): string {
  const lines = [page.heading, ''];
  for (const section of page.sections) {
    lines.push(section.heading, ...section.rows.map((r) => `${r.label}: ${r.value}`), '');
  }
  if (page.items) {
    const links = [page.items.previous, page.items.next].flatMap((link) => (link ? [link.label] : []));
    lines.push(page.items.heading, page.items.columns.join(' | '), ...page.items.rows.map((r) => r.join(' | ')));
    lines.push(...(links.length > 0 ? [links.join(' · ')] : []), '');
  }
  lines.push(page.timeNote);
  return `${lines.join('\n')}\n`;
}
