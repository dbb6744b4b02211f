/**
 * The word-processor print engine: LibreOffice, headless, converts Word and OpenDocument files
 * (.docx, .doc, .odt, .rtf) to PDF as its own "Export as PDF" does. Each conversion is a run of
 * `soffice --convert-to pdf` with a user profile of Mailroom's own, kept between runs so that only
 * the first pays for making it. Two runs on one profile at once collide (the second writes nothing
 * and says nothing): in a process, conversions wait their turn; across processes (the command
 * line beside VS Code), each run holds its profile by a lock folder naming its process, and a run
 * that finds a profile held takes the next of a few. The profiles are this user's and this
 * program's, never the person's own LibreOffice profile.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { engineEnvironment } from './environment';

/** Longest a conversion may take before it is given up (a document that hangs the converter). */
const CONVERSION_MS = 120_000;
/** Profiles a user's processes share, one run on each at a time. */
const PROFILES = 8;

/** Whether a process of this machine is running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes a profile no other process is converting with: its lock folder made, naming this process; the lock's release. */
async function holdProfile(root: string): Promise<{ readonly profile: string; release(): Promise<void> }> {
  for (let round = 0; ; round++) {
    for (let slot = 0; slot < PROFILES; slot++) {
      const profile = `${root}-${slot}`;
      const lock = `${profile}.lock`;
      try {
        await mkdir(lock, { mode: 0o700 });
      } catch {
        const holder = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => 'NaN'));
        // A lock left by a process that died (or that died before naming itself) is taken over.
        if (Number.isInteger(holder) ? alive(holder) : round === 0) continue;
        await rm(lock, { recursive: true, force: true });
        continue;
      }
      await writeFile(join(lock, 'pid'), String(process.pid));
      return { profile, release: () => rm(lock, { recursive: true, force: true }) };
    }
    await new Promise((done) => setTimeout(done, 200));
  }
}

export class OfficeError extends Error {}

function run(program: string, args: readonly string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    execFile(
      program,
      args,
      { timeout: CONVERSION_MS, windowsHide: true, maxBuffer: 1 << 20, env: engineEnvironment() },
      (error, stdout, stderr) =>
        error ? fail(Object.assign(new Error(error.message, { cause: error }), { stderr })) : done({ stdout, stderr }),
    );
  });
}

export class OfficeEngine {
  /** The conversion before this one: conversions run one at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Where the profiles are, less their number. */
  private readonly profiles: string;

  constructor(readonly path: string) {
    let user = 'user';
    try {
      user = String(userInfo().uid >= 0 ? userInfo().uid : userInfo().username);
    } catch {
      // No user entry (a container's anonymous uid): one profile for all is still Mailroom's own.
    }
    this.profiles = join(tmpdir(), `mailroom-office-${user}`);
  }

  /** The document (its type its file extension: docx, doc, odt, rtf) as LibreOffice prints it to PDF. */
  convert(data: Uint8Array, type: string): Promise<Uint8Array> {
    const turn = this.queue.then(
      () => this.convertNow(data, type),
      () => this.convertNow(data, type),
    );
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async convertNow(data: Uint8Array, type: string): Promise<Uint8Array> {
    const held = await holdProfile(this.profiles);
    const work = await mkdtemp(join(tmpdir(), 'mailroom-convert-'));
    try {
      await mkdir(held.profile, { recursive: true, mode: 0o700 });
      const input = join(work, `document.${type}`);
      await writeFile(input, data, { mode: 0o600 });
      let said = '';
      try {
        const { stdout, stderr } = await run(this.path, [
          `-env:UserInstallation=${pathToFileURL(held.profile).href}`,
          '--headless',
          '--norestore',
          '--nolockcheck',
          '--nodefault',
          '--convert-to',
          'pdf:writer_pdf_Export',
          '--outdir',
          work,
          input,
        ]);
        said = `${stdout}${stderr}`.trim();
      } catch (error) {
        const stderr = (error as { stderr?: string }).stderr?.trim();
        throw new OfficeError(`LibreOffice could not convert it${stderr ? `: ${stderr}` : ''}`, { cause: error });
      }
      const pdf = await readFile(join(work, 'document.pdf')).catch(() => undefined);
      if (!pdf || pdf.length === 0) throw new OfficeError(`LibreOffice wrote no PDF of it${said ? ` (it said: ${said})` : ''}`);
      return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    } finally {
      await rm(work, { recursive: true, force: true });
      await held.release();
    }
  }
}
