/**
 * `mailroom history`: every send this machine's command line made (the send log), joined with what
 * the service says of each mailer now, in as few calls as it allows (one GetDetails and one
 * GetStatus per 1000 IDs of an account, paced as the client paces them).
 *
 * Each account of the log is asked with its own credentials (the keychain's; the environment's only
 * for the account the command names). An account without credentials is not asked: its mailers show
 * "Not asked" and a note says how to sign in. A service that does not answer leaves its mailers
 * "Not asked" too, and the command ends with exit code 1, since the list is then incomplete.
 */
import { parseArgs } from 'node:util';
import {
  dollars,
  MailWsFailure,
  fetchDetails,
  fetchStatuses,
  historyRow,
  matchesRecord,
  matchesStatus,
  readSendLog,
  type AccountAnswer,
  type HistoryFilter,
  type HistoryRow,
} from '../../client';
import { STATUS_GROUPS, formatCsv, type StatusGroup } from '../../contract';
import { GLOBAL_OPTIONS, connect, print, table, type Account, type Io } from '../context';
import type { CommandHelp } from '../help';
import { sendLogPath } from '../state';
import { EXIT_OK, EXIT_SERVICE_ERROR, UsageError } from '../usage';

export const usage = `mailroom history [--csv | --json] [--status ${STATUS_GROUPS.join('|')} | CODE] [--since DATE] [--until DATE] [--search TEXT] [--user U]`;

export const help: CommandHelp = {
  summary:
    'Lists every send this machine made (its send log, kept in $XDG_STATE_HOME/mailroom/sent.jsonl, else ' +
    '~/.local/state/mailroom/sent.jsonl) with what the service says of each mailer now: ID, submitted, account, work mode, ' +
    'description, recipient, price, sheets, status code and words, last update, the SHA-256 of the bytes sent and the ' +
    'source file. Sends whose answer never came are listed as "outcome unknown".',
  options: [
    ['--csv', 'print RFC 4180 CSV with a header row'],
    ['--json', 'print a JSON array'],
    ['--status GROUP|CODE', `only mailers in one group (${STATUS_GROUPS.join(', ')}) or at one status code (written --status=-1018)`],
    ['--since DATE', 'only sends made at or after DATE (YYYY-MM-DD, this machine’s day, or an ISO 8601 time)'],
    ['--until DATE', 'only sends made at or before DATE (a day counts whole)'],
    ['--search TEXT', 'only sends whose ID, description, recipient or source file contains TEXT (any case)'],
    ['--user U', 'only sends made as user U'],
  ],
  global: false,
  examples: [
    'mailroom history --since 2026-11-01 --status failed',
    'mailroom history --search "Jane Doe" --json',
    'mailroom history --csv > sent.csv',
  ],
};

const COLUMNS = [
  ['ID', (r) => (r.id === undefined ? '' : String(r.id))],
  ['Submitted', (r) => r.submitted],
  ['Endpoint', (r) => r.endpoint],
  ['User', (r) => r.user],
  ['Work mode', (r) => r.workMode ?? ''],
  ['Description', (r) => r.description ?? ''],
  ['Recipient', (r) => r.recipient ?? ''],
  ['Price', (r) => (r.price === undefined ? '' : r.price.toFixed(2))],
  ['Sheets', (r) => (r.sheets === undefined ? '' : String(r.sheets))],
  ['Status', (r) => (r.status === undefined ? '' : String(r.status))],
  ['Status words', (r) => r.statusText],
  ['Last update', (r) => r.lastUpdate ?? ''],
  ['SHA-256', (r) => r.sha256],
  ['Source', (r) => r.source ?? ''],
] as const satisfies readonly (readonly [string, (row: HistoryRow) => string])[];

