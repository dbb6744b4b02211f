/**
 * What every send command ends with: the work mode in sight, Production confirmed (unless turned
 * off), one call with progress and never a retry, then the new mailer followed in the tree and
 * selected, its address remembered. Failures are told in words with the service's result code;
 * a send whose outcome is unknown is kept as an attempt to look up (model/attempts.ts).
 */
import * as vscode from 'vscode';
import type { CallOptions, MailWsClient, RecipientAddress, SendNote } from '../../client';
import type { EnumValue } from '../../contract';
import { randomUUID } from 'node:crypto';
import { clientModule } from '../client-module';
import type { Accounts } from '../connection/accounts';
import type { Clients } from '../connection/clients';
import { mayCharge, OverBudget, recipientLine, RepeatedSend } from '../../rulebook';
import { recipientSummary } from '../../formats';
import { repeatedNote, rowsAgainChoice, sendAgainQuestion } from '../model/repeats';
import { accountName } from '../account-name';
import { amountQuestion, overBudgetQuestion, takenMeanwhile, unansweredSpending } from '../model/spending';
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
  /** Whose account a send goes from, in the spending guard's words. */
  readonly accounts: Accounts;
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
  /** Once sent, with the new mailer's ID: what the send keeps of its own (a merge's items' recipients). */
  readonly sent?: (id: number) => Promise<void>;
  /** A mail merge's: the same merge with only the data rows (1-based) kept, to leave out those sent before. */
  readonly withoutRows?: (keep: (row: number) => boolean) => Submission;
}

export const defaultWorkMode = (): EnumValue<'WorkMode'> =>
  vscode.workspace.getConfiguration('mailroom').get<EnumValue<'WorkMode'>>('defaultWorkMode', 'Development');

const recipientOf = (address: RecipientAddress | undefined) => {
  const summary = recipientSummary(address);
  return summary ? vscode.l10n.t(' to {0}', summary) : '';
};

/** Asks as a modal warning whether to go on; true when the person pressed the button. */
const asked = ({ question, button }: { readonly question: string; readonly button: string }) => prompts.confirm(question, button);

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
  // The send guard (src/rulebook/send-guard.ts): the budget first, then the work mode, then the amount.
  let price = mayCharge(workMode) ? await submission.price?.() : undefined;
  const who = ctx.accounts.account ? accountName(ctx.accounts.account) : '';
  const confirmProduction = vscode.workspace.getConfiguration('mailroom').get<boolean>('confirmProduction', true);
  const guard = await ctx.spending.guard(
    { mode: workMode, price },
    {
      // As the command line says it: the budget and the repeats then count every send as made.
      say: (notice) => {
        if (notice.kind === 'offline') void prompts.notify('warning', unansweredSpending(wordsOf(notice.failure).replace(/\.$/, '')));
      },
      decide: async (question) => {
        if (question.kind === 'over budget') return asked(overBudgetQuestion(question.verdict, who));
        if (question.kind === 'amount') {
          // Above the threshold it is asked, with the amount, even with the Production question turned off.
          return asked(amountQuestion(question, `${what}${to}`));
        }
        const ask = confirmProduction
          ? productionQuestion(question.mode, `${what}${to}`, ctx.accounts.account?.sandbox === true)
          : undefined;
        return !ask || asked(ask);
      },
    },
  );
  if (guard.kind === 'declined') return 'not sent';
  const choices = { overBudget: guard.check.budget.kind === 'over', again: false };
  const started = Date.now();
  let id: number;
  let noted: (() => SendNote | undefined) | undefined;
  // Sent once; a send the send log refused under its lock (nothing written, nothing sent) is asked about, and sent as the person says.
  for (let sending = submission; ;) {
    try {
      const admission = guard.admission({ ...choices, price });
      noted = admission.noted;
      id = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Mailroom: sending {0}{1} ({2} mode)', what, to, workMode) },
        async (progress) => {
          const client = await ctx.clients.client();
          let shown = 0;
          return sending.send(client, {
            ...(price === undefined ? {} : { price }),
            admit: admission.admit,
            onProgress: ({ direction, bytes, total }) => {
              if (direction !== 'up' || !total) return;
              const percent = Math.floor((bytes / total) * 100);
              if (percent > shown) progress.report({ increment: percent - shown, message: `${percent}%` });
              shown = Math.max(shown, percent);
            },
          });
        },
      );
      break;
    } catch (error) {
      // The send log's last check: sends made meanwhile (here or from the command line) took the budget. Nothing was sent.
      if (error instanceof OverBudget) {
        void prompts.notify('error', takenMeanwhile(error.verdict, who));
        return 'not sent';
      }
      // The same letter to the same recipient went before (src/rulebook/repeats.ts): sent again only if the person says so.
      if (error instanceof RepeatedSend) {
        const { rows } = error.verdict;
        if (rows && sending.withoutRows) {
          const choice = rowsAgainChoice({ ...error.verdict, rows });
          const items = [...(choice.newRows ? [{ label: choice.newRows, again: false }] : []), { label: choice.all, again: true }];
          const picked = await prompts.pick(items, { title: choice.title, placeHolder: vscode.l10n.t('Nothing is sent until you choose') });
          if (!picked) return 'not sent';
          if (!picked.again) {
            const sent = new Set(rows);
            sending = sending.withoutRows((row) => !sent.has(row));
            price = mayCharge(workMode) ? await sending.price?.() : undefined;
          } else choices.again = true;
          continue;
        }
        if (!(await asked(sendAgainQuestion(error.verdict, what, ctx.accounts.account?.sandbox === true)))) return 'not sent';
        choices.again = true;
        continue;
      }
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
  }
  // Sent: what follows must not be mistaken for a failed send, whatever fails in it.
  try {
    const recipient = submission.address && recipientLine(submission.address);
    if (submission.sha256) ctx.log.info(`Mailer ${id} (${what}) was sent; SHA-256 of the letter's bytes: ${submission.sha256}`);
    await submission.sent?.(id);
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
  const note = noted?.();
  const repeated = note?.repeats?.length ? repeatedNote(note.repeats, note.again === true) : '';
  const [showDetails, previewPdf] = [vscode.l10n.t('Show Details'), vscode.l10n.t('Preview PDF')];
  void prompts
    .notify(
      'info',
      vscode.l10n.t('Mailroom: sent {0}{1} as mailer {2} ({3} mode).', what, to, id, workMode) + repeated,
      showDetails,
      previewPdf,
    )
    .then((answer) => {
      const command = answer === showDetails ? 'mailroom.showDetails' : answer === previewPdf ? 'mailroom.previewPdf' : undefined;
      const row = ctx.tree.nodeOf(id);
      if (command && row) void vscode.commands.executeCommand(command satisfies MailroomCommand, row);
    });
  return id;
}
