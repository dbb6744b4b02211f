/**
 * The template each mail-merge CSV goes with (model/merge-templates.ts says how it is found),
 * remembered in the workspace's state. Send Mail Merge and Preview Merge Row call
 * rememberMergeTemplate with the pair a person chose; the live diagnostics then check the CSV's
 * header against that template.
 */
import * as vscode from 'vscode';
import { Disposable, Emitter } from './lifecycle';
import { rememberTemplate, sameNameTemplates } from './model/merge-templates';

const REMEMBERED_KEY = 'mailroom.mergeTemplates';

export class MergeTemplates extends Disposable {
  private readonly changed = this.register(new Emitter<vscode.Uri>());
  /** A CSV whose template was remembered anew. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {
    super();
  }

  async rememberMergeTemplate(csvUri: vscode.Uri, templateUri: vscode.Uri): Promise<void> {
    const remembered = this.state.get<Record<string, string>>(REMEMBERED_KEY) ?? {};
    await this.state.update(REMEMBERED_KEY, rememberTemplate(remembered, csvUri.toString(), templateUri.toString()));
    this.changed.fire(csvUri);
  }

  /** The CSV's template, if one is there: the same name beside it, else the one last used with it. */
  async templateOf(csvUri: vscode.Uri): Promise<vscode.Uri | undefined> {
    const remembered = this.state.get<Record<string, string>>(REMEMBERED_KEY)?.[csvUri.toString()];
    const candidates = [
      ...sameNameTemplates(csvUri.path).map((path) => csvUri.with({ path })),
      ...(remembered ? [vscode.Uri.parse(remembered)] : []),
    ];
    for (const candidate of candidates) {
      try {
        await vscode.workspace.fs.stat(candidate);
        return candidate;
      } catch {
        // Not there: the next one.
      }
    }
    return undefined;
  }
}
