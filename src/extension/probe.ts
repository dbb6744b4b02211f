/**
 * The one probe of the extension's own in-host tests (test/extension/suite/), handed out by
 * activate() in ExtensionMode.Test only. The tests act as a person or another extension does:
 * through the commands, with their questions answered (`answerPromptsWith`), the webview's
 * messages, the files the extension writes. The probe only lets them read what a person sees
 * and cannot ask VS Code for: the views' rows as the workbench draws them and their messages, the
 * status bar item, the open previews and details panels, the tracked mailers the Mailers view
 * shows, the account it names. Every part is read-only but two: the prompts seam, and a preview's
 * `receive` (what its page posts, as the page would).
 *
 * Three reads go past what a person sees, each for a promise the tests hold the extension to:
 * the secrets kept (sign-out forgets them; none in global state), what global state holds (no
 * secret there), and what is alive (closing a view lets its listeners go). See docs/architecture.md, "Tests in a real VS Code".
 */
import type * as vscode from 'vscode';
import type { RecipientAddress } from '../client';
import type { FeedbackPush } from '../client/push-receiver';
import type { Account } from './connection/accounts';
import type { PushRegistration } from './connection/secrets';
import type { AliveCounts } from './lifecycle';
import type { SendAttempt } from './model/attempts';
import type { HistoryEntry } from './model/history-entries';
import type { TrackedMailer } from './model/mailers';
import type { Prompts } from './prompts';
import type { HistoryNode } from './views/history-tree';
import type { MailersNode, MailersTree } from './views/mailers-tree';
import type { PreviewState } from './views/pdf-preview';
import type { ProofView } from './views/proof-html';
import type { FromPreview } from './views/preview-messages';
import type { StoredFileNode } from './views/stored-files-tree';

/** A view as the workbench reads it: its rows (the children of a row when it is expanded), each row drawn, and its message. */
export interface ShownView<Row> {
  getChildren(row?: Row): Row[] | Promise<Row[]>;
  getTreeItem(row: Row): vscode.TreeItem;
  /** The text shown above the rows, if any. */
  readonly message: string | undefined;
}

/** The Mailers view. Its rows are what the workbench hands the row's commands (mailroom.showDetails and the rest). */
export interface ShownMailersView extends Omit<ShownView<MailersNode>, 'getChildren'> {
  /** A group's rows at once; a batch's items as the service lists them. */
  readonly getChildren: MailersTree['getChildren'];
  getParent(row: MailersNode): MailersNode | undefined;
  /** The row of a mailer, where it is shown. */
  nodeOf(id: number): MailersNode | undefined;
  /** Fires when the view is drawn again. */
  readonly onDidChangeTreeData: vscode.Event<unknown>;
  /** Settles when a recipient search of the filter has found the batches' matching items. */
  readonly itemsFound: Promise<void>;
  /** Whether the view shows its progress (a refresh waiting on the service). */
  readonly busy: boolean;
}

/** The Send History view; `read()` reads the send log again, as the view does when it is shown. */
export interface ShownHistoryView extends ShownView<HistoryNode> {
  read(): Promise<readonly HistoryEntry[]>;
}

/** The Stored Files view; `nothingStored` is its welcome text, "No files stored", shown. */
export interface ShownStoredFilesView extends Omit<ShownView<StoredFileNode>, 'getChildren'> {
  /** The files as last listed (Refresh lists them again). */
  getChildren(row?: StoredFileNode): StoredFileNode[];
  readonly nothingStored: boolean;
}

/** The mailers the Mailers view shows, and the sends whose outcome is unknown (its attempts), as data. */
export interface ShownMailers {
  get(id: number): TrackedMailer | undefined;
  list(): readonly TrackedMailer[];
  attempts(): readonly SendAttempt[];
}

/** A PDF preview or proof, as the person sees it: its panel (closing it as a person does), what the page showed, and the page's messages. */
export interface ShownPreview {
  readonly panel: vscode.WebviewPanel;
  /** What the page last said it showed: drawn, failed, not available. */
  readonly lastState: PreviewState | undefined;
  readonly onDidChangeState: vscode.Event<PreviewState>;
  /** A proof's page: its facts, whether it is sent, stale (its document changed since), offers Refresh. */
  readonly proofView: ProofView | undefined;
  /** The proof says its document changed since. */
  readonly stale: boolean;
  /** Brings the panel forward, as a second Preview of the same letter does. */
  reveal(): void;
  /** A message from the page, as its buttons and pdf.js send them. */
  receive(message: FromPreview): void;
}

/** A mailer's details panel: its panel, and what its page says. */
export interface ShownDetails {
  readonly panel: vscode.WebviewPanel;
  readonly text: string;
}

/** A receiver of feedback pushes: where it listens (a URL the service is told), and what arrives. */
export interface ShownReceiver {
  url(): Promise<string | undefined>;
  readonly onDidArrive: vscode.Event<FeedbackPush>;
}

export interface MailroomProbe {
  /** The account the status bar names, and the accounts Switch Account offers. */
  readonly account: Account | undefined;
  readonly accounts: readonly Account[];
  readonly mailers: ShownMailers;
  readonly mailersView: ShownMailersView;
  readonly historyView: ShownHistoryView;
  readonly storedFilesView: ShownStoredFilesView;
  /** The status bar item's text and tooltip, as shown now. */
  readonly statusBar: { readonly text: string; readonly tooltip: string; readonly backgroundColor: vscode.ThemeColor | undefined };
  /** The PDF previews and proofs open now, oldest first. */
  readonly previews: readonly ShownPreview[];
  /** A mailer's details panel, while it is open. */
  detailsOf(id: number): ShownDetails | undefined;
  /** The recent addresses a letter's recipient question offers, newest first. */
  recentAddresses(): readonly RecipientAddress[];
  /** The version of a document whose live diagnostics are published now: a check that found nothing is done too. */
  checkedVersion(uri: vscode.Uri): number | undefined;
  /** The receivers of the sandbox's feedback pushes and of a real account's (forwarded from mailroom.feedback.publicUrl). */
  readonly pushes: ShownReceiver;
  readonly publicPushes: ShownReceiver;
  /** Where VS Code writes the extension's logs (Mailroom.log, the output channel), and where it keeps its own files. */
  readonly logUri: vscode.Uri;
  readonly globalStorageUri: vscode.Uri;
  /** Past what a person sees: which secrets are kept for an account (sign-out must forget them). */
  secretsHeld(account: Account): Promise<{ password: boolean; apiKey: boolean }>;
  pushRegistration(account: Account): Promise<PushRegistration | undefined>;
  /** Past what a person sees: what global state holds, every key with its value (no secret may be there). */
  globalStateKept(): readonly (readonly [string, unknown])[];
  /** Past what a person sees: what is alive now (owned disposables, listeners of the extension's emitters, timers). */
  alive(): AliveCounts;
  /** The one test-only seam: the tests answer every question and read every message (prompts.ts). */
  answerPromptsWith(replacement: Prompts): vscode.Disposable;
}
