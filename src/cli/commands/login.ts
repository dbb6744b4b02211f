/**
 * `mailroom login [--user U] [--api-key]`: checks a password (with a harmless read) and keeps it,
 * or an API key, in the OS keychain. The secret is read from standard input, never an argument.
 * `mailroom logout` forgets both.
 */
import { parseArgs } from 'node:util';
import { MailWsClient, checkSignIn } from '../../client';
import { GLOBAL_OPTIONS, bindingOf, endpointOf, timeoutOf, userOf, type Io } from '../context';
import { accountNames } from '../keychain';
import { UsageError } from '../usage';
import type { CommandHelp } from '../help';

export const usage = 'mailroom login [--user U] [--api-key]   (the password or key is read from standard input)';

export const help: CommandHelp = {
  summary:
    'Reads a password (checked with a harmless read) or an API key from standard input, never an argument, ' +
    'and keeps it in the OS keychain for the user at the endpoint.',
  options: [['--api-key', 'keep an API key (for SendLetterAdvanced and SetUserSettings) instead of a password']],
  global: true,
  examples: ['mailroom login --endpoint https://mail.example.com --user jane'],
};

export async function run(args: readonly string[], io: Io): Promise<void> {
  const { values } = parseArgs({ args: [...args], options: { ...GLOBAL_OPTIONS, 'api-key': { type: 'boolean', default: false } } });
  const endpoint = endpointOf(values, io);
  const user = userOf(values, io);
  const timeoutMs = timeoutOf(values, io);
  const apiKey = values['api-key'];
  const secret = (await io.readSecret(apiKey ? `API key of ${user}: ` : `Password of ${user} at ${endpoint}: `)).trim();
  if (!secret) throw new UsageError(`No ${apiKey ? 'API key' : 'password'} given on standard input`);
  if (!apiKey) {
    const client = new MailWsClient({
      endpoint,
      binding: bindingOf(values, io),
      credentials: { username: user, password: secret },
      retry: { attempts: 1, baseDelayMs: 0 },
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    try {
      await checkSignIn(client);
    } finally {
      client.close();
    }
  }
  const names = accountNames(user, endpoint);
  io.keychain.set(apiKey ? names.apiKey : names.password, secret);
  io.out.write(`Kept the ${apiKey ? 'API key' : 'password'} of ${user} for ${endpoint} in the OS keychain.\n`);
}
