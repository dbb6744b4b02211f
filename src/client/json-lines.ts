/**
 * The files Mailroom writes down for the user as one JSON object per line (the send log, the print
 * settings log): a line appended is synced to disk before the caller goes on, and a line torn by a
 * crash (only ever the last) is left out when read, and never takes the next line with it. A line
 * that does not read is never dropped in silence: the reader is told which, and where (`DamagedLine`).
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

/** A line of a file that does not read as JSON, left out. */
export interface DamagedLine {
  readonly path: string;
  /** From 1. */
  readonly line: number;
  readonly bytes: number;
  /** Whether it is the file's last line without its newline: a write a crash cut short. */
  readonly torn: boolean;
}

/** What is told of a damaged line, in words. */
export function damagedLineWords(damaged: DamagedLine): string {
  const what = damaged.torn ? 'its last line was cut short by a crash' : `line ${damaged.line} is damaged (it does not read as JSON)`;
  return `${damaged.path}: ${what}; its ${damaged.bytes} bytes are left out${damaged.torn ? '' : ', the lines after it are read'}`;
}

/** Each line that reads as JSON, oldest first; a missing file has none. Each line that does not is told to `damaged`. */
export async function readJsonLines(path: string, damaged: (line: DamagedLine) => void = () => undefined): Promise<unknown[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const values: unknown[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      values.push(JSON.parse(line));
    } catch {
      damaged({ path, line: i + 1, bytes: Buffer.byteLength(line), torn: i === lines.length - 1 });
    }
  });
  return values;
}
