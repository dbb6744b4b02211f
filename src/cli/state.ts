/**
 * Where the command line keeps what it writes down for the user: `$XDG_STATE_HOME/mailroom/`, else
 * `~/.local/state/mailroom/` (the XDG Base Directory's state folder: history, not configuration,
 * and not a cache that may be thrown away). The send log is `sent.jsonl` there.
 */
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** An XDG base folder: the variable when it is an absolute path (the specification ignores a relative one), else its default under the home folder. */
export function xdgFolder(env: NodeJS.ProcessEnv, variable: 'XDG_CONFIG_HOME' | 'XDG_STATE_HOME', ...fallback: string[]): string {
  const xdg = env[variable];
  return xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), ...fallback);
}

export function stateFolder(env: NodeJS.ProcessEnv): string {
  return join(xdgFolder(env, 'XDG_STATE_HOME', '.local', 'state'), 'mailroom');
}

export function sendLogPath(env: NodeJS.ProcessEnv): string {
  return join(stateFolder(env), 'sent.jsonl');
}
