/**
 * "Send Postcard": an image side and an address side (JPG, PNG, PDF or HTML), scaling, size,
 * colour and priority, then the recipient and the work mode: one multi-step input, Back on every
 * step, every answer kept. The command takes the explorer's file as the image side.
 */
import * as vscode from 'vscode';
import { basename } from 'node:path';
import { postcardFileTypes, type EnumValue } from '../../contract';
import { clientModule } from '../client-module';
import { addressOf, NEW_ADDRESS, type AddressDraft } from './address-input';
import { documentOf } from './send-document';
import { askAndSend, defaultWorkMode, type SendContext } from './send-flow';
import { enumStep, filesStep, workModeStep, type Step } from './steps';

const TITLE = 'Send Postcard';

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
            `${TITLE}: the image side`,
            postcardFileTypes,
            (a) => a.image && [a.image],
            (a, [image]) => ({ ...a, image }),
          ),
        ]),
    filesStep<PostcardAnswers>(
      `${TITLE}: the address side`,
      postcardFileTypes,
      (a) => a.addressSide && [a.addressSide],
      (a, [addressSide]) => ({ ...a, addressSide }),
    ),
    enumStep<PostcardAnswers, 'ImageSideScaling'>(
      'ImageSideScaling',
      `${TITLE}: image scaling`,
      (a) => a.scaling,
      (a, scaling) => ({ ...a, scaling }),
      { Default: "The account's setting", FitToPage: 'Scale the image to the card', None: 'Print at its own size' },
    ),
    enumStep<PostcardAnswers, 'PostcardSize'>(
      'PostcardSize',
      `${TITLE}: size`,
      (a) => a.size,
      (a, size) => ({ ...a, size }),
      { Default: "The service's standard size", Postcard_4_25X6: '4.25 × 6 inches' },
    ),
    enumStep<PostcardAnswers, 'PrintColor'>(
      'PrintColor',
      `${TITLE}: colour`,
      (a) => a.color,
      (a, color) => ({ ...a, color }),
      { Default: "The account's setting", Black: 'Black and white', FullColor: 'Full colour' },
    ),
    enumStep<PostcardAnswers, 'MailingPriority'>(
      'MailingPriority',
      `${TITLE}: mailing priority`,
      (a) => a.priority,
      (a, priority) => ({ ...a, priority }),
      { Default: "The service's standard mail", FirstClass: 'First-Class Mail' },
    ),
    ...ctx.addresses.steps<PostcardAnswers>(
      `${TITLE}: recipient`,
      (a) => a.to,
      (a, to) => ({ ...a, to }),
    ),
    workModeStep<PostcardAnswers>(
      TITLE,
      'Send the postcard',
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
    ctx.log.showError(`Mailroom: a postcard side is ${postcardFileTypes.join(', ')}; not ${name}`);
    return undefined;
  }
  return { name, type, data: await documentOf(uri) };
}

export function sendPostcardCommand(ctx: SendContext) {
  return async (target?: vscode.Uri): Promise<number | undefined> => {
    if (!ctx.connection.account) await ctx.connection.useSandbox();
    const given = target instanceof vscode.Uri ? target : undefined;
    return askAndSend(ctx, steps(ctx, given !== undefined), { image: given, to: NEW_ADDRESS }, async (answers) => {
      const [image, addressSide] = [await side(ctx, answers.image!), await side(ctx, answers.addressSide!)];
      if (!image || !addressSide) return undefined;
      const address = addressOf(answers.to) ?? {};
      const description = `Postcard: ${image.name}`.slice(0, 100);
      const workMode = answers.workMode!;
      return {
        what: `a postcard of ${image.name}`,
        description,
        address,
        workMode,
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
