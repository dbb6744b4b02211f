/**
 * What every send command ends with: the work mode in sight, Production confirmed (unless turned
 * off), one call with progress and never a retry, then the new mailer followed in the tree and
 * selected, its address remembered. Failures are told in words with the service's result code;
 * a send whose outcome is unknown is kept as an attempt to look up (model/attempts.ts).
 */
import * as vscode from 'vscode';
import type { CallOptions, MailWsClient, RecipientAddress } from '../../client';
import type { EnumValue } from '../../contract';
import { randomUUID } from 'node:crypto';
import { clientModule } from '../client-module';
import type { Clients } from '../connection/clients';
import { recipientLine } from '../../client/send-log';
import { mayCharge } from '../model/spending';
import { productionQuestion } from '../model/work-mode';
import { prompts } from '../prompts';
import type { Log } from '../log';
import type { SendAttempt } from '../model/attempts';
import type { TrackedMailers } from '../tracked-mailers';
import type { MailersTree } from '../views/mailers-tree';
import type { SpendingGuard } from '../spending';
import type { AddressBook } from './address-input';
import { couldNot, logLine, wordsOf } from '../model/failure-words';
import type { MailroomCommand } from './ids';
import { askSteps, type Step } from './steps';

export interface SendContext {
  readonly clients: Clients;
  readonly mailers: TrackedMailers;
  readonly tree: MailersTree;
  readonly view: vscode.TreeView<unknown>;
  readonly addresses: AddressBook;
  readonly refresh: () => Promise<unknown>;
  readonly log: Log;
  readonly spending: SpendingGuard;
}

export interface Submission {
  /** What goes, in words: "letter.md", "a postcard", "3 letters from invite.html". */
  readonly what: string;
  /** MyDescription, and the mailer's name in the tree. */
  readonly description: string;
  readonly address?: RecipientAddress;
  readonly workMode: EnumValue<'WorkMode'>;
  readonly isBatch?: boolean;
  /** Of the letter's bytes, as its proof showed it: kept with the tracked mailer and logged. */
  readonly sha256?: string;
  /**
   * The predicted price in dollars (the printing layer's, src/printing), asked for only when the
   * send may charge (Production or Default): the spending guard weighs it and the send log keeps it.
   * Undefined when it cannot be predicted here (a stored file has no bytes to print).
   */
  readonly price?: () => Promise<number | undefined>;
  readonly send: (client: MailWsClient, options: CallOptions) => Promise<number>;
}

export const defaultWorkMode = (): EnumValue<'WorkMode'> =>
  vscode.workspace.getConfiguration('mailroom').get<EnumValue<'WorkMode'>>('defaultWorkMode', 'Development');

const recipientOf = (address: RecipientAddress | undefined) =>
  address ? vscode.l10n.t(' to {0}', [address.AttentionLine1 ?? address.Company, address.City].filter(Boolean).join(', ')) : '';

/**
 * Asks the steps, then sends once. A send that failed for sure (refused, or found wrong by the
 * client's own check: nothing was made, nothing charged) is told in words with Edit and Retry,
 * which asks the same steps again with every answer kept; a send of unknown outcome never is.
 */
export async function askAndSend<S>(
  ctx: SendContext,
  steps: readonly Step<S>[],
  start: S,
  build: (answers: S) => Submission | Promise<Submission | undefined>,
): Promise<number | undefined> {
  for (let answers: S | undefined = start; ;) {
    answers = await askSteps(steps, answers);
    if (answers === undefined) return undefined;
    const submission = await build(answers);
    if (!submission) return undefined;
    const outcome = await submit(ctx, submission);
    if (typeof outcome === 'number') return outcome;
    if (outcome === 'not sent' || outcome === 'outcome unknown') return undefined;
    const message = couldNot(vscode.l10n.t('Mailroom could not send {0}.', submission.what), outcome.failed);
    if (steps.length === 0) return void ctx.log.showError(message, outcome.failed);
    ctx.log.error(logLine(message, outcome.failed));
    const editAndRetry = vscode.l10n.t('Edit and Retry');
    const kept = vscode.l10n.t('{0} What you gave is kept: edit and send again.', message);
    if ((await prompts.notify('error', kept, editAndRetry)) !== editAndRetry) return undefined;
  }
}

/**
 * Sends once; answers the new mailer's ID, `not sent` (declined), `outcome unknown` (a mailer may
 * have been made: kept as an attempt, never to be sent again on its own), or the failure of a send
 * that surely did not happen.
 */
