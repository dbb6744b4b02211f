/**
 * Who each item of a merge sent from here goes to (model/batch-items.ts), kept beside the send log
 * in the state folder (src/rulebook/places.ts): `batch-recipients/<account>/<batch ID>.txt`, a line
 * of JSON saying which batch it is, then one line per item, item N on line N + 1. Written once,
 * when the merge is sent; read a page, or a search, at a time and let go, so that a batch of
 * 100,000 items costs memory only while a page of it is read. It survives a restart, and a batch
 * sent by the command line or from another machine simply has none (its items show their numbers).
 * Why a file and not the merge's CSV: the CSV may be edited, moved or deleted after the send.
 * Written whole under a temporary name, synced, renamed into place and the folder synced, so that
 * a crash leaves the old file or the new one; a file whose header does not read, or with fewer
 * lines than its header says, is damage and is named (RecipientsFileDamaged), never taken for none kept.
 */
import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { stateFolder } from '../rulebook';

interface Header {
  readonly batch: number;
  /** MyDescription as sent: a batch whose tracked description differs is another batch of the same ID (another sandbox's). */
  readonly description: string;
  readonly items: number;
}

/** A recipients file that does not read as written: its path and what is wrong, in words. */
export class RecipientsFileDamaged extends Error {
  override readonly name = 'RecipientsFileDamaged';
  constructor(
    readonly path: string,
    readonly what: string,
  ) {
    super(`${path}: ${what}; the items are shown by number`);
  }
}

/** The account's folder: a hash of its key (endpoint and user), which holds characters no file name may. */
function fileOf(accountKey: string, batch: number): string {
  const account = createHash('sha256').update(accountKey).digest('hex').slice(0, 16);
  return join(stateFolder(process.env), 'batch-recipients', account, `${batch}.txt`);
}

/** How old a `.partial` file must be to be taken for one a killed window left, not one being written. */
const STALE_PARTIAL_MS = 60 * 60 * 1000;

/** Removes what a window killed between writing and renaming left in the account's folder. */
async function sweepPartials(folder: string): Promise<void> {
  for (const name of await readdir(folder)) {
    if (!name.endsWith('.partial')) continue;
    const path = join(folder, name);
    const written = await stat(path).then(
      (s) => s.mtimeMs,
      () => undefined,
    );
    if (written !== undefined && Date.now() - written > STALE_PARTIAL_MS) await rm(path, { force: true });
  }
}

/** Writes the batch's recipients, item 1 first; a file written before for the same batch is replaced whole. */
export async function keepRecipients(accountKey: string, batch: number, description: string, recipients: readonly string[]): Promise<void> {
  const file = fileOf(accountKey, batch);
  await mkdir(dirname(file), { recursive: true });
  await sweepPartials(dirname(file));
  const header: Header = { batch, description, items: recipients.length };
  const partial = `${file}.${process.pid}.partial`;
  const handle = await open(partial, 'w', 0o600);
  try {
    await handle.writeFile([JSON.stringify(header), ...recipients.map((r) => r.replace(/[\r\n]+/g, ' '))].join('\n') + '\n');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, file);
  await syncFolder(dirname(file));
}

/** Makes the folder's entries (the rename) durable; a file system that cannot sync a folder keeps the file's own sync. */
async function syncFolder(path: string): Promise<void> {
  const folder = await open(path, 'r');
  try {
    await folder.sync();
  } catch {
    // Some file systems cannot sync a folder.
  } finally {
    await folder.close();
  }
}

/** Every item's recipient (item 1 first), when this machine kept them for this batch; undefined otherwise. */
export async function keptRecipients(accountKey: string, batch: number, description: string | undefined): Promise<string[] | undefined> {
  let text: string;
  try {
    text = await readFile(fileOf(accountKey, batch), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const path = fileOf(accountKey, batch);
  const lines = text.split('\n');
  let header: Partial<Header> | undefined;
  try {
    header = JSON.parse(lines[0]!) as Partial<Header>;
  } catch {
    header = undefined;
  }
  if (typeof header?.batch !== 'number' || typeof header.description !== 'string' || !Number.isInteger(header.items))
    throw new RecipientsFileDamaged(path, `its first line (${Buffer.byteLength(lines[0]!)} bytes) is not the header it was written with`);
  if (header.batch !== batch || (description !== undefined && header.description !== description)) return undefined;
  const items = header.items!;
  // Written whole, each item on a line of its own and a newline after the last: fewer lines is a file cut short.
  if (lines.length < items + 2 || lines[items + 1] !== '')
    throw new RecipientsFileDamaged(
      path,
      `it holds ${Math.max(0, lines.length - 2)} whole item lines where its header says ${items} (cut short or changed)`,
    );
  return lines.slice(1, 1 + items);
}

/** Forgets the batch's recipients (Stop Tracking): what the person let go of is gone from disk. */
export async function forgetRecipients(accountKey: string, batch: number): Promise<void> {
  await rm(fileOf(accountKey, batch), { force: true });
}
