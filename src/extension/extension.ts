/**
 * The Mailroom extension: builds its parts (who it talks to, in connection/; the tracked mailers;
 * the views) and registers the commands, which live under commands/. Activation stays cheap: the client (with the SOAP stack),
 * the sandbox and pdf.js are loaded only when a command first needs them.
 *
 * Other extensions get nothing from activate(): what it would return, VS Code hands to any of them
 * (`vscode.extensions.getExtension('mailroom.mailroom').exports`), and the session must stay ours.
 * Only the extension's own in-host tests (ExtensionMode.Test) get a read-only probe of what a person sees (probe.ts).
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { AddressBook } from './commands/address-input';
import { attemptActions } from './commands/attempts';
import { connectCommand } from './commands/connect';
import { filterActions } from './commands/filter-mailers';
import { feedbackPushActions } from './commands/feedback-pushes';
import { sandboxControlActions } from './commands/sandbox-control';
import { MAILROOM_COMMANDS, type MailroomCommand } from './commands/ids';
import type { Command } from './commands/invocation';
import { mailerActions } from './commands/mailer-actions';
import { sendAdvancedCommand } from './commands/send-advanced';
import { sendDocumentCommand } from './commands/send-document';
import { previewBeforeSendingCommand, type ProofContext } from './commands/proof';
import { previewMergeRowCommand } from './commands/merge-row';
import { forgetRecipients, keptRecipients } from './batch-recipients';
import { sendMailMergeCommand } from './commands/send-merge';
import { sendPostcardCommand } from './commands/send-postcard';
import { couldNot, logLine } from './model/failure-words';
import { reopenWithEncodingActions } from './commands/reopen-with-encoding';
import { registerCommand } from './commands/register';
import { signOutCommand } from './commands/sign-out';
import { switchAccountCommand } from './commands/switch-account';
import { storedFileActions } from './commands/stored-files';
import { changeUserSettingsCommand } from './commands/user-settings';
import { Accounts } from './connection/accounts';
import { Clients } from './connection/clients';
import { SandboxHost } from './connection/sandbox-host';
import { AccountSecrets } from './connection/secrets';
import { SignIn } from './connection/sign-in';
import { aliveCounts, Disposable } from './lifecycle';
import { LiveDiagnostics } from './live-diagnostics';
import { MailerFilterState } from './mailer-filter-state';
import { Log } from './log';
import { MergeTemplates } from './merge-templates';
import { PublicPushes } from './public-pushes';
import { PushListener } from './push-listener';
import { Refresher } from './refresher';
import { moveOldSendLog } from './send-log';
import { SpendingGuard } from './spending';
import { TrackedMailers } from './tracked-mailers';
import { DetailsPanels } from './views/details-panel';
import { HistoryTree, type HistoryNode } from './views/history-tree';
import { MailersMessage } from './views/mailers-message';
import { isMoreNode, MailersTree, type MailersNode } from './views/mailers-tree';
import { PdfPreviews } from './views/pdf-preview';
import { answerPromptsWith, prompts } from './prompts';
import type { MailroomProbe } from './probe';
import { MailroomStatus } from './views/status-bar';
import { StoredFilesTree } from './views/stored-files-tree';
import { proofLens } from './views/proof-lens';
import { printOnThread, stopPrinting } from './printing-module';
import { watchEngines } from './print-engines';

/** Everything the extension made while active: disposed, and its sandbox closed, when it deactivates. */
class Mailroom extends Disposable {
  readonly log = this.register(new Log());
  readonly accounts: Accounts;
  readonly secrets: AccountSecrets;
  readonly sandbox: SandboxHost;
  readonly clients: Clients;
  readonly signIn: SignIn;
  readonly mailers: TrackedMailers;
  readonly tree: MailersTree;
  readonly refresher: Refresher;
  readonly pushes: PushListener;
  readonly publicPushes: PublicPushes;
  readonly view: vscode.TreeView<MailersNode>;
  readonly status: MailroomStatus;
  readonly storedFiles: StoredFilesTree;
  readonly previews: PdfPreviews;
  readonly details: DetailsPanels;
  readonly addresses: AddressBook;
  readonly mergeTemplates: MergeTemplates;
  readonly diagnostics: LiveDiagnostics;
  readonly filter: MailerFilterState;
  readonly history: HistoryTree;
  readonly historyView: vscode.TreeView<HistoryNode>;

