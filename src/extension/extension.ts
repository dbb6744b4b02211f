/**
 * The Mailroom extension. Activation stays cheap: the client (with the SOAP stack), the sandbox
 * and pdf.js are loaded only when a command first needs them.
 */
import * as vscode from 'vscode';
import { parseIds } from '../contract';
import { sendDocumentCommand, sendStoredFileCommand, type SendOptions } from './commands/send-document';
import { Connection } from './connection';
import { Log } from './log';
import { groupOf } from './model/mailers';
import { Refresher } from './refresher';
import { TrackedMailers } from './tracked-mailers';
import { MailersTree, type MailersNode } from './views/mailers-tree';
import { PdfPreview } from './views/pdf-preview';
import { StoredFilesTree, uploadFile, type StoredFileNode } from './views/stored-files-tree';

/** What activate() returns: the extension's parts, for its own tests. */
export interface MailroomApi {
  readonly connection: Connection;
  readonly mailers: TrackedMailers;
  readonly tree: MailersTree;
  readonly refresher: Refresher;
  /** The PDF previews opened, newest last. */
  readonly previews: readonly PdfPreview[];
  readonly storedFiles: StoredFilesTree;
}

/** Asks first (unless the caller already has), then acts; a failure is shown in words. */
async function afterConfirming(question: string, button: string, alreadyConfirmed: boolean | undefined, act: () => Promise<unknown>): Promise<void> {
  if (!alreadyConfirmed && (await vscode.window.showWarningMessage(question, { modal: true }, button)) !== button) return;
  try {
    await act();
  } catch (error) {
    void vscode.window.showErrorMessage(`Mailroom: ${(error as Error).message}`);
  }
}

function mailerOf(node: unknown): number | undefined {
  const candidate = node as MailersNode | undefined;
  return candidate?.kind === 'mailer' ? candidate.mailer.id : undefined;
}

