/**
 * Live diagnostics: as a person types a Markdown letter's front matter or a mail merge's CSV, what
 * `mailroom send` and the preflight would find shows in the Problems panel, squiggled on the exact
 * key, value or cell, with the service's code where it has one, and quick fixes where one is
 * obvious. The checks themselves are printing's (src/printing/diagnostics, text in, offsets out);
 * this maps them to the editor's terms.
 *
 * Never in the way of typing: a document is checked DIAGNOSTICS_PAUSE_MS after its last edit (a
 * pause between words, not between keys), and each edit starts a new generation, so that a check
 * still running when the next edit comes is never published. Which documents: Markdown whose front
 * matter names `to:` (a letter's; another tool's front matter, a site generator's page, is not
 * Mailroom's to judge) and any .csv that is a merge's data: one whose header names an address
 * column, or one with a template (merge-templates.ts). A closed document's diagnostics go with it.
 * Both are checked on the printing thread: a front matter needs the YAML parser and its address
 * check the USPS's ZIP codes, which stay out of the extension's bundle, and a CSV may have 100,000
 * rows (about half a second there: test/bench/diagnostics.ts); what it answers is published here. Whether a Markdown document is a letter is told here, without the parser.
 */
import * as vscode from 'vscode';
import type { QuickFix, TextFinding } from '../printing';
import { Disposable, timeout, toDisposable } from './lifecycle';
import type { Log } from './log';
import type { MergeTemplates } from './merge-templates';
import { templateType } from './model/merge-templates';
import { CsvError, decodeCsv, isLetterFrontMatter, namesAddressColumn, type CsvEncoding } from '../contract';
import { reopenAction } from './commands/reopen-with-encoding';
import { frontMatterDiagnostics, mergeDataDiagnostics } from './printing-module';
import { logLine, wordsOf } from './model/failure-words';

/** The pause after the last edit before a document is checked, in ms. */
export const DIAGNOSTICS_PAUSE_MS = 300;

export const DIAGNOSTICS_SOURCE = 'Mailroom';

type Checked = 'letter' | 'csv';

function checkedAs(document: vscode.TextDocument): Checked | undefined {
  if (document.languageId === 'markdown' || /\.(md|markdown)$/i.test(document.uri.path)) return 'letter';
  if (document.languageId === 'csv' || /\.csv$/i.test(document.uri.path)) return 'csv';
  return undefined;
}

/** What was published for a document: its diagnostics with their fixes, at the version they were found in. */
interface Published {
  readonly version: number;
  readonly found: readonly { readonly diagnostic: vscode.Diagnostic; readonly fixes: readonly QuickFix[] }[];
  /** The file's own encoding, when the editor shows it as another (its letters as U+FFFD): no fix edits such text. */
  readonly shownWrongly?: CsvEncoding;
}

/** A finding, and the file's own encoding where the editor shows it as another. */
interface CheckedText {
  readonly found: readonly TextFinding[];
  readonly shownWrongly?: CsvEncoding;
}

export class LiveDiagnostics extends Disposable implements vscode.CodeActionProvider {
  static readonly providedCodeActionKinds = [vscode.CodeActionKind.QuickFix];

  readonly collection = this.register(vscode.languages.createDiagnosticCollection('mailroom'));
  private readonly pending = new Map<string, vscode.Disposable>();
  private readonly generations = new Map<string, number>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly published = new Map<string, Published>();

