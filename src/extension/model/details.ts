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
import { ZERO_DATE, describeReportValue, describeStatus, type ReportedField, type ResultOf } from '../../contract';

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
}

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

export const TIME_ZONE_LABEL = "account's time";
export const TIME_NOTE =
  "Times are the account's own (its General_Timezone setting), as the Mail WS writes them: it gives no time zone with them.";

/** The tab title of a mailer's details: "Mailer 1021985 · letter.md". */
export function detailsTitle(id: number, description?: string): string {
  return description ? `Mailer ${id} · ${description}` : `Mailer ${id}`;
}

export function dollars(value: number): string {
  return `$${value.toFixed(2)}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** A time as the service wrote it (the account's wall time, in the Date's UTC fields), with its zone named. */
export function accountTime(value: Date): string {
  // Written out rather than by Intl, whose spaces and order vary with the ICU a VS Code carries.
  const date = `${value.getUTCDate()} ${MONTHS[value.getUTCMonth()]!} ${value.getUTCFullYear()}`;
  const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  return `${date}, ${time} (${TIME_ZONE_LABEL})`;
}

/** A status in words, its code after it for whoever reads the service's documentation. */
export function statusWords(code: number, description?: string): string {
  return `${description || describeStatus(code)} (status ${code})`;
}

const isSet = (value: Date | undefined): value is Date => value !== undefined && value.getTime() > ZERO_DATE.getTime();

/** The rows of the fields that carry one of the reported values, in words; empty ones left out. */
function reported(details: ExtendedDetails, fields: readonly [ReportedField, string][]): DetailsRow[] {
  return fields.flatMap(([field, label]) => {
    const value = details[field];
    return value ? [{ label, value: describeReportValue(field, value) }] : [];
  });
}

export function detailsPage(details: ExtendedDetails, batch?: BatchDetails): DetailsPage {
  const rows = (pairs: readonly [string, string | undefined][]): DetailsRow[] =>
    pairs.flatMap(([label, value]) => (value ? [{ label, value }] : []));
  const mailer: DetailsRow[] = [
    ...rows([
      ['Mailer ID', String(details.ID)],
      ['Status', statusWords(details.Status, details.StatusDescription)],
    ]),
    ...reported(details, [
      ['MailerType', 'Kind'],
      ['WorkMode', 'Work mode'],
    ]),
    ...rows([
      ['Price', dollars(details.Price)],
      ['Sheets of paper', details.NumOfSheets > 0 ? String(details.NumOfSheets) : undefined],
      ['Submitted', isSet(details.SubmitTime) ? accountTime(details.SubmitTime) : undefined],
      ['Completed', isSet(details.CompletionTime) ? accountTime(details.CompletionTime) : 'Not yet'],
      ['Mail merge batch', details.IsBatch ? `Yes${batch ? `, ${batch.Items.length} letters` : ''}` : undefined],
    ]),
  ];
  const printing = reported(details, [
    ['Orientation', 'Orientation'],
    ['Paper', 'Paper'],
    ['PrintColor', 'Colour'],
    ['PrintSides', 'Sides'],
    ['Envelope', 'Envelope'],
    ['Postcard', 'Postcard size'],
    ['NationalMailing', 'Mailing in the US'],
    ['InternationalMailing', 'Mailing abroad'],
  ]);
  const items: BatchItemsTable | undefined = batch && {
    heading: `Batch items (${batch.Items.length})`,
    columns: ['Item', 'Status', 'Price', 'Sheets', 'Last update'],
    rows: batch.Items.map((item) => [
      String(item.ItemID),
      statusWords(item.Status, item.Description),
      dollars(item.Price),
      String(item.NumOfSheets),
      isSet(item.LastUpdateTime) ? accountTime(item.LastUpdateTime) : '',
    ]),
  };
  return {
    id: details.ID,
    title: detailsTitle(details.ID, details.MyDescription),
    heading: details.MyDescription || `Mailer ${details.ID}`,
    sections: [{ heading: 'Mailer', rows: mailer }, ...(printing.length > 0 ? [{ heading: 'Printing and mailing', rows: printing }] : [])],
    ...(items ? { items } : {}),
    timeNote: TIME_NOTE,
  };
}

/** The page as plain text: what the command hands its tests, and what a screen reader gets in order. */
export function detailsText(page: DetailsPage): string {
  const lines = [page.heading, ''];
  for (const section of page.sections) {
    lines.push(section.heading, ...section.rows.map((r) => `${r.label}: ${r.value}`), '');
  }
  if (page.items) {
    lines.push(page.items.heading, page.items.columns.join(' | '), ...page.items.rows.map((r) => r.join(' | ')), '');
  }
  lines.push(page.timeNote);
  return `${lines.join('\n')}\n`;
}
