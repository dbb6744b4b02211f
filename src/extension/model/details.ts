/**
 * "Show Details": a mailer's extended details (and a batch's items) as a Markdown page, in the
 * service's own field names so that what the user reads matches the documentation.
 */
import { describeStatus, formatDateTime, type ResultOf } from '../../contract';

type ExtendedDetails = ResultOf<'datedA', 'GetDetailsExtended'>['Details'][number];
type BatchDetails = ResultOf<'datedA', 'GetBatchDetails'>;

/** A table cell: the details' fields are all scalars (the type says so), so String shows each as it is. */
const cell = (value: string | number | boolean | null | undefined) =>
  String(value ?? '')
    .replace(/[|\\`*_<>[\]]/g, (c) => `\\${c}`)
    .replace(/\r?\n/g, ' ');
const time = (value: Date | undefined) => (value ? formatDateTime(value) : '');
const money = (value: number | undefined) => (value === undefined ? '' : `$${value.toFixed(2)}`);

export function detailsMarkdown(details: ExtendedDetails, batch?: BatchDetails): string {
  const title = details.MyDescription || `Mailer ${details.ID}`;
  const rows: [string, string | number | boolean | undefined][] = [
    ['ID', details.ID],
    ['Status', `${details.StatusDescription || describeStatus(details.Status)} (${details.Status})`],
    ['MailerType', details.MailerType],
    ['WorkMode', details.WorkMode],
    ['Price', money(details.Price)],
    ['NumOfSheets', details.NumOfSheets],
    ['SubmitTime', time(details.SubmitTime)],
    ['CompletionTime', time(details.CompletionTime)],
    ['IsBatch', details.IsBatch ? 'yes' : 'no'],
    ['Orientation', details.Orientation],
    ['Envelope', details.Envelope],
    ['Paper', details.Paper],
    ['PrintColor', details.PrintColor],
    ['PrintSides', details.PrintSides],
    ['Postcard', details.Postcard],
    ['NationalMailing', details.NationalMailing],
    ['InternationalMailing', details.InternationalMailing],
  ];
  const lines = [
    `# ${cell(title)}`,
    '',
    '| Field | Value |',
    '|---|---|',
    ...rows.filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => `| ${k} | ${cell(v)} |`),
  ];
  if (batch) {
    lines.push(
      '',
      `## Batch items (${batch.Items.length})`,
      '',
      '| ItemID | Status | Price | NumOfSheets | LastUpdateTime |',
      '|---|---|---|---|---|',
    );
    for (const item of batch.Items) {
      lines.push(
        `| ${item.ItemID} | ${cell(item.Description || describeStatus(item.Status))} (${item.Status}) | ${money(item.Price)} | ${item.NumOfSheets} | ${time(item.LastUpdateTime)} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
