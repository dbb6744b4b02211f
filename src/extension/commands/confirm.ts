/** Asking before an act that costs or cannot be undone. */
import * as vscode from 'vscode';
import type { Log } from '../log';

/** Asks first (unless the caller already has), then acts; a failure is shown in words. */
export async function afterConfirming(log: Log, question: string, button: string, alreadyConfirmed: boolean | undefined, act: () => Promise<unknown>): Promise<void> {
  if (!alreadyConfirmed && (await vscode.window.showWarningMessage(question, { modal: true }, button)) !== button) return;
  try {
    await act();
  } catch (error) {
    log.showError(`Mailroom: ${(error as Error).message}`);
  }
}
