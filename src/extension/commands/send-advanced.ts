/**
 * "Send Letter (Advanced)": SendLetterAdvanced, with several files concatenated into one letter
 * (in the order chosen in the explorer, or the workspace's path order), a reply address with its
 * stamping location, perforation, a reply envelope and colour. It signs in with the API key.
 */
import * as vscode from 'vscode';
import { basename, dirname } from 'node:path';
import type { RecipientAddress } from '../../client';
import { clientModule } from '../client-module';
import { preflightLetter } from '../printing-module';
import { printAssumedFor } from '../print-settings';
import { printedWith, type AssumedPrintSettings } from '../../rulebook';
// The price list alone (no pdf-lib).
import { mailerPrice, printsInColour } from '../../printing/pricing';
import { letterFileTypes, type EnumValue, type Structure } from '../../contract';
import { ensureApiKey } from './api-key';
import { addressOf, inTheDocument, NEW_ADDRESS, type AddressDraft } from './address-input';
import { documentOf, sendsAsIs } from './letter-source';
import { askAndSend, defaultWorkMode, type SendContext } from './send-flow';
import { enumStep, filesStep, optionalEnumStep, workModeStep, type Step } from './steps';
import { wordsOf } from '../model/failure-words';
import { signInFirst, type SignedIn } from './signed-in';

const title = () => vscode.l10n.t('Send Letter (Advanced)');
const CONVERTED_TYPES = [...letterFileTypes, 'md', 'markdown', 'txt'];

/** SendLetterAdvanced's address: the postal code is named Zipcode there, and there is no third attention line. */
function advancedAddress(address: RecipientAddress): Structure<'Address'> {
  const { PostalCode, ...rest } = address;
  return { ...rest, ...(PostalCode ? { Zipcode: PostalCode } : {}) };
}

interface AdvancedAnswers {
  readonly files?: readonly vscode.Uri[];
  readonly to: AddressDraft;
  readonly reply: AddressDraft;
  readonly stamping?: EnumValue<'StampingLocation'>;
  readonly perforation?: EnumValue<'Perforation'> | null;
  readonly envelope?: EnumValue<'ReplyEnvelope'> | null;
  readonly color?: EnumValue<'PrintColor'>;
  readonly workMode?: EnumValue<'WorkMode'>;
}

function steps(ctx: SendContext, filesGiven: boolean): Step<AdvancedAnswers>[] {
  return [
    ...(filesGiven
      ? []
      : [
          filesStep<AdvancedAnswers>(
            vscode.l10n.t('Send Letter (Advanced): the files, concatenated in this order'),
            CONVERTED_TYPES,
            (a) => a.files,
            (a, files) => ({ ...a, files }),
            true,
          ),
        ]),
    ...ctx.addresses.steps<AdvancedAnswers>(
      vscode.l10n.t('Send Letter (Advanced): recipient'),
      (a) => a.to,
      (a, to) => ({ ...a, to }),
      inTheDocument(),
    ),
    ...ctx.addresses.steps<AdvancedAnswers>(
      vscode.l10n.t('Send Letter (Advanced): reply address'),
      (a) => a.reply,
      (a, reply) => ({ ...a, reply }),
      vscode.l10n.t('No reply address'),
    ),
    {
      ...enumStep<AdvancedAnswers, 'StampingLocation'>(
        'StampingLocation',
        vscode.l10n.t('Send Letter (Advanced): where the reply address is stamped'),
        (a) => a.stamping,
        (a, stamping) => ({ ...a, stamping }),
      ),
      when: (a) => a.reply.choice !== 'none',
    },
    optionalEnumStep<AdvancedAnswers, 'Perforation'>(
      'Perforation',
      vscode.l10n.t('Send Letter (Advanced): perforation'),
      vscode.l10n.t('No perforation'),
      (a) => a.perforation,
      (a, perforation) => ({ ...a, perforation }),
    ),
    optionalEnumStep<AdvancedAnswers, 'ReplyEnvelope'>(
      'ReplyEnvelope',
      vscode.l10n.t('Send Letter (Advanced): reply envelope'),
      vscode.l10n.t('No reply envelope'),
      (a) => a.envelope,
      (a, envelope) => ({ ...a, envelope }),
    ),
    enumStep<AdvancedAnswers, 'PrintColor'>(
      'PrintColor',
      vscode.l10n.t('Send Letter (Advanced): colour'),
      (a) => a.color,
      (a, color) => ({ ...a, color }),
    ),
    workModeStep<AdvancedAnswers>(
      title(),
      vscode.l10n.t('Send the letter'),
      defaultWorkMode(),
      (a) => a.workMode,
      (a, workMode) => ({ ...a, workMode }),
    ),
  ];
}

