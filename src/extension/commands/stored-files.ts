/** The Stored Files view's commands: upload from the explorer, delete, send as a letter. */
import * as vscode from 'vscode';
import type { Clients } from '../connection/clients';
import type { StoredFileNode, StoredFilesTree } from '../views/stored-files-tree';
import { afterConfirming } from './confirm';
import type { CommandMap } from './invocation';
import { sendStoredFileCommand } from './send-document';
import type { SendContext } from './send-flow';
import { fileToUpload, uploadFile } from './upload-file';

export function storedFileActions(clients: Clients, storedFiles: StoredFilesTree, sending: SendContext) {
  const sendStored = sendStoredFileCommand(sending);
  return {
    'mailroom.refreshFiles': () => storedFiles.refresh(),
    'mailroom.sendStoredFile': (node?: StoredFileNode) => sendStored(node?.file.FileName ?? undefined),
    'mailroom.uploadFile': async (given?: vscode.Uri) => {
      const uri = await fileToUpload(given);
      if (!uri) return;
      await uploadFile(await clients.client(), uri);
      await storedFiles.refresh();
    },
    'mailroom.deleteStoredFile': async (node?: StoredFileNode) => {
      const name = node?.file.FileName;
      if (!name) return;
      await afterConfirming(vscode.l10n.t('Delete the stored file {0}?', name), vscode.l10n.t('Delete'), async () => {
        await (await clients.client()).datedA.DeleteUploadedFile({ MyFileName: name });
        await storedFiles.refresh();
      });
    },
  } satisfies CommandMap;
}
