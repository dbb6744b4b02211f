/**
 * "Upload to Mail Service": a file kept on the service as a stored file. It asks who may use it and
 * for a description, asks before replacing one of the same name, and ends with one line saying so
 * ("Mailroom: price-list.pdf is stored (User · Our letterhead).").
 */
import * as vscode from 'vscode';
import type { MailWsClient } from '../../client';
import type { EnumValue } from '../../contract';
import { resultCodeOf } from '../client-module';
import { prompts } from '../prompts';

/** A stored file of that name exists already. */
const ALREADY_STORED = -3127;

const PERMISSIONS: readonly { label: EnumValue<'Permissions'>; description: string }[] = [
  { label: 'User', description: 'only you may see, use and delete it' },
  { label: 'Account', description: 'every user of the account may use it (administrators only)' },
];

/** The file to upload: the one chosen in the explorer, else (the Stored Files view's welcome) one picked from disk. */
export async function fileToUpload(given: unknown): Promise<vscode.Uri | undefined> {
  if (given instanceof vscode.Uri) return given;
  const [chosen] = (await prompts.open({ title: 'Upload to Mail Service', canSelectMany: false, openLabel: 'Upload' })) ?? [];
  return chosen;
}

/** Uploads a file, asking for permissions, a description, and before replacing one of the same name; says when it is done. */
export async function uploadFile(client: MailWsClient, uri: vscode.Uri): Promise<boolean> {
  const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  const permissions = (await prompts.pick(PERMISSIONS, { title: `Upload ${name}: who may use it?` }))?.label;
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
  let replaced = false;
  try {
    await upload(false);
  } catch (error) {
    if ((await resultCodeOf(error)) !== ALREADY_STORED) throw error;
    if (!(await prompts.confirm(`${name} is already stored. Replace it?`, 'Replace'))) return false;
    await upload(true);
    replaced = true;
  }
  // As the Stored Files view describes the file: its permissions, then its description.
  const shown = [permissions, description].filter(Boolean).join(' · ');
  void prompts.notify('info', `Mailroom: ${name} is ${replaced ? 'replaced' : 'stored'} (${shown}).`);
  return true;
}
