/** `mailroom status IDS…`: the status of any number of mailers (IDs, ranges a-b, comma lists), in as few calls as allowed. */
import { parseArgs } from 'node:util';
import { fetchStatuses } from '../../client';
import { expandIdQuery, parseIdQuery, formatDateTime } from '../../contract';
import { GLOBAL_OPTIONS, connect, print, table, type Io } from '../context';
import { UsageError } from '../usage';
import type { CommandHelp } from '../help';

export const usage = 'mailroom status IDS… (1021984, 1021984-1021990, 1021984,1021990)';

export const help: CommandHelp = {
  summary: 'Prints the status of mailers: each ID, its status code, description and last update.',
  options: [['IDS…', 'one ID, a range a-b or a comma list, as many as wanted']],
  global: true,
  examples: ['mailroom status 1021984-1021990', 'mailroom status 1021984 --json'],
};

export function idsOfArguments(args: readonly string[]): number[] {
  if (args.length === 0) throw new UsageError('Name the mailers: an ID, a range a-b or a comma list');
  return args.flatMap((arg) => {
    const query = parseIdQuery(arg);
    if (!query) throw new UsageError(`"${arg}" is not an ID, a range a-b or a comma list`);
    return expandIdQuery(query, Number.POSITIVE_INFINITY);
  });
}

export async function run(args: readonly string[], io: Io): Promise<void> {
  const { values, positionals } = parseArgs({ args: [...args], allowPositionals: true, options: GLOBAL_OPTIONS });
  const ids = idsOfArguments(positionals);
  const client = connect(values, io);
  try {
    const statuses = [...(await fetchStatuses(client, ids)).values()];
    print(io, values, statuses, () =>
      table(
        ['ID', 'Status', 'Description', 'Last update'],
        statuses.map((s) => [String(s.ID), String(s.Status), s.Description ?? '', formatDateTime(s.LastUpdateTime)]),
      ),
    );
  } finally {
    client.close();
  }
}
