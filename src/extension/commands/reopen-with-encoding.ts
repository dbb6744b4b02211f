/**
 * Reopen with Encoding: a CSV a spreadsheet saved as Windows-1252 that VS Code shows as UTF-8 has
 * U+FFFD where its accented letters are, and saving it from there writes them over the file for
 * good. This reopens the file in the encoding the merge reads it as (the contract's decodeCsv), in
 * one step: the quick fix Mailroom offers on such a file in place of any edit (live-diagnostics.ts),
 * and a command for the open CSV. An edited document VS Code will not read again without asking
 * whether to discard the edits: that is left to its own Change File Encoding, which asks.
 */
import * as vscode from 'vscode';
import { activeDocumentUri } from '../active-document';
import { CsvError, decodeCsv, type CsvEncoding } from '../../contract';
import { prompts } from '../prompts';
import type { CommandMap } from './invocation';

/** VS Code's name of each encoding the merge reads (TextDocument.encoding). */
const VSCODE_ENCODING: Readonly<Record<CsvEncoding, string>> = {
  'UTF-8': 'utf8',
  'UTF-8 with BOM': 'utf8bom',
  'UTF-16LE with BOM': 'utf16le',
  'UTF-16BE with BOM': 'utf16be',
  'UTF-16LE': 'utf16le',
  'UTF-16BE': 'utf16be',
  'Windows-1252': 'windows1252',
};

/** The quick fix on a finding in a file shown in another encoding than its own: the one step before any fix. */
export function reopenAction(file: vscode.Uri, encoding: CsvEncoding, diagnostics: vscode.Diagnostic[]): vscode.CodeAction {
  const action = new vscode.CodeAction(vscode.l10n.t('Reopen with Encoding {0}', encoding), vscode.CodeActionKind.QuickFix);
  action.diagnostics = diagnostics;
  action.isPreferred = true;
  action.command = { title: action.title, command: 'mailroom.reopenWithEncoding', arguments: [file] };
  return action;
}

async function reopen(file: vscode.Uri): Promise<void> {
  let encoding: CsvEncoding;
  try {
    encoding = decodeCsv(await vscode.workspace.fs.readFile(file)).encoding;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    await prompts.notify('error', vscode.l10n.t('The merge cannot read this file: {0} (line {1}).', error.message, error.line));
    return;
  }
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === file.toString());
  if (open?.isDirty) {
    // Reading it again would drop the edits: VS Code's own command asks the person first.
    await vscode.window.showTextDocument(open);
    await vscode.commands.executeCommand('workbench.action.editor.changeEncoding');
    return;
  }
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file, { encoding: VSCODE_ENCODING[encoding] }));
}

export function reopenWithEncodingActions() {
  return {
    'mailroom.reopenWithEncoding': async (file?: unknown) => {
      const uri = file instanceof vscode.Uri ? file : activeDocumentUri();
      if (!uri || !/\.csv$/i.test(uri.path)) {
        await prompts.notify('info', vscode.l10n.t('Open the CSV to reopen it in its own encoding.'));
        return;
      }
      await reopen(uri);
    },
  } satisfies CommandMap;
}
