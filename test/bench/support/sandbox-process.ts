/**
 * The sandbox in a process of its own (the built CLI, `mailroom sandbox`), so that what a
 * benchmark measures in this process is the client's work and not the server's.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface SandboxProcess {
  readonly url: string;
  /** The process's id, for reading its memory from /proc. */
  readonly pid: number;
  stop(): Promise<void>;
}

export async function startSandboxProcess(args: readonly string[] = []): Promise<SandboxProcess> {
  const data = mkdtempSync(join(tmpdir(), 'mailroom-bench-'));
  const child = spawn(
    process.execPath,
    [resolve(__dirname, '..', '..', '..', 'dist', 'cli.js'), 'sandbox', '--port', '0', '--data', data, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const url = await new Promise<string>((done, fail) => {
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (m) done(m[1]!);
    });
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => fail(new Error(`the sandbox exited (${code}): ${output}`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(data, { recursive: true, force: true });
    },
  };
}
