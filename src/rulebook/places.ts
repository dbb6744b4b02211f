/**
 * Where Mailroom keeps what it writes down for the user, the same for the command line and the
 * extension (the extension host's machine when VS Code is remote): the XDG Base Directory's
 * folders, `$XDG_STATE_HOME` else `~/.local/state` for history (the send log), and
 * `$XDG_CONFIG_HOME` else `~/.config` for the command line's settings. One send log, so that a
 * daily budget sees every send made on the machine, whichever front end made it.
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

/** The machine's one send log (src/client/send-log.ts), written by the command line and the extension alike. */
export function sendLogPath(env: NodeJS.ProcessEnv): string {
  return join(stateFolder(env), 'sent.jsonl');
}

/** What this machine last set of how each user's letters print, by SetUserSettings (src/client/settings-log.ts), from either front end. */
export function printSettingsLogPath(env: NodeJS.ProcessEnv): string {
  return join(stateFolder(env), 'print-settings.jsonl');
}
