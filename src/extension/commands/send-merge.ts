/**
 * "Send Mail Merge": a template (.docx with «Field»s, or HTML with {{Field}}s) and a CSV from the
 * workspace, one letter per row, sent as one batch. The number of letters is shown with the work
 * mode before anything is sent; the addresses come from the data, as the template places them.
 */
import * as vscode from 'vscode';
import { basename } from 'node:path';
import type { MailMerge } from '../../client';
import { clientModule } from '../client-module';
import type { EnumValue } from '../../contract';
import { readAs, saidDelimiter } from '../model/proof';
import { mergeRowKeys, printedIn, printedWith } from '../../rulebook';
import { dollars } from '../../formats';
import { printAssumedFor } from '../print-settings';
import { askMergeFiles } from './merge-files';
import { askSteps, workModeStep } from './steps';
import { preflightMerge } from '../printing-module';
import { passingRows } from '../../printing/preflight/unsendable';
import { showMergeProof } from './merge-row';
import { preflightMergeShown } from './merge-preflight';
import { answerAfterPreflight, type ProofContext } from './proof';
import { askAndSend, defaultWorkMode, type Submission } from './send-flow';
import { wordsOf } from '../model/failure-words';
import { signInFirst } from './signed-in';
import { keepRecipients } from '../batch-recipients';
import { recipientsOfRows } from '../model/batch-items';

