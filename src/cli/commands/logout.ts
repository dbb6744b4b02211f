/** `mailroom logout [--profile NAME | --user U]`: forgets the user's password and API key for the endpoint (a profile itself holds no secret and stays). */
import { endpointOf, userOf } from '../account-options';
import type { Io } from '../io';
import { commandLine } from '../arguments';
import { accountNames } from '../keychain';
import type { CommandHelp } from '../help';

export const usage = 'mailroom logout [--profile NAME] [--user U]';

export const help: CommandHelp = {
  summary: "Forgets the user's password and API key for the endpoint from the OS keychain.",
  options: [],
  global: true,
  examples: ['mailroom logout --endpoint https://mail.example.com --user jane'],
};

export function run(args: readonly string[], io: Io): void {
  const { values } = commandLine('logout', args, {}, { positionals: false });
  const endpoint = endpointOf(values, io);
  const user = userOf(values, io);
  const names = accountNames(user, endpoint);
  const forgot = [io.keychain.delete(names.password), io.keychain.delete(names.apiKey)].some(Boolean);
  io.out.write(forgot ? `Forgot the secrets of ${user} for ${endpoint}.\n` : `The keychain held nothing for ${user} at ${endpoint}.\n`);
}