/**
 * The files as one letter's parts, in order, each as Send Current Document sends it: the PDF its
 * engine draws, or with mailroom.printing.sendAsIs the file itself; undefined (and the user told)
 * when one cannot be read, or is of a type the service does not take and no engine drew.
 */
async function letterFiles(ctx: SendContext, uris: readonly vscode.Uri[]): Promise<Structure<'File'>[] | undefined> {
  const { DocumentError, letterDocument } = await clientModule();
  const files: Structure<'File'>[] = [];
  const asIs = sendsAsIs();
  try {
    for (const uri of uris) {
      const name = basename(uri.path);
      const base = uri.scheme === 'file' ? dirname(uri.fsPath) : undefined;
      const document = await letterDocument(name, await documentOf(uri), { asIs, ...(base ? { base } : {}) });
      const { sent, drawnBy } = await preflightLetter(
        { type: document.type, data: document.data, ...(base ? { base } : {}), title: name },
        { workMode: 'Production' },
        { asIs },
      );
      if (!(letterFileTypes as readonly string[]).includes(sent.type)) {
        ctx.log.showError(
          vscode.l10n.t(
            'Mailroom: {0} cannot be sent: the service takes PDF, DOC, DOCX and HTML, and no engine drew it as a PDF. {1}',
            name,
            drawnBy?.approximation ?? '',
          ),
        );
        return undefined;
      }
      files.push({ FileExtension: sent.type, FileBinaryData: Buffer.from(sent.data.buffer, sent.data.byteOffset, sent.data.byteLength) });
    }
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    ctx.log.showError(vscode.l10n.t('Mailroom: {0}', wordsOf(error)));
    return undefined;
  }
  return files;
}

/**
 * An estimate for the spending guard: each file printed by the preflight on its own, their pages
 * and the address page (the letter always has an address) on the account's sheets (duplex halves
 * them), priced as one letter's; in colour when asked, or, with Default, as the account prints.
 */
async function advancedPrice(
  files: readonly Structure<'File'>[],
  color: EnumValue<'PrintColor'>,
  envelope: EnumValue<'ReplyEnvelope'> | null | undefined,
  print: AssumedPrintSettings,
): Promise<number> {
  const { duplex, colour } = printedWith(print);
  let pages = 1;
  for (const file of files) {
    if (!file.FileExtension || !file.FileBinaryData) continue;
    pages += (await preflightLetter({ type: file.FileExtension, data: file.FileBinaryData }, { workMode: 'Production' })).pages;
  }
  const sheets = Math.ceil(pages / (duplex ? 2 : 1));
  return mailerPrice({ kind: 'letter', sheets, colour: printsInColour('letter', color, colour), replyEnvelope: Boolean(envelope) });
}

export function sendAdvancedCommand(ctx: SendContext & SignedIn) {
  return async (target?: vscode.Uri, selection?: readonly vscode.Uri[]): Promise<void> => {
    await signInFirst(ctx);
    if (!(await ensureApiKey(ctx, title()))) return;
    const chosen = selection?.length ? selection : target instanceof vscode.Uri ? [target] : undefined;
    const start: AdvancedAnswers = { ...(chosen ? { files: chosen } : {}), to: NEW_ADDRESS, reply: { choice: 'none', fields: {} } };
    await askAndSend(ctx, steps(ctx, chosen !== undefined), start, async (answers) => {
      const uris = answers.files ?? [];
      const files = await letterFiles(ctx, uris);
      if (!files) return undefined;
      const address = addressOf(answers.to) ?? {};
      const reply = addressOf(answers.reply);
      const { perforation, envelope, stamping } = answers;
      const [color, workMode] = [answers.color!, answers.workMode!];
      const names = uris.map((u) => basename(u.path));
      const description = names.join(' + ').slice(0, 100);
      return {
        what: names.length === 1 ? names[0]! : vscode.l10n.t('{0} files as one letter', names.length),
        description,
        address,
        workMode,
        price: async () => advancedPrice(files, color, envelope, await printAssumedFor(ctx.accounts.account)),
        send: (client, call) =>
          client.datedB.SendLetterAdvanced(
            {
              MyDescription: description,
              Files: files,
              Addresses: {
                RecipientAddress: advancedAddress(address),
                ...(reply
                  ? { ReplyAddress: { Contact: advancedAddress(reply), ...(stamping ? { StampingLocation: stamping } : {}) } }
                  : {}),
              },
              Settings: {
                WorkMode: workMode,
                PrintColor: color,
                ...(perforation ? { Perforation: perforation } : {}),
                ...(envelope ? { ReplyEnvelope: envelope } : {}),
              },
            },
            call,
          ),
      };
    });
  };
}