  constructor(
    private readonly templates: MergeTemplates,
    private readonly log: Log,
  ) {
    super();
    this.register(vscode.workspace.onDidOpenTextDocument((document) => this.schedule(document)));
    this.register(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length > 0) this.schedule(event.document);
      }),
    );
    this.register(vscode.workspace.onDidCloseTextDocument((document) => this.forget(document.uri)));
    // VS Code keeps a document a while after its last tab closes; for the person it is closed, and so are its problems.
    this.register(vscode.window.tabGroups.onDidChangeTabs((event) => this.tabsChanged(event)));
    this.register(
      templates.onDidChange((csv) => {
        const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === csv.toString());
        if (document) this.schedule(document);
      }),
    );
    this.register(
      vscode.languages.registerCodeActionsProvider([{ language: 'markdown' }, { pattern: '**/*.csv' }, { language: 'csv' }], this, {
        providedCodeActionKinds: LiveDiagnostics.providedCodeActionKinds,
      }),
    );
    this.register(
      toDisposable(() => {
        for (const timer of this.pending.values()) timer.dispose();
      }),
    );
    for (const document of vscode.workspace.textDocuments) this.schedule(document);
  }

  /** The version of the document whose diagnostics are published now; none before its first check. */
  checkedVersion(uri: vscode.Uri): number | undefined {
    return this.published.get(uri.toString())?.version;
  }

  private schedule(document: vscode.TextDocument): void {
    if (this.isDisposed || !checkedAs(document)) return;
    const key = document.uri.toString();
    const generation = (this.generations.get(key) ?? 0) + 1;
    this.generations.set(key, generation);
    this.pending.get(key)?.dispose();
    this.pending.set(
      key,
      timeout(DIAGNOSTICS_PAUSE_MS, () => {
        this.pending.delete(key);
        // One check of a document at a time: a 100,000-row CSV takes the printing thread about half a
        // second, and pauses in typing come faster. The next starts when this one ends, and only if
        // it is still of the newest text; checks of text typed over meanwhile are never started.
        const run = (this.running.get(key) ?? Promise.resolve())
          .then(() => (this.generations.get(key) === generation ? this.check(document, generation) : undefined))
          .catch((error: unknown) =>
            this.log.error(logLine(`Could not check ${document.uri.fsPath || document.uri.toString()}: ${wordsOf(error)}`, error)),
          );
        this.running.set(key, run);
        void run.finally(() => {
          if (this.running.get(key) === run) this.running.delete(key);
        });
      }),
    );
  }

  private tabsChanged(event: vscode.TabChangeEvent): void {
    const uriOf = (tab: vscode.Tab) => (tab.input instanceof vscode.TabInputText ? tab.input.uri : undefined);
    const open = new Set(
      vscode.window.tabGroups.all.flatMap((group) => group.tabs.map((tab) => uriOf(tab)?.toString() ?? '')).filter(Boolean),
    );
    for (const uri of event.closed.map(uriOf)) {
      if (uri && !open.has(uri.toString())) this.forget(uri);
    }
    // Opened again before VS Code let the document go: no open event comes, so it is checked here.
    for (const uri of event.opened.map(uriOf)) {
      const document = uri && vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (document && !this.generations.has(uri.toString())) this.schedule(document);
    }
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    this.pending.get(key)?.dispose();
    this.pending.delete(key);
    this.generations.delete(key);
    this.published.delete(key);
    this.collection.delete(uri);
  }

  private async check(document: vscode.TextDocument, generation: number): Promise<void> {
    const key = document.uri.toString();
    const text = document.getText();
    const version = document.version;
    const { found, shownWrongly } =
      checkedAs(document) === 'letter' ? { found: await this.checkLetter(text) } : await this.checkCsv(document.uri, text);
    // A newer edit, or a close, came while this ran: what it found is about text that is gone.
    if (this.isDisposed || document.isClosed || this.generations.get(key) !== generation) return;
    const diagnostics = found.map((f) => ({ diagnostic: toDiagnostic(document, f), fixes: f.fixes }));
    this.published.set(key, { version, found: diagnostics, ...(shownWrongly && { shownWrongly }) });
    this.collection.set(
      document.uri,
      diagnostics.map((d) => d.diagnostic),
    );
  }

  /** A letter's front matter, on the printing thread (printing-module.ts); a Markdown document that is no letter has nothing to say. */
  private async checkLetter(text: string): Promise<readonly TextFinding[]> {
    return isLetterFrontMatter(text) ? frontMatterDiagnostics(text) : [];
  }

  /** On the printing thread (printing-module.ts): a long CSV's check never holds the extension host. */
  private async checkCsv(uri: vscode.Uri, text: string): Promise<CheckedText> {
    const template = await this.templateOf(uri);
    const found = await mergeDataDiagnostics(text, template);
    if (!template && !namesAddressColumn(text)) return { found };
    const unread = await this.unreadCharacters(uri, text);
    // First, and an error: where VS Code caps a file's problems it keeps errors first, in this order,
    // and this one is what every other fix waits on.
    return unread ? { found: [unread.finding, ...found], ...(unread.shownWrongly && { shownWrongly: unread.shownWrongly }) } : { found };
  }

  /**
   * VS Code shows a file by its own setting (UTF-8 unless told), and what it cannot read as that
   * it shows as U+FFFD, which saving writes over the file's letters for good. The merge reads the
   * file itself, by the contract's rule (decodeCsv): when that finds another encoding, say so on
   * the first such character, so that the person reopens the file in it before editing. No service code: Mailroom's own finding,
   * and an error, since saving destroys data; while it stands, no quick fix edits the text (an edit, auto-saved, would write the
   * U+FFFD over the file's letters): each offers Reopen with Encoding instead (provideCodeActions).
   * A file of no encoding the merge reads (decodeCsv refuses it) is an error there instead, as the send and the preflight refuse it.
   */
  private async unreadCharacters(uri: vscode.Uri, text: string): Promise<{ finding: TextFinding; shownWrongly?: CsvEncoding } | undefined> {
    const at = text.indexOf('\uFFFD');
    if (at < 0) return undefined;
    let encoding: string;
    try {
      encoding = decodeCsv(await vscode.workspace.fs.readFile(uri)).encoding;
    } catch (error) {
      if (error instanceof vscode.FileSystemError) return undefined;
      if (!(error instanceof CsvError)) throw error;
      // Bytes of no encoding the merge reads: `mailroom preflight` and the send refuse the file, and so does the editor.
      return {
        finding: {
          severity: 'error',
          message: vscode.l10n.t('The merge cannot read this file: {0} (line {1}).', error.message, error.line),
          span: { start: at, end: at + 1 },
          fixes: [],
        },
      };
    }
    if (encoding !== 'Windows-1252') return undefined;
    return {
      finding: {
        severity: 'error',
        message: vscode.l10n.t(
          'This file is {0}, as a spreadsheet saves it, and is shown here as another encoding: the merge reads it as {0} and sends its letters right, but saving it from here replaces them with \uFFFD for good. Reopen it with the encoding {0} (the quick fix Reopen with Encoding {0}) before editing it; until then Mailroom offers no other fix.',
          encoding,
        ),
        span: { start: at, end: at + 1 },
        fixes: [],
      },
      shownWrongly: encoding,
    };
  }

  /** The CSV's template and its bytes, when it has one that can be read. */
  private async templateOf(csv: vscode.Uri): Promise<{ type: string; data: Uint8Array } | undefined> {
    const template = await this.templates.templateOf(csv);
    const type = template && templateType(template.path);
    if (!template || !type) return undefined;
    try {
      return { type, data: await vscode.workspace.fs.readFile(template) };
    } catch (error) {
      if (error instanceof vscode.FileSystemError) return undefined;
      throw error;
    }
  }

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const published = this.published.get(document.uri.toString());
    // Fixes are edits at the offsets of the text they were found in: none for text changed since.
    if (!published || published.version !== document.version) return [];
    const ours = context.diagnostics.filter((asked) => asked.source === DIAGNOSTICS_SOURCE);
    // The text is not the file's: an edit here, saved (auto-save does it at once), writes U+FFFD over its letters.
    if (published.shownWrongly) return ours.length > 0 ? [reopenAction(document.uri, published.shownWrongly, ours)] : [];
    const actions = ours.flatMap((asked) => {
      const entry = published.found.find((f) => f.diagnostic.range.isEqual(asked.range) && f.diagnostic.message === asked.message);
      return (entry?.fixes ?? []).map((fix) => toCodeAction(document, asked, fix));
    });
    // One fix once: a header's column renamed for its own -3145 and for the header's missing address field is one rename.
    const titles = new Set<string>();
    return actions.filter((action) => !titles.has(action.title) && Boolean(titles.add(action.title)));
  }
}

