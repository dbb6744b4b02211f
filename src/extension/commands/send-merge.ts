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
import { askMergeFiles } from './merge-files';
import { askSteps, workModeStep } from './steps';
import { preflightMerge } from '../printing-module';
import { showMergeProof } from './merge-row';
import { goesOnAfterPreflight, printedIn, type ProofContext } from './proof';
import { askAndSend, defaultWorkMode } from './send-flow';

export function sendMailMergeCommand(ctx: ProofContext) {
  return async (target?: vscode.Uri): Promise<number | undefined> => {
    if (!ctx.connection.account) await ctx.connection.useSandbox();
    const files = await askMergeFiles(
      ctx,
      {
        template: vscode.l10n.t('Send Mail Merge: the template'),
        data: vscode.l10n.t('Send Mail Merge: the merge data (CSV with a header row)'),
      },
      target instanceof vscode.Uri ? target : undefined,
      'skipped',
    );
    if (!files) return undefined;
    const { template, data } = files;
    const [templateName, dataName] = [basename(template.path), basename(data.path)];
    let merge: MailMerge;
    const { DocumentError, mailMerge } = await clientModule();
    const [templateBytes, dataBytes] = [await vscode.workspace.fs.readFile(template), await vscode.workspace.fs.readFile(data)];
    try {
      merge = mailMerge(templateName, templateBytes, dataName, dataBytes);
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      ctx.log.showError(vscode.l10n.t('Mailroom: {0}', error.message));
      return undefined;
    }
    const letters = merge.letters === 1 ? vscode.l10n.t('1 letter') : vscode.l10n.t('{0} letters', merge.letters);
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
              merge.encoding,
            ),
            vscode.l10n.t('Send {0}', letters),
            defaultWorkMode(),
            (a) => a.workMode,
            (_, workMode) => ({ workMode }),
          ),
        ],
        {},
      )
    )?.workMode;
    if (!workMode) return undefined;
    // The preflight, before anything is paid: an error stops the send with Open Proof (proof.ts).
    // The CSV as mailMerge decoded it (the contract's decodeCsv): the text checked is the text sent.
    const report = await preflightMerge({ type: merge.type, template: templateBytes, csv: merge.csv }, { workMode: printedIn(workMode) });
    const title = `${templateName} × ${dataName}`;
    const mergeData = { name: dataName, encoding: merge.encoding };
    if (!(await goesOnAfterPreflight(ctx.log, title, report, workMode, () => showMergeProof(ctx, title, report, workMode, mergeData))))
      return undefined;
    const description = `${templateName} × ${dataName}`.slice(0, 100);
    return askAndSend(ctx, [], {}, () => ({
      what: vscode.l10n.t('{0} from {1}', letters, templateName),
      description,
      workMode,
      isBatch: true,
      price: () => Promise.resolve(report.price),
      send: async (client, call) =>
        (
          await client.datedA.SendWordMailMerge_Compressed(
            {
              MyDescription: description,
              FileExtension: merge.type,
              FileBinaryData: merge.template,
              MergeData: merge.mergeData,
              WorkMode: workMode,
            },
            call,
          )
        ).ResultCode,
    }));
  };
}