/** A day (YYYY-MM-DD, this machine's) or an ISO 8601 time; a day's start for --since, its end for --until. */
export function dateOption(text: string | undefined, flag: 'since' | 'until'): Date | undefined {
  if (text === undefined) return undefined;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = day
    ? flag === 'since'
      ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]))
      : new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]) + 1, 0, 0, 0, -1)
    : /^\d{4}-\d{2}-\d{2}T/.test(text)
      ? new Date(text)
      : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw new UsageError(`--${flag} takes a day (2026-11-23) or an ISO 8601 time, not "${text}"`);
  return date;
}

function statusOption(text: string | undefined): HistoryFilter['status'] {
  if (text === undefined) return undefined;
  if ((STATUS_GROUPS as readonly string[]).includes(text)) return text as StatusGroup;
  if (/^-?\d+$/.test(text)) return Number(text);
  throw new UsageError(`--status takes one of ${STATUS_GROUPS.join(', ')} or a status code, not "${text}"`);
}

export async function run(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      ...GLOBAL_OPTIONS,
      csv: { type: 'boolean', default: false },
      status: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      search: { type: 'string' },
    },
  });
  if (positionals.length > 0) throw new UsageError(`history takes no ${positionals[0]}: ${usage}`);
  if (values.csv && values.json) throw new UsageError('Choose --csv or --json, not both');
  const filter: HistoryFilter = {
    ...(values.user === undefined ? {} : { user: values.user }),
    ...(values.search === undefined ? {} : { search: values.search }),
  };
  const since = dateOption(values.since, 'since');
  const until = dateOption(values.until, 'until');
  const status = statusOption(values.status);
  const records = (await readSendLog(sendLogPath(io.env))).filter((r) =>
    matchesRecord(r, { ...filter, ...(since ? { since } : {}), ...(until ? { until } : {}) }),
  );

  const accounts = new Map<string, { account: Account; ids: number[] }>();
  for (const record of records) {
    if (record.outcome !== 'sent') continue;
    const key = JSON.stringify([record.endpoint, record.user]);
    const entry = accounts.get(key) ?? { account: { endpoint: record.endpoint, user: record.user }, ids: [] };
    entry.ids.push(record.id);
    accounts.set(key, entry);
  }
  const answers = new Map<string, AccountAnswer | string>();
  let incomplete = false;
  for (const [key, { account, ids }] of accounts) {
    let client;
    try {
      client = connect(values, io, account);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      answers.set(key, 'no credentials for this account');
      io.err.write(`mailroom: ${account.user} at ${account.endpoint} was not asked. ${error.message}\n`);
      continue;
    }
    try {
      answers.set(key, { details: await fetchDetails(client, ids), statuses: await fetchStatuses(client, ids) });
    } catch (error) {
      if (!(error instanceof MailWsFailure)) throw error;
      incomplete = true;
      answers.set(key, `the service did not answer (${error.message})`);
      io.err.write(`mailroom: ${account.user} at ${account.endpoint} could not be asked: ${error.message}\n`);
    } finally {
      client.close();
    }
  }
  const rows = records
    .map((r) => historyRow(r, answers.get(JSON.stringify([r.endpoint, r.user]))))
    .filter((row) => matchesStatus(row, status));

  if (values.csv) io.out.write(formatCsv([COLUMNS.map(([name]) => name), ...rows.map((row) => COLUMNS.map(([, cell]) => cell(row)))]));
  else
    print(io, values, rows, () =>
      rows.length === 0
        ? ['No sends match.']
        : table(
            ['ID', 'Submitted', 'User', 'Mode', 'Description', 'Recipient', 'Price', 'Status'],
            rows.map((r) => [
              r.id === undefined ? '-' : String(r.id),
              new Date(r.submitted).toLocaleString('sv-SE').slice(0, 16),
              r.user,
              r.workMode ?? '',
              r.description ?? '',
              r.recipient ?? '',
              r.price === undefined ? '' : dollars(r.price),
              r.statusText,
            ]),
          ),
    );
  return incomplete ? EXIT_SERVICE_ERROR : EXIT_OK;
}