  constructor(private readonly context: vscode.ExtensionContext) {
    super();
    const { log } = this;
    // Who Mailroom talks to, and as whom (connection/): each part with its own job.
    const accounts = (this.accounts = this.register(new Accounts(context.globalState)));
    const secrets = (this.secrets = new AccountSecrets(context.secrets));
    const sandbox = (this.sandbox = this.register(new SandboxHost(context, log)));
    const clients = (this.clients = this.register(new Clients(accounts, secrets, sandbox, log)));
    const signIn = (this.signIn = new SignIn(accounts, secrets, sandbox, clients, log));
    const connection = { accounts, secrets, clients, signIn };
    const mailers = (this.mailers = this.register(new TrackedMailers(context.globalState, accounts)));
    const filter = (this.filter = this.register(new MailerFilterState()));
    const tree = (this.tree = this.register(
      new MailersTree(
        mailers,
        async (id, itemIds) => (await (await clients.client()).datedA.GetBatchStatus({ ID: id, ItemID: itemIds })).Statuses,
        filter,
        accounts,
        async (batch) => (accounts.accountKey ? keptRecipients(accounts.accountKey, batch.id, batch.description) : undefined),
      ),
    ));
    const view = (this.view = this.register(
      vscode.window.createTreeView('mailroom.mailers', { treeDataProvider: tree, showCollapseAll: true }),
    ));
    const refresher = (this.refresher = this.register(new Refresher(accounts, clients, mailers, log)));
    this.pushes = this.register(new PushListener(accounts, secrets, clients, refresher, log));
    const publicPushes = (this.publicPushes = this.register(new PublicPushes(accounts, secrets, clients, refresher, log)));
    // The machine's send log (send-log.ts), not a team's in the workspace; the extension's older one moves into it.
    void moveOldSendLog(context).catch((error: unknown) => log.warn(logLine('The old send log could not be moved.', error)));
    const history = (this.history = this.register(new HistoryTree(accounts, mailers, filter)));
    history.view = this.historyView = this.register(vscode.window.createTreeView('mailroom.history', { treeDataProvider: history }));
    const storedFiles = (this.storedFiles = this.register(new StoredFilesTree(accounts, clients)));
    this.register(vscode.window.createTreeView('mailroom.storedFiles', { treeDataProvider: storedFiles }));
    const details = (this.details = this.register(new DetailsPanels(context.extensionUri)));
    const previews = (this.previews = this.register(new PdfPreviews(context.extensionUri)));
    const addresses = (this.addresses = new AddressBook(context.globalState));
    const mergeTemplates = (this.mergeTemplates = this.register(new MergeTemplates(context.workspaceState)));
    this.diagnostics = this.register(new LiveDiagnostics(mergeTemplates, log));
    const spending = new SpendingGuard(accounts, clients, mailers, log);
    const sending: ProofContext = {
      previews,
      mergeTemplates,
      ...connection,
      mailers,
      tree,
      view,
      addresses,
      refresh: () => refresher.refresh(),
      log,
      spending,
    };

    const commands = {
      'mailroom.useSandbox': async () => {
        await signIn.useSandbox();
        void prompts.notify(
          'info',
          vscode.l10n.t('Mailroom: connected to the local sandbox as demo. Letters sent here are never printed.'),
        );
      },
      'mailroom.connect': connectCommand(signIn, log),
      'mailroom.signOut': signOutCommand(accounts, signIn, mailers),
      'mailroom.switchAccount': switchAccountCommand(accounts, signIn, () => refresher.refresh()),
      'mailroom.sendDocument': sendDocumentCommand(sending),
      'mailroom.sendAdvanced': sendAdvancedCommand(sending),
      'mailroom.sendPostcard': sendPostcardCommand(sending),
      'mailroom.sendMailMerge': sendMailMergeCommand(sending),
      'mailroom.previewBeforeSending': previewBeforeSendingCommand(sending),
      'mailroom.previewMergeRow': previewMergeRowCommand(sending),
      'mailroom.refresh': async () => {
        const failure = await refresher.refresh();
        // Asked for, so answered: a refresh on its own schedule only writes to the log.
        if (failure) {
          void prompts
            .notify('error', couldNot(vscode.l10n.t('Mailroom could not refresh the mailers.'), failure), vscode.l10n.t('Show Log'))
            .then((choice) => choice && log.show());
        }
      },
      'mailroom.changeUserSettings': changeUserSettingsCommand(connection, log),
      'mailroom.showLog': () => log.show(),
      'mailroom.showMoreItems': async (node: unknown) => {
        if (isMoreNode(node)) await tree.showMore(node.batch);
      },
      ...mailerActions({
        clients,
        mailers,
        refresher,
        details,
        previews,
        log,
        history,
        forgetItems: async (id) => {
          if (accounts.accountKey) await forgetRecipients(accounts.accountKey, id);
        },
      }),
      ...filterActions(filter, tree),
      ...reopenWithEncodingActions(),
      ...storedFileActions(clients, storedFiles, sending),
      ...attemptActions(clients, mailers, () => refresher.refresh(), log),
      ...sandboxControlActions(connection, mailers, refresher),
      ...feedbackPushActions(connection, publicPushes),
    } satisfies Record<MailroomCommand, Command>;
    // Each through the one wrapper: failures in words, the workbench's arguments only (commands/register.ts).
    for (const id of MAILROOM_COMMANDS) this.register(registerCommand(id, commands[id], log));

    this.register(proofLens());
    printOnThread(vscode.Uri.joinPath(context.extensionUri, 'dist', 'printing-worker.js').fsPath);
    // The engines the settings name, told to the thread now (it starts none until a letter is drawn) and on each change.
    this.register(watchEngines(log));
    // The status bar item, and the view's message while the service is not answering.
    // The message also says which filter is on (views/mailers-message.ts).
    const message = this.register(new MailersMessage(view, tree, mailers, filter));
    this.status = this.register(new MailroomStatus(accounts, mailers, refresher, message, () => spending.spentToday()));
    this.register(accounts.onDidChange(() => mailers.refreshView()));
    if (accounts.account) void refresher.refresh();
  }

