/** The Stored Files view's commands: upload from the explorer, delete, send as a letter. */
import * as vscode from 'vscode';
import type { Connection } from '../connection';
import { uploadFile, type StoredFileNode, type StoredFilesTree } from '../views/stored-files-tree';
import { afterConfirming } from './confirm';
import { sendStoredFileCommand } from './send-document';
import type { SendContext, SendOptions } from './send-flow';

export function storedFileActions(connection: Connection, storedFiles: StoredFilesTree, sending: SendContext): Record<string, (...args: never[]) => unknown> {
  const sendStored = sendStoredFileCommand(sending);
  return {
    'mailroom.refreshFiles': () => storedFiles.refresh(),
    'mailroom.sendStoredFile': (node?: StoredFileNode, options?: SendOptions) => sendStored(node?.file.FileName ?? undefined, options),
    'mailroom.uploadFile': async (uri?: vscode.Uri, options?: Parameters<typeof uploadFile>[2]) => {
      if (!(uri instanceof vscode.Uri)) return false;
      try {
        const done = await uploadFile(await connection.client(), uri, options);
        await storedFiles.refresh();
        return done;
      } catch (error) {
        sending.log.showError(`Mailroom: ${(error as Error).message}`);
        return false;
      }
    },
    'mailroom.deleteStoredFile': async (node?: StoredFileNode, confirmed?: boolean) => {
      const name = node?.file.FileName;
      if (!name) return;
      await afterConfirming(sending.log, `Delete the stored file ${name}?`, 'Delete', confirmed, async () => {
        await (await connection.client()).datedA.DeleteUploadedFile({ MyFileName: name });
        await storedFiles.refresh();
      });
    },
  };
}
