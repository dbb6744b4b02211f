/**
 * "Mailroom: Send Current Document as Letter": the active editor's document or the file chosen in
 * the explorer. The recipient comes from Markdown front matter or is asked for, field by field,
 * within the service's limits; the work mode is always in sight, and Production asks first.
 */
import * as vscode from 'vscode';
import { basename } from 'node:path';
import { letterDocument, type RecipientAddress } from '../../client';
import { STORED_FILE_PREFIX, checkAddress, describeResultCode, fieldLimits, type EnumValue } from '../../contract';
import type { Connection } from '../connection';

import type { TrackedMailers } from '../tracked-mailers';
import type { MailersTree } from '../views/mailers-tree';

/** Given by scripts and tests instead of answering the prompts. */
export interface SendOptions {
  readonly address?: RecipientAddress;
  readonly workMode?: EnumValue<'WorkMode'>;
  /** Production was already confirmed. */
  readonly confirmed?: boolean;
}

const ASKED: readonly [keyof RecipientAddress, string, boolean][] = [
  ['AttentionLine1', 'Recipient (name)', false],
  ['Company', 'Company (optional if a name is given)', false],
  ['Address1', 'Street address', true],
  ['Address2', 'Second address line (optional)', false],
  ['City', 'City', true],
  ['State', 'State (optional)', false],
  ['PostalCode', 'ZIP or postal code (optional)', false],
  ['Country', 'Country (optional)', false],
];

async function askAddress(): Promise<RecipientAddress | undefined> {
  const address: Record<string, string> = {};
  for (const [field, prompt, required] of ASKED) {
    const limit = fieldLimits[field]!;
    const value = await vscode.window.showInputBox({
      title: `Letter recipient (${Object.keys(address).length + 1}/${ASKED.length})`,
      prompt,
      ignoreFocusOut: true,
      validateInput: (text) =>
        text.length > limit.maxLength ? `At most ${limit.maxLength} characters (the service answers ${limit.code} otherwise)` : required && !text.trim() ? `${prompt} is needed` : undefined,
    });
    if (value === undefined) return undefined;
    if (value.trim()) address[field] = value.trim();
  }
  return address;
}

async function documentOf(uri: vscode.Uri): Promise<Uint8Array> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  // What the editor shows, saved or not; binary files straight from disk.
  return open && !/\.(pdf|docx?)$/i.test(uri.path) ? Buffer.from(open.getText()) : vscode.workspace.fs.readFile(uri);
}

interface SendContext {
  readonly connection: Connection;
  readonly mailers: TrackedMailers;
  readonly tree: MailersTree;
  readonly view: vscode.TreeView<unknown>;
  readonly refresh: () => Promise<void>;
}

/**
 * Sends one letter: asks for the recipient unless known, shows the work mode, confirms
 * Production, sends with progress, then follows the new mailer in the tree. Answers its ID.
 */
async function sendLetter(
  ctx: SendContext,
  letter: { readonly name: string; readonly fileExtension: string; readonly data: Uint8Array; readonly to?: RecipientAddress },
  options: SendOptions,
): Promise<number | undefined> {
  const { name } = letter;
  const address = options.address ?? letter.to ?? (await askAddress());
  if (!address) return undefined;
  const missing = checkAddress(address as Record<string, unknown>);
  if (missing !== undefined) {
    void vscode.window.showErrorMessage(`Mailroom: the address is incomplete (${describeResultCode(missing)}).`);
    return undefined;
  }
  const configuration = vscode.workspace.getConfiguration('mailroom');
  const workMode = options.workMode ?? configuration.get<EnumValue<'WorkMode'>>('defaultWorkMode', 'Development');
  const to = [address.AttentionLine1 ?? address.Company, address.City].filter(Boolean).join(', ');
  if (workMode === 'Production' && configuration.get<boolean>('confirmProduction', true) && !options.confirmed) {
    const answer = await vscode.window.showWarningMessage(
      `Send ${name} to ${to} in Production mode? It will be printed and mailed, and the account charged.`,
      { modal: true },
      'Send in Production',
    );
    if (answer !== 'Send in Production') return undefined;
  }
  try {
    const id = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Mailroom: sending ${name} to ${to} (${workMode} mode)` },
      async () => {
        const client = await ctx.connection.client();
        return client.simple.SendLetterAndAddressV2({ MyDescription: name.slice(0, 100), FileExtension: letter.fileExtension, FileBinaryData: letter.data, WorkMode: workMode, ...address });
      },
    );
    await ctx.mailers.add([{ id, description: name.slice(0, 100) }]);
    await ctx.refresh();
    const node = ctx.tree.nodeOf(id);
    if (node) await ctx.view.reveal(node, { select: true, focus: false });
    return id;
  } catch (error) {
    void vscode.window.showErrorMessage(`Mailroom: ${(error as Error).message}`);
    return undefined;
  }
}

export function sendDocumentCommand(ctx: SendContext) {
  return async (target?: vscode.Uri, options: SendOptions = {}): Promise<number | undefined> => {
    const uri = target instanceof vscode.Uri ? target : vscode.window.activeTextEditor?.document.uri;
    if (!uri) {
      void vscode.window.showWarningMessage('Mailroom: open the document to send, or choose it in the explorer.');
      return undefined;
    }
    if (!ctx.connection.account) await ctx.connection.useSandbox();
    const name = basename(uri.path);
    const document = letterDocument(name, await documentOf(uri));
    return sendLetter(ctx, { name, fileExtension: document.type, data: document.data, ...(document.to ? { to: document.to } : {}) }, options);
  };
}

/** "Send Stored File as Letter": the file named as `MyFile:<name>`, with no bytes of its own. */
export function sendStoredFileCommand(ctx: SendContext) {
  return (fileName: string | undefined, options: SendOptions = {}): Promise<number | undefined> =>
    fileName ? sendLetter(ctx, { name: fileName, fileExtension: `${STORED_FILE_PREFIX}${fileName}`, data: new Uint8Array() }, options) : Promise.resolve(undefined);
}
