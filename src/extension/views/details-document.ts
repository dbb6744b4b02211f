/**
 * "Show Details": a read-only Markdown page of a mailer's extended details (and a batch's items),
 * served from memory under the `mailroom-details` scheme and shown in the Markdown preview.
 */
import * as vscode from 'vscode';
import { Disposable, Emitter } from '../lifecycle';

export const DETAILS_SCHEME = 'mailroom-details';

export class DetailsDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly pages = new Map<string, string>();
  private readonly changed = this.register(new Emitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.pages.get(uri.toString()) ?? '';
  }

  /** Shows the page, replacing an earlier one of the same mailer. */
  async show(id: number, markdown: string): Promise<vscode.Uri> {
    const uri = vscode.Uri.from({ scheme: DETAILS_SCHEME, path: `/Mailer ${id}.md` });
    this.pages.set(uri.toString(), markdown);
    this.changed.fire(uri);
    try {
      await vscode.commands.executeCommand('markdown.showPreview', uri);
    } catch {
      // Without the built-in Markdown extension, the page itself.
      await vscode.window.showTextDocument(uri, { preview: true });
    }
    return uri;
  }
}
