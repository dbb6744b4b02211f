/**
 * Where the extension writes its send log (src/client/send-log.ts): the machine's one send log,
 * which the command line writes too (src/rulebook/places.ts: `$XDG_STATE_HOME/mailroom/sent.jsonl`,
 * else `~/.local/state/mailroom/sent.jsonl`, on the extension host's machine), so that a daily
 * budget and the Send History see every send whichever front end made it; and, with
 * `mailroom.sendLog.workspace` on, also `.mailroom/sent.jsonl` in the workspace's first folder, for
 * a team to keep in git. Read at each send, so that turning the setting on or opening another
 * folder counts from the next send.
 *
 * The extension once kept its log in its global storage: that log's lines move into the machine's
 * at the first send or read after an update, and its file goes.
 */
import { readFile, rm } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { SendRecorder } from '../client';
import { sendLogPath } from '../rulebook';
import { clientModule } from './client-module';

export const WORKSPACE_SEND_LOG = ['.mailroom', 'sent.jsonl'] as const;

/** The machine's send log, as the command line finds it too. */
export const ownSendLogPath = (): string => sendLogPath(process.env);

export function sendLogPaths(): string[] {
  const folder = vscode.workspace.workspaceFolders?.[0];
  const team =
    folder?.uri.scheme === 'file' && vscode.workspace.getConfiguration('mailroom', folder.uri).get<boolean>('sendLog.workspace', false)
      ? [vscode.Uri.joinPath(folder.uri, ...WORKSPACE_SEND_LOG).fsPath]
      : [];
  return [ownSendLogPath(), ...team];
}

export function extensionSendLog(): SendRecorder {
  return {
    async sending(send, admit) {
      const { SendLog } = await clientModule();
      return new SendLog(sendLogPaths()).sending(send, admit);
    },
  };
}

/**
 * Moves the lines of the log the extension kept in its global storage into the machine's (once:
 * the old file goes when they are safely there). Lines keep their entries, so a move cut short and
 * made again reads the same.
 */
export async function moveOldSendLog(context: vscode.ExtensionContext): Promise<void> {
  const old = vscode.Uri.joinPath(context.globalStorageUri, 'sent.jsonl').fsPath;
  const text = await readFile(old, 'utf8').catch(() => undefined);
  if (text === undefined) return;
  const { appendSendLogLines } = await clientModule();
  await appendSendLogLines(ownSendLogPath(), text);
  await rm(old, { force: true });
}
