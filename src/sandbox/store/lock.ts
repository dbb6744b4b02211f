/**
 * One sandbox per data folder. Two processes on one folder would hand out the same mailer IDs,
 * and one's start (compaction, orphan removal) would pull the journal and new blobs from under
 * the other, losing what it had acknowledged. A `lock` file names the process that holds the
 * folder; one left by a process that no longer runs (a SIGKILL) is taken over.
 */
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';

/** The locks this process holds: a lock naming this process but not among them is a dead one's whose ID was reused. */
const held = new Set<string>();

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
      const holder = Number((await fsp.readFile(path, 'utf8').catch(() => '')).trim());
      const running = holder === process.pid ? held.has(path) : isRunning(holder);
      if (attempt > 0 || running) {
        throw new Error(`the sandbox data folder ${dataDir} is in use by process ${holder}; if no sandbox runs there, remove ${path}`);
      }
      await fsp.rm(path, { force: true });
    }
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
