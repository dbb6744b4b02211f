/**
 * "Upload to Mail Service": a file kept on the service as a stored file. It asks who may use it and
 * for a description, asks before replacing one of the same name, and ends with one line saying so
 * ("Mailroom: price-list.pdf is stored (User · Our letterhead).").
 */
import * as vscode from 'vscode';
import type { MailWsClient } from '../../client';
import { RESULT, type EnumValue } from '../../contract';
import { resultCodeOf } from '../client-module';
import { prompts } from '../prompts';

const permissions = (): readonly { label: EnumValue<'Permissions'>; description: string }[] => [
  { label: 'User', description: vscode.l10n.t('only you may see, use and delete it') },
  { label: 'Account', description: vscode.l10n.t('every user of the account may use it (administrators only)') },
];

/** The file to upload: the one chosen in the explorer, else (the Stored Files view's welcome) one picked from disk. */
export async function fileToUpload(given: unknown): Promise<vscode.Uri | undefined> {
  if (given instanceof vscode.Uri) return given;
  const [chosen] =
    (await prompts.open({ title: vscode.l10n.t('Upload to Mail Service'), canSelectMany: false, openLabel: vscode.l10n.t('Upload') })) ??
    [];
  return chosen;
}

/** Uploads a file, asking for permissions, a description, and before replacing one of the same name; says when it is done. */
export async function uploadFile(client: MailWsClient, uri: vscode.Uri): Promise<void> {
  const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  const chosen = (await prompts.pick(permissions(), { title: vscode.l10n.t('Upload {0}: who may use it?', name) }))?.label;
  if (!chosen) return;
  const description = await prompts.input({ title: vscode.l10n.t('Upload {0}', name), prompt: vscode.l10n.t('Description (optional)') });
  if (description === undefined) return;
  const data = await vscode.workspace.fs.readFile(uri);
  const upload = (overwrite: boolean) =>
    client.datedA.UploadFile({
      MyFileName: name,
      FileBinaryData: data,
      Permissions: chosen,
      Description: description,
      Overwrite: overwrite,
    });
  let replaced = false;
  try {
    await upload(false);
  } catch (error) {
    if ((await resultCodeOf(error)) !== RESULT.FileNameExists) throw error;
    if (!(await prompts.confirm(vscode.l10n.t('{0} is already stored. Replace it?', name), vscode.l10n.t('Replace')))) return;
    await upload(true);
    replaced = true;
  }
  // As the Stored Files view describes the file: its permissions, then its description.
  const shown = [chosen, description].filter(Boolean).join(' · ');
  void prompts.notify(
    'info',
    replaced
      ? vscode.l10n.t('Mailroom: {0} is replaced ({1}).', name, shown)
      : vscode.l10n.t('Mailroom: {0} is stored ({1}).', name, shown),
  );
}