  /** What the extension's own in-host tests may read (probe.ts): what a person sees, read-only. */
  probe(): MailroomProbe {
    const { accounts, secrets, mailers, tree, refresher, history, historyView, view, storedFiles, status, previews, details } = this;
    const { addresses, diagnostics, context } = this;
    const receiver = ({ receiver }: PushListener | PublicPushes) => ({ url: () => receiver.url(), onDidArrive: receiver.onDidArrive });
    return {
      get account() {
        return accounts.account;
      },
      get accounts() {
        return accounts.listed;
      },
      mailers: { get: (id) => mailers.get(id), list: () => [...mailers.list()], attempts: () => [...mailers.attempts()] },
      mailersView: {
        getChildren: tree.getChildren.bind(tree),
        getTreeItem: (row) => tree.getTreeItem(row),
        getParent: (row) => tree.getParent(row),
        nodeOf: (id) => tree.nodeOf(id),
        onDidChangeTreeData: tree.onDidChangeTreeData,
        get itemsFound() {
          return tree.itemsFound;
        },
        get busy() {
          return refresher.waiting;
        },
        get message() {
          return view.message;
        },
      },
      historyView: {
        getChildren: (row) => history.getChildren(row),
        getTreeItem: (row) => history.getTreeItem(row),
        read: () => history.read(),
        get message() {
          return historyView.message;
        },
      },
      storedFilesView: {
        getChildren: (row) => storedFiles.getChildren(row),
        getTreeItem: (row) => storedFiles.getTreeItem(row),
        get nothingStored() {
          return storedFiles.nothingStored;
        },
        get message() {
          return undefined;
        },
      },
      statusBar: {
        get text() {
          return status.item.text;
        },
        get tooltip() {
          const { tooltip } = status.item;
          return typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? '');
        },
        get backgroundColor() {
          return status.item.backgroundColor;
        },
      },
      get previews() {
        return previews.list;
      },
      detailsOf: (id) => details.get(id),
      recentAddresses: () => addresses.recent(),
      checkedVersion: (uri) => diagnostics.checkedVersion(uri),
      pushes: receiver(this.pushes),
      publicPushes: receiver(this.publicPushes),
      logUri: context.logUri,
      globalStorageUri: context.globalStorageUri,
      secretsHeld: (account) => secrets.held(account),
      pushRegistration: (account) => secrets.pushRegistration(account),
      globalStateKept: () => context.globalState.keys().map((key) => [key, context.globalState.get(key)] as const),
      alive: aliveCounts,
      answerPromptsWith,
    };
  }

  /** Disposes everything, then waits until the in-process sandbox has closed its journal. */
  async close(): Promise<void> {
    try {
      this.dispose();
    } finally {
      // Whatever failed to dispose, the sandbox's journal is closed before the host exits, and the printing thread ended.
      await Promise.all([this.sandbox.close(), stopPrinting()]);
    }
  }
}

let running: Mailroom | undefined;

export function activate(context: vscode.ExtensionContext): MailroomProbe | undefined {
  // The modules without `vscode` (model/, commands/ids.ts) translate through @vscode/l10n: handed
  // VS Code's bundle for the display language, they say what vscode.l10n.t says; without one (English), the message as written.
  if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
  const mailroom = (running = new Mailroom(context));
  context.subscriptions.push(mailroom);
  return context.extensionMode === vscode.ExtensionMode.Test ? mailroom.probe() : undefined;
}

/** VS Code waits for this (a few seconds at most) before the extension host exits. */
export async function deactivate(): Promise<void> {
  const mailroom = running;
  running = undefined;
  await mailroom?.close();
}
