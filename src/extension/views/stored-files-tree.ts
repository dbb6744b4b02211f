/** The Stored Files view: the account's stored files, as GetUploadedFileDetails lists them. */
import * as vscode from 'vscode';
import type { MailroomContextKey, ViewItem } from '../context-keys';
import { resultCodeOf } from '../client-module';
import { formatDateTime, type Structure, RESULT } from '../../contract';
import type { Accounts } from '../connection/accounts';
import type { Clients } from '../connection/clients';
import { Disposable, Emitter } from '../lifecycle';
import { spokenStoredFile } from '../model/spoken-labels';

export type StoredFile = Structure<'FileDetails'>;
export interface StoredFileNode {
  readonly kind: 'storedFile';
  readonly file: StoredFile;
}

export class StoredFilesTree extends Disposable implements vscode.TreeDataProvider<StoredFileNode> {
  private readonly changed = this.register(new Emitter<undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private files: StoredFile[] = [];
  private listedNone = false;

  constructor(
    private readonly accounts: Accounts,
    private readonly clients: Clients,
  ) {
    super();
    this.register(accounts.onDidChange(() => void this.refresh().catch(() => this.changed.fire(undefined))));
  }

  /**
   * Whether the service's last listing said that nothing is stored: the view's welcome then says so
   * and how to upload. Not while the list is being read, nor when it could not be read.
   */
  get nothingStored(): boolean {
    return this.listedNone;
  }

  /** Lists the files again; none (-3163) is an empty list. */
  async refresh(): Promise<void> {
    this.files = [];
    let none = false;
    try {
      if (this.accounts.account) {
        try {
          this.files = (await (await this.clients.client()).datedA.GetUploadedFileDetails({})).UploadedFiles;
        } catch (error) {
          if ((await resultCodeOf(error)) !== RESULT.NoStoredFiles) throw error;
        }
        none = this.files.length === 0;
      }
    } finally {
      await this.setNothingStored(none);
      this.changed.fire(undefined);
    }
  }

  private async setNothingStored(none: boolean): Promise<void> {
    if (none === this.listedNone) return;
    this.listedNone = none;
    await vscode.commands.executeCommand('setContext', 'mailroom.noStoredFiles' satisfies MailroomContextKey, none);
  }

  getChildren(node?: StoredFileNode): StoredFileNode[] {
    return node ? [] : this.files.map((file) => ({ kind: 'storedFile', file }));
  }

  getTreeItem({ file }: StoredFileNode): vscode.TreeItem {
    const item = new vscode.TreeItem(file.FileName ?? vscode.l10n.t('(no name)'), vscode.TreeItemCollapsibleState.None);
    item.id = `storedFile:${file.FileName}`;
    item.description = [file.Permissions, file.Description].filter(Boolean).join(' · ');
    item.tooltip = vscode.l10n.t('Permissions: {0}\nLast used: {1}', file.Permissions ?? '', formatDateTime(file.LastUsage));
    item.tooltip = [file.FileName, item.tooltip, file.Description].filter(Boolean).join('\n');
    item.iconPath = new vscode.ThemeIcon(file.Permissions === 'Account' ? 'organization' : 'file');
    item.accessibilityInformation = {
      label: spokenStoredFile(
        file.FileName ?? vscode.l10n.t('no name'),
        file.Permissions,
        file.Description,
        formatDateTime(file.LastUsage),
      ),
    };
    item.contextValue = 'storedFile' satisfies ViewItem;
    return item;
  }
}
