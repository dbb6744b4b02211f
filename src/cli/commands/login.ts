/**
 * `mailroom login [--user U] [--api-key]`: checks a password (with a harmless read) and keeps it,
 * or an API key, in the OS keychain. The secret is read from standard input, never an argument.
 * `mailroom logout` forgets both. With `--profile NAME`, the endpoint, user and binding are also kept
 * (without the secret) as a named profile in the command line's settings (config.ts), once the
 * secret is kept: `--profile NAME` then stands for them on any command.
 */
import { MailWsClient, checkSignIn } from '../../client';
import { bindingOf, endpointOf, timeoutOf, userOf } from '../account-options';
import type { Io } from '../io';
import { configPath, readConfig, writeConfig, type Profile } from '../config';
import { accountNames, KeychainUnavailable } from '../keychain';
import { EXIT_OK, EXIT_SERVICE_ERROR, UsageError } from '../usage';
import { commandLine } from '../arguments';
import type { CommandHelp } from '../help';

export const usage =
  'mailroom login [--profile NAME] [--endpoint URL] [--user U] [--api-key]   (the password or key is read from standard input)';

export const help: CommandHelp = {
  summary:
    'Reads a password (checked with a harmless read) or an API key from standard input, never an argument, ' +
    'and keeps it in the OS keychain for the user at the endpoint.',
  options: [
    ['--api-key', 'keep an API key (for SendLetterAdvanced and SetUserSettings) instead of a password'],
    ['--profile NAME', 'also keep the endpoint, user and binding as the profile NAME (no secret), for --profile NAME on any command'],
  ],
  global: true,
  examples: [
    'mailroom login --endpoint https://mail.example.com --user jane',
    'mailroom login --profile work --endpoint https://mail.example.com --user jane',
  ],
};

export async function run(args: readonly string[], io: Io): Promise<number> {
  const parsed = commandLine('login', args, { 'api-key': { type: 'boolean', default: false } }, { positionals: false });
  // Before anything is asked or kept: a name refused after the secret is in the keychain leaves it there.
  if (parsed.values.profile !== undefined) checkProfileName(parsed.values.profile);
  // A profile being made is not there yet: its account comes from the flags; one that is, gives its own.
  const making = parsed.values.profile !== undefined && !readConfig(io.env).profiles?.[parsed.values.profile];
  const values = making ? { ...parsed.values, profile: undefined } : parsed.values;
  // Nor from MAILROOM_PROFILE, which names another profile (or this one, not made yet).
  const from: Io = making ? { ...io, env: { ...io.env, MAILROOM_PROFILE: undefined } } : io;
  const endpoint = endpointOf(values, from);
  const user = userOf(values, from);
  const timeoutMs = timeoutOf(values, from);
  const apiKey = values['api-key'];
  const secret = (await io.readSecret(apiKey ? `API key of ${user}: ` : `Password of ${user} at ${endpoint}: `)).trim();
  if (!secret) throw new UsageError(`No ${apiKey ? 'API key' : 'password'} given on standard input`);
  if (!apiKey) {
    const client = new MailWsClient({
      endpoint,
      binding: bindingOf(values, from),
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
  const what = apiKey ? 'API key' : 'password';
  let unavailable: KeychainUnavailable | undefined;
  try {
    io.keychain.set(apiKey ? names.apiKey : names.password, secret);
    io.out.write(`Kept the ${what} of ${user} for ${endpoint} in the OS keychain.\n`);
  } catch (error) {
    if (!(error instanceof KeychainUnavailable)) throw error;
    unavailable = error;
  }
  // The profile is kept all the same: it holds no secret, and with the secret from the environment it works.
  if (parsed.values.profile !== undefined) keepProfile(parsed.values.profile, { endpoint, user, binding: bindingOf(values, from) }, io);
  if (!unavailable) return EXIT_OK;
  const variable = apiKey ? 'MAILROOM_API_KEY' : 'MAILROOM_PASSWORD';
  io.err.write(
    `mailroom: the ${what} of ${user} at ${endpoint}${apiKey ? '' : ' was checked, but it'} was not kept: no OS keychain is available ` +
      `(${unavailable.reason}). The commands take it from ${variable} instead: set it in the environment they run in` +
      `${parsed.values.profile === undefined ? '' : ` with --profile ${parsed.values.profile}`} ` +
      `(for example \`read -rs ${variable} && export ${variable}\`). A Secret Service (for example gnome-keyring) would keep it.\n`,
  );
  return EXIT_SERVICE_ERROR;
}

function checkProfileName(name: string): void {
  if (!/^[\w.-]{1,64}$/.test(name)) throw new UsageError(`A profile's name is letters, digits, ".", "-" and "_", not "${name}"`);
}

function keepProfile(name: string, profile: Profile, io: Io): void {
  const config = readConfig(io.env);
  const spending = config.profiles?.[name]?.spending;
  writeConfig(io.env, {
    ...config,
    profiles: { ...config.profiles, [name]: { ...profile, ...(spending ? { spending } : {}) } },
  });
  io.out.write(`Kept the profile ${name} (${profile.user} at ${profile.endpoint}) in ${configPath(io.env)}.\n`);
}
