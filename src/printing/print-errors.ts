/**
 * Why a document could not be printed (-1025), in words a person can act on: a PDF encrypted, not
 * a PDF, or damaged.
 */
import { withPdf } from './pdf-js';

const bytes = (n: number) => n.toLocaleString('en-US');

/**
 * Why an encrypted PDF is not printed, in words: whether a reader asks a password to open it
 * (pdf.js says so), or it opens without one and only an owner password limits what may be done
 * with it. Either way the printer does not print it (this project's decision: the sandbox cannot
 * decrypt, and the facts say nothing of the service printing encrypted files), so both are -1025.
 */
export async function encryptedWords(data: Uint8Array): Promise<string> {
  const asksPassword = await withPdf(data, () => Promise.resolve(false)).catch(
    (error: unknown) => error instanceof Error && error.name === 'PasswordException',
  );
  return asksPassword
    ? 'The PDF is encrypted with a password that must be given to open it: the printer cannot open it. Save a copy without a password and send that.'
    : 'The PDF is encrypted: it opens without a password, but an owner password limits what may be done with it, and the printer does not open encrypted files. ' +
        'Save a copy without security and send that.';
}

/** Why a PDF could not be read, in words: not a PDF, or damaged (cut short, or where it breaks). */
export function pdfTrouble(error: unknown, data: Uint8Array): string {
  const text = (from: number, to: number) => Buffer.from(data.subarray(from, to)).toString('latin1');
  if (!text(0, 1024).includes('%PDF-')) return 'The file is not a PDF: it does not start with "%PDF-".';
  // A parse that found no catalog or page tree fails later, reading what is not there.
  const message =
    error instanceof TypeError ? 'it has no catalog or page tree that can be read' : error instanceof Error ? error.message : String(error);
  const at = /offset=(\d+)/.exec(message)?.[1];
  const cut = !text(Math.max(0, data.length - 1024), data.length).includes('%%EOF');
  const where = at === undefined ? '' : ` past byte ${bytes(Number(at))} of ${bytes(data.length)}`;
  const why = message.replace(/^Failed to parse PDF document \([^)]*\):\s*/, '').replace(/[.\s]+$/, '');
  return `The PDF is damaged: ${cut ? 'it is cut short (it has no end-of-file marker), and ' : ''}it cannot be read${where} (${why}).`;
}
