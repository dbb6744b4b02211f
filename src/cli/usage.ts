/**
 * The exit codes, one rule for every command, by who said no (docs/cli.md, "Exit codes"): 0 done;
 * 1 the service, the sandbox or the network said no to what was asked (a result code, a fault, an
 * unknown mailer ID, no answer; for `preflight`, something would fail); 2 Mailroom refused the
 * command line before anything was sent (an argument, a file that cannot be read, a rule of this
 * machine's such as the daily budget); 3 a send that may print for real (Production, or Default,
 * the account's own mode) was not confirmed: no --yes in a script, or no yes on the terminal. A
 * closed pipe changes none of them (closed-pipe.ts).
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
  override readonly name: string = 'Refused';
}

/**
 * A send that may print for real (src/rulebook/for-real.ts) went unconfirmed: a script without
 * --yes, or a no on the terminal. Exit code 3 of its own, so that a script tells it from a mistake.
 */
export class NotConfirmed extends Refused {
  override readonly name = 'NotConfirmed';
}

export const EXIT_OK = 0;
/** The service (or the sandbox, or the network) said no: a result code, a fault, an unknown mailer ID, no answer. */
export const EXIT_SERVICE_ERROR = 1;
export const EXIT_USAGE = 2;
/** A send that may print for real was not confirmed (NotConfirmed): nothing sent. */
export const EXIT_NOT_CONFIRMED = 3;
