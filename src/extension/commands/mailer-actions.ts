/**
 * What the Mailers view's items offer: track IDs, cancel delivery, preview and save the printed
 * PDF, show details, copy the ID, stop tracking. Each takes the tree node it was invoked on.
 */
import * as vscode from 'vscode';
import { homedir } from 'node:os';
import { describeStatus, isFinalStatus, parseIds } from '../../contract';
import { resultCodeOf } from '../client-module';
import type { Connection } from '../connection';
import type { Log } from '../log';
import { detailsMarkdown } from '../model/details';
import type { Refresher } from '../refresher';
import type { TrackedMailers } from '../tracked-mailers';
import type { DetailsDocuments } from '../views/details-document';
import type { MailersNode } from '../views/mailers-tree';
import type { PdfPreviews } from '../views/pdf-preview';
import { prompts } from '../prompts';
import { afterConfirming } from './confirm';
import type { CommandMap } from './invocation';

export interface MailerActionsContext {
  readonly connection: Connection;
  readonly mailers: TrackedMailers;
  readonly refresher: Refresher;
  readonly details: DetailsDocuments;
  readonly previews: PdfPreviews;
  readonly log: Log;
}

/** The mailer a command was invoked on: its row, or the batch of an item row. */
export function rowMailerOf(node: unknown): number | undefined {
  const candidate = node as MailersNode | undefined;
  if (candidate?.kind === 'mailer') return candidate.mailer.id;
  return candidate?.kind === 'item' ? candidate.batch.id : undefined;
}

const CANCELLATION_DENIED = -3022;

/** Why a cancel came too late, from the status the service gives now. */
function tooLate(status: number | undefined): string {
  if (status === undefined) return 'the service has already handed it to the postal service, or it was cancelled before.';
  if (status === -1005) return 'it is already cancelled.';
  if (isFinalStatus(status)) return `it has already ended (${describeStatus(status)}).`;
  return `it is ${describeStatus(status)} now, handed to the postal service.`;
}

export function mailerActions(ctx: MailerActionsContext) {
  const { connection, mailers, refresher } = ctx;
  // A row's mailer, if it is one the user follows: another extension could hand in any ID (commands/invocation.ts).
  const mailerOf = (node: unknown) => {
    const id = rowMailerOf(node);
    return id !== undefined && mailers.get(id) ? id : undefined;
  };
  const client = () => connection.client();
  const printedPdf = async (id: number) => (await (await client()).simple.GetPDF({ ID: id })).FileData;
  return {
    'mailroom.trackIds': async () => {
      const ids = await prompts.input({
        title: 'Track mailer IDs',
        prompt: 'One ID, a range like 1021984-1021994, or a comma list',
        validateInput: (v) => {
          const parsed = parseIds(v.trim());
          return parsed.ok ? undefined : parsed.reason;
        },
      });
      const parsed = ids === undefined ? undefined : parseIds(ids.trim());
      if (!parsed?.ok) return;
      await mailers.add(parsed.ids.map((id) => ({ id })));
      await refresher.refresh();
    },
    'mailroom.cancelDelivery': async (node: unknown) => {
      const id = mailerOf(node);
      if (id === undefined) return;
      const question = `Cancel delivery of mailer ${id}? Cancelling may take a few minutes; any amount charged is refunded at once.`;
      await afterConfirming(question, 'Cancel Delivery', async () => {
        try {
          await (await client()).datedA.CancelDelivery({ ID: id });
        } catch (error) {
          // The tree offers Cancel only while it may be done, as of the last refresh; since then it moved on.
          if ((await resultCodeOf(error)) !== CANCELLATION_DENIED) throw error;
          await refresher.refresh();
          void prompts.notify('warning', `Mailroom: mailer ${id} can no longer be cancelled: ${tooLate(mailers.get(id)?.status)}`);
          return;
        }
        await refresher.refresh();
        void prompts.notify('info', `Mailroom: mailer ${id} is cancelled; any amount charged for it is refunded.`);
      });
    },
    'mailroom.previewPdf': (node: unknown) => {
      const id = mailerOf(node);
      if (id === undefined) return undefined;
      return ctx.previews.show(mailers.get(id)?.description ?? `Mailer ${id}`, () => printedPdf(id));
    },
    'mailroom.savePdf': async (node: unknown) => {
      const id = mailerOf(node);
      if (id === undefined) return;
      const pdf = await printedPdf(id);
      if (!pdf) throw new Error(`GetPDF gave no file for mailer ${id}`);
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(homedir());
      const target = await prompts.saveTo({ defaultUri: vscode.Uri.joinPath(folder, `mailer-${id}.pdf`), filters: { PDF: ['pdf'] } });
      if (target) await vscode.workspace.fs.writeFile(target, pdf);
    },
    'mailroom.showDetails': async (node: unknown) => {
      const id = mailerOf(node);
      if (id === undefined) return undefined;
      const c = await client();
      const [details] = (await c.datedA.GetDetailsExtended({ ID: String(id) })).Details;
      if (!details) throw new Error(`GetDetailsExtended gave no details of mailer ${id}`);
      const batch = details.IsBatch ? await c.datedA.GetBatchDetails({ ID: id, ItemID: '' }) : undefined;
      const markdown = detailsMarkdown(details, batch);
      await ctx.details.show(id, markdown);
      return markdown;
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
