/**
 * `mailroom --help` and `mailroom COMMAND --help`: each command's usage line, what it does, its
 * flags and an example, from the `help` each command module keeps beside its `usage`.
 */
export interface CommandHelp {
  /** What the command does, in a sentence or two. */
  readonly summary: string;
  /** Its own arguments and flags, as typed, with what each does. */
  readonly options: readonly (readonly [flag: string, what: string])[];
  /** Whether it reads the global options below (the commands that call the service). */
  readonly global: boolean;
  /** Command lines to copy, each starting with `mailroom COMMAND`. */
  readonly examples: readonly string[];
}

export const GLOBAL_OPTIONS_HELP: readonly (readonly [string, string])[] = [
  ['--profile NAME', 'the endpoint, user and binding of a profile `mailroom login --profile` made (or MAILROOM_PROFILE)'],
  ['--endpoint URL', 'the Mail WS (or MAILROOM_ENDPOINT); the local sandbox at http://127.0.0.1:8317 by default'],
  ['--binding soap11|soap12|http-get|http-post', 'how to call it (or MAILROOM_BINDING); soap11 by default'],
  ['--user NAME', 'who calls (or MAILROOM_USER); demo by default'],
  ['--timeout SECONDS', "each call's whole budget, retries included (or MAILROOM_TIMEOUT); 60 by default"],
  ['--json', 'print the result as JSON'],
  ['--verbose', 'one line per call on standard error'],
];

const SECRETS =
  'Passwords and API keys come from the OS keychain (mailroom login), else MAILROOM_PASSWORD and MAILROOM_API_KEY; ' +
  "the demo user of a sandbox on this machine needs neither. Exit codes: 0 done, 1 the service's result code (an unknown " +
  'mailer ID too), a fault or a network failure, 2 a usage mistake (an argument, or a file that cannot be read), nothing sent, ' +
  "3 a send that may print for real (Production, or Default: the account's own mode) not confirmed: --yes in a script, nothing sent. " +
  'Global options go before or after the command.';

/** Text wrapped at 100 columns, as a terminal shows it best. */
function wrapped(text: string, indent = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > 100 - indent.length) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, indent + line];
}

function columns(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...rows.map(([flag]) => flag.length));
  return rows.map(([flag, what]) => `  ${flag.padEnd(width)}  ${what}`);
}

/** One command's help. */
export function commandHelp(usage: string, help: CommandHelp): string {
  return (
    [
      `Usage: ${usage}`,
      '',
      ...wrapped(help.summary),
      ...(help.options.length > 0 ? ['', 'Options:', ...columns(help.options)] : []),
      ...(help.global ? ['', 'Global options:', ...columns(GLOBAL_OPTIONS_HELP), '', ...wrapped(SECRETS)] : []),
      '',
      help.examples.length === 1 ? 'Example:' : 'Examples:',
      ...help.examples.map((example) => `  ${example}`),
    ].join('\n') + '\n'
  );
}

/** The list of commands, each with its usage line. */
export function overview(commands: readonly { readonly usage: string; readonly help: CommandHelp }[]): string {
  return (
    [
      'Usage: mailroom COMMAND [ARGUMENTS] [OPTIONS]',
      '',
      'Commands:',
      ...commands.map((c) => `  ${c.usage}`),
      '',
      'Global options:',
      ...columns(GLOBAL_OPTIONS_HELP),
      '',
      ...wrapped(SECRETS),
      '',
      'mailroom COMMAND --help shows what a command does, its options and an example; mailroom --version, its version.',
    ].join('\n') + '\n'
  );
}

/** Whether the arguments ask for help (before a `--`, after which everything is a value). */
export function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}
