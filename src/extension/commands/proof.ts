/**
 * "Preview Before Sending": the document turned into the letter exactly as Send Current Document
 * as Letter sends it, printed on this machine by the preflight (src/printing) in the configured
 * work mode, and shown in the PDF preview with its pages, sheets, price, findings and SHA-256
 * beside it, and a Send This Letter button.
 *
 * Send This Letter sends the bytes and the address that were previewed, never the document read
 * again: when the document changes after the proof, the panel says so (Refresh is always on it), and
 * the button still sends what is shown (the SHA-256 on the page is the one the send records). Once a
 * proof is sent, it says as which mailer instead of offering the send: a second letter needs a new
 * proof. One proof panel per document.
 */
import * as vscode from 'vscode';
import { activeDocumentUri } from '../active-document';
import type { RecipientAddress } from '../../client';
import { letterFileTypes, type EnumValue } from '../../contract';
import type { PreflightReport } from '../../printing';
import { printedIn, printedWith, type AssumedPrintSettings } from '../../rulebook';
import { clientModule } from '../client-module';
import type { Log } from '../log';
import { failureSummary, overridable, refusedAtSend, findingWords, sha256Of, type ProofFacts } from '../model/proof';
import { preflightLetter } from '../printing-module';
import { printAssumedFor } from '../print-settings';
import { prompts } from '../prompts';
import type { PdfPreview, PdfPreviews } from '../views/pdf-preview';
import { addressOf, inTheDocument, NEW_ADDRESS, type AddressDraft } from './address-input';
import { couldNot, wordsOf } from '../model/failure-words';
import { fromDocument, letterOf, documentOf, type DocumentLetter } from './letter-source';
import { defaultWorkMode, submit, type SendContext, type Submission } from './send-flow';
import type { SignedIn } from './signed-in';
import type { MailroomCommand } from './ids';
import { askSteps } from './steps';

export interface ProofContext extends SendContext, SignedIn {
  readonly previews: PdfPreviews;
  /** Told of each template and CSV a person pairs, for the CSV's live diagnostics. */
  readonly mergeTemplates: { rememberMergeTemplate(csvUri: vscode.Uri, templateUri: vscode.Uri): Promise<void> };
}

/** A letter as it would be sent, with what the preflight says of it. */
export interface LetterProof {
  readonly letter: DocumentLetter;
  readonly address: RecipientAddress | undefined;
  readonly workMode: EnumValue<'WorkMode'>;
  /** How the account's letters were assumed to print (print-settings.ts), which the proof says. */
  readonly print: AssumedPrintSettings;
  readonly report: PreflightReport;
  /** Of `report.sent`: the bytes Send This Letter sends (the PDF drawn, or with sendAsIs the file itself). */
  readonly sha256: string;
}

/** The work mode a proof is printed in: Default is the account's own, which only the service knows; a new account's is Development. */

/** The letter printed as the active account prints (simplex or duplex, black or colour: print-settings.ts) in the work mode. */
export async function proofOf(
  ctx: Pick<SendContext, 'accounts'>,
  letter: DocumentLetter,
  address: RecipientAddress | undefined,
  workMode: EnumValue<'WorkMode'>,
) {
  const print = await printAssumedFor(ctx.accounts.account);
  const report = await preflightLetter(
    {
      type: letter.type,
      data: letter.data,
      ...(address && Object.keys(address).length > 0 ? { address } : {}),
      ...(letter.base ? { base: letter.base } : {}),
      title: letter.name,
    },
    { workMode: printedIn(workMode), ...printedWith(print) },
    { asIs: letter.asIs },
  );
  return { letter, address, workMode, print, report, sha256: sha256Of(report.sent.data) } satisfies LetterProof;
}

/** What a letter's and a merge's preflight both say (a merge sends no drawn letter). */
type CheckedReport = Omit<PreflightReport, 'sent' | 'prediction'>;

export const factsOf = (
  report: CheckedReport & Partial<Pick<PreflightReport, 'sent' | 'prediction'>>,
  workMode: EnumValue<'WorkMode'>,
  { sha256, print }: { readonly sha256?: string; readonly print?: AssumedPrintSettings } = {},
): ProofFacts => ({
  pages: report.pages,
  sheets: report.sheets,
  price: report.price,
  printedIn: printedIn(workMode),
  // Default prints as a new account's (Development) here; the send may still be Production: say so.
  ...(printedIn(workMode) === workMode ? {} : { sendsIn: workMode }),
  findings: report.findings,
  ...(sha256 ? { sha256 } : {}),
  ...(report.addressRead ? { addressRead: report.addressRead } : {}),
  ...(report.marks ? { marks: report.marks } : {}),
  ...(print ? { print } : {}),
  ...(report.drawnBy ? { drawnBy: report.drawnBy } : {}),
  ...(report.prediction ? { prediction: true } : {}),
  ...(report.sent ? { sentType: report.sent.type } : {}),
});

/** A preflight's printed PDF, as the preview loads it. */
export const pdfOf = (report: Pick<PreflightReport, 'pdf'>) => () => Promise.resolve(report.pdf ? Buffer.from(report.pdf) : undefined);

