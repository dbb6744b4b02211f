/**
 * The exit codes, one rule for every command, by who said no (docs/cli.md, "Exit codes"): 0 done;
 * 1 the service, the sandbox or the network said no to what was asked (a result code, a fault, an
 * unknown mailer ID, no answer; for `preflight`, something would fail); 2 Mailroom refused the
 * command line before anything was sent (an argument, a file that cannot be read, a rule of this
 * machine's such as the daily budget). A closed pipe changes none of them (closed-pipe.ts).
 */

/** A mistake in how the command line was called: exit code 2, with the usage line. */
export class UsageError extends Error {
  override readonly name: string = 'UsageError';
}

/**
 * A rule of this machine's said no before anything was sent (the daily budget, a repeat send, a
 * failure the service would report, a config file it cannot trust): exit code 2 like a mistake in
 * the command line, but the command was called right, so no usage line follows the words.
 */
export class Refused extends UsageError {
  override readonly name = 'Refused';
}

export const EXIT_OK = 0;
/** The service (or the sandbox, or the network) said no: a result code, a fault, an unknown mailer ID, no answer. */
export const EXIT_SERVICE_ERROR = 1;
export const EXIT_USAGE = 2;
