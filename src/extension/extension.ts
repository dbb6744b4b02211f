/**
 * The Mailroom extension: builds its parts (connection, tracked mailers, views) and registers the
 * commands, which live under commands/. Activation stays cheap: the client (with the SOAP stack),
 * the sandbox and pdf.js are loaded only when a command first needs them.
 */
import * as vscode from 'vscode';
import { AddressBook } from './commands/address-input';
import { attemptActions } from './commands/attempts';
import { connectCommand } from './commands/connect';
import { mailerActions } from './commands/mailer-actions';
import { sendAdvancedCommand } from './commands/send-advanced';
import { sendDocumentCommand } from './commands/send-document';
import type { SendContext } from './commands/send-flow';
import { sendMailMergeCommand } from './commands/send-merge';
import { sendPostcardCommand } from './commands/send-postcard';
import { storedFileActions } from './commands/stored-files';
import { changeUserSettingsCommand } from './commands/user-settings';
import { Connection } from './connection';
import { Log } from './log';
import { groupOf } from './model/mailers';
import { Refresher } from './refresher';
import { TrackedMailers } from './tracked-mailers';
import { DETAILS_SCHEME, DetailsDocuments } from './views/details-document';
import { MailersTree } from './views/mailers-tree';
import type { PdfPreview } from './views/pdf-preview';
import { StoredFilesTree } from './views/stored-files-tree';

/** What activate() returns: the extension's parts, for its own tests. */
export interface MailroomApi {
  readonly connection: Connection;
  readonly mailers: TrackedMailers;
  readonly tree: MailersTree;
  readonly refresher: Refresher;
  /** The PDF previews opened, newest last. */
  readonly previews: readonly PdfPreview[];
  readonly storedFiles: StoredFilesTree;
  readonly addresses: AddressBook;
  /** What the extension keeps in global state, for the tests that check no secret is there. */
  readonly globalState: vscode.Memento;
}

export function activate(context: vscode.ExtensionContext): MailroomApi {
  const log = new Log();
  const connection = new Connection(context, log);
  const mailers = new TrackedMailers(context.globalState, connection);
  const tree = new MailersTree(mailers, async (id) => (await (await connection.client()).datedA.GetBatchStatus({ ID: id, ItemID: '' })).Statuses);
  const view = vscode.window.createTreeView('mailroom.mailers', { treeDataProvider: tree, showCollapseAll: true });
  const refresher = new Refresher(connection, mailers, log);
  const storedFiles = new StoredFilesTree(connection);
  const addresses = new AddressBook(context.globalState);
  const details = new DetailsDocuments();
  const previews: PdfPreview[] = [];
  const sending: SendContext = { connection, mailers, tree, view: view as vscode.TreeView<unknown>, addresses, refresh: () => refresher.refresh() };

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

  const commands: Record<string, (...args: never[]) => unknown> = {
    'mailroom.useSandbox': async () => {
      await connection.useSandbox();
      void vscode.window.showInformationMessage('Mailroom: connected to the local sandbox as demo. Letters sent here are never printed.');
    },
    'mailroom.connect': connectCommand(connection),
    'mailroom.signOut': () => connection.signOut(),
    'mailroom.sendDocument': sendDocumentCommand(sending),
    'mailroom.sendAdvanced': sendAdvancedCommand(sending),
    'mailroom.sendPostcard': sendPostcardCommand(sending),
    'mailroom.sendMailMerge': sendMailMergeCommand(sending),
    'mailroom.refresh': async () => {
      const failure = await refresher.refresh();
      // Asked for, so answered: a refresh on its own schedule only writes to the log.
      if (failure) {
        void vscode.window.showErrorMessage(`Mailroom: the refresh failed: ${failure}`, 'Show Log').then((choice) => choice && log.show());
      }
      return failure;
    },
    'mailroom.changeUserSettings': changeUserSettingsCommand(connection),
    'mailroom.showLog': () => log.show(),
    ...mailerActions({ extensionUri: context.extensionUri, connection, mailers, refresher, details, previews }),
    ...storedFileActions(connection, storedFiles, sending),
    ...attemptActions(connection, mailers, () => refresher.refresh()),
  };
  for (const [id, run] of Object.entries(commands)) context.subscriptions.push(vscode.commands.registerCommand(id, run));

  context.subscriptions.push(
    log,
    connection,
    mailers,
    view,
    vscode.window.createTreeView('mailroom.storedFiles', { treeDataProvider: storedFiles }),
    vscode.workspace.registerTextDocumentContentProvider(DETAILS_SCHEME, details),
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
  return { connection, mailers, tree, refresher, previews, storedFiles, addresses, globalState: context.globalState };
}

export function deactivate(): void {}
