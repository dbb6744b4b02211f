/**
 * The send log's lock: held while a send reads the log (its spending guard) and writes its
 * `sending` line, so that two sends started at once, by the command line and the extension or by
 * two scripts, never both pass a daily budget that only one of them fits in. A `.lock` file beside
 * the log names its holder's process; it appears whole at once (a linked temporary file), and a
 * lock whose process no longer runs (a SIGKILL) is taken over. It is held for a few file
 * operations, never across a call to the service.
 */
import { promises as fsp, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';

/** Long enough for any holder on a busy disk; a live holder past it is waited for no longer, and the send is not made. */
const WAIT_MS = 15_000;

export class SendLogLockTimeout extends Error {
  override readonly name = 'SendLogLockTimeout';
}

/** Runs `work` holding the lock of the log at `path` (whose folder exists). */
export async function withSendLogLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  const lock = `${path}.lock`;
  const mine = `${lock}.${process.pid}.${randomUUID()}`;
  await fsp.writeFile(mine, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
  try {
    const deadline = Date.now() + WAIT_MS;
    for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
      try {
        await fsp.link(mine, lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = Number(/^(\d+)\n$/.exec((await fsp.readFile(lock, 'utf8').catch(() => '')) || '')?.[1]);
      if (holder > 0 && !runs(holder)) {
        // Its holder was killed: taken over (only if it is still that one's).
        if ((await fsp.readFile(lock, 'utf8').catch(() => '')) === `${holder}\n`) await fsp.rm(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new SendLogLockTimeout(`another send held the send log ${path} for ${WAIT_MS / 1000} s (process ${holder || 'unknown'})`);
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  } finally {
    await fsp.rm(mine, { force: true });
  }
  try {
    return await work();
  } finally {
    await fsp.rm(lock, { force: true });
  }
}

/** Whether process `pid` runs: only one that surely does not (gone, or a zombie not yet reaped) does not. */
function runs(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}
