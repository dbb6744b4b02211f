/** A mistake in how the command line was called: exit code 2, with the usage line. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const EXIT_OK = 0;
/** The service answered a negative result code or a fault. */
export const EXIT_SERVICE_ERROR = 1;
export const EXIT_USAGE = 2;
