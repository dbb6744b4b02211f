/** `mailroom details ID`: everything the service reports of a mailer, and of a batch's items. */
import { NO_PERMISSIONS_STATUS, ZERO_DATE, describeStatus, formatDateTime, isFinalStatus, parseIdQuery } from '../../contract';
import { reportedCharge, type Charge } from '../../rulebook';
import { dollars } from '../../formats';
import { accountOf } from '../account-options';
import { connect } from '../connect';
import type { Io } from '../io';
import { print, table } from '../output';
import { EXIT_OK, EXIT_SERVICE_ERROR, UsageError } from '../usage';
import type { CommandHelp } from '../help';
import { rowList } from '../spending';
import { commandLine, mailerId } from '../arguments';
import { unknownAnswer, unknownMailers } from '../unknown-mailers';

export const usage = 'mailroom details ID [--items ITEMS]';

export const help: CommandHelp = {
  summary:
    'Prints the details of one mailer: price, sheets, times, work mode and print properties; a batch with its items. ' +
    'Charged says whether the service charged it as it counts it: a mailer that failed or was cancelled never is, whatever its Price. ' +
    'A time not reached yet (the service writes 0001-01-01T00:00:00) is said "not yet" ("none" once the mailer is final); --json keeps the service\'s value.',
  options: [
    ['ID', "the mailer's ID"],
    ['--items ITEMS', "a batch's items to list, as the service names them: 101-200, or 3,17,99; all by default (a batch may hold 100,000)"],
  ],
  global: true,
  examples: ['mailroom details 1021984', 'mailroom details 1021987 --items 101-200'],
};

/**
 * Whether the service charged for it, as it counts it (src/rulebook/charges.ts): a mailer that
 * failed or was cancelled is never charged, whatever its Price says; Development never is.
 */
export function chargedWords(charge: Charge | undefined): string {
  if (charge === undefined) return 'not yet known';
  switch (charge.why ?? charge.basis) {
    case 'failed':
      return 'no: it failed, and a failed mailer is never charged (or is refunded)';
    case 'cancelled':
      return 'no: cancelled, refunded at once';
    case 'development':
      return 'no: Development is never charged (its price is an estimate)';
    case 'awaiting funds':
      return `${dollars(charge.amount)}, once the account has the funds`;
    default:
      return dollars(charge.amount);
  }
}

/** Each charge of a batch's items once, naming the items: "Charged, items 1–3: no: Development is never charged …". */
function chargedOfItems(items: readonly (readonly [number, string])[]): string[] {
  const byWords = new Map<string, number[]>();
  for (const [item, words] of items) byWords.set(words, [...(byWords.get(words) ?? []), item]);
  return [...byWords].map(([words, ids]) =>
    ids.length === items.length && items.length > 1
      ? `Charged, every item (${rowList(ids)}): ${words}`
      : `Charged, item${ids.length === 1 ? '' : 's'} ${rowList(ids)}: ${words}`,
  );
}

export function oneId(positionals: readonly string[]): number {
  if (positionals.length !== 1) throw new UsageError('Name one mailer ID');
  return mailerId(positionals[0]!);
}

/**
 * A field's text: the details' fields are all scalars (the type says so), so String shows each as
 * it is; but a time the service writes as 0001-01-01T00:00:00, one that has not happened, is said
 * in words: "not yet" while the mailer goes on, "none" once it is final (--json keeps the service's value).
 */
const text = (value: string | number | boolean | Date | null | undefined, final: boolean) =>
  value instanceof Date
    ? value.getTime() <= ZERO_DATE.getTime()
      ? final
        ? 'none'
        : 'not yet'
      : formatDateTime(value)
    : String(value ?? '');

export async function run(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = commandLine('details', args, { items: { type: 'string' } });
  const id = oneId(positionals);
  const itemIds = values.items ?? '';
  // ItemID takes the syntax of ID (service-facts.md, "Batches").
  if (itemIds !== '' && !parseIdQuery(itemIds))
    throw new UsageError(`--items takes item numbers, a range or a comma list (101-200, 3,17,99), not "${itemIds}"`);
  const client = connect(values, io);
  const unknown = (answered: string) => {
    io.err.write(`mailroom: ${unknownMailers([id], accountOf(values, io), answered)}\n`);
    return EXIT_SERVICE_ERROR;
  };
  try {
    let details, items;
    try {
      details = (await client.datedA.GetDetailsExtended({ ID: String(id) })).Details[0]!;
      items = details.IsBatch ? (await client.datedA.GetBatchDetails({ ID: id, ItemID: itemIds })).Items : [];
    } catch (error) {
      const answered = unknownAnswer(error);
      if (answered === undefined) throw error;
      return unknown(answered);
    }
    if (details.Status === NO_PERMISSIONS_STATUS) return unknown(`${details.Status} ${describeStatus(details.Status)}`);
    const charged = (status: number, price: number) => chargedWords(reportedCharge({ workMode: details.WorkMode, status, price }));
    print(io, values, { ...details, ...(details.IsBatch ? { Items: items } : {}) }, () => [
      ...Object.entries(details).map(
        ([key, value]) =>
          `${key.padEnd(22)}${key === 'Price' && typeof value === 'number' ? dollars(value) : text(value, isFinalStatus(details.Status))}`,
      ),
      `${'Charged'.padEnd(22)}${charged(details.Status, details.Price)}`,
      ...(items.length
        ? [
            '',
            ...table(
              ['Item', 'Code', 'Status', 'Price', 'Sheets'],
              items.map((i) => [String(i.ItemID), String(i.Status), i.Description ?? '', dollars(i.Price), String(i.NumOfSheets)]),
            ),
            // Said once for the items it is true of, not on every item's line.
            ...chargedOfItems(items.map((i) => [i.ItemID, charged(i.Status, i.Price)])),
          ]
        : []),
    ]);
    return EXIT_OK;
  } finally {
    client.close();
  }
}
