/**
 * A file whose writers wait: a read lease (Linux's fcntl F_SETLEASE, as a backup or indexing tool
 * holds one) taken by another process, which makes any open of the file for writing wait until it
 * is let go (or the kernel's lease-break-time, 45 s, passes). It stalls a real write on a real disk
 * where a test must see what happens meanwhile. Node has no fcntl: Python holds the lease.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const HOLDER = `
import fcntl, os, signal, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
signal.signal(signal.SIGIO, lambda *_: print("writer waits", flush=True))
fcntl.fcntl(fd, fcntl.F_SETLEASE, fcntl.F_RDLCK)
print("leased", flush=True)
sys.stdin.readline()
fcntl.fcntl(fd, fcntl.F_SETLEASE, fcntl.F_UNLCK)
`;

export interface LeasedFile {
  /** Resolves once a writer waits on the lease (its open is stalled). */
  readonly writerWaits: Promise<void>;
  /** Lets the lease go: the waiting writers open the file and write. */
  release(): Promise<void>;
}

/** Leases `path` (an existing file of this user); undefined where leases cannot be taken (not Linux, no Python, leases off). */
export async function leaseFile(path: string): Promise<LeasedFile | undefined> {
  if (process.platform !== 'linux') return undefined;
  const holder = spawn('python3', ['-c', HOLDER, path], { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines = createInterface({ input: holder.stdout });
  const said = (line: string) =>
    new Promise<boolean>((resolve) => {
      lines.on('line', (text) => text === line && resolve(true));
      holder.on('close', () => resolve(false));
      holder.on('error', () => resolve(false));
    });
  const exited = new Promise<void>((resolve) => holder.on('close', () => resolve()));
  const writerWaits = said('writer waits');
  if (!(await said('leased'))) return undefined;
  return {
    writerWaits: writerWaits.then((waits) => {
      if (!waits) throw new Error('the lease holder ended before any writer waited');
    }),
    release: async () => {
      holder.stdin.end('release\n');
      await exited;
    },
  };
}
