/**
 * `mailroom sandbox [--port P] [--data DIR] [--accounts FILE] [--rate-limit] [--max-body-mb N]
 * [--schedule IN,PRINTED,COMPLETED] [--repair]`: runs the local Mail WS until SIGINT or SIGTERM.
 * `mailroom sandbox advance|fail|funds|reset ...` controls a running one (../sandbox-control.ts).
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SANDBOX_PORT, RESULT, STATUS } from '../../contract';
import type { Schedule } from '../../sandbox/lifecycle';
import type { Io } from '../io';
import { CHOSEN_FAILURES, CONTROL_ACTIONS } from '../../sandbox/control/protocol';
import { runControl } from '../sandbox-control';
import { UsageError } from '../usage';
import type { CommandHelp } from '../help';
import { untilStopped } from '../until-stopped';
import { commandLine, decimalNumber, portNumber } from '../arguments';
import { readUserFile } from '../user-files';

export const usage =
  'mailroom sandbox [--port P] [--data DIR] [--accounts FILE] [--rate-limit] [--max-body-mb N] [--schedule S1,S2,S3 (seconds) | --schedule interactive] [--print-wait SECONDS] [--repair]' +
  ' | mailroom sandbox advance DURATION | fail ID CODE | funds USER AMOUNT | reset [--endpoint URL] [--timeout SECONDS] [--verbose] [--json]';

export const help: CommandHelp = {
  summary:
    'Runs the local Mail WS sandbox until Ctrl+C (SIGINT) or SIGTERM, with the demo accounts (demo/demo, clerk/clerk, ' +
    'other/other) on a fresh data folder. Prints "Mail WS sandbox listening on URL" when ready. Its subcommands control ' +
    'a running sandbox (on this machine) for tests: advance moves its clock forward for everyone (60s, 2h, 3d, 1h30m), ' +
    `fail makes a mailer not yet final end now at a failure status (${CHOSEN_FAILURES.slice(0, -1).join(', ')} or ${CHOSEN_FAILURES.at(-1)}; what was ` +
    "charged is refunded), funds sets the balance of a user's account (paying for mailers waiting for funds), reset forgets every mailer and stored file (accounts " +
    'and users stay). Each is kept across restarts.',
  options: [
    ['--port P', 'where to listen on 127.0.0.1; 8317 by default, 0 for any free port'],
    ['--data DIR', 'its data folder; ~/.local/share/mailroom/sandbox by default'],
    ['--accounts FILE', 'accounts and users from a JSON file instead of the demo ones'],
    ['--rate-limit', `refuse Get calls faster than the real service's pace (${RESULT.RateLimit})`],
    ['--max-body-mb N', 'the largest request body; 32 by default'],
    ['--schedule S1,S2,S3', 'seconds until In Process, printed and Completed (2,4,6 by default), or interactive (5,20,25)'],
    [
      '--print-wait SECONDS',
      "how long a GetPDF waits for a batch's PDF being printed before it answers -3020 (not available now: still processing); 20 by default",
    ],
    ['--repair', 'starts on a damaged journal: keeps every intact record, sets the damaged file aside beside it, and says what was lost'],
    ['advance DURATION', "moves the running sandbox's clock forward by DURATION"],
    ['fail ID CODE', 'makes mailer ID (or a batch) end now at failure status CODE'],
    ['funds USER AMOUNT', "sets the balance of USER's account to AMOUNT dollars; it pays for the mailers waiting for funds, oldest first"],
    ['reset', 'forgets every mailer and stored file, from disk too'],
    ['--endpoint URL', 'the running sandbox (or MAILROOM_ENDPOINT); http://127.0.0.1:8317 by default'],
    ['--timeout SECONDS', 'how long the control call may take (or MAILROOM_TIMEOUT); 30 by default'],
    ['--verbose', 'one line per control call on standard error'],
    ['--json', "print the sandbox's answer as JSON"],
  ],
  global: false,
  examples: [
    'mailroom sandbox --port 8317 --schedule interactive',
    'mailroom sandbox advance 1h30m',
    `mailroom sandbox fail 1021984 ${STATUS.AddressNotVerified}`,
    'mailroom sandbox funds demo 0',
    'mailroom sandbox reset --endpoint http://127.0.0.1:8317',
  ],
};

export function defaultDataDir(): string {
  return join(process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'mailroom', 'sandbox');
}

function schedule(value: string | undefined, interactive: Schedule): Schedule | undefined {
  if (value === undefined) return undefined;
  if (value === 'interactive') return interactive;
  const seconds = value.split(',').map((s) => decimalNumber(s, '--schedule', { of: 'seconds' }));
  if (seconds.length !== 3 || !(seconds[0]! <= seconds[1]! && seconds[1]! <= seconds[2]!)) {
    throw new UsageError('--schedule takes three rising numbers of seconds (in process, printed, completed), or interactive (5,20,25)');
  }
  const [inProcess, printed, completed] = seconds.map((s) => s * 1000) as [number, number, number];
  return {
    inProcessMs: inProcess,
    printedMs: printed,
    completedMs: completed,
    fundsGiveUpMs: Math.max(completed, printed + (completed - inProcess)),
  };
}

export async function run(args: readonly string[], io: Io): Promise<number | void> {
  const subcommand = CONTROL_ACTIONS.find((name) => name === args[0]);
  if (subcommand) return runControl(subcommand, args.slice(1), io);
  const out = io.out;
  const { values } = commandLine(
    'sandbox',
    args,
    {
      port: { type: 'string', default: String(DEFAULT_SANDBOX_PORT) },
      data: { type: 'string', default: defaultDataDir() },
      accounts: { type: 'string' },
      'rate-limit': { type: 'boolean', default: false },
      'max-body-mb': { type: 'string' },
      schedule: { type: 'string' },
      'print-wait': { type: 'string' },
      repair: { type: 'boolean', default: false },
    },
    { positionals: false },
  );
  const port = portNumber(values.port);
  const printWait = values['print-wait'] === undefined ? undefined : decimalNumber(values['print-wait'], '--print-wait', { of: 'seconds' });
  const maxBodyMb =
    values['max-body-mb'] === undefined ? undefined : decimalNumber(values['max-body-mb'], '--max-body-mb', { aboveZero: true });
  // The accounts file is the person's: one that is not there or is no JSON is a usage mistake, said before anything starts.
  if (values.accounts !== undefined) await readUserFile(values.accounts, 'the accounts file');
  // The sandbox (with pdf-lib) is loaded only by this command, so that the others start quickly.
  const { INTERACTIVE_SCHEDULE, readAccountsFile, startSandbox } = await import('../../sandbox');
  const accounts =
    values.accounts === undefined
      ? undefined
      : await readAccountsFile(values.accounts).catch((error: unknown) => {
          throw new UsageError(`Cannot use the accounts file: ${(error as Error).message}`);
        });
  const sandbox = await startSandbox({
    dataDir: values.data,
    port,
    accounts,
    rateLimit: values['rate-limit'],
    limits: maxBodyMb === undefined ? {} : { maxBodyBytes: maxBodyMb * 1024 * 1024 },
    schedule: schedule(values.schedule, INTERACTIVE_SCHEDULE),
    ...(printWait === undefined ? {} : { printWaitMs: printWait * 1000 }),
    repair: values.repair,
    say: (line) => io.err.write(`${line}\n`),
  });
  out.write(`Mail WS sandbox listening on ${sandbox.url}\n`);
  await untilStopped();
  await sandbox.close();
}
