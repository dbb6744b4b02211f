/** The client a command calls the service with, for the account it names or another one. */
import { MailWsClient, SendLog, SettingsLog, type CallEvent } from '../client';
import { getIntervalMs } from '../contract';
import { printSettingsLogPath, sendLogPath } from '../rulebook';
import { accountOf, bindingOf, timeoutOf, type Account } from './account-options';
import { credentialsOf } from './credentials';
import type { GlobalValues } from './global-options';
import type { Io } from './io';

/**
 * A client for the account the command names, or another one (`mailroom history` reads every
 * account of the send log), with its credentials found (credentials.ts).
 */
export function connect(values: GlobalValues, io: Io, account: Account = accountOf(values, io)): MailWsClient {
  const { endpoint } = account;
  const credentials = credentialsOf(values, io, account);
  const log = (event: CallEvent) => {
    // The binding used, and why when it is not the one asked for (ASP.NET would refuse the call there).
    const why = event.reason ? ` (${event.reason})` : '';
    const outcome = `${event.code === undefined ? '' : `, code ${event.code}`}${event.error ? `, ${event.error}` : ''}`;
    io.err.write(`mailroom: ${event.operation} over ${event.binding}${why}, ${event.ms} ms${outcome}\n`);
  };
  const timeoutMs = timeoutOf(values, io);
  return new MailWsClient({
    endpoint,
    binding: bindingOf(values, io),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    credentials,
    // The real service allows one call per Get method every 6 s; a sandbox on this machine, any number.
    minIntervalMs: getIntervalMs(endpoint),
    ...(values.verbose ? { onCall: log } : {}),
    sendLog: new SendLog([sendLogPath(io.env)]),
    // What SetUserSettings sets of how letters print: the preflight and the price assume it (src/cli/print-settings.ts).
    settingsLog: new SettingsLog(printSettingsLogPath(io.env), 'command line', (error) =>
      io.err.write(
        `warning: the settings changed, but ${printSettingsLogPath(io.env)} could not be written (${(error as Error).message}): ` +
          'the preflight and the price will not assume them; set printSides or printColor in config.json.\n',
      ),
    ),
  });
}