export async function submit(
  ctx: SendContext,
  submission: Submission,
): Promise<number | 'not sent' | 'outcome unknown' | { failed: unknown }> {
  const { what, workMode } = submission;
  const to = recipientOf(submission.address);
  // The spending guard (spending.ts): a send past the daily budget is refused before anything is asked.
  const price = mayCharge(workMode) ? await submission.price?.() : undefined;
  if (!(await ctx.spending.withinBudget(workMode, price))) return 'not sent';
  const ask = productionQuestion(workMode, `${what}${to}`);
  if (ask && vscode.workspace.getConfiguration('mailroom').get<boolean>('confirmProduction', true)) {
    if (!(await prompts.confirm(ask.question, ask.button))) return 'not sent';
  }
  // Above the threshold it is asked again, with the amount, even with the Production question turned off.
  if (!(await ctx.spending.confirmed(workMode, price, `${what}${to}`))) return 'not sent';
  const started = Date.now();
  let id: number;
  try {
    id = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Mailroom: sending {0}{1} ({2} mode)', what, to, workMode) },
      async (progress) => {
        const client = await ctx.clients.client();
        let shown = 0;
        return submission.send(client, {
          ...(price === undefined ? {} : { price }),
          onProgress: ({ direction, bytes, total }) => {
            if (direction !== 'up' || !total) return;
            const percent = Math.floor((bytes / total) * 100);
            if (percent > shown) progress.report({ increment: percent - shown, message: `${percent}%` });
            shown = Math.max(shown, percent);
          },
        });
      },
    );
  } catch (error) {
    // Edit and Retry only for a send that surely did not happen: a gateway's 504 may come after the mailer was made.
    const { mayHaveTakenEffect } = await clientModule();
    if (!mayHaveTakenEffect(error)) return { failed: error };
    // The mailer may exist and be charged: never sent again on its own, kept until looked up.
    const afterId = Math.max(0, ...ctx.mailers.list().map((m) => m.id));
    const attempt: SendAttempt = {
      key: randomUUID(),
      description: submission.description,
      sentAt: started,
      workMode,
      ...(afterId > 0 ? { afterId } : {}),
    };
    await ctx.mailers.addAttempt(attempt);
    void prompts
      .notify(
        'warning',
        vscode.l10n.t(
          'Mailroom: the outcome of sending {0} is unknown ({1}). It is under "Outcome unknown" in the Mailers view: look it up before sending again.',
          what,
          wordsOf(error).replace(/\.$/, ''),
        ),
        vscode.l10n.t('Look Up'),
      )
      .then(
        (answer) =>
          answer && vscode.commands.executeCommand('mailroom.lookUpAttempt' satisfies MailroomCommand, { kind: 'attempt', attempt }),
      );
    return 'outcome unknown';
  }
  // Sent: what follows must not be mistaken for a failed send, whatever fails in it.
  try {
    const recipient = submission.address && recipientLine(submission.address);
    if (submission.sha256) ctx.log.info(`Mailer ${id} (${what}) was sent; SHA-256 of the letter's bytes: ${submission.sha256}`);
    await ctx.mailers.add([
      {
        id,
        description: submission.description,
        ...(submission.isBatch ? { isBatch: true } : {}),
        ...(submission.sha256 ? { sha256: submission.sha256 } : {}),
        ...(recipient ? { recipient } : {}),
        // As asked; the refresh's GetDetails puts the mode the service used (Default resolved).
        ...(workMode === 'Default' ? {} : { workMode }),
      },
    ]);
    if (submission.address) await ctx.addresses.remember(submission.address);
    await ctx.refresh();
    const node = ctx.tree.nodeOf(id);
    if (node) await ctx.view.reveal(node, { select: true, focus: false }).then(undefined, () => undefined);
  } catch (error) {
    ctx.log.error(logLine(`Mailer ${id} was sent; following it in the Mailers view failed.`, error));
  }
  // Said once, with the ID, and what one usually does next; not awaited: the send is done.
  const [showDetails, previewPdf] = [vscode.l10n.t('Show Details'), vscode.l10n.t('Preview PDF')];
  void prompts
    .notify('info', vscode.l10n.t('Mailroom: sent {0}{1} as mailer {2} ({3} mode).', what, to, id, workMode), showDetails, previewPdf)
    .then((answer) => {
      const command = answer === showDetails ? 'mailroom.showDetails' : answer === previewPdf ? 'mailroom.previewPdf' : undefined;
      const row = ctx.tree.nodeOf(id);
      if (command && row) void vscode.commands.executeCommand(command satisfies MailroomCommand, row);
    });
  return id;
}
