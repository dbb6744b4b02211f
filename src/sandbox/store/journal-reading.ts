/**
 * Reading a journal at start, line by line with each line's checksum (checksums.ts), with the one
 * recovery a write-ahead log may do by itself: a damaged last line is a write a kill cut short,
 * never acknowledged, and is dropped (and said). A damaged line with anything after it is not a
 * torn write: it is damage, and nothing is dropped for it unless the person asks (`repair`).
 */
import { basename } from 'node:path';
import { readLine } from './checksums';
import { writeAll, writeFileDurably } from './durable-files';
import type { StoreFile, StoreFiles } from './store-files';

export interface JournalOpenOptions {
  readonly files: StoreFiles;
  /** Keep every intact record of a damaged journal and set the damaged file aside (`mailroom sandbox --repair`). */
  readonly repair?: boolean;
  /** Where what the start did to the data is said, one line each. */
  readonly say: (line: string) => void;
}

/** A journal damaged before its last line: the start stops, naming the file, the line and what is intact after it. */
export class JournalDamagedError extends Error {
  override readonly name = 'JournalDamagedError';
  constructor(
    readonly file: string,
    /** The first damaged line, from 1. */
    readonly line: number,
    readonly lines: number,
    /** The intact records after it. */
    readonly intactAfter: number,
    why: string,
  ) {
    super(
      `The sandbox's journal ${file} is damaged at line ${line} of ${lines} (${why}); ` +
        `${intactAfter} intact record${intactAfter === 1 ? '' : 's'} follow${intactAfter === 1 ? 's' : ''} it. ` +
        'Nothing was changed. Start it with `mailroom sandbox --repair` to keep every intact record ' +
        '(the damaged file is set aside beside it, and what was lost is said).',
    );
  }
}

interface Line {
  /** From 1. */
  readonly n: number;
  readonly bytes: Buffer;
  readonly record?: unknown;
  /** Whether it carries a checksum (lines written before checksums do not). */
  readonly checked?: boolean;
  readonly why?: string;
}

/** The journal's complete lines, read and checked, and the bytes of a last line without its newline. */
function linesOf(bytes: Buffer): { lines: Line[]; tail: number } {
  const lines: Line[] = [];
  let start = 0;
  // Lines without a checksum are read only before the first with one (a journal written before checksums).
  let checkedSeen = false;
  for (let end = bytes.indexOf(10); end >= 0; end = bytes.indexOf(10, start)) {
    const line = bytes.subarray(start, end);
    const read = readLine(line.toString('utf8'), !checkedSeen);
    if (read.ok) checkedSeen ||= read.checked;
    const n = lines.length + 1;
    lines.push(read.ok ? { n, bytes: line, record: read.record, checked: read.checked } : { n, bytes: line, why: read.why });
    start = end + 1;
  }
  return { lines, tail: bytes.length - start };
}

/** A lost line in words: its kind and mailer ID where they can still be read. */
function describe(line: Line): string {
  const text = line.bytes.toString('utf8');
  const kind = /"t":"([a-z-]+)"/.exec(text)?.[1];
  const id = kind === 'mailer' ? /"mailer":\{.*?"id":(\d+)/.exec(text)?.[1] : undefined;
  const what = kind ? `a ${kind} record${id ? ` (mailer ${id})` : ''}` : 'a record of unknown kind';
  return `line ${line.n}, ${what}, ${line.bytes.length} bytes`;
}

/**
 * Reads the journal at `path` (open as `file`, for appending), applying every intact record in
 * order; drops a damaged last line, stops at damage before it, or with `repair` keeps every intact
 * record. Resolves with the records applied, the journal's size once it holds only them, and how
 * many of them carry no checksum (written before checksums: the store rewrites them with one).
 */
export async function readJournal<R>(
  path: string,
  file: StoreFile,
  apply: (record: R) => void,
  options: JournalOpenOptions,
): Promise<{ count: number; size: number; unchecked: number }> {
  const name = basename(path);
  const bytes = await file.readFile();
  const { lines, tail } = linesOf(bytes);
  const bad = lines.filter((line) => line.why !== undefined);
  const torn = tail > 0 ? bytes.length - tail : bad.length === 1 && bad[0] === lines.at(-1) ? bytes.length - bad[0]!.bytes.length - 1 : -1;
  const damaged = tail > 0 ? bad : bad.filter((line) => line !== lines.at(-1));
  let size = bytes.length;
  if (damaged.length > 0) {
    const first = damaged[0]!;
    const intactAfter = lines.filter((line) => line.n > first.n && line.why === undefined).length;
    if (!options.repair) throw new JournalDamagedError(path, first.n, lines.length + (tail > 0 ? 1 : 0), intactAfter, first.why!);
    const aside = `${path}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await writeFileDurably(aside, bytes, options.files);
    const intact = Buffer.concat(lines.filter((line) => line.why === undefined).flatMap((line) => [line.bytes, Buffer.from('\n')]));
    // Written in place through the open file, the damaged bytes being safe aside: the file stays the one appended to.
    await file.truncate(0);
    await writeAll(file, intact);
    await file.datasync();
    size = intact.length;
    const lost = [...bad, ...(tail > 0 ? [{ n: lines.length + 1, bytes: bytes.subarray(bytes.length - tail), why: 'cut short' }] : [])];
    options.say(
      `Repaired ${name}: kept ${lines.length - bad.length} intact records, lost ${lost.length} (${lost.map(describe).join('; ')}); ` +
        `the damaged file is set aside as ${basename(aside)}.`,
    );
  } else if (torn >= 0) {
    const lost = tail > 0 ? { n: lines.length + 1, bytes: bytes.subarray(torn) } : lines.at(-1)!;
    options.say(`${name}: dropped its last line (${describe(lost)}), a write cut short that was never acknowledged.`);
    await file.truncate(torn);
    await file.datasync();
    size = torn;
  } else if (options.repair) {
    options.say(`${name} is intact: nothing to repair.`);
  }
  let count = 0;
  let unchecked = 0;
  for (const line of lines) {
    if (line.why !== undefined) continue;
    apply(line.record as R);
    count++;
    if (!line.checked) unchecked++;
  }
  return { count, size, unchecked };
}
