/**
 * The files a person names on the command line (a letter, a template, a CSV, a file to store, a
 * PDF to save): read and written here only, so that a file that is not there, a folder given as
 * a file or one that may not be read says so in words, the same in every command, as a usage
 * mistake (exit code 2) before anything is sent. These are Mailroom's own words: the service has
 * no code for a file it never received.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
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

/** `-` for a file is standard input where a file is read, and standard output where one is written. */
export const STANDARD_STREAM = '-';

let stdinRead = false;

/** Standard input, whole; once only, since a second read would find it empty and send nothing in its place. */
async function readStandardInput(what: string): Promise<Buffer> {
  if (stdinRead) throw new UsageError(`Cannot read ${what} from standard input (-): another file was read from it already`);
  stdinRead = true;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The bytes of the file at `path` (`-`: standard input); `what` names it as the person knows it ("the letter", "the data"). */
export async function readUserFile(path: string, what: string): Promise<Buffer> {
  if (path === STANDARD_STREAM) return readStandardInput(what);
  try {
    return await readFile(path);
  } catch (error) {
    throw new UsageError(`Cannot read ${what} ${path}: ${problem(error)}`);
  }
}

/** Writes `bytes` to the file at `path` (`-`: standard output), replacing it; a place that cannot take it is said as reading is. */
export async function writeUserFile(path: string, bytes: Uint8Array | string, what: string): Promise<void> {
  if (path === STANDARD_STREAM) {
    await new Promise<void>((resolve, reject) => process.stdout.write(bytes, (error) => (error ? reject(error) : resolve())));
    return;
  }
  try {
    await writeFile(path, bytes);
  } catch (error) {
    throw new UsageError(`Cannot write ${what} ${path}: ${problem(error)}`);
  }
}

/** What a file read from standard input is, by its first bytes, as its name's extension would say. */
function sniffedExtension(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 512)).toString('latin1');
  if (head.startsWith('%PDF')) return 'pdf';
  if (head.startsWith('PK\x03\x04')) return 'docx';
  if (head.startsWith('\xD0\xCF\x11\xE0')) return 'doc';
  if (head.startsWith('\x89PNG')) return 'png';
  if (head.startsWith('\xFF\xD8\xFF')) return 'jpg';
  if (head.startsWith('{\\rtf')) return 'rtf';
  if (/^\s*</.test(head)) return 'html';
  return 'txt';
}

/** The file's name as its type and the words take it: its own, or for standard input `stdin.pdf` (and so on) by what it holds. */
export function userFileName(path: string, bytes: Uint8Array): string {
  return path === STANDARD_STREAM ? `stdin.${sniffedExtension(bytes)}` : basename(path);
}