export function sendMailMergeCommand(ctx: ProofContext) {
  return async (target?: vscode.Uri): Promise<void> => {
    await signInFirst(ctx);
    const files = await askMergeFiles(
      ctx,
      {
        template: vscode.l10n.t('Send Mail Merge: the template'),
        data: vscode.l10n.t('Send Mail Merge: the merge data (CSV with a header row)'),
      },
      target instanceof vscode.Uri ? target : undefined,
      'skipped',
      // The work mode is the last of the command's questions, counted with the files'.
      1,
    );
    if (!files) return;
    const { template, data } = files;
    const [templateName, dataName] = [basename(template.path), basename(data.path)];
    let merge: MailMerge;
    const { DocumentError, mailMerge } = await clientModule();
    const [templateBytes, dataBytes] = [await vscode.workspace.fs.readFile(template), await vscode.workspace.fs.readFile(data)];
    try {
      merge = mailMerge(templateName, templateBytes, dataName, dataBytes);
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      ctx.log.showError(vscode.l10n.t('Mailroom: {0}', wordsOf(error)));
      return;
    }
    const letters = merge.letters === 1 ? vscode.l10n.t('1 letter') : vscode.l10n.t('{0} letters', merge.letters);
    // The preflight, before the work mode is asked: the pick says what a send that charges costs (printed as the account
    // prints: simplex or duplex, black or colour, which the proof says). Its findings are Production's, which a
    // Development send checks again below. The CSV as mailMerge decoded it: the text checked is the text sent.
    const print = await printAssumedFor(ctx.accounts.account);
    const title = `${templateName} × ${dataName}`;
    const checked = { type: merge.type, template: templateBytes, csv: merge.csv };
    const priced = await preflightMergeShown(title, checked, { workMode: 'Production', ...printedWith(print) }, { letters: false });
    if (!priced) return;
    // Unknown, never $0.00, when no row's address can be read.
    const amount = priced.priceUnknown ? vscode.l10n.t('price unknown') : vscode.l10n.t('about {0}', dollars(priced.price));
    const workMode = (
      await askSteps<{ workMode?: EnumValue<'WorkMode'> }>(
        [
          workModeStep(
            vscode.l10n.t(
              'Send Mail Merge: {0} from {1} and {2} (fields: {3}; read as {4})',
              letters,
              templateName,
              dataName,
              merge.fields.join(', '),
              readAs({ encoding: merge.encoding, ...saidDelimiter(merge.delimiter) }),
            ),
            vscode.l10n.t('Send {0}', letters),
            defaultWorkMode(),
            (a) => a.workMode,
            (_, workMode) => ({ workMode }),
            amount,
          ),
        ],
        {},
        { before: files.asked ?? 0, after: 0 },
      )
    )?.workMode;
    if (!workMode) return;
    // The preflight, before anything is paid: an error stops the send with Open Proof (proof.ts).
    const settings = { workMode: printedIn(workMode), ...printedWith(print) } as const;
    const report = settings.workMode === 'Production' ? priced : await preflightMergeShown(title, checked, settings, { letters: false });
    if (!report) return;
    const mergeData = { name: dataName, encoding: merge.encoding, ...saidDelimiter(merge.delimiter) };
    // The whole merge's PDF, printed only when the proof is opened: the preflight prints none.
    const printed = async () => {
      const { pdf } = await preflightMerge(checked, settings, { proof: 'all', letters: false });
      return pdf ? Buffer.from(pdf) : undefined;
    };
    const proof = () => showMergeProof(ctx, title, report, workMode, mergeData, print, printed);
    // Rows that fail, beside rows that pass: "Send the N Rows That Pass" sends those, written first beside the data.
    const pass = passingRows(report);
    const passingChoice =
      pass && pass.length > 0 && pass.length < merge.letters ? vscode.l10n.t('Send the {0} Rows That Pass', pass.length) : undefined;
    const answer = await answerAfterPreflight(ctx.log, title, report, workMode, proof, passingChoice);
    if (!answer) return;
    const description = `${templateName} × ${dataName}`.slice(0, 100);
    const { keptRowsFile, mergeWithRows } = await clientModule();
    /** The merge as a send: its rows' keys go to the send log, and rows sent before can be left out (src/rulebook/repeats.ts). */
    const submissionOf = (batch: MailMerge, price: () => Promise<number | undefined>): Submission => ({
      what:
        batch.letters === merge.letters
          ? vscode.l10n.t('{0} from {1}', letters, templateName)
          : vscode.l10n.t('{0} of {1} letters from {2}', batch.letters, merge.letters, templateName),
      description,
      workMode,
      isBatch: true,
      price,
      send: async (client, call) =>
        (
          await client.datedA.SendWordMailMerge_Compressed(
            {
              MyDescription: description,
              FileExtension: batch.type,
              FileBinaryData: batch.template,
              MergeData: batch.mergeData,
              WorkMode: workMode,
            },
            { ...call, rows: mergeRowKeys(batch.template, batch.fields, batch.rows) },
          )
        ).ResultCode,
      // Item N is the data row N sent: who each goes to is kept for the Mailers view (batch-recipients.ts).
      sent: async (id) => {
        const account = ctx.accounts.accountKey;
        if (account) await keepRecipients(account, id, description, recipientsOfRows(batch.fields, batch.rows));
      },
      withoutRows: (keep) => {
        const rest = mergeWithRows(batch, keep);
        return submissionOf(rest, async () => {
          const restReport = await preflightMerge({ type: rest.type, template: templateBytes, csv: rest.csv }, settings, {
            letters: false,
          });
          return restReport.priceUnknown ? undefined : restReport.price;
        });
      },
    });
    // No row's address can be read (a misnamed column): the price is unknown, never $0.00.
    if (answer === 'other' && pass) {
      let kept: ReturnType<typeof keptRowsFile>;
      try {
        kept = keptRowsFile(merge, dataName, pass);
      } catch (error) {
        if (!(error instanceof DocumentError)) throw error;
        ctx.log.showError(vscode.l10n.t('Mailroom: {0}', wordsOf(error)));
        return;
      }
      const written = vscode.Uri.joinPath(data, '..', kept.name);
      // Never over a file there: it may be the user's.
      if (
        await vscode.workspace.fs.stat(written).then(
          () => true,
          () => false,
        )
      ) {
        ctx.log.showError(
          vscode.l10n.t('Mailroom: {0} is there already; move it away to have the rows that pass written there.', written.fsPath),
        );
        return;
      }
      await vscode.workspace.fs.writeFile(written, kept.bytes);
      ctx.log.info(
        vscode.l10n.t(
          'The {0} rows that pass of {1} were written to {2} ({3}).',
          pass.length,
          merge.letters,
          written.fsPath,
          merge.encoding,
        ),
      );
      const rest = kept.merge;
      const restPrice = async () => {
        const restReport = await preflightMerge({ type: rest.type, template: templateBytes, csv: rest.csv }, settings, { letters: false });
        return restReport.priceUnknown ? undefined : restReport.price;
      };
      await askAndSend(ctx, [], {}, () => submissionOf(rest, restPrice));
      return;
    }
    await askAndSend(ctx, [], {}, () => submissionOf(merge, () => Promise.resolve(report.priceUnknown ? undefined : report.price)));
  };
}
