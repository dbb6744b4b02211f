/**
 * The files a person names on the command line (a letter, a template, a CSV, a file to store, a
 * PDF to save): read and written here only, so that a file that is not there, a folder given as
 * a file or one that may not be read says so in words, the same in every command, as a usage
 * mistake (exit code 2) before anything is sent. These are Mailroom's own words: the service has
 * no code for a file it never received.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { UsageError } from './usage';

/** Why a file could not be read or written, in words; Node's message for what has none here. */
function problem(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a folder, not a file';
    case 'ENOTDIR':
      return 'a part of its path is not a folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return (error as Error).message;
  }
}

/** The bytes of the file at `path`; `what` names it as the person knows it ("the letter", "the data"). */
export async function readUserFile(path: string, what: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    throw new UsageError(`Cannot read ${what} ${path}: ${problem(error)}`);
  }
}

/** Writes `bytes` to the file at `path`, replacing it; a place that cannot take it is said as reading is. */
export async function writeUserFile(path: string, bytes: Uint8Array | string, what: string): Promise<void> {
  try {
    await writeFile(path, bytes);
  } catch (error) {
    throw new UsageError(`Cannot write ${what} ${path}: ${problem(error)}`);
  }
}
