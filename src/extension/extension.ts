/**
 * The Mailroom extension. Activation stays cheap: the SOAP stack, pdf.js and the sandbox are
 * loaded only when a command first needs them.
 */
import type * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // Commands, views and the sandbox are registered here as they arrive (see the README's roadmap).
}

export function deactivate(): void {}
