/**
 * `mailroom`: the command line over the same client as the extension, for scripts, CI and people
 * without VS Code. Exit codes: one rule for every command, written in usage.ts and docs/cli.md.
 */
import { createInterface } from 'node:readline';
import { MailWsFailure, MailWsInputError } from '../client';
import * as call from './commands/call';
import * as cancel from './commands/cancel';
import * as details from './commands/details';
import * as files from './commands/files';
import * as history from './commands/history';
import * as listen from './commands/listen';
import * as login from './commands/login';
import * as logout from './commands/logout';
import * as merge from './commands/merge';
import * as pdf from './commands/pdf';
import * as postcard from './commands/postcard';
import * as preflight from './commands/preflight';
import * as sandbox from './commands/sandbox';
import * as send from './commands/send';
import * as status from './commands/status';
import * as wsdl from './commands/wsdl';
import type { Io } from './io';
import { GLOBAL_OPTIONS } from './global-options';
import { asksForHelp, commandHelp, overview, type CommandHelp } from './help';
import { warnUnknownKeys } from './config';
import { KeychainUnavailable, osKeychain } from './keychain';
import { quietOnClosedPipe } from './closed-pipe';
import { packageVersion } from './version';
import { closePrinting } from './printing';
import { EXIT_NOT_CONFIRMED, EXIT_OK, EXIT_SERVICE_ERROR, EXIT_USAGE, NotConfirmed, Refused, UsageError } from './usage';

export interface Command {
  readonly usage: string;
  readonly help: CommandHelp;
  /** The exit code, when the command decides it (EXIT_OK otherwise). */
  run(args: readonly string[], io: Io): void | number | Promise<void | number>;
}

/** Every command, in the order `mailroom --help` lists them (docs/cli.md's reference is made from the same). */
export const commands: Readonly<Record<string, Command>> = {
  preflight,
  send,
  postcard,
  status,
  details,
  pdf,
  cancel,
  files,
  merge,
  history,
  call,
  login,
  logout,
  sandbox,
  listen,
  wsdl,
};

/** `mailroom`, `mailroom --help`, `mailroom help [COMMAND]` and `mailroom COMMAND --help`: the help asked for, if any. */
function helpAsked(name: string | undefined, args: readonly string[]): string | undefined {
  if (name === undefined || name === '--help' || name === '-h') return overview(Object.values(commands));
  const command = name === 'help' ? (args[0] === undefined ? undefined : commands[args[0]]) : commands[name];
  if (name === 'help') return command ? commandHelp(command.usage, command.help) : overview(Object.values(commands));
  return command && asksForHelp(args) ? commandHelp(command.usage, command.help) : undefined;
}

async function readAll(stream: NodeJS.ReadStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The process's terminal: secrets read without echo, questions asked only where someone can answer. */
export function processIo(): Io {
  const interactive = Boolean(process.stdin.isTTY && process.stderr.isTTY);
  return {
    out: process.stdout,
    err: process.stderr,
    env: process.env,
    interactive,
    keychain: osKeychain,
    async readSecret(prompt) {
      if (!process.stdin.isTTY) return (await readAll(process.stdin)).split(/\r?\n/)[0] ?? '';
      process.stderr.write(prompt);
      process.stdin.setRawMode(true);
      let secret = '';
      try {
        for await (const chunk of process.stdin) {
          for (const ch of (chunk as Buffer).toString('utf8')) {
            if (ch === '\r' || ch === '\n') return secret;
            if (ch === '\u0003') throw new UsageError('Cancelled');
            secret = ch === '\u007f' ? secret.slice(0, -1) : secret + ch;
          }
        }
        return secret;
      } finally {
        process.stdin.setRawMode(false);
        process.stdin.pause();
        process.stderr.write('\n');
      }
    },
    async confirm(question) {
      if (!interactive) return false;
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return /^y(es)?$/i.test((await new Promise<string>((resolve) => rl.question(`${question} [y/N] `, resolve))).trim());
      } finally {
        rl.close();
      }
    },
  };
}

/**
 * The command line with the global options given before the command (`mailroom --profile work
 * status 1`) moved after it, where every command reads them: the same command as `mailroom status 1
 * --profile work`. Only the global options are moved, each with its value; what follows them is the command.
 */
export function commandFirst(argv: readonly string[]): readonly string[] {
  const globals: string[] = [];
  let i = 0;
  while (i < argv.length) {
    const [flag = '', inline] = argv[i]!.split(/=(.*)/s, 2);
    const option = flag.startsWith('--') ? (GLOBAL_OPTIONS as Readonly<Record<string, { type: string }>>)[flag.slice(2)] : undefined;
    if (!option) break;
    globals.push(argv[i++]!);
    if (option.type === 'string' && inline === undefined && i < argv.length) globals.push(argv[i++]!);
  }
  return i === argv.length && globals.length > 0 ? [] : [...argv.slice(i), ...globals];
}

export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  const [name, ...args] = commandFirst(argv);
  if (name === '--version' || name === '-V') {
    io.out.write(`mailroom ${packageVersion() ?? '(unknown version: no package.json found above it)'}\n`);
    return EXIT_OK;
  }
  if (name === 'help' && args[0] !== undefined && !commands[args[0]]) {
    io.err.write(`mailroom: No command "${args[0]}"; the commands are ${Object.keys(commands).join(', ')}\n`);
    return EXIT_USAGE;
  }
  const help = helpAsked(name, args);
  if (help !== undefined || name === undefined) {
    io.out.write(help ?? overview(Object.values(commands)));
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const command = commands[name];
  try {
    if (!command) throw new UsageError(`Unknown command "${name}"`);
    warnUnknownKeys(io.env, io.err);
    try {
      return (await command.run(args, io)) ?? EXIT_OK;
    } finally {
      await closePrinting();
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const usageMistake =
      error instanceof UsageError || error instanceof MailWsInputError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'));
    if (usageMistake) {
      io.err.write(
        `mailroom: ${(error as Error).message}\n${error instanceof UsageError && !(error instanceof Refused) && command ? `Usage: ${command.usage}\n` : ''}`,
      );
      return error instanceof NotConfirmed ? EXIT_NOT_CONFIRMED : EXIT_USAGE;
    }
    const known = error instanceof MailWsFailure || error instanceof KeychainUnavailable;
    if (known) {
      io.err.write(`mailroom: ${(error as Error).message}\n`);
      return EXIT_SERVICE_ERROR;
    }
    throw error;
  }
}

if (require.main === module) {
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`mailroom: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = EXIT_SERVICE_ERROR;
    },
  );
}
