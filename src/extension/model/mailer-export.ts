/**
 * Export Mailers…: the mailers a view shows, as CSV (RFC 4180, a header row, the columns below)
 * or JSON (an array of objects with the same keys, absent values left out). The column names are
 * `mailroom history`'s where the two say the same thing, so that one spreadsheet reads both. `price`
 * is the service's; `charged` what it charged as it counts it (0 for a mailer that failed or was
 * cancelled), empty while it has not said.
 */
import { describeStatus, formatCsv, statusGroupOf } from '../../contract';
import { amountText, chargedAmount, reportedCharge } from '../../rulebook';
import type { TrackedMailer } from './mailers';

export type ExportFormat = 'csv' | 'json';

export const EXPORT_COLUMNS = [
  'id',
  'submitted',
  'workMode',
  'description',
  'recipient',
  'price',
  'charged',
  'status',
  'statusText',
  'statusGroup',
  'lastUpdate',
  'isBatch',
  'sha256',
] as const;

type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** One mailer as exported: every column, absent ones undefined. */
export function exportedRow(mailer: TrackedMailer): Record<ExportColumn, string | number | boolean | undefined> {
  return {
    id: mailer.id,
    submitted: mailer.submitted,
    workMode: mailer.workMode,
    description: mailer.description,
    recipient: mailer.recipient,
    price: mailer.price,
    // A mailer that failed or was cancelled is never charged, whatever its price.
    charged: chargedAmount(reportedCharge(mailer)),
    status: mailer.status,
    statusText: mailer.statusText ?? (mailer.status === undefined ? undefined : describeStatus(mailer.status)),
    statusGroup: statusGroupOf(mailer.status),
    lastUpdate: mailer.lastUpdate,
    isBatch: mailer.isBatch ?? false,
    sha256: mailer.sha256,
  };
}

export function exportedMailers(mailers: readonly TrackedMailer[], format: ExportFormat): string {
  const rows = mailers.map(exportedRow);
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
  // Dollars with their cents, as the service prices them; an absent value is an empty field.
  const cell = (column: ExportColumn, value: string | number | boolean | undefined) =>
    value === undefined
      ? ''
      : (column === 'price' || column === 'charged') && typeof value === 'number'
        ? amountText(value)
        : String(value);
  return formatCsv([[...EXPORT_COLUMNS], ...rows.map((row) => EXPORT_COLUMNS.map((column) => cell(column, row[column])))]);
}
