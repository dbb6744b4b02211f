/**
 * The file the person has in front of them, for a command run from the palette. A text file is
 * the active text editor's; a binary one (a .docx, a PDF) VS Code shows in a custom or binary
 * editor, where there is no text editor at all: then it is the active tab's file.
 */
import * as vscode from 'vscode';

export function activeDocumentUri(): vscode.Uri | undefined {
  const editor = vscode.window.activeTextEditor;
  if (editor) return editor.document.uri;
  const input: unknown = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  if (input instanceof vscode.TabInputText || input instanceof vscode.TabInputCustom || input instanceof vscode.TabInputNotebook) {
    return input.uri;
  }
  return undefined;
}
