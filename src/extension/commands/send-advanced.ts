/**
 * "Send Letter (Advanced)": SendLetterAdvanced, with several files concatenated into one letter
 * (in the order chosen in the explorer, or the workspace's path order), a reply address with its
 * stamping location, perforation, a reply envelope and colour. It signs in with the API key.
 */
import * as vscode from 'vscode';
import { basename } from 'node:path';
import type { RecipientAddress } from '../../client';
import { clientModule } from '../client-module';
import { letterFileTypes, type Structure } from '../../contract';
import { ensureApiKey } from './api-key';
import { documentOf, recipient } from './send-document';
import { pickEnum, pickFiles, pickOptional, pickWorkMode } from './pick';
import { submit, type SendContext } from './send-flow';

const TITLE = 'Send Letter (Advanced)';
const CONVERTED_TYPES = [...letterFileTypes, 'md', 'markdown', 'txt'];

/** SendLetterAdvanced's address: the postal code is named Zipcode there, and there is no third attention line. */
function advancedAddress(address: RecipientAddress): Structure<'Address'> {
  const { PostalCode, ...rest } = address;
  return { ...rest, ...(PostalCode ? { Zipcode: PostalCode } : {}) };
}

export function sendAdvancedCommand(ctx: SendContext) {
  return async (target?: vscode.Uri, selection?: readonly vscode.Uri[]): Promise<number | undefined> => {
    if (!ctx.connection.account) await ctx.connection.useSandbox();
    if (!(await ensureApiKey(ctx.connection, TITLE))) return undefined;
    const chosen = selection?.length ? selection : target instanceof vscode.Uri ? [target] : undefined;
    const uris = chosen ?? (await pickFiles(`${TITLE}: the files, concatenated in this order`, CONVERTED_TYPES, true));
    if (!uris?.length) return undefined;
    const files: Structure<'File'>[] = [];
    const { DocumentError, letterDocument } = await clientModule();
    try {
      for (const uri of uris) {
        const document = await letterDocument(basename(uri.path), await documentOf(uri));
        files.push({ FileExtension: document.type, FileBinaryData: document.data });
      }
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      ctx.log.showError(`Mailroom: ${error.message}`);
      return undefined;
    }
    const address = await recipient(ctx, undefined, `${TITLE}: recipient`);
    if (!address) return undefined;
    const reply = await ctx.addresses.askOptional(`${TITLE}: reply address`, 'No reply address');
    if (reply === undefined) return undefined;
    const stamping = reply && (await pickEnum('StampingLocation', `${TITLE}: where the reply address is stamped`));
    if (stamping === undefined) return undefined;
    const perforation = await pickOptional('Perforation', `${TITLE}: perforation`, 'No perforation');
    if (perforation === undefined) return undefined;
    const envelope = await pickOptional('ReplyEnvelope', `${TITLE}: reply envelope`, 'No reply envelope');
    if (envelope === undefined) return undefined;
    const color = await pickEnum('PrintColor', `${TITLE}: colour`);
    if (!color) return undefined;
    const workMode = await pickWorkMode(TITLE, 'Send the letter');
    if (!workMode) return undefined;
    const names = uris.map((u) => basename(u.path));
    const description = names.join(' + ').slice(0, 100);
    return submit(ctx, {
      what: names.length === 1 ? names[0]! : `${names.length} files as one letter`,
      description,
      address,
      workMode,
      send: (client, call) =>
        client.datedB.SendLetterAdvanced(
          {
            MyDescription: description,
            Files: files,
            Addresses: {
              RecipientAddress: advancedAddress(address),
              ...(reply ? { ReplyAddress: { Contact: advancedAddress(reply), ...(stamping ? { StampingLocation: stamping } : {}) } } : {}),
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
    });
  };
}
