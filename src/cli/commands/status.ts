/** `mailroom status IDS…`: the status of any number of mailers (IDs, ranges a-b, comma lists), in as few calls as allowed. */
import { fetchStatuses } from '../../client';
import { NO_PERMISSIONS_STATUS, expandIdQuery, formatDateTime } from '../../contract';
import { accountOf } from '../account-options';
import { connect } from '../connect';
import type { Io } from '../io';
import { print, table } from '../output';
import { EXIT_OK, EXIT_SERVICE_ERROR, UsageError } from '../usage';
import type { CommandHelp } from '../help';
import { commandLine, idQuery } from '../arguments';
import { unknownMailers } from '../unknown-mailers';

export const usage = 'mailroom status IDS… (1021984, 1021984-1021990, 1021984,1021990)';

export const help: CommandHelp = {
  summary:
    'Prints the status of mailers: each ID, its status code, the status in words and its last update. IDs the service does not report ' +
    'to the user are named on standard error as unknown, and the exit code is then 1.',
  options: [['IDS…', 'one ID, a range a-b or a comma list, as many as wanted']],
  global: true,
  examples: ['mailroom status 1021984-1021990', 'mailroom status 1021984 --json'],
};

export function idsOfArguments(args: readonly string[]): number[] {
  if (args.length === 0) throw new UsageError('Name the mailers: an ID, a range a-b or a comma list');
  return args.flatMap((arg) => expandIdQuery(idQuery(arg), Number.POSITIVE_INFINITY));
}

export async function run(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = commandLine('status', args, {});
  const ids = idsOfArguments(positionals);
  const client = connect(values, io);
  try {
    // What the service does not report (-3115, or -3001 No Permissions with a zero time) is no mailer's status: it is said apart.
    const statuses = [...(await fetchStatuses(client, ids)).values()].filter((s) => s.Status !== NO_PERMISSIONS_STATUS);
    const known = new Set(statuses.map((s) => s.ID));
    const unknown = ids.filter((id) => !known.has(id));
    print(io, values, statuses, () =>
      statuses.length === 0
        ? []
        : table(
            ['ID', 'Code', 'Status', 'Last update'],
            statuses.map((s) => [String(s.ID), String(s.Status), s.Description ?? '', formatDateTime(s.LastUpdateTime)]),
          ),
    );
    if (unknown.length === 0) return EXIT_OK;
    io.err.write(`mailroom: ${unknownMailers(unknown, accountOf(values, io))}\n`);
    return EXIT_SERVICE_ERROR;
  } finally {
    client.close();
  }
}
