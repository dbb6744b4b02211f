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
import { STORED_FILE_PREFIX, type EnumValue } from '../../contract';
import { prompts } from '../prompts';
import { addressOf, NEW_ADDRESS, type AddressDraft } from './address-input';
import { fromDocument, letterOf } from './letter-source';
import { goesOnAfterPreflight, proofOf, showProof, type ProofContext } from './proof';
import { askAndSend, defaultWorkMode, type SendContext } from './send-flow';
import { wordsOf } from '../model/failure-words';
import { signInFirst } from './signed-in';

interface LetterAnswers {
  readonly to: AddressDraft;
}

/**
 * A letter to the address its document names, or to one asked for in steps; in the configured work
 * mode. A letter made from a document is preflighted first (proof.ts goesOnAfterPreflight); a stored
 * file has no bytes here to check.
 */
function sendLetter(
  ctx: SendContext,
  name: string,
  fileExtension: string,
  data: Uint8Array,
  to: RecipientAddress | undefined,
  source?: vscode.Uri,
  preflight?: (
    address: RecipientAddress,
    workMode: EnumValue<'WorkMode'>,
  ) => Promise<{ readonly sha256: string; readonly report: { readonly price: number } } | undefined>,
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
  return askAndSend(ctx, steps, { to: NEW_ADDRESS }, async (answers) => {
    const address = to ?? addressOf(answers.to) ?? {};
    let sha256: string | undefined;
    let price: number | undefined;
    if (preflight) {
      const passed = await preflight(address, workMode);
      if (!passed) return undefined;
      ({ sha256 } = passed);
      price = passed.report.price;
    }
    return {
      what: name,
      description,
      address,
      workMode,
      ...(sha256 ? { sha256 } : {}),
      // The preflight's price (a stored file has none here).
      price: () => Promise.resolve(price),
      send: (client, call) =>
        client.simple.SendLetterAndAddressV2(
          { MyDescription: description, FileExtension: fileExtension, FileBinaryData: data, WorkMode: workMode, ...address },
          fromDocument(call, source),
        ),
    };
  });
}

export function sendDocumentCommand(ctx: ProofContext) {
  return async (target?: vscode.Uri): Promise<void> => {
    const uri = target instanceof vscode.Uri ? target : vscode.window.activeTextEditor?.document.uri;
    if (!uri) {
      void prompts.notify('warning', vscode.l10n.t('Mailroom: open the document to send, or choose it in the explorer.'));
      return;
    }
    await signInFirst(ctx);
    const name = basename(uri.path);
    const { DocumentError } = await clientModule();
    try {
      const letter = await letterOf(uri);
      await sendLetter(ctx, name, letter.type, letter.data, letter.to, uri, async (address, workMode) => {
        const proof = await proofOf(ctx, letter, address, workMode);
        return (await goesOnAfterPreflight(ctx.log, name, proof.report, workMode, () => showProof(ctx, proof))) ? proof : undefined;
      });
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      ctx.log.showError(vscode.l10n.t('Mailroom: {0}', wordsOf(error)));
    }
  };
}

/** "Send Stored File as Letter": the file named as `MyFile:<name>`, with no bytes of its own. */
export function sendStoredFileCommand(ctx: SendContext) {
  return async (fileName: string | undefined): Promise<void> => {
    if (fileName) await sendLetter(ctx, fileName, `${STORED_FILE_PREFIX}${fileName}`, new Uint8Array(), undefined);
  };
}