function toDiagnostic(document: vscode.TextDocument, f: TextFinding): vscode.Diagnostic {
  const range = new vscode.Range(document.positionAt(f.span.start), document.positionAt(f.span.end));
  const diagnostic = new vscode.Diagnostic(
    range,
    f.message,
    f.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
  );
  diagnostic.source = DIAGNOSTICS_SOURCE;
  if (f.code !== undefined) diagnostic.code = f.code;
  if (f.related) {
    diagnostic.relatedInformation = f.related.map(
      (r) =>
        new vscode.DiagnosticRelatedInformation(
          new vscode.Location(document.uri, new vscode.Range(document.positionAt(r.span.start), document.positionAt(r.span.end))),
          r.message,
        ),
    );
  }
  return diagnostic;
}

function titleOf(fix: QuickFix): string {
  switch (fix.kind) {
    case 'trim':
      return vscode.l10n.t('Trim {0} to {1} characters', fix.field, fix.limit);
    case 'add-column':
      return vscode.l10n.t('Add the column "{0}" (an empty cell in every row)', fix.column);
    case 'rename':
      return vscode.l10n.t('Rename "{0}" to "{1}"', fix.from, fix.to);
    case 'replace':
      return vscode.l10n.t('Change {0} to "{1}"', fix.field, fix.value);
    case 'join-lines':
      return fix.field === undefined
        ? vscode.l10n.t('Join this row with its other half (the line break was inside a cell)')
        : vscode.l10n.t('Join the lines of {0} into one', fix.field);
    case 'remove-cells':
      return vscode.l10n.t("Remove the empty cells past the header's last column");
    case 'remove-columns':
      return vscode.l10n.t('Remove the columns without a name (empty in every row)');
  }
}

function toCodeAction(document: vscode.TextDocument, diagnostic: vscode.Diagnostic, fix: QuickFix): vscode.CodeAction {
  const title = titleOf(fix);
  const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
  action.diagnostics = [diagnostic];
  action.isPreferred = true;
  action.edit = new vscode.WorkspaceEdit();
  for (const edit of fix.edits) {
    action.edit.replace(document.uri, new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end)), edit.text);
  }
  return action;
}
