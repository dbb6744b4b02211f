/**
 * A CodeLens above a Markdown letter's front matter: Preview Before Sending, for the document it
 * sits in (the lens hands the command the document, as the editor title's button does).
 */
import * as vscode from 'vscode';
import { FRONT_MATTER } from '../../contract';
import type { MailroomCommand } from '../commands/ids';

export function proofLens(): vscode.Disposable {
  return vscode.languages.registerCodeLensProvider(
    { language: 'markdown' },
    {
      provideCodeLenses(document) {
        if (!FRONT_MATTER.test(document.getText())) return [];
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