/** The letter's recipient: the front matter's, else asked as Send Current Document asks it. */
async function recipientOf(ctx: SendContext, letter: DocumentLetter): Promise<RecipientAddress | undefined> {
  if (letter.to) return letter.to;
  const steps = ctx.addresses.steps<{ to: AddressDraft }>(
    vscode.l10n.t('Preview {0}: recipient', letter.name),
    (answers) => answers.to,
    (answers, draft) => ({ ...answers, to: draft }),
    inTheDocument(),
  );
  const answers = await askSteps(steps, { to: NEW_ADDRESS });
  return answers && (addressOf(answers.to) ?? {});
}

/**
 * Whether the service takes what the proof would send: an .odt or .rtf letter no engine drew as a
 * PDF would go as it is, which the service does not take. Said when it cannot.
 */
export function sendable(proof: Pick<LetterProof, 'letter' | 'report'>): boolean {
  if ((letterFileTypes as readonly string[]).includes(proof.report.sent.type)) return true;
  void prompts.notify(
    'error',
    vscode.l10n.t(
      'Mailroom: {0} cannot be sent: the service takes PDF, DOC, DOCX and HTML, and no engine drew it as a PDF. {1}',
      proof.letter.name,
      proof.report.drawnBy?.approximation ?? '',
    ),
  );
  return false;
}

/**
 * Sends what the proof shows, through the send flow (work mode shown, Production confirmed, never
 * retried). A proof the service would refuse at send is not sent; one that would fail after the
 * service accepts it is refused in Production and, in Development, sent only after the person insists.
 */
export async function sendProof(ctx: SendContext, proof: LetterProof): Promise<number | 'outcome unknown' | undefined> {
  const { letter, workMode, address } = proof;
  if (!sendable(proof)) return undefined;
  const failing = failureSummary(proof.report.findings);
  const refused = refusedAtSend(proof.report.findings)[0];
  if (refused) {
    void prompts.notify(
      'error',
      vscode.l10n.t(
        'Mailroom: the service would refuse {0} ({1}); nothing was sent. Fix the document and refresh the proof.',
        letter.name,
        findingWords(refused),
      ),
    );
    return undefined;
  }
  if (failing && workMode !== 'Development') {
    void prompts.notify(
      'error',
      vscode.l10n.t(
        'Mailroom: {0} would fail ({1}). Not sent in {2} mode: fix the document and refresh the proof.',
        letter.name,
        failing,
        workMode,
      ),
    );
    return undefined;
  }
  if (
    failing &&
    !(await prompts.confirm(
      vscode.l10n.t('{0} would fail: {1}. Send it anyway in Development mode?', letter.name, failing),
      vscode.l10n.t('Send Anyway'),
    ))
  ) {
    return undefined;
  }
  const description = letter.name.slice(0, 100);
  const submission: Submission = {
    what: letter.name,
    description,
    ...(address ? { address } : {}),
    workMode,
    sha256: proof.sha256,
    price: () => Promise.resolve(proof.report.price),
    send: (client, call) =>
      client.simple.SendLetterAndAddressV2(
        {
          MyDescription: description,
          FileExtension: proof.report.sent.type,
          FileBinaryData: proof.report.sent.data,
          WorkMode: workMode,
          ...(address ?? {}),
        },
        fromDocument(call, letter.uri, sha256Of(letter.source)),
      ),
  };
  const outcome = await submit(ctx, submission);
  if (typeof outcome === 'number' || outcome === 'outcome unknown') return outcome;
  if (outcome !== 'not sent')
    ctx.log.showError(couldNot(vscode.l10n.t('Mailroom could not send {0}.', letter.name), outcome.failed), outcome.failed);
  return undefined;
}

/** What each open proof does when its document is previewed again: shows the new proof in its place. */
const replacers = new WeakMap<PdfPreview, (proof: LetterProof) => void>();

/**
 * The proof in the PDF preview, with Send This Letter; told when its document changes, refreshed on
 * request. One proof per document: previewing a document whose proof is open shows the new proof
 * there and brings it forward, instead of opening another tab of the same title.
 */
