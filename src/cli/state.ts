/**
 * Where the command line keeps what it writes down for the user: `$XDG_STATE_HOME/mailroom/`, else
 * `~/.local/state/mailroom/` (the XDG Base Directory's state folder: history, not configuration,
 * and not a cache that may be thrown away). The send log is `sent.jsonl` there.
 */
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export function stateFolder(env: NodeJS.ProcessEnv): string {
  // The specification ignores a relative XDG_STATE_HOME.
  const xdg = env.XDG_STATE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.local', 'state');
  return join(base, 'mailroom');
}

export function sendLogPath(env: NodeJS.ProcessEnv): string {
  return join(stateFolder(env), 'sent.jsonl');
}
