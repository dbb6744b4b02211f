/**
 * `mailroom history`: every send this machine's command line made (the send log), joined with what
 * the service says of each mailer now, in as few calls as it allows (one GetDetails and one
 * GetStatus per 1000 IDs of an account, paced as the client paces them).
 *
 * Each account of the log is asked with its own credentials (the keychain's; the environment's only
 * for the account the command names). An account without credentials is not asked: its mailers show
 * "Not asked" and a note says how to sign in. A service that does not answer leaves its mailers
 * "Not asked" too, and the command ends with exit code 1, since the list is then incomplete; so it
 * does when the service reports no such mailer as one the log holds (src/cli/unknown-mailers.ts).
 */
import { tellDamaged } from '../damaged-lines';
import { MailWsFailure, fetchDetails, fetchStatuses, readSendLog, type MailerDetails, type MailerStatus } from '../../client';
import { NO_PERMISSIONS_STATUS, STATUS_GROUPS, describeStatus, formatCsv, formatDateTime, type StatusGroup } from '../../contract';
import {
  amountText,
  chargedAmount,
  historyRows,
  matchesRecord,
  matchesStatus,
  sendLogPath,
  type HistoryFilter,
  type HistoryRow,
  type MailerAnswer,
  type MailerNow,
} from '../../rulebook';
import { dollars, localMinute, recipientWords } from '../../formats';
import type { Account } from '../account-options';
import { connect } from '../connect';
import type { Io } from '../io';
import { print, table } from '../output';
import type { CommandHelp } from '../help';
import { commandLine } from '../arguments';
import { unknownMailers } from '../unknown-mailers';
import { EXIT_OK, EXIT_SERVICE_ERROR, UsageError } from '../usage';

export const usage = `mailroom history [--csv | --json] [--status ${STATUS_GROUPS.join('|')} | CODE] [--since DATE] [--until DATE] [--search TEXT] [--user U]`;

export const help: CommandHelp = {
  summary:
    'Lists every send this machine made (its send log, kept in $XDG_STATE_HOME/mailroom/sent.jsonl, else ' +
    '~/.local/state/mailroom/sent.jsonl) with what the service says of each mailer now: ID, submitted, account, work mode, ' +
    'description, recipient, price, what was charged (0.00 for a failed or cancelled mailer), sheets, status code and words, last update, the SHA-256 of the bytes sent and the ' +
    'source file. Sends whose answer never came are listed as "outcome unknown". Mailers the service no longer reports ' +
    '(a sandbox reset forgot them, or they are another user\'s) are listed as "Unknown" and named on standard error, with exit code 1.',
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
  // The send log's line, as --json gives it: an export is the log's data.
  ['Recipient', (r) => r.recipient ?? ''],
  ['Price', (r) => (r.price === undefined ? '' : amountText(r.price))],
  // What was charged as the service counts it: 0 for a failed, cancelled or Development mailer; empty while unknown.
  [
    'Charged',
    (r) => {
      const amount = chargedAmount(r.charge);
      return amount === undefined ? '' : amountText(amount);
    },
  ],
  ['Sheets', (r) => (r.sheets === undefined ? '' : String(r.sheets))],
  ['Status', (r) => (r.status === undefined ? '' : String(r.status))],
  ['Status words', (r) => statusWords(r)],
  ['Last update', (r) => r.lastUpdate ?? ''],
  ['SHA-256', (r) => r.sha256],
  ['Source', (r) => r.source ?? ''],
] as const satisfies readonly (readonly [string, (row: HistoryRow) => string])[];

/** What the service says of one mailer, from its GetDetails and GetStatus (either may be missing: not reported). */
function mailerNow(details: MailerDetails | undefined, status: MailerStatus | undefined): MailerNow | undefined {
  // -3001 No Permissions is no mailer's status: the service reports none such to the user (src/cli/unknown-mailers.ts).
  const code = (status?.Status === NO_PERMISSIONS_STATUS ? undefined : status?.Status) ?? details?.Status;
  if (code === undefined) return undefined;
  return {
    status: code,
    ...(details ? { workMode: details.WorkMode, price: details.Price, sheets: details.NumOfSheets } : {}),
    ...(status?.LastUpdateTime ? { lastUpdate: formatDateTime(status.LastUpdateTime) } : {}),
  };
}

