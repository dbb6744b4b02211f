/** Asking before an act that costs or cannot be undone. */
import * as vscode from 'vscode';

/** Asks first (unless the caller already has), then acts; a failure is the command's (register.ts). */
export async function afterConfirming(
  question: string,
  button: string,
  alreadyConfirmed: boolean | undefined,
  act: () => Promise<unknown>,
): Promise<void> {
  if (!alreadyConfirmed && (await vscode.window.showWarningMessage(question, { modal: true }, button)) !== button) return;
  await act();
}
