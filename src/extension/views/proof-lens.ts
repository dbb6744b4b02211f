/**
 * A CodeLens above a Markdown letter's front matter: Preview Before Sending, for the document it
 * sits in (the lens hands the command the document, as the editor title's button does). A front
 * matter never closed has it too: the preview then says what is wrong.
 */
import * as vscode from 'vscode';
import { frontMatterFences } from '../../contract';
import type { MailroomCommand } from '../commands/ids';

export function proofLens(): vscode.Disposable {
  return vscode.languages.registerCodeLensProvider(
    { language: 'markdown' },
    {
      provideCodeLenses(document) {
        if (!frontMatterFences(document.getText())) return [];
        return [
          new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), {
            title: vscode.l10n.t('Preview Before Sending'),
            command: 'mailroom.previewBeforeSending' satisfies MailroomCommand,
            arguments: [document.uri],
          }),
        ];
      },
    },
  );
}
