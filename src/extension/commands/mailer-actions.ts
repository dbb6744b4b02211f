/**
 * What the Mailers view's items offer: track IDs, cancel delivery, preview and save the printed
 * PDF, show details, copy the ID, stop tracking. Each takes the tree node it was invoked on.
 */
import * as vscode from 'vscode';
import { homedir } from 'node:os';
import { describeStatus, isFinalStatus, NO_PERMISSIONS_STATUS, parseIds, RESULT, STATUS } from '../../contract';
import { clientModule, resultCodeOf } from '../client-module';
import type { Clients } from '../connection/clients';
import type { Log } from '../log';
import { ITEMS_PER_PAGE } from '../model/batch-items';
import { detailsPage, itemPageIds } from '../model/details';
import { pdfWait, previewTitle } from '../model/pdf-wait';
import type { Refresher } from '../refresher';
import type { TrackedMailers } from '../tracked-mailers';
import type { DetailsPanels } from '../views/details-panel';
import type { HistoryNode } from '../views/history-tree';
import type { MailersNode } from '../views/mailers-tree';
import type { PdfPreviews } from '../views/pdf-preview';
import { prompts } from '../prompts';
import { afterConfirming } from './confirm';
import type { CommandMap } from './invocation';

export interface MailerActionsContext {
  readonly clients: Clients;
  readonly mailers: TrackedMailers;
  readonly refresher: Refresher;
  readonly details: DetailsPanels;
  readonly previews: PdfPreviews;
  readonly log: Log;
  /** The Send History view: a mailer of the active account that it shows opens too, tracked or not. */
  readonly history?: { opens(id: number): boolean };
  /** Forgets what this machine kept of a batch's items (their recipients), once it is no longer tracked. */
  readonly forgetItems?: (id: number) => Promise<void>;
}

/** The mailer a command was invoked on: its row, the batch of an item row, or a Send History row's. */
export function rowMailerOf(node: unknown): number | undefined {
  const candidate = node as MailersNode | HistoryNode | undefined;
  if (candidate?.kind === 'mailer') return candidate.mailer.id;
  if (candidate?.kind === 'history') return candidate.row.id;
  return candidate?.kind === 'item' ? candidate.batch.id : undefined;
}

/** How long the status bar says that an ID was copied. */
const COPIED_MESSAGE_MS = 4000;

function notTracked(unknown: readonly number[], asked: number): string {
  if (asked === 1)
    return vscode.l10n.t(
      'Mailroom: mailer {0} is not tracked: the service knows no such mailer of this account (it may be mistyped, or belong to another account).',
      unknown[0]!,
    );
  const shown = unknown.length > 5 ? `${unknown.slice(0, 5).join(', ')}…` : unknown.join(', ');
  if (unknown.length === 1)
    return vscode.l10n.t(
      'Mailroom: 1 of the {0} IDs is not tracked ({1}): the service knows no such mailer of this account (it may be mistyped, or belong to another account).',
      asked,
      shown,
    );
  return vscode.l10n.t(
    'Mailroom: {0} of the {1} IDs are not tracked ({2}): the service knows no such mailer of this account (it may be mistyped, or belong to another account).',
    unknown.length,
    asked,
    shown,
  );
}

/** Why a cancel came too late, from the status the service gives now. */
function tooLate(status: number | undefined): string {
  if (status === undefined) return vscode.l10n.t('the service has already handed it to the postal service, or it was cancelled before.');
  if (status === STATUS.Canceled) return vscode.l10n.t('it is already cancelled.');
  if (isFinalStatus(status)) return vscode.l10n.t('it has already ended ({0}).', describeStatus(status));
  return vscode.l10n.t('it is {0} now, handed to the postal service.', describeStatus(status));
}

/** What a cancel covers, in the question: one letter, or a batch and all its letters (and, asked on an item, that it cannot go alone). */
function cancelQuestion(id: number, letters: number | undefined, node: unknown): { question: string; button: string } {
  const after = vscode.l10n.t('Cancelling may take a few minutes; any amount charged is refunded at once.');
  if (letters === undefined) {
    return { question: vscode.l10n.t('Cancel delivery of mailer {0}? {1}', id, after), button: vscode.l10n.t('Cancel Delivery') };
  }
  const row = node as MailersNode | undefined;
  const item =
    row?.kind === 'item'
      ? vscode.l10n.t(
          'The service cannot cancel item {0}{1} alone: only the whole batch. ',
          row.item.ItemID,
          row.recipient ? ` (${row.recipient})` : '',
        )
      : '';
  return {
    question: vscode.l10n.t('{0}Cancel the whole batch {1}, all {2} letters? {3}', item, id, letters.toLocaleString(), after),
    button: vscode.l10n.t('Cancel All {0} Letters', letters.toLocaleString()),
  };
}

