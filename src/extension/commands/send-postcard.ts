/**
 * "Send Postcard": an image side and an address side (JPG, PNG, PDF or HTML), scaling, size,
 * colour and priority, then the recipient and the work mode. The command takes the explorer's
 * file as the image side.
 */
import * as vscode from 'vscode';
import { basename } from 'node:path';
import { postcardFileTypes } from '../../contract';
import { clientModule } from '../client-module';
import { documentOf, recipient } from './send-document';
import { pickEnum, pickFiles, pickWorkMode } from './pick';
import { submit, type SendContext } from './send-flow';

const TITLE = 'Send Postcard';

async function side(
  ctx: SendContext,
  given: vscode.Uri | undefined,
  which: string,
): Promise<{ name: string; type: string; data: Uint8Array } | undefined> {
  const uri = given ?? (await pickFiles(`${TITLE}: the ${which} side`, postcardFileTypes))?.[0];
  if (!uri) return undefined;
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
    const image = await side(ctx, target instanceof vscode.Uri ? target : undefined, 'image');
    if (!image) return undefined;
    const addressSide = await side(ctx, undefined, 'address');
    if (!addressSide) return undefined;
    const scaling = await pickEnum('ImageSideScaling', `${TITLE}: image scaling`, {
      Default: "The account's setting",
      FitToPage: 'Scale the image to the card',
      None: 'Print at its own size',
    });
    if (!scaling) return undefined;
    const size = await pickEnum('PostcardSize', `${TITLE}: size`, {
      Default: "The service's standard size",
      Postcard_4_25X6: '4.25 × 6 inches',
    });
    if (!size) return undefined;
    const color = await pickEnum('PrintColor', `${TITLE}: colour`, {
      Default: "The account's setting",
      Black: 'Black and white',
      FullColor: 'Full colour',
    });
    if (!color) return undefined;
    const priority = await pickEnum('MailingPriority', `${TITLE}: mailing priority`, {
      Default: "The service's standard mail",
      FirstClass: 'First-Class Mail',
    });
    if (!priority) return undefined;
    const address = await recipient(ctx, undefined, `${TITLE}: recipient`);
    if (!address) return undefined;
    const workMode = await pickWorkMode(TITLE, 'Send the postcard');
    if (!workMode) return undefined;
    const description = `Postcard: ${image.name}`.slice(0, 100);
    return submit(ctx, {
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
            ImageSideScaling: scaling,
            AddressSideFileType: addressSide.type,
            AddressSideBinaryData: addressSide.data,
            WorkMode: workMode,
            PrintColor: color,
            PostcardSize: size,
            MailingPriority: priority,
            ...address,
          },
          call,
        ),
    });
  };
}
