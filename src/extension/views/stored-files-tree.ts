/** The Stored Files view: the account's stored files, as GetUploadedFileDetails lists them. */
import * as vscode from 'vscode';
import type { ViewItem } from '../context-keys';
import type { MailWsClient } from '../../client';
import { resultCodeOf } from '../client-module';
import { formatDateTime, type Structure } from '../../contract';
import type { Connection } from '../connection';
import { Disposable, Emitter } from '../lifecycle';
import { prompts } from '../prompts';
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

  constructor(private readonly connection: Connection) {
    super();
    this.register(connection.onDidChange(() => void this.refresh().catch(() => this.changed.fire(undefined))));
  }

  /** Lists the files again; none (-3163) is an empty list. */
  async refresh(): Promise<void> {
    this.files = [];
    if (this.connection.account) {
      try {
        this.files = (await (await this.connection.client()).datedA.GetUploadedFileDetails({})).UploadedFiles;
      } catch (error) {
        if ((await resultCodeOf(error)) !== -3163) throw error;
      }
    }
    this.changed.fire(undefined);
  }

  getChildren(node?: StoredFileNode): StoredFileNode[] {
    return node ? [] : this.files.map((file) => ({ kind: 'storedFile', file }));
  }

  getTreeItem({ file }: StoredFileNode): vscode.TreeItem {
    const item = new vscode.TreeItem(file.FileName ?? '(no name)', vscode.TreeItemCollapsibleState.None);
    item.id = `storedFile:${file.FileName}`;
    item.description = [file.Permissions, file.Description].filter(Boolean).join(' · ');
    item.tooltip = `${file.FileName}\nPermissions: ${file.Permissions}\nLast used: ${formatDateTime(file.LastUsage)}${file.Description ? `\n${file.Description}` : ''}`;
    item.iconPath = new vscode.ThemeIcon(file.Permissions === 'Account' ? 'organization' : 'file');
    item.accessibilityInformation = {
      label: spokenStoredFile(file.FileName ?? 'no name', file.Permissions, file.Description, formatDateTime(file.LastUsage)),
    };
    item.contextValue = 'storedFile' satisfies ViewItem;
    return item;
  }
}

/** Uploads a file, asking for permissions, a description, and before replacing one of the same name. */
export async function uploadFile(client: MailWsClient, uri: vscode.Uri): Promise<boolean> {
  const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  const permissions = (
    await prompts.pick(
      [
        { label: 'User', description: 'only you may see, use and delete it' },
        { label: 'Account', description: 'every user of the account may use it (administrators only)' },
      ],
      { title: `Upload ${name}: who may use it?` },
    )
  )?.label as 'User' | 'Account' | undefined;
  if (!permissions) return false;
  const description = await prompts.input({ title: `Upload ${name}`, prompt: 'Description (optional)' });
  if (description === undefined) return false;
  const data = await vscode.workspace.fs.readFile(uri);
  const upload = (overwrite: boolean) =>
    client.datedA.UploadFile({
      MyFileName: name,
      FileBinaryData: data,
      Permissions: permissions,
      Description: description,
      Overwrite: overwrite,
    });
  try {
    await upload(false);
  } catch (error) {
    if ((await resultCodeOf(error)) !== -3127) throw error;
    if (!(await prompts.confirm(`${name} is already stored. Replace it?`, 'Replace'))) return false;
    await upload(true);
  }
  return true;
}