export function mailerActions(ctx: MailerActionsContext) {
  const { clients, mailers, refresher } = ctx;
  // A row's mailer, if it is one the user follows or sent: another extension could hand in any ID (commands/invocation.ts).
  const mailerOf = (node: unknown) => {
    const id = rowMailerOf(node);
    return id !== undefined && (mailers.get(id) || ctx.history?.opens(id)) ? id : undefined;
  };
  const client = () => clients.client();
  const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
  const printedPdf = async (id: number) => (await (await client()).simple.GetPDF({ ID: id })).FileData;
  const cancel = async (node: unknown) => {
    const id = mailerOf(node);
    if (id === undefined) return;
    // CancelDelivery takes no ItemID: a batch goes whole, so the question counts its letters first.
    const letters = mailers.get(id)?.isBatch === false ? undefined : await (await clientModule()).batchLetters(await client(), id);
    const asked = cancelQuestion(id, letters, node);
    await afterConfirming(
      asked.question,
      asked.button,
      async () => {
        try {
          await (await client()).datedA.CancelDelivery({ ID: id });
        } catch (error) {
          // The tree offers Cancel only while it may be done, as of the last refresh; since then it moved on.
          if ((await resultCodeOf(error)) !== RESULT.CancellationDenied) throw error;
          await refresher.refresh();
          void prompts.notify(
            'warning',
            vscode.l10n.t('Mailroom: mailer {0} can no longer be cancelled: {1}', id, tooLate(mailers.get(id)?.status)),
          );
          return;
        }
        await refresher.refresh();
        void prompts.notify(
          'info',
          letters === undefined
            ? vscode.l10n.t('Mailroom: mailer {0} is cancelled; any amount charged for it is refunded.', id)
            : vscode.l10n.t(
                'Mailroom: batch {0} is cancelled, all {1} of its letters; any amount charged for it is refunded.',
                id,
                letters,
              ),
        );
      },
      // The safe answer is the default: Enter keeps the letters.
      letters === undefined ? vscode.l10n.t('Keep Delivery') : vscode.l10n.t('Keep the Batch'),
    );
  };
  /**
   * The PDF to save, waited for with progress while the service is still printing it (-3020 on a
   * printed mailer: a large batch's is made on first need), unless the wait is cancelled.
   * A PDF not printed yet, or deleted, fails as the service answered.
   */
  const printedPdfWaited = (id: number) =>
    vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Mailroom: the PDF of mailer {0}', id), cancellable: true },
      async (progress, token) => {
        const since = Date.now();
        for (;;) {
          try {
            return await printedPdf(id);
          } catch (error) {
            if ((await resultCodeOf(error)) !== RESULT.PdfNotAvailable) throw error;
            const status = (await (await client()).datedA.GetStatus({ ID: String(id) })).Statuses[0]?.Status;
            const wait = status === undefined ? undefined : pdfWait({ status }, Date.now() - since);
            // Said in the wait's words (what the mailer's status means for its PDF); the log keeps the service's answer.
            if (wait?.askAgainInMs === undefined) throw wait ? Object.assign(new Error(messageOf(error)), { inWords: wait.reason }) : error;
            progress.report({ message: wait.reason });
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, wait.askAgainInMs);
              token.onCancellationRequested(() => (clearTimeout(timer), resolve()));
            });
            if (token.isCancellationRequested) return 'cancelled' as const;
          }
        }
      },
    );
  /**
   * A mailer's details in its own panel, refreshed when shown again; a batch's items a page at a
   * time from `firstItem` (GetBatchDetails of a range: one call for 100,000 items would be too long to wait for).
   */
  const showDetails = async (id: number, firstItem: number) => {
    const c = await client();
    const [details] = (await c.datedA.GetDetailsExtended({ ID: String(id) })).Details;
    if (!details) throw new Error(vscode.l10n.t('GetDetailsExtended gave no details of mailer {0}', id));
    const batch = details.IsBatch ? await c.datedA.GetBatchDetails({ ID: id, ItemID: itemPageIds(firstItem) }) : undefined;
    const items = batch && { batch, first: firstItem };
    ctx.details.show(detailsPage(details, items, mailers.get(id)?.sha256, mailers.get(id)?.recipient));
  };
  return {
    'mailroom.trackIds': async () => {
      const ids = await prompts.input({
        title: vscode.l10n.t('Track mailer IDs'),
        prompt: vscode.l10n.t('One ID, a range like 1021984-1021994, or a comma list'),
        validateInput: (v) => {
          const parsed = parseIds(v.trim());
          return parsed.ok ? undefined : parsed.reason;
        },
      });
      const parsed = ids === undefined ? undefined : parseIds(ids.trim());
      if (!parsed?.ok) return;
      // Only mailers the service shows this account: an unknown ID (or another account's) is no failed mailer.
      const { fetchStatuses } = await clientModule();
      // Against the real service a Get method waits its turn (6 s apart): the person sees that it is under way.
      const statuses = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Mailroom: looking the mailers up') },
        async () => fetchStatuses(await client(), parsed.ids),
      );
      const known = parsed.ids.filter((id) => (statuses.get(id)?.Status ?? NO_PERMISSIONS_STATUS) !== NO_PERMISSIONS_STATUS);
      const unknown = parsed.ids.filter((id) => !known.includes(id));
      if (unknown.length > 0) void prompts.notify('warning', notTracked(unknown, parsed.ids.length));
      if (known.length === 0) return;
      await mailers.add(known.map((id) => ({ id })));
      // The statuses just read show at once; the refresh adds prices.
      await mailers.update(new Map(known.map((id) => [id, statuses.get(id)!])));
      await refresher.refresh();
    },
    'mailroom.cancelDelivery': (node: unknown) => cancel(node),
    // On a batch's item: the service cancels a batch only whole, and the question says so.
    'mailroom.cancelWholeBatch': (node: unknown) => cancel(node),
    'mailroom.previewPdf': (node: unknown) => {
      const id = mailerOf(node);
      if (id === undefined) return;
      // The preview follows the mailer as the refresher sees it: one opened before printing shows the PDF by itself.
      const subject = { id, current: () => mailers.get(id), onDidChange: mailers.onDidChange };
      ctx.previews.show(previewTitle(id, mailers.get(id)?.description), () => printedPdf(id), subject);
    },
    'mailroom.savePdf': async (node: unknown) => {
      const id = mailerOf(node);
      if (id === undefined) return;
      const pdf = await printedPdfWaited(id);
      if (pdf === 'cancelled') return;
      if (!pdf) throw new Error(vscode.l10n.t('GetPDF gave no file for mailer {0}', id));
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(homedir());
      const target = await prompts.saveTo({ defaultUri: vscode.Uri.joinPath(folder, `mailer-${id}.pdf`), filters: { PDF: ['pdf'] } });
      if (target) await vscode.workspace.fs.writeFile(target, pdf);
    },
    'mailroom.showDetails': async (node: unknown) => {
      const id = mailerOf(node);
      if (id !== undefined) await showDetails(id, 1);
    },
    // A link of a batch's details panel: only for a panel open now, and a page that starts an item page.
    'mailroom.showBatchItems': async (batchId: unknown, firstItem: unknown) => {
      const id = Number(batchId);
      const first = Number(firstItem);
      const open = Number.isSafeInteger(id) && ctx.details.get(id)?.page.items !== undefined;
      if (open && Number.isSafeInteger(first) && first >= 1 && (first - 1) % ITEMS_PER_PAGE === 0) await showDetails(id, first);
    },
    'mailroom.copyId': async (node: unknown) => {
      const id = mailerOf(node);
      if (id === undefined) return;
      await vscode.env.clipboard.writeText(String(id));
      // Said in the status bar, gone by itself: a notification would ask to be closed.
      prompts.status(`$(copy) ${vscode.l10n.t('Mailroom: copied mailer ID {0}', id)}`, COPIED_MESSAGE_MS);
    },
    'mailroom.stopTracking': async (node: unknown) => {
      const id = mailerOf(node);
      if (id === undefined) return;
      await mailers.remove(id);
      await ctx.forgetItems?.(id);
    },
  } satisfies CommandMap;
}
