/**
 * The sandbox thread's entry (built as dist/sandbox-worker.js, started by thread.ts): starts the
 * sandbox with the options it was given, says where it listens or why it could not, and when
 * asked closes it (stops listening, waits for pending writes, syncs and closes the journal)
 * before saying so.
 */
import { parentPort, workerData } from 'node:worker_threads';
// '../sandbox', not '.': the build then loads the dist/sandbox.js every bundle shares rather
// than carrying a second copy of the sandbox (esbuild.mjs, `apart`).
import { startSandbox, type SandboxServer } from '../sandbox';
import { describeThreadError, type FromThread, type ThreadSandboxOptions, type ToThread } from './thread';

if (!parentPort) throw new Error('dist/sandbox-worker.js runs as a worker thread (src/sandbox/thread.ts starts it)');
const parent = parentPort;
const say = (message: FromThread) => parent.postMessage(message);

async function main(): Promise<void> {
  let server: SandboxServer;
  try {
    server = await startSandbox(workerData as ThreadSandboxOptions);
  } catch (error) {
    say({ kind: 'failed', error: describeThreadError(error) });
    return;
  }
  parent.once('message', (message: ToThread) => {
    if (message.kind !== 'close') return;
    server.close().then(
      () => say({ kind: 'closed' }),
      (error: unknown) => say({ kind: 'close-failed', error: describeThreadError(error) }),
    );
  });
  say({ kind: 'listening', url: server.url, port: server.port });
}

void main();
