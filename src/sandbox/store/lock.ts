/**
 * One sandbox per data folder. Two processes on one folder would hand out the same mailer IDs,
 * and one's start (compaction, orphan removal) would pull the journal and new blobs from under
 * the other, losing what it had acknowledged. A `lock` file names the process that holds the
 * folder and, once it listens, its URL, so that a second VS Code window (whose extension host
 * shares the global storage) joins the running sandbox instead; a lock left by a process that no
 * longer runs (a SIGKILL) is taken over, and a lock that names no process is left alone.
 */
import { promises as fsp, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryName } from './durable-files';
import { DataFolderInUseError } from './folder-in-use';

/** The locks this process holds: a lock naming this process but not among them is a dead one's whose ID was reused. */
const held = new Set<string>();

export class DataFolderLock {
  private constructor(private readonly path: string) {}

  /**
   * Takes the folder. The lock appears with its content at once (a linked temporary file), so a
   * lock is never seen empty while it is being taken; one that cannot be read as a holder is
   * treated as held, never taken over.
   */
  static async acquire(dataDir: string): Promise<DataFolderLock> {
    const path = join(dataDir, 'lock');
    const temporary = temporaryName(path);
    await fsp.writeFile(temporary, `${process.pid}\n`, { flag: 'wx' });
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          await fsp.link(temporary, path);
          held.add(path);
          return new DataFolderLock(path);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
        const content = await fsp.readFile(path, 'utf8').catch(() => undefined); // none: released meanwhile
        const holder = content === undefined ? undefined : readHolder(content);
        const free = content === undefined || (holder !== undefined && !holdsNow(holder.pid, path));
        if (attempt > 0 || !free) throw new DataFolderInUseError(dataDir, holder?.pid ?? 0, holder?.url);
        await fsp.rm(path, { force: true });
      }
    } finally {
      await fsp.rm(temporary, { force: true });
    }
  }

  /** Writes where the holder listens into the lock (replacing it whole), for a second process that finds the folder taken. */
  async announce(url: string): Promise<void> {
    const temporary = temporaryName(this.path);
    await fsp.writeFile(temporary, `${process.pid}\n${url}\n`, { flag: 'wx' });
    await fsp.rename(temporary, this.path);
  }

  async release(): Promise<void> {
    held.delete(this.path);
    await fsp.rm(this.path, { force: true });
  }
}

/** The holder a lock names (`pid\n`, then `url\n` once it listens); undefined if it names none. */
function readHolder(content: string): { pid: number; url: string | undefined } | undefined {
  const match = /^([1-9]\d{0,9})\n(?:(\S+)\n)?$/.exec(content);
  return match ? { pid: Number(match[1]), url: match[2] } : undefined;
}

/** Whether the process `pid` still holds the lock at `path`: only one that surely no longer runs does not. */
function holdsNow(pid: number, path: string): boolean {
  if (pid === process.pid) return held.has(path);
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
  return !isZombie(pid);
}

/**
 * A killed process answers signal 0 until its parent reaps it: a sandbox SIGKILLed a moment ago
 * is such a zombie (Linux's /proc says so; elsewhere it counts as running).
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}
