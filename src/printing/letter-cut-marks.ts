/**
 * What the printer would cut or hide of a letter as the sandbox prints it (issue 30 part 4: "in
 * preflight, the proof and the sandbox alike"): the ink of its PDF documents, found on their
 * pixels by the preflight's own check (preflight/ink-findings.ts), placed on the printed letter's
 * pages (an address page first when the letter carries its address), and drawn on the printed
 * PDF as the proof draws them: red boxes, shown and not printed (preflight/marked-proof.ts).
 *
 * Only PDF documents are looked at (HTML and Word arrive drawn to PDF, printing/drawn.ts), up to
 * the first that is not one: the pages after a document laid out as text are known only once it
 * is printed. Without a browser, nothing is marked, as the preflight then marks nothing.
 */
import { PDFDocument } from 'pdf-lib';
import { inkFindings, type CutMark } from './preflight/ink-findings';
import { markedProof } from './preflight/marked-proof';
import type { LetterJob } from './print-jobs';

/** Where the printer would cut or hide ink of the letter's documents, by the printed letter's pages. */
export async function letterCutMarks(job: LetterJob): Promise<CutMark[]> {
  const marks: CutMark[] = [];
  let firstPage = job.address ? 2 : 1;
  for (const [i, content] of job.contents.entries()) {
    if (content.kind !== 'file' || content.type !== 'pdf') break;
    const pages = await PDFDocument.load(content.data, { ignoreEncryption: true, updateMetadata: false })
      .then((doc) => doc.getPageCount())
      .catch(() => undefined);
    // A PDF that cannot be read fails the mailer at its own code; its pages are not known.
    if (pages === undefined) break;
    const { boxes } = await inkFindings(content.data, { readsPage1: !job.address && i === 0, firstLetterPage: firstPage });
    marks.push(...boxes);
    firstPage += pages;
  }
  return marks;
}

/** The printed letter's PDF with its cut marks; the PDF as it is when there are none. */
export async function markCutInk(pdf: Uint8Array, job: LetterJob): Promise<Uint8Array> {
  return markedProof(pdf, await letterCutMarks(job));
}
