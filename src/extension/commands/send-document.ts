/**
 * "Send Current Document as Letter" (the active editor's document or the file chosen in the
 * explorer) and "Send Stored File as Letter". The recipient comes from Markdown front matter or is
 * asked for; the work mode is the configured default, shown in the progress and, for Production,
 * in the confirmation.
 */
import * as vscode from 'vscode';
import { activeDocumentUri } from '../active-document';
import { basename } from 'node:path';
import type { RecipientAddress } from '../../client';
import { clientModule } from '../client-module';
import { STORED_FILE_PREFIX, type EnumValue } from '../../contract';
import { prompts } from '../prompts';
import { addressOf, inTheDocument, NEW_ADDRESS, type AddressDraft } from './address-input';
import { fromDocument, letterOf } from './letter-source';
import { goesOnAfterPreflight, proofOf, sendable, showProof, type ProofContext } from './proof';
import { askAndSend, defaultWorkMode, type SendContext } from './send-flow';
import { wordsOf } from '../model/failure-words';
import { sha256Of } from '../model/proof';
import { signInFirst } from './signed-in';

interface LetterAnswers {
  readonly to: AddressDraft;
}

/** A letter as its preflight checked it: what is sent (the document may have changed since it was first read). */
interface Checked {
  readonly sha256: string;
  /** The SHA-256 of the document's own bytes as checked, for the send log (letter-source.ts fromDocument). */
  readonly written: string;
  /** Its price, and what is sent: the PDF its engine drew, or the file as it is. */
  readonly report: { readonly price: number; readonly sent: { readonly type: string; readonly data: Uint8Array } };
  readonly address: RecipientAddress | undefined;
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
  preflight?: (address: RecipientAddress, workMode: EnumValue<'WorkMode'>) => Promise<Checked | undefined>,
) {
  const steps = to
    ? []
    : ctx.addresses.steps<LetterAnswers>(
        vscode.l10n.t('Send {0}: recipient', name),
        (answers) => answers.to,
        (answers, draft) => ({ ...answers, to: draft }),
        inTheDocument(),
      );
  const description = name.slice(0, 100);
  const workMode = defaultWorkMode();
  return askAndSend(ctx, steps, { to: NEW_ADDRESS }, async (answers) => {
    let address = to ?? addressOf(answers.to) ?? {};
    let sha256: string | undefined;
    let written: string | undefined;
    let price: number | undefined;
    let bytes = data;
    let type = fileExtension;
    if (preflight) {
      const passed = await preflight(address, workMode);
      if (!passed) return undefined;
      ({ sha256, written } = passed);
      price = passed.report.price;
      // What the proof showed: the PDF drawn of the document, or with sendAsIs the document itself.
      ({ type, data: bytes } = passed.report.sent);
      address = passed.address ?? address;
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
          { MyDescription: description, FileExtension: type, FileBinaryData: bytes, WorkMode: workMode, ...address },
          fromDocument(call, source, written),
        ),
    };
  });
}

export function sendDocumentCommand(ctx: ProofContext) {
  return async (target?: vscode.Uri): Promise<void> => {
    const uri = target instanceof vscode.Uri ? target : activeDocumentUri();
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
        let checking = letter;
        let to = address;
        for (;;) {
          const proof = await proofOf(ctx, checking, to, workMode);
          if (!(await goesOnAfterPreflight(ctx.log, name, proof.report, workMode, () => showProof(ctx, proof)))) return undefined;
          if (!sendable(proof)) return undefined;
          // Send Anyway may be pressed long after the check: what goes is the document as it is then,
          // checked again if it changed (a fixed document goes as it is; one failing again is asked again).
          const now = await letterOf(uri);
          // The document's own bytes: a Markdown letter's address is in its front matter, not in the letter's bytes.
          const written = sha256Of(proof.letter.source);
          if (sha256Of(now.source) === written) return { ...proof, written };
          checking = now;
          to = now.to ?? address;
        }
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
