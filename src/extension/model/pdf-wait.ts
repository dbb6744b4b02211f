/**
 * What a PDF preview says while the printed PDF is not there yet (GetPDF -3020), and when it asks
 * again by itself. The service makes the PDF when it prints the mailer, which it tells by the
 * status Waiting For Delivery (-995); it tells nothing of how long printing takes, so the preview
 * names that status rather than a time. No VS Code here, so that it is tested as plain code.
 */
import * as l10n from '@vscode/l10n';
import { describeResultCode, describeStatus, isFinalStatus, isPrintedStatus, RESULT, STATUS } from '../../contract';
import { PRINTING_ASK_EVERY_MS, PRINTING_PATIENCE_MS, pdfAbsence } from '../../rulebook/printed-pdf';
import type { TrackedMailer } from './mailers';

/** The preview's tab title after "PDF · ": the mailer's name and ID, so that two letters of one name differ. */
export function previewTitle(id: number, description?: string): string {
  return description ? `${description} · ${id}` : l10n.t('Mailer {0}', id);
}

export interface PdfWait {
  readonly reason: string;
  /** Whether the PDF may still come: the preview asks again once the mailer is printed or ends. */
  readonly waiting: boolean;
  /** For a PDF the service is still printing: ask again this much later, by the clock rather than a change of status. */
  readonly askAgainInMs?: number;
}

/**
 * Why there is no PDF for a mailer (as last refreshed), and whether it is still to come.
 * `printingFor` is how long the service has answered -3020 for this printed mailer's PDF: it is
 * still printing it (a large batch's), and a final mailer's is taken as deleted only after
 * rulebook PRINTING_PATIENCE_MS (rulebook/printed-pdf.ts).
 */
export function pdfWait(mailer: Pick<TrackedMailer, 'status' | 'statusText' | 'lastUpdate'> | undefined, printingFor = 0): PdfWait {
  const status = mailer?.status;
  if (status !== undefined && isPrintedStatus(status)) {
    const absence = pdfAbsence(status);
    if (absence === 'being-printed' || printingFor < PRINTING_PATIENCE_MS) {
      return {
        reason: l10n.t(
          'The service is still printing this PDF ({0}: {1}); a large batch’s takes minutes. This preview asks again every few seconds ({2} s so far){3}.',
          RESULT.PdfNotAvailable,
          describeResultCode(RESULT.PdfNotAvailable),
          Math.round(printingFor / 1000),
          absence === 'being-printed'
            ? ''
            : l10n.t(', and takes it as deleted if it is still not there after {0} minutes', PRINTING_PATIENCE_MS / 60_000),
        ),
        waiting: true,
        askAgainInMs: PRINTING_ASK_EVERY_MS,
      };
    }
    return {
      reason: l10n.t(
        'The PDF was deleted: the service has answered {0} ({1}) for {2} minutes of this printed mailer.',
        RESULT.PdfNotAvailable,
        describeResultCode(RESULT.PdfNotAvailable),
        Math.round(printingFor / 60_000),
      ),
      waiting: false,
    };
  }
  if (status !== undefined && isFinalStatus(status)) {
    return {
      reason: l10n.t('There is no printed PDF: the mailer ended as “{0}”.', mailer?.statusText || describeStatus(status)),
      waiting: false,
    };
  }
  const now =
    status === undefined
      ? l10n.t('Its status is not known yet')
      : mailer?.lastUpdate
        ? l10n.t("It is “{0}” since {1} (account's time)", mailer.statusText || describeStatus(status), mailer.lastUpdate.replace('T', ' '))
        : l10n.t('It is “{0}”', mailer?.statusText || describeStatus(status));
  return {
    reason: l10n.t(
      'The PDF is not available yet: it is made when the mailer is printed. {0}; this preview shows the PDF by itself when the mailer reaches {1}.',
      now,
      describeStatus(STATUS.WaitingForDelivery),
    ),
    waiting: true,
  };
}

/** Whether a change of status is worth asking for the PDF again: it is printed now, or it ended. */
export function worthAskingAgain(before: number | undefined, now: number | undefined): boolean {
  return now !== undefined && now !== before && (isPrintedStatus(now) || isFinalStatus(now));
}
