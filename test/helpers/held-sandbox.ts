/**
 * `mailroom sandbox` (the built command line) in a child process that stops at fault-injection
 * points (src/sandbox/store/hold-points.ts): the test sees it reach one, looks at the data folder
 * as it is inside that window, then SIGKILLs it there or lets it go on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { HoldPoint } from '../../src/sandbox/store/hold-points';
import { projectRoot } from './tools';

export interface HeldSandbox {
  readonly url: string;
  readonly process: ChildProcess;
  /** Resolves when the child holds at `point`. */
  reached(point: HoldPoint): Promise<void>;
  /** Lets the child go on from the point it holds at. */
  release(): void;
  /** What it wrote on standard error so far. */
  stderr(): string;
  kill(): Promise<void>;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

export async function startHeldSandbox(dataDir: string, holdAt: readonly HoldPoint[], args: readonly string[] = []): Promise<HeldSandbox> {
  const child = spawn(process.execPath, [join(projectRoot, 'dist', 'cli.js'), 'sandbox', '--port', '0', '--data', dataDir, ...args], {
    env: { ...process.env, MAILROOM_SANDBOX_HOLD_AT: holdAt.join(',') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const holds = new Map(holdAt.map((point) => [point, deferred()]));
  let stderr = '';
  createInterface({ input: child.stderr }).on('line', (line) => {
    stderr += `${line}\n`;
    const point = /^holding at (\S+)$/.exec(line)?.[1];
    if (point) holds.get(point as HoldPoint)?.resolve();
  });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /^Mail WS sandbox listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (m) resolve(m[1]!);
    });
    void exited.then((code) => reject(new Error(`mailroom sandbox exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    process: child,
    reached: (point) => holds.get(point)!.promise,
    release: () => child.kill('SIGUSR2'),
    stderr: () => stderr,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
