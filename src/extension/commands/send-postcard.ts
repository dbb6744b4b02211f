/**
 * "Send Postcard": an image side and an address side (JPG, PNG, PDF or HTML), scaling, size,
 * colour and priority, then the recipient and the work mode: one multi-step input, Back on every
 * step, every answer kept. The command takes the explorer's file as the image side.
 */
import * as vscode from 'vscode';
import { basename } from 'node:path';
import { postcardFileTypes, type EnumValue } from '../../contract';
import { clientModule } from '../client-module';
// The price list alone (no pdf-lib): a postcard's price does not depend on what it shows.
import { mailerPrice, printsInColour } from '../../printing/pricing';
import { addressOf, NEW_ADDRESS, type AddressDraft } from './address-input';
import { documentOf } from './letter-source';
import { askAndSend, defaultWorkMode, type SendContext } from './send-flow';
import { enumStep, filesStep, workModeStep, type Step } from './steps';
import { signInFirst, type SignedIn } from './signed-in';

const title = () => vscode.l10n.t('Send Postcard');

interface PostcardAnswers {
  readonly image?: vscode.Uri;
  readonly addressSide?: vscode.Uri;
  readonly scaling?: EnumValue<'ImageSideScaling'>;
  readonly size?: EnumValue<'PostcardSize'>;
  readonly color?: EnumValue<'PrintColor'>;
  readonly priority?: EnumValue<'MailingPriority'>;
  readonly to: AddressDraft;
  readonly workMode?: EnumValue<'WorkMode'>;
}

function steps(ctx: SendContext, imageGiven: boolean): Step<PostcardAnswers>[] {
  return [
    ...(imageGiven
      ? []
      : [
          filesStep<PostcardAnswers>(
            vscode.l10n.t('Send Postcard: the image side'),
            postcardFileTypes,
            (a) => a.image && [a.image],
            (a, [image]) => ({ ...a, image }),
          ),
        ]),
    filesStep<PostcardAnswers>(
      vscode.l10n.t('Send Postcard: the address side'),
      postcardFileTypes,
      (a) => a.addressSide && [a.addressSide],
      (a, [addressSide]) => ({ ...a, addressSide }),
    ),
    enumStep<PostcardAnswers, 'ImageSideScaling'>(
      'ImageSideScaling',
      vscode.l10n.t('Send Postcard: image scaling'),
      (a) => a.scaling,
      (a, scaling) => ({ ...a, scaling }),
      {
        Default: vscode.l10n.t("The account's setting"),
        FitToPage: vscode.l10n.t('Scale the image to the card'),
        None: vscode.l10n.t('Print at its own size'),
      },
    ),
    enumStep<PostcardAnswers, 'PostcardSize'>(
      'PostcardSize',
      vscode.l10n.t('Send Postcard: size'),
      (a) => a.size,
      (a, size) => ({ ...a, size }),
      { Default: vscode.l10n.t("The service's standard size"), Postcard_4_25X6: vscode.l10n.t('4.25 × 6 inches') },
    ),
    enumStep<PostcardAnswers, 'PrintColor'>(
      'PrintColor',
      vscode.l10n.t('Send Postcard: colour'),
      (a) => a.color,
      (a, color) => ({ ...a, color }),
      { Default: vscode.l10n.t("The account's setting"), Black: vscode.l10n.t('Black and white'), FullColor: vscode.l10n.t('Full colour') },
    ),
    enumStep<PostcardAnswers, 'MailingPriority'>(
      'MailingPriority',
      vscode.l10n.t('Send Postcard: mailing priority'),
      (a) => a.priority,
      (a, priority) => ({ ...a, priority }),
      { Default: vscode.l10n.t("The service's standard mail"), FirstClass: vscode.l10n.t('First-Class Mail') },
    ),
    ...ctx.addresses.steps<PostcardAnswers>(
      vscode.l10n.t('Send Postcard: recipient'),
      (a) => a.to,
      (a, to) => ({ ...a, to }),
    ),
    workModeStep<PostcardAnswers>(
      title(),
      vscode.l10n.t('Send the postcard'),
      defaultWorkMode(),
      (a) => a.workMode,
      (a, workMode) => ({ ...a, workMode }),
    ),
  ];
}

/** A side's bytes and type; undefined (and the user told) when the service would not take it. */
async function side(ctx: SendContext, uri: vscode.Uri): Promise<{ name: string; type: string; data: Uint8Array } | undefined> {
  const name = basename(uri.path);
  const { fileTypeOf } = await clientModule();
  const type = fileTypeOf(name);
  if (!(postcardFileTypes as readonly string[]).includes(type)) {
    ctx.log.showError(vscode.l10n.t('Mailroom: a postcard side is {0}; not {1}', postcardFileTypes.join(', '), name));
    return undefined;
  }
  return { name, type, data: await documentOf(uri) };
}

export function sendPostcardCommand(ctx: SendContext & SignedIn) {
  return async (target?: vscode.Uri): Promise<void> => {
    await signInFirst(ctx);
    const given = target instanceof vscode.Uri ? target : undefined;
    await askAndSend(ctx, steps(ctx, given !== undefined), { image: given, to: NEW_ADDRESS }, async (answers) => {
      const [image, addressSide] = [await side(ctx, answers.image!), await side(ctx, answers.addressSide!)];
      if (!image || !addressSide) return undefined;
      const address = addressOf(answers.to) ?? {};
      const description = `Postcard: ${image.name}`.slice(0, 100);
      const workMode = answers.workMode!;
      return {
        what: vscode.l10n.t('a postcard of {0}', image.name),
        description,
        address,
        workMode,
        price: () => Promise.resolve(mailerPrice({ kind: 'postcard', colour: printsInColour('postcard', answers.color, false) })),
        send: (client, call) =>
          client.simple.SendPostcardAndAddress(
            {
              MyDescription: description,
              ImageSideFileType: image.type,
              ImageSideBinaryData: image.data,
              ImageSideScaling: answers.scaling!,
              AddressSideFileType: addressSide.type,
              AddressSideBinaryData: addressSide.data,
              WorkMode: workMode,
              PrintColor: answers.color!,
              PostcardSize: answers.size!,
              MailingPriority: answers.priority!,
              ...address,
            },
            call,
          ),
      };
    });
  };
}
