/** Runs the built `mailroom` command line as a child process, as a user or a script would. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from './tools';

export const cliPath = join(projectRoot, 'dist', 'cli.js');

/**
 * The variables that move this process's clock (faketime's), for children started with an
 * environment of their own: the whole suite must see one clock, however far ahead it is moved.
 */
export function clockEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => name === 'LD_PRELOAD' || name.startsWith('FAKETIME')));
}

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function mailroom(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; input?: string; command?: readonly string[] } = {},
): Promise<CliRun> {
  const [command, ...prefix] = options.command ?? [process.execPath];
  const child = spawn(command!, [...prefix, cliPath, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...clockEnv(), ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.end(options.input ?? '');
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
