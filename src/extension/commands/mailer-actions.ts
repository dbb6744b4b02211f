/**
 * What the Mailers view's items offer: track IDs, cancel delivery, preview and save the printed
 * PDF, show details, copy the ID, stop tracking. Each takes the tree node it was invoked on.
 */
import * as vscode from 'vscode';
import { homedir } from 'node:os';
import { parseIds } from '../../contract';
import type { Connection } from '../connection';
import type { Log } from '../log';
import { detailsPage } from '../model/details';
import { previewTitle } from '../model/pdf-wait';
import type { Refresher } from '../refresher';
import type { TrackedMailers } from '../tracked-mailers';
import type { DetailsPanels } from '../views/details-panel';
import type { MailersNode } from '../views/mailers-tree';
import type { PdfPreviews } from '../views/pdf-preview';
import { afterConfirming } from './confirm';
import type { CommandMap } from './invocation';

export interface MailerActionsContext {
  readonly connection: Connection;
  readonly mailers: TrackedMailers;
  readonly refresher: Refresher;
  readonly details: DetailsPanels;
  readonly previews: PdfPreviews;
  readonly log: Log;
}

/** The mailer a command was invoked on: its row, or the batch of an item row. */
export function rowMailerOf(node: unknown): number | undefined {
  const candidate = node as MailersNode | undefined;
  if (candidate?.kind === 'mailer') return candidate.mailer.id;
  return candidate?.kind === 'item' ? candidate.batch.id : undefined;
}

export function mailerActions(ctx: MailerActionsContext) {
  const { connection, mailers, refresher, log } = ctx;
  // A row's mailer, if it is one the user follows: another extension could hand in any ID (commands/invocation.ts).
  const mailerOf = (node: unknown) => {
    const id = rowMailerOf(node);
    return id !== undefined && mailers.get(id) ? id : undefined;
  };
  const client = () => connection.client();
  const printedPdf = async (id: number) => (await (await client()).simple.GetPDF({ ID: id })).FileData;
  return {
    'mailroom.trackIds': async (text?: string) => {
      const ids =
        text ??
        (await vscode.window.showInputBox({
          title: 'Track mailer IDs',
          prompt: 'One ID, a range like 1021984-1021994, or a comma list',
          validateInput: (v) => {
            const parsed = parseIds(v.trim());
            return parsed.ok ? undefined : parsed.reason;
          },
        }));
      if (!ids) return;
      const parsed = parseIds(ids.trim());
      if (!parsed.ok) return log.showError(`Mailroom: ${parsed.reason}`);
      await mailers.add(parsed.ids.map((id) => ({ id })));
      await refresher.refresh();
    },
    'mailroom.cancelDelivery': async (node: unknown, confirmed?: boolean) => {
      const id = mailerOf(node);
      if (id === undefined) return;
      const question = `Cancel delivery of mailer ${id}? Cancelling may take a few minutes; any amount charged is refunded at once.`;
      await afterConfirming(question, 'Cancel Delivery', confirmed, async () => {
        await (await client()).datedA.CancelDelivery({ ID: id });
        await refresher.refresh();
      });
    },
    'mailroom.previewPdf': (node: unknown) => {
      const id = mailerOf(node);
      if (id === undefined) return undefined;
      // The preview follows the mailer as the refresher sees it: one opened before printing shows the PDF by itself.
      const subject = { id, current: () => mailers.get(id), onDidChange: mailers.onDidChange };
      return ctx.previews.show(previewTitle(id, mailers.get(id)?.description), () => printedPdf(id), subject);
    },
    'mailroom.savePdf': async (node: unknown, saveAs?: vscode.Uri) => {
      const id = mailerOf(node);
      if (id === undefined) return;
      const pdf = await printedPdf(id);
      if (!pdf) throw new Error(`GetPDF gave no file for mailer ${id}`);
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(homedir());
      const target =
        saveAs ??
        (await vscode.window.showSaveDialog({ defaultUri: vscode.Uri.joinPath(folder, `mailer-${id}.pdf`), filters: { PDF: ['pdf'] } }));
      if (target) await vscode.workspace.fs.writeFile(target, pdf);
    },
    'mailroom.showDetails': async (node: unknown) => {
      const id = mailerOf(node);
      if (id === undefined) return undefined;
      const c = await client();
      const [details] = (await c.datedA.GetDetailsExtended({ ID: String(id) })).Details;
      if (!details) throw new Error(`GetDetailsExtended gave no details of mailer ${id}`);
      const batch = details.IsBatch ? await c.datedA.GetBatchDetails({ ID: id, ItemID: '' }) : undefined;
      // Its own panel, refreshed when shown again; the panel (its page, its text) for the tests.
      return ctx.details.show(detailsPage(details, batch));
    },
    'mailroom.copyId': async (node: unknown) => {
      const id = mailerOf(node);
      if (id !== undefined) await vscode.env.clipboard.writeText(String(id));
    },
    'mailroom.stopTracking': async (node: unknown) => {
      const id = mailerOf(node);
      if (id !== undefined) await mailers.remove(id);
    },
  } satisfies CommandMap;
}
