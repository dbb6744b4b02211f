/**
 * Mailroom's status bar item and the Mailers view's message: how many mailers are in process and
 * in which work mode new letters go, and, while the service is not answering, a warning with the
 * time of the last good refresh (the item on the warning background, the view's message saying
 * since when). Both go back as they were when the service answers again.
 */
import * as vscode from 'vscode';
import type { MailroomCommand } from '../commands/ids';
import { accountName, hostOf } from '../account-name';
import type { Accounts } from '../connection/accounts';
import { type Spending } from '../../rulebook';
import { dollars } from '../../formats';
import { spendingLine } from '../model/spending';
import { Disposable } from '../lifecycle';
import { groupOf } from '../model/mailers';
import { unansweredWords } from '../model/service-health';
import type { Refresher } from '../refresher';
import type { TrackedMailers } from '../tracked-mailers';

export class MailroomStatus extends Disposable {
  readonly item = this.register(vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 20));

  constructor(
    private readonly accounts: Accounts,
    private readonly mailers: TrackedMailers,
    private readonly refresher: Refresher,
    private readonly view: Pick<vscode.TreeView<unknown>, 'message'>,
    /** The active account's Production spending today (spending.ts), shown when there is any. */
    private readonly spentToday: () => Promise<Spending | undefined> = () => Promise.resolve(undefined),
  ) {
    super();
    // A click switches the account (or adds one), as Mailroom: Switch Account… does.
    this.item.command = 'mailroom.switchAccount' satisfies MailroomCommand;
    const update = () => this.update();
    // A send adds its mailer once the send log has its price; a switch is another account's spending.
    const spend = () => void this.readSpending();
    this.register(mailers.onDidChange(spend));
    this.register(accounts.onDidChange(spend));
    this.register(mailers.onDidChange(update));
    this.register(accounts.onDidChange(update));
    this.register(refresher.onDidChangeHealth(update));
    this.register(vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('mailroom') && update()));
    this.update();
    spend();
  }

  /** Today's Production spending, as last read from the send log (none until read). */
  private spending: Spending | undefined;
  private reading = 0;

  private async readSpending(): Promise<void> {
    const reading = ++this.reading;
    const spending = await this.spentToday().catch(() => undefined);
    // Only the latest read counts: an older one may be another account's.
    if (reading !== this.reading || this.isDisposed) return;
    this.spending = spending;
    this.update();
  }

  private update(): void {
    const account = this.accounts.account;
    const outage = this.refresher.health.unanswered;
    const words =
      account && outage
        ? unansweredWords(
            outage,
            this.refresher.health.lastGood,
            account.sandbox ? vscode.l10n.t('the local sandbox') : hostOf(account.endpoint),
            {
              locale: vscode.env.language,
              now: Date.now(),
            },
          )
        : undefined;
    this.view.message = words?.viewMessage;
    if (!account) return this.item.hide();
    const inProcess = this.mailers.list().filter((m) => groupOf(m) === 'inProcess').length;
    const mode = vscode.workspace.getConfiguration('mailroom').get<string>('defaultWorkMode', 'Development');
    if (words) {
      this.item.text = `$(warning) ${vscode.l10n.t('{0} in process · {1}', inProcess, words.statusSuffix)}`;
      this.item.tooltip = words.tooltip;
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    } else {
      const spending = this.spending && this.spending.spent > 0 ? this.spending : undefined;
      const spent = spending ? ` · ${vscode.l10n.t('{0} today', dollars(spending.spent))}` : '';
      // Where mail goes: the work mode and the account, whose user each sandbox user tells apart.
      const who = accountName(account);
      this.item.text = `$(mail) ${vscode.l10n.t('{0} in process · {1} · {2}', inProcess, mode, who)}${spent}`;
      this.item.tooltip = [
        vscode.l10n.t('Mailroom: new letters go in {0} mode, as {1} ({2}).', mode, who, hostOf(account.endpoint)),
        inProcess === 1 ? vscode.l10n.t('1 mailer in process.') : vscode.l10n.t('{0} mailers in process.', inProcess),
        ...(spending ? [spendingLine(spending, who)] : []),
        vscode.l10n.t('Click to switch the account'),
      ].join('\n');
      this.item.backgroundColor = undefined;
    }
    this.item.show();
  }
}
