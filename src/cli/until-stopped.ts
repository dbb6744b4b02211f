/**
 * When a long-running command (`mailroom listen`, `mailroom sandbox`) is to stop: Ctrl-C, SIGTERM,
 * or the reader of its output gone.
 */
import { onOutputClosed } from './closed-pipe';

/**
 * Resolves when the process is asked to stop (Ctrl-C or SIGTERM), or when the reader of its output
 * is gone (`mailroom listen | head -3`): the long-running commands then close what they opened.
 */
export function untilStopped(): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      forget();
      resolve();
    };
    const forget = onOutputClosed(stop);
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
