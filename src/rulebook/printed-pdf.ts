/**
 * What a GetPDF answered -3020 ("file (PDF) not available now: still processing, or deleted")
 * means for a mailer, by its status read after it: the one code covers a PDF not made yet, one
 * still being made, and one deleted, and the front ends wait for the first two and give up on the
 * last. The service keeps a printed mailer's PDF at least until the mailer is final (it deletes
 * content only after that, and only for a user who keeps none on the server), so a printed mailer
 * not yet final is still being printed: a large batch's PDF is made on first need and takes
 * minutes. A final one may be either; it is waited for as still being printed for
 * PRINTING_PATIENCE_MS, then taken as deleted.
 */
import { isFinalStatus, isPrintedStatus } from '../contract';

export type PdfAbsence =
  /** Not printed yet: the PDF is made when it is (Waiting For Delivery). */
  | 'not-printed'
  /** Ended (cancelled, failed) before it was printed: there never is a PDF. */
  | 'ended-unprinted'
  /** Printed, not yet final: the service is still making its PDF. */
  | 'being-printed'
  /** Printed and final: still being made, or deleted; waited for PRINTING_PATIENCE_MS. */
  | 'being-printed-or-deleted';

/** How long a front end waits for a final mailer's PDF answered -3020 before it says the PDF was deleted. */
export const PRINTING_PATIENCE_MS = 10 * 60_000;

/** How often a front end asks again for a PDF still being printed. */
export const PRINTING_ASK_EVERY_MS = 3_000;

export function pdfAbsence(status: number): PdfAbsence {
  if (isPrintedStatus(status)) return isFinalStatus(status) ? 'being-printed-or-deleted' : 'being-printed';
  return isFinalStatus(status) ? 'ended-unprinted' : 'not-printed';
}