/** A row's status in words: the service's, or why there is none. */
export function statusWords(row: HistoryRow): string {
  const { state } = row;
  switch (state.kind) {
    case 'refused':
      return `Refused: ${state.reason}`;
    case 'outcome unknown':
      return `Outcome unknown: ${state.reason ?? 'no answer was recorded'}`;
    case 'not asked':
      return `Not asked: ${state.why}`;
    case 'other account':
      return 'Not asked: sent as another account';
    case 'not found':
      return `Unknown: the service reports no such mailer to ${row.user}`;
    case 'reported':
      return state.statusText ?? describeStatus(state.status);
  }
}

/** The price a person reads: what was charged; a price that was not (failed, cancelled, refused) says so; a prediction is marked "~". */
function priceWords(row: HistoryRow): string {
  const { charge } = row;
  if (charge.basis === 'not charged') {
    if (charge.why === 'development') return row.price === undefined ? '' : dollars(row.price);
    return row.price === undefined && charge.why === 'refused' ? '' : 'not charged';
  }
  if (charge.basis === 'predicted' || charge.basis === 'outcome unknown') return charge.amount > 0 ? `~${dollars(charge.amount)}` : '';
  return dollars(charge.amount);
}

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
  const { values, positionals } = commandLine('history', args, {
    csv: { type: 'boolean', default: false },
    status: { type: 'string' },
    since: { type: 'string' },
    until: { type: 'string' },
    search: { type: 'string' },
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
  const records = (await readSendLog(sendLogPath(io.env), tellDamaged(io))).filter((r) =>
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
  /** Per account: its mailers as the service reports them, or why it was not asked. */
  const answers = new Map<string, ReadonlyMap<number, MailerNow | undefined> | string>();
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
      const details = await fetchDetails(client, ids);
      const statuses = await fetchStatuses(client, ids);
      answers.set(key, new Map(ids.map((id) => [id, mailerNow(details.get(id), statuses.get(id))])));
    } catch (error) {
      if (!(error instanceof MailWsFailure)) throw error;
      incomplete = true;
      answers.set(key, `the service did not answer (${error.message})`);
      io.err.write(`mailroom: ${account.user} at ${account.endpoint} could not be asked: ${error.message}\n`);
    } finally {
      client.close();
    }
  }
  const answerOf = (record: (typeof records)[number]): MailerAnswer => {
    const answer = answers.get(JSON.stringify([record.endpoint, record.user]));
    if (answer === undefined || typeof answer === 'string') return { kind: 'not asked', why: answer ?? 'the service was not asked' };
    return { kind: 'asked', reported: record.outcome === 'sent' ? answer.get(record.id) : undefined };
  };
  const rows = historyRows(records, answerOf).filter((row) => matchesStatus(row, status));

  if (values.csv) io.out.write(formatCsv([COLUMNS.map(([name]) => name), ...rows.map((row) => COLUMNS.map(([, cell]) => cell(row)))]));
  else
    // --json: each row as the rulebook has it, with its status in words (statusText), as before.
    print(
      io,
      values,
      rows.map((row) => ({ ...row, statusText: statusWords(row) })),
      () =>
        rows.length === 0
          ? ['No sends match.']
          : table(
              ['ID', 'Submitted', 'User', 'Mode', 'Description', 'Recipient', 'Price', 'Status'],
              rows.map((r) => [
                r.id === undefined ? '-' : String(r.id),
                localMinute(r.submitted),
                r.user,
                r.workMode ?? '',
                r.description ?? '',
                r.recipient === undefined ? '' : recipientWords(r.recipient),
                priceWords(r),
                statusWords(r),
              ]),
            ),
    );
  // Mailers the service no longer reports (a sandbox reset forgot them, or the user is not theirs): said, and exit code 1.
  const unknown = new Map<string, { account: Account; ids: number[] }>();
  for (const row of rows) {
    if (row.state.kind !== 'not found' || row.id === undefined) continue;
    const key = JSON.stringify([row.endpoint, row.user]);
    const entry = unknown.get(key) ?? { account: { endpoint: row.endpoint, user: row.user }, ids: [] };
    entry.ids.push(row.id);
    unknown.set(key, entry);
  }
  for (const { account, ids } of unknown.values()) io.err.write(`mailroom: ${unknownMailers(ids, account)}\n`);
  return incomplete || unknown.size > 0 ? EXIT_SERVICE_ERROR : EXIT_OK;
}