export function showProof(ctx: ProofContext, first: LetterProof): PdfPreview {
  const key = `proof:${first.letter.uri.toString()}`;
  const open = ctx.previews.shown(key);
  const replaceOpen = open && replacers.get(open);
  if (open && replaceOpen) {
    replaceOpen(first);
    open.reveal();
    return open;
  }
  let proof = first;
  // Sent, or of unknown outcome (a mailer may have been made): either way not sent again from this proof.
  let sent: number | 'outcome unknown' | undefined;
  let sending = false;
  const send = async () => {
    if (sending) return;
    if (sent !== undefined) {
      void prompts.notify(
        'info',
        sent === 'outcome unknown'
          ? vscode.l10n.t(
              'Mailroom: the outcome of sending this proof is unknown. Look it up under "Outcome unknown" in the Mailers view; Refresh the proof to send the letter again.',
            )
          : vscode.l10n.t('Mailroom: this proof was sent as mailer {0}. Refresh the proof to send the letter again.', sent),
      );
      return;
    }
    sending = true;
    const pressed = proof;
    try {
      const outcome = await sendProof(ctx, pressed);
      // The proof sent is the one shown (a Refresh while it went shows a proof not sent yet): it says so.
      if (outcome !== undefined && proof === pressed) {
        sent = outcome;
        preview.redraw(panelOf());
      }
    } finally {
      sending = false;
    }
  };
  const replace = (next: LetterProof) => {
    proof = next;
    sent = undefined;
    preview.update(pdfOf(proof.report), panelOf());
  };
  const refresh = async () => {
    const { DocumentError } = await clientModule();
    let letter: DocumentLetter;
    try {
      letter = await letterOf(proof.letter.uri);
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      ctx.log.showError(vscode.l10n.t('Mailroom: {0}', wordsOf(error)));
      return;
    }
    // The recipient asked for stays; one from the front matter is read again.
    replace(await proofOf(ctx, letter, letter.to ?? proof.address, proof.workMode));
  };
  // A sent proof's Show Details and Preview PDF: the mailer's, as its row in the Mailers view offers them.
  const show = (what: 'details' | 'pdf') => {
    if (typeof sent !== 'number') return;
    const command: MailroomCommand = what === 'details' ? 'mailroom.showDetails' : 'mailroom.previewPdf';
    const row = ctx.tree.nodeOf(sent);
    if (row) void vscode.commands.executeCommand(command, row);
  };
  const panelOf = () => ({
    view: {
      facts: factsOf(proof.report, proof.workMode, { sha256: proof.sha256, print: proof.print }),
      canSend: true,
      ...(sent === undefined ? {} : { sent }),
    },
    send,
    refresh,
    show,
  });
  const title = vscode.l10n.t('Proof · {0}', proof.letter.name);
  const preview = ctx.previews.show(title, pdfOf(proof.report), undefined, panelOf(), key);
  replacers.set(preview, replace);
  preview.own(
    vscode.workspace.onDidChangeTextDocument(async (event) => {
      // Already said (until a Refresh): nothing more to work out on each keystroke.
      if (preview.stale || event.document.uri.toString() !== proof.letter.uri.toString()) return;
      const now = await documentOf(proof.letter.uri);
      if (sha256Of(now) !== sha256Of(proof.letter.source)) preview.markStale();
    }),
  );
  return preview;
}

export function previewBeforeSendingCommand(ctx: ProofContext) {
  return async (target?: vscode.Uri): Promise<void> => {
    const uri = target instanceof vscode.Uri ? target : activeDocumentUri();
    if (!uri) {
      void prompts.notify('warning', vscode.l10n.t('Mailroom: open the document to preview, or choose it in the explorer.'));
      return;
    }
    const { DocumentError } = await clientModule();
    let letter: DocumentLetter;
    try {
      letter = await letterOf(uri);
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      ctx.log.showError(vscode.l10n.t('Mailroom: {0}', wordsOf(error)));
      return;
    }
    const address = await recipientOf(ctx, letter);
    if (address === undefined) return;
    showProof(ctx, await proofOf(ctx, letter, address, defaultWorkMode()));
  };
}

/**
 * Before a send: a preflight that finds an error says so (how many, the first in words) with Open
 * Proof, which shows the proof instead of sending, and, in Development only and only when the
 * service would accept the letter (model/proof.ts overridable), Send Anyway. Warnings do not stop a
 * send. True when the send goes on: the caller then sends what was checked, or checks again what
 * changed since.
 */
export async function goesOnAfterPreflight(
  log: Log,
  what: string,
  report: CheckedReport,
  workMode: EnumValue<'WorkMode'>,
  openProof: () => unknown,
): Promise<boolean> {
  return (await answerAfterPreflight(log, what, report, workMode, openProof)) === 'send';
}

/**
 * goesOnAfterPreflight's question, with one more choice where a caller has one (a merge's "Send the
 * N Rows That Pass"): 'send' to send as it is, 'other' for that choice, undefined to stop.
 */
export async function answerAfterPreflight(
  log: Log,
  what: string,
  report: CheckedReport,
  workMode: EnumValue<'WorkMode'>,
  openProof: () => unknown,
  other?: string,
): Promise<'send' | 'other' | undefined> {
  const failing = failureSummary(report.findings);
  if (!failing) return 'send';
  const [open, anyway] = [vscode.l10n.t('Open Proof'), vscode.l10n.t('Send Anyway')];
  // Only where the service would take the letter, to fail it later as Development shows: a send it refuses makes nothing.
  const buttons = workMode === 'Development' && overridable(report.findings) ? [open, anyway] : [open];
  const message = vscode.l10n.t('Mailroom: the preflight finds that {0} would fail ({1} mode): {2}', what, workMode, failing);
  // Kept in the log too, where it can be read again after the notification is gone.
  log.warn(message);
  const answer = await prompts.notify('error', message, ...buttons, ...(other ? [other] : []));
  if (answer === open) openProof();
  return answer === anyway ? 'send' : answer !== undefined && answer === other ? 'other' : undefined;
}
