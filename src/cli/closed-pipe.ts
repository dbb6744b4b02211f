/**
 * Standard output (or error) closed by its reader, as `mailroom status 1-3000 | head -1` closes
 * it: the reader has what it wanted, so the command ends quietly, with no EPIPE stack. What the
 * command was doing is not cut short (a send finishes and is written to the send log, as it would
 * with its output read): only its output goes nowhere, and its exit code is its own, as if the
 * output had been read. `listen` and `sandbox`, which run until stopped, stop (until-stopped.ts).
 *
 * Exit code: the command's own, not 141 (the shell's for a process killed by SIGPIPE, which Node
 * ignores): under `set -o pipefail` a `mailroom … | head` that did what it was asked succeeds.
 */
const listeners = new Set<() => void>();
let closed = false;

/** Whether a reader closed standard output or error. */
export function outputClosed(): boolean {
  return closed;
}

/** Calls `listener` once a reader closes standard output or error; returns what stops listening. */
export function onOutputClosed(listener: () => void): () => void {
  if (closed) queueMicrotask(listener);
  else listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Makes a closed pipe on `stream` end quietly; any other write error is thrown, as before. */
export function quietOnClosedPipe(stream: NodeJS.WritableStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    if (closed) return;
    closed = true;
    for (const listener of listeners) listener();
    listeners.clear();
  });
}
