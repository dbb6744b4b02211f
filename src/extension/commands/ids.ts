/**
 * Mailroom's commands, as data: the one list of their IDs (package.json's contributes.commands must
 * name the same ones; test/extension-unit/manifest.test.ts checks both ways), what the workbench
 * hands each, and what it does in words, for the error shown when it fails. No `vscode` import:
 * the manifest test reads this file without VS Code; the words go through @vscode/l10n, which
 * extension.ts points at VS Code's bundle for the display language (see docs/extension.md, "Languages").
 */
import * as l10n from '@vscode/l10n';

export interface CommandFacts {
  /**
   * How many leading arguments the workbench passes, from the menus of package.json:
   * view/item/context and a tree item's own command pass the row; explorer/context passes the file
   * (and the files selected, which Send Letter (Advanced) uses); editor/title passes the file.
   * The command palette, view titles and welcome links pass none. See invocation.ts.
   */
  readonly workbenchArguments: 0 | 1 | 2;
  /** The failure's first sentence, "Mailroom could not cancel the delivery.", in the display language. */
  readonly failed: () => string;
}

export const COMMANDS = {
  'mailroom.useSandbox': { workbenchArguments: 0, failed: () => l10n.t('Mailroom could not use the local sandbox.') },
  'mailroom.connect': { workbenchArguments: 0, failed: () => l10n.t('Mailroom could not connect to the account.') },
  'mailroom.signOut': { workbenchArguments: 0, failed: () => l10n.t('Mailroom could not sign out.') },
  'mailroom.sendDocument': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not send the document.') },
  'mailroom.previewBeforeSending': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not preview the letter.') },
  'mailroom.sendAdvanced': { workbenchArguments: 2, failed: () => l10n.t('Mailroom could not send the letter.') },
  'mailroom.sendPostcard': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not send the postcard.') },
  'mailroom.sendMailMerge': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not send the mail merge.') },
  'mailroom.previewMergeRow': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not preview the merge row.') },
  // Its quick fix passes the CSV; the palette passes nothing (the CSV shown).
  'mailroom.reopenWithEncoding': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not reopen the file in its encoding.') },
  'mailroom.refresh': { workbenchArguments: 0, failed: () => l10n.t('Mailroom could not refresh the mailers.') },
  'mailroom.trackIds': { workbenchArguments: 0, failed: () => l10n.t('Mailroom could not track the mailers.') },
  'mailroom.previewPdf': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not preview the PDF.') },
  'mailroom.savePdf': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not save the PDF.') },
  'mailroom.cancelDelivery': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not cancel the delivery.') },
  // A batch's item passes itself; the service cancels its batch only whole.
  'mailroom.cancelWholeBatch': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not cancel the batch.') },
  'mailroom.copyId': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not copy the ID.') },
  'mailroom.stopTracking': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not stop tracking the mailer.') },
  'mailroom.showLog': { workbenchArguments: 0, failed: () => l10n.t('Mailroom could not show the log.') },
  'mailroom.refreshFiles': { workbenchArguments: 0, failed: () => l10n.t('Mailroom could not refresh the stored files.') },
  'mailroom.uploadFile': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not upload the file.') },
  'mailroom.deleteStoredFile': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not delete the stored file.') },
  'mailroom.sendStoredFile': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not send the stored file.') },
  // A Show More row under a batch's items passes itself.
  'mailroom.showMoreItems': { workbenchArguments: 1, failed: () => l10n.t("Mailroom could not show more of the batch's items.") },
  // A link in a batch's details panel passes the batch and the first item of the page it shows.
  'mailroom.showBatchItems': { workbenchArguments: 2, failed: () => l10n.t("Mailroom could not show the batch's items.") },
  'mailroom.showDetails': { workbenchArguments: 1, failed: () => l10n.t("Mailroom could not show the mailer's details.") },
  'mailroom.changeUserSettings': { workbenchArguments: 0, failed: () => l10n.t('Mailroom could not change the user settings.') },
  'mailroom.lookUpAttempt': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not look the send up.') },
  'mailroom.forgetAttempt': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not forget the attempt.') },
  'mailroom.filterMailers': { workbenchArguments: 0, failed: () => l10n.t('Mailroom could not filter the mailers.') },
  'mailroom.filterMailersAdvanced': { workbenchArguments: 0, failed: () => l10n.t('Mailroom could not filter the mailers.') },
  'mailroom.clearMailerFilter': { workbenchArguments: 0, failed: () => l10n.t('Mailroom could not clear the filter.') },
  'mailroom.exportMailers': { workbenchArguments: 0, failed: () => l10n.t('Mailroom could not export the mailers.') },
  // The status bar item and the palette pass nothing; a Mailers view row grouped by account passes its account.
  'mailroom.switchAccount': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not switch the account.') },
  'mailroom.sandbox.advance': { workbenchArguments: 0, failed: () => l10n.t("Mailroom could not advance the sandbox's clock.") },
  'mailroom.sandbox.fail': { workbenchArguments: 1, failed: () => l10n.t('Mailroom could not make the mailer fail.') },
  'mailroom.receiveFeedbackPushes': { workbenchArguments: 0, failed: () => l10n.t('Mailroom could not register for feedback pushes.') },
  'mailroom.stopFeedbackPushes': { workbenchArguments: 0, failed: () => l10n.t('Mailroom could not stop the feedback pushes.') },
  'mailroom.sandbox.setFunds': { workbenchArguments: 0, failed: () => l10n.t("Mailroom could not set the sandbox account's funds.") },
} as const satisfies Readonly<Record<`mailroom.${string}`, CommandFacts>>;

/** A command Mailroom contributes and registers. */
export type MailroomCommand = keyof typeof COMMANDS;

export const MAILROOM_COMMANDS = Object.keys(COMMANDS) as readonly MailroomCommand[];