export function activate(context: vscode.ExtensionContext): MailroomApi {
  const log = new Log();
  const connection = new Connection(context, log);
  const mailers = new TrackedMailers(context.globalState, connection);
  const tree = new MailersTree(mailers);
  const view = vscode.window.createTreeView('mailroom.mailers', { treeDataProvider: tree, showCollapseAll: false });
  const refresher = new Refresher(connection, mailers, log);
  const status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 20);
  status.command = 'mailroom.mailers.focus';

  const updateStatus = () => {
    if (!connection.account) return status.hide();
    const inProcess = mailers.list().filter((m) => groupOf(m) === 'inProcess').length;
    const mode = vscode.workspace.getConfiguration('mailroom').get<string>('defaultWorkMode', 'Development');
    status.text = `$(mail) ${inProcess} in process · ${mode}`;
    status.tooltip = `Mailroom: ${inProcess} mailer(s) in process; new letters go in ${mode} mode${connection.account.sandbox ? ' (local sandbox)' : ''}`;
    status.show();
  };

  const command = (id: string, run: (...args: never[]) => unknown) => context.subscriptions.push(vscode.commands.registerCommand(id, run));
  const previews: PdfPreview[] = [];
  const storedFiles = new StoredFilesTree(connection);
  const api: MailroomApi = { connection, mailers, tree, refresher, previews, storedFiles };

  command('mailroom.useSandbox', async () => {
    await connection.useSandbox();
    void vscode.window.showInformationMessage('Mailroom: connected to the local sandbox as demo. Letters sent here are never printed.');
  });
  command('mailroom.connect', async () => {
    const endpoint = await vscode.window.showInputBox({ title: 'Connect to a Mail WS account (1/4)', prompt: 'Base URL of the service', placeHolder: 'https://mail.example.com', ignoreFocusOut: true, validateInput: (v) => (/^https?:\/\/\S+$/.test(v) ? undefined : 'An http(s) URL') });
    if (!endpoint) return;
    const binding = await vscode.window.showQuickPick(['soap11', 'soap12', 'http-get', 'http-post'], { title: 'Connect (2/4): binding', ignoreFocusOut: true });
    if (!binding) return;
    const username = await vscode.window.showInputBox({ title: 'Connect (3/4)', prompt: 'Username', ignoreFocusOut: true });
    if (!username) return;
    const password = await vscode.window.showInputBox({ title: 'Connect (4/4)', prompt: 'Password (kept in the OS keychain)', password: true, ignoreFocusOut: true });
    if (!password) return;
    try {
      await connection.connect(endpoint, binding as 'soap11', username, { password });
      void vscode.window.showInformationMessage(`Mailroom: connected to ${endpoint} as ${username}.`);
    } catch (error) {
      void vscode.window.showErrorMessage(`Mailroom: could not connect: ${(error as Error).message}`);
    }
  });
  command('mailroom.signOut', () => connection.signOut());
  const sending = { connection, mailers, tree, view: view as vscode.TreeView<unknown>, refresh: () => refresher.refresh() };
  command('mailroom.sendDocument', sendDocumentCommand(sending));
  const sendStored = sendStoredFileCommand(sending);
  command('mailroom.sendStoredFile', (node?: StoredFileNode, options?: SendOptions) => sendStored(node?.file.FileName ?? undefined, options));
  command('mailroom.refreshFiles', () => storedFiles.refresh());
  command('mailroom.uploadFile', async (uri?: vscode.Uri, options?: Parameters<typeof uploadFile>[2]) => {
    if (!(uri instanceof vscode.Uri)) return false;
    try {
      const done = await uploadFile(await connection.client(), uri, options);
      await storedFiles.refresh();
      return done;
    } catch (error) {
      void vscode.window.showErrorMessage(`Mailroom: ${(error as Error).message}`);
      return false;
    }
  });
  command('mailroom.deleteStoredFile', async (node?: StoredFileNode, confirmed?: boolean) => {
    const name = node?.file.FileName;
    if (!name) return;
    await afterConfirming(`Delete the stored file ${name}?`, 'Delete', confirmed, async () => {
      await (await connection.client()).datedA.DeleteUploadedFile({ MyFileName: name });
      await storedFiles.refresh();
    });
  });
  command('mailroom.refresh', () => refresher.refresh());
  command('mailroom.trackIds', async (text?: string) => {
    const ids = text ?? (await vscode.window.showInputBox({
      title: 'Track mailer IDs',
      prompt: 'One ID, a range like 1021984-1021994, or a comma list',
      validateInput: (v) => { const parsed = parseIds(v.trim()); return parsed.ok ? undefined : parsed.reason; },
    }));
    if (!ids) return;
    const parsed = parseIds(ids.trim());
    if (!parsed.ok) return void vscode.window.showErrorMessage(`Mailroom: ${parsed.reason}`);
    await mailers.add(parsed.ids.map((id) => ({ id })));
    await refresher.refresh();
  });
  command('mailroom.cancelDelivery', async (node: unknown, confirmed?: boolean) => {
    const id = mailerOf(node);
    if (id === undefined) return;
    const question = `Cancel delivery of mailer ${id}? Cancelling may take a few minutes; any amount charged is refunded at once.`;
    await afterConfirming(question, 'Cancel Delivery', confirmed, async () => {
      await (await connection.client()).datedA.CancelDelivery({ ID: id });
      await refresher.refresh();
    });
  });
  const printedPdf = async (id: number) => (await (await connection.client()).simple.GetPDF({ ID: id })).FileData;
  command('mailroom.previewPdf', (node: unknown) => {
    const id = mailerOf(node);
    if (id === undefined) return undefined;
    const preview = PdfPreview.show(context.extensionUri, api.mailers.get(id)?.description ?? `Mailer ${id}`, () => printedPdf(id));
    previews.push(preview);
    return preview;
  });
  command('mailroom.savePdf', async (node: unknown) => {
    const id = mailerOf(node);
    if (id === undefined) return;
    try {
      const pdf = await printedPdf(id);
      const target = await vscode.window.showSaveDialog({ defaultUri: vscode.Uri.joinPath(vscode.workspace.workspaceFolders?.[0]?.uri ?? context.globalStorageUri, `mailer-${id}.pdf`), filters: { PDF: ['pdf'] } });
      if (target && pdf) await vscode.workspace.fs.writeFile(target, pdf);
    } catch (error) {
      void vscode.window.showErrorMessage(`Mailroom: ${(error as Error).message}`);
    }
  });
  command('mailroom.copyId', async (node: unknown) => {
    const id = mailerOf(node);
    if (id !== undefined) await vscode.env.clipboard.writeText(String(id));
  });
  command('mailroom.stopTracking', async (node: unknown) => {
    const id = mailerOf(node);
    if (id !== undefined) await mailers.remove(id);
  });
  command('mailroom.showLog', () => log.show());

  context.subscriptions.push(
    log,
    connection,
    mailers,
    view,
    vscode.window.createTreeView('mailroom.storedFiles', { treeDataProvider: storedFiles }),
    refresher,
    status,
    mailers.onDidChange(updateStatus),
    connection.onDidChange(() => {
      mailers.refreshView();
      updateStatus();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('mailroom') && updateStatus()),
  );
  void vscode.commands.executeCommand('setContext', 'mailroom.connected', connection.account !== undefined);
  updateStatus();
  if (connection.account) void refresher.refresh();
  return api;
}

export function deactivate(): void {}
