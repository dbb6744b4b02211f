/**
 * "Send Current Document as Letter" (the active editor's document or the file chosen in the
 * explorer) and "Send Stored File as Letter". The recipient comes from Markdown front matter or is
 * asked for; the work mode is the configured default, shown in the progress and, for Production,
 * in the confirmation.
 */
import * as vscode from 'vscode';
import { basename } from 'node:path';
import type { RecipientAddress } from '../../client';
import { clientModule } from '../client-module';
import { STORED_FILE_PREFIX } from '../../contract';
import { prompts } from '../prompts';
import { addressOf, NEW_ADDRESS, type AddressDraft } from './address-input';
import { askAndSend, defaultWorkMode, type SendContext } from './send-flow';

/** What the editor shows, saved or not; binary files straight from disk. */
export async function documentOf(uri: vscode.Uri): Promise<Uint8Array> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  return open && !/\.(pdf|docx?|png|jpe?g)$/i.test(uri.path) ? Buffer.from(open.getText()) : vscode.workspace.fs.readFile(uri);
}

interface LetterAnswers {
  readonly to: AddressDraft;
}

/** A letter to the address its document names, or to one asked for in steps; in the configured work mode. */
function sendLetter(
  ctx: SendContext,
  name: string,
  fileExtension: string,
  data: Uint8Array,
  to: RecipientAddress | undefined,
  source?: vscode.Uri,
) {
  const steps = to
    ? []
    : ctx.addresses.steps<LetterAnswers>(
        vscode.l10n.t('Send {0}: recipient', name),
        (answers) => answers.to,
        (answers, draft) => ({ ...answers, to: draft }),
      );
  const description = name.slice(0, 100);
  const workMode = defaultWorkMode();
  return askAndSend(ctx, steps, { to: NEW_ADDRESS }, (answers) => {
    const address = to ?? addressOf(answers.to) ?? {};
    return {
      what: name,
      description,
      address,
      workMode,
      send: (client, call) =>
        client.simple.SendLetterAndAddressV2(
          { MyDescription: description, FileExtension: fileExtension, FileBinaryData: data, WorkMode: workMode, ...address },
          source?.scheme === 'file' ? { ...call, source: source.fsPath } : call,
        ),
    };
  });
}

export function sendDocumentCommand(ctx: SendContext) {
  return async (target?: vscode.Uri): Promise<number | undefined> => {
    const uri = target instanceof vscode.Uri ? target : vscode.window.activeTextEditor?.document.uri;
    if (!uri) {
      void prompts.notify('warning', vscode.l10n.t('Mailroom: open the document to send, or choose it in the explorer.'));
      return undefined;
    }
    if (!ctx.connection.account) await ctx.connection.useSandbox();
    const name = basename(uri.path);
    const { DocumentError, letterDocument } = await clientModule();
    try {
      const document = await letterDocument(name, await documentOf(uri));
      return await sendLetter(ctx, name, document.type, document.data, document.to, uri);
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      ctx.log.showError(vscode.l10n.t('Mailroom: {0}', error.message));
      return undefined;
    }
  };
}

/** "Send Stored File as Letter": the file named as `MyFile:<name>`, with no bytes of its own. */
export function sendStoredFileCommand(ctx: SendContext) {
  return (fileName: string | undefined): Promise<number | undefined> =>
    fileName ? sendLetter(ctx, fileName, `${STORED_FILE_PREFIX}${fileName}`, new Uint8Array(), undefined) : Promise.resolve(undefined);
}
