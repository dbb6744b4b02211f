/**
 * Where the extension writes its send log (see src/client/send-log.ts): always in its global
 * storage, and, with `mailroom.sendLog.workspace` on, also as `.mailroom/sent.jsonl` in the
 * workspace's first folder, for a team to keep in git. Read at each send, so that turning the
 * setting on or opening another folder counts from the next send.
 */
import * as vscode from 'vscode';
import type { SendRecorder } from '../client';
import { clientModule } from './client-module';

export const WORKSPACE_SEND_LOG = ['.mailroom', 'sent.jsonl'] as const;

export function sendLogPaths(context: vscode.ExtensionContext): string[] {
  const folder = vscode.workspace.workspaceFolders?.[0];
  const own = vscode.Uri.joinPath(context.globalStorageUri, 'sent.jsonl').fsPath;
  const team =
    folder?.uri.scheme === 'file' && vscode.workspace.getConfiguration('mailroom', folder.uri).get<boolean>('sendLog.workspace', false)
      ? [vscode.Uri.joinPath(folder.uri, ...WORKSPACE_SEND_LOG).fsPath]
      : [];
  return [own, ...team];
}

export function extensionSendLog(context: vscode.ExtensionContext): SendRecorder {
  return {
    async sending(send) {
      const { SendLog } = await clientModule();
      return new SendLog(sendLogPaths(context)).sending(send);
    },
  };
}
