/**
 * The files Mailroom writes down for the user as one JSON object per line (the send log, the print
 * settings log): a line appended is synced to disk before the caller goes on, and a line torn by a
 * crash (only ever the last) is skipped when read, and never takes the next line with it.
 */
import { mkdir, open, readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Appends one line and syncs it to disk; creates the folder (private to the user) and the file as needed. */
export async function appendDurably(path: string, line: string): Promise<void> {
  let created = false;
  try {
    await stat(path);
  } catch {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    created = true;
  }
  const file = await open(path, 'a+', 0o600);
  try {
    // A crash may have left half a line: the new one starts on a line of its own, so that it still reads.
    const { size } = await file.stat();
    const last = Buffer.alloc(1);
    if (size > 0 && (await file.read(last, 0, 1, size - 1)).bytesRead === 1 && last[0] !== 0x0a) await file.write('\n');
    await file.write(line);
    await file.sync();
  } finally {
    await file.close();
  }
  // A new file's name is durable only once its folder is synced too.
  if (created) {
    const folder = await open(dirname(path), 'r');
    try {
      await folder.sync();
    } catch {
      // Some file systems cannot sync a folder; the file's own sync stands.
    } finally {
      await folder.close();
    }
  }
}

/** Each line that reads as JSON, oldest first; a missing file has none. */
export async function readJsonLines(path: string): Promise<unknown[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const values: unknown[] = [];
  for (const line of text.split('\n')) {
    try {
      values.push(JSON.parse(line));
    } catch {
      // A line torn by a crash, or an empty one.
    }
  }
  return values;
}
