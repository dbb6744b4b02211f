/**
 * When the Mailers view refreshes next on its own: every `refreshIntervalSeconds` (2 at least)
 * while a mailer is in process, doubling after each failed refresh up to 32 times the interval,
 * back to the interval after a success, and four times slower while the window is not focused.
 * While feedback pushes arrive (one came in the last PUSHED_WINDOW_MS), the service tells the
 * mailers' ends itself: polling is only a fallback for a push lost, PUSHED_FACTOR times slower.
 * Except while a mailer may come to wait for the user (`mayNeedUser`: a Production letter not yet
 * printed can stop at -990, waiting for funds, and the service need not push that): then polling
 * keeps the usual pace, since a status the user must act on is shown when it happens, not a
 * minute later (issue 25, part 4). Nothing is scheduled when nothing is in process.
 */
export const MIN_INTERVAL_SECONDS = 2;
export const MAX_BACKOFF = 32;
export const UNFOCUSED_FACTOR = 4;
export const PUSHED_FACTOR = 6;
export const PUSHED_WINDOW_MS = 10 * 60_000;

export class RefreshSchedule {
  private backoff = 1;

  succeeded(): void {
    this.backoff = 1;
  }

  failed(): void {
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF);
  }

  /** Milliseconds until the next refresh, or undefined for none. */
  delayMs(options: {
    readonly intervalSeconds: number;
    readonly focused: boolean;
    readonly anyInProcess: boolean;
    /** Whether feedback pushes arrive now. */
    readonly pushed?: boolean;
    /** Whether a mailer in process may come to a status the user must act on (mayNeedUser). */
    readonly awaitingUser?: boolean;
  }): number | undefined {
    if (!options.anyInProcess) return undefined;
    const seconds = Math.max(
      MIN_INTERVAL_SECONDS,
      Number.isFinite(options.intervalSeconds) ? options.intervalSeconds : MIN_INTERVAL_SECONDS,
    );
    return (
      seconds *
      1000 *
      this.backoff *
      (options.focused ? 1 : UNFOCUSED_FACTOR) *
      (options.pushed && !options.awaitingUser ? PUSHED_FACTOR : 1)
    );
  }
}
