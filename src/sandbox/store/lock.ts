/**
 * One sandbox per data folder. Two processes on one folder would hand out the same mailer IDs,
 * and one's start (compaction, orphan removal) would pull the journal and new blobs from under
 * the other, losing what it had acknowledged. A `lock` file names the process that holds the
 * folder and, once it listens, its URL, so that a second VS Code window (whose extension host
 * shares the global storage) joins the running sandbox instead; a lock left by a process that no
 * longer runs (a SIGKILL) is taken over.
 */
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';

/** The locks this process holds: a lock naming this process but not among them is a dead one's whose ID was reused. */
const held = new Set<string>();

/** The data folder is held by a sandbox that runs; `url` is where it listens, once it does. */
export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: number,
    readonly url: string | undefined,
  ) {
    super(`the sandbox data folder ${dataDir} is in use by process ${holder}${url ? ` (listening on ${url})` : ''}; if no sandbox runs there, remove ${join(dataDir, 'lock')}`);
    this.name = 'DataFolderInUseError';
  }
}

export class DataFolderLock {
  private constructor(private readonly path: string) {}

  static async acquire(dataDir: string): Promise<DataFolderLock> {
    const path = join(dataDir, 'lock');
    for (let attempt = 0; ; attempt++) {
      try {
        await fsp.writeFile(path, `${process.pid}\n`, { flag: 'wx' });
        held.add(path);
        return new DataFolderLock(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const [pid, url] = (await fsp.readFile(path, 'utf8').catch(() => '')).split('\n');
      const holder = Number(pid);
      const running = holder === process.pid ? held.has(path) : isRunning(holder);
      if (attempt > 0 || running) throw new DataFolderInUseError(dataDir, holder, url?.trim() || undefined);
      await fsp.rm(path, { force: true });
    }
  }

  /** Writes where the holder listens into the lock, for a second process that finds the folder taken. */
  async announce(url: string): Promise<void> {
    await fsp.writeFile(this.path, `${process.pid}\n${url}\n`);
  }

  async release(): Promise<void> {
    held.delete(this.path);
    await fsp.rm(this.path, { force: true });
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
