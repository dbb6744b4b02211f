/**
 * The word-processor print engine: LibreOffice, headless, converts Word and OpenDocument files
 * (.docx, .doc, .odt, .rtf) to PDF as its own "Export as PDF" does. Each conversion is a run of
 * `soffice --convert-to pdf` with a user profile of Mailroom's own, kept between runs so that only
 * the first pays for making it: two runs on one profile at once collide (the second writes nothing
 * and says nothing), so conversions wait their turn. The profile is this user's and this
 * program's, never the person's own LibreOffice profile.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Longest a conversion may take before it is given up (a document that hangs the converter). */
const CONVERSION_MS = 120_000;

export class OfficeError extends Error {}

function run(program: string, args: readonly string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    execFile(program, args, { timeout: CONVERSION_MS, windowsHide: true, maxBuffer: 1 << 20 }, (error, stdout, stderr) =>
      error ? fail(Object.assign(new Error(error.message, { cause: error }), { stderr })) : done({ stdout, stderr }),
    );
  });
}

export class OfficeEngine {
  /** The conversion before this one: conversions run one at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly profile: string;

  constructor(readonly path: string) {
    let user = 'user';
    try {
      user = String(userInfo().uid >= 0 ? userInfo().uid : userInfo().username);
    } catch {
      // No user entry (a container's anonymous uid): one profile for all is still Mailroom's own.
    }
    this.profile = join(tmpdir(), `mailroom-office-${user}`);
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
    await mkdir(this.profile, { recursive: true, mode: 0o700 });
    const work = await mkdtemp(join(tmpdir(), 'mailroom-convert-'));
    try {
      const input = join(work, `document.${type}`);
      await writeFile(input, data, { mode: 0o600 });
      let said = '';
      try {
        const { stdout, stderr } = await run(this.path, [
          `-env:UserInstallation=${pathToFileURL(this.profile).href}`,
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
    }
  }
}
