/**
 * Every Mailroom command is registered here, and only here: by its ID from the typed list
 * (ids.ts), with the workbench's arguments only and no result (invocation.ts), and with its
 * failure caught. A failure is logged to the Mailroom output channel and shown in words with a
 * way to the log; no rejection reaches VS Code, which would show only its generic "command failed".
 */
import * as vscode from 'vscode';
import type { Log } from '../log';
import { prompts } from '../prompts';
import { couldNot, logLine } from '../model/failure-words';
import { COMMANDS, type MailroomCommand } from './ids';
import { asFromWorkbench, type Command } from './invocation';

function showFailure(log: Log, id: MailroomCommand, error: unknown): void {
  const message = couldNot(COMMANDS[id].failed(), error);
  log.error(logLine(message, error));
  const showLog = vscode.l10n.t('Show Log');
  void prompts.notify('error', message, showLog).then((choice) => choice === showLog && log.show());
}

export function registerCommand(id: MailroomCommand, run: Command, log: Log): vscode.Disposable {
  const invoke = asFromWorkbench(id, run);
  return vscode.commands.registerCommand(id, async (...args: never[]): Promise<void> => {
    try {
      await invoke(...args);
    } catch (error) {
      showFailure(log, id, error);
    }
  });
}
