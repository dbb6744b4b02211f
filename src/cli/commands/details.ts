/** `mailroom details ID`: everything the service reports of a mailer, and of a batch's items. */
import { parseArgs } from 'node:util';
import { formatDateTime } from '../../contract';
import { GLOBAL_OPTIONS, connect, print, table, type Io } from '../context';
import { UsageError } from '../usage';
import type { CommandHelp } from '../help';

export const usage = 'mailroom details ID';

export const help: CommandHelp = {
  summary: 'Prints the details of one mailer: price, sheets, times, work mode and print properties; a batch with its items.',
  options: [['ID', "the mailer's ID"]],
  global: true,
  examples: ['mailroom details 1021984'],
};

export function oneId(positionals: readonly string[]): number {
  if (positionals.length !== 1 || !/^\d+$/.test(positionals[0]!)) throw new UsageError('Name one mailer ID');
  return Number(positionals[0]);
}

/** A field's text: the details' fields are all scalars (the type says so), so String shows each as it is. */
const text = (value: string | number | boolean | Date | null | undefined) =>
  value instanceof Date ? formatDateTime(value) : String(value ?? '');

export async function run(args: readonly string[], io: Io): Promise<void> {
  const { values, positionals } = parseArgs({ args: [...args], allowPositionals: true, options: GLOBAL_OPTIONS });
  const id = oneId(positionals);
  const client = connect(values, io);
  try {
    const details = (await client.datedA.GetDetailsExtended({ ID: String(id) })).Details[0]!;
    const items = details.IsBatch ? (await client.datedA.GetBatchDetails({ ID: id, ItemID: '' })).Items : [];
    print(io, values, { ...details, ...(details.IsBatch ? { Items: items } : {}) }, () => [
      ...Object.entries(details).map(([key, value]) => `${key.padEnd(22)}${text(value)}`),
      ...(items.length
        ? [
            '',
            ...table(
              ['Item', 'Status', 'Description', 'Price', 'Sheets'],
              items.map((i) => [String(i.ItemID), String(i.Status), i.Description ?? '', String(i.Price), String(i.NumOfSheets)]),
            ),
          ]
        : []),
    ]);
  } finally {
    client.close();
  }
}
