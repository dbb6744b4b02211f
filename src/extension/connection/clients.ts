/**
 * The client of the active account: one at a time, made when first asked for (the sandbox started
 * again if it has to be), replaced when the account, its secrets or the budget of a call change.
 * A replaced client is let go by its lease: the calls under way on it end as they would (a send is
 * never cut mid-way), and then it closes.
 */
import * as vscode from 'vscode';
import type { CallEvent, MailWsClient } from '../../client';
import { getIntervalMs } from '../../contract';
import { clientModule } from '../client-module';
import { Disposable, Emitter, toDisposable } from '../lifecycle';
import type { Log } from '../log';
import { logLine } from '../model/failure-words';
import { printSettingsLogPath } from '../../rulebook';
import { extensionSendLog } from '../send-log';
import type { Account, Accounts } from './accounts';
import type { SandboxHost } from './sandbox-host';
import type { AccountSecrets } from './secrets';

/**
 * Each call's whole budget (`mailroom.timeoutSeconds`): its retries, their backoff and the wait
 * for its pacing slot included, so that a refresh against a server that never finishes its answer
 * ends after this long, not after one timeout per attempt.
 */
function timeoutMs(): number {
  const seconds = vscode.workspace.getConfiguration('mailroom').get<number>('timeoutSeconds', 60);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 60) * 1000;
}

export class Clients extends Disposable {
  private readonly made = this.register(new Emitter<{ account: Account; client: MailWsClient }>());
  /** A client was made for an account (the sandbox's after each of its starts, too): push-listener.ts registers there. */
  readonly onDidMake = this.made.event;
  private readonly called = this.register(new Emitter<CallEvent>());
  /** A call of the active account's client ended (answered or not): refresher.ts learns the service's answer time. */
  readonly onDidCall = this.called.event;
  private current: Promise<MailWsClient> | undefined;
  /** Lets the current client go: held here, released when the client is replaced. */
  private lease: vscode.Disposable | undefined;
  /** Counts the clients replaced, so that one made for an account no longer current is not kept. */
  private generation = 0;

  constructor(
    private readonly accounts: Accounts,
    private readonly secrets: AccountSecrets,
    private readonly sandbox: SandboxHost,
    private readonly log: Log,
  ) {
    super();
    // A new budget applies to the calls begun after it; those under way keep theirs and finish.
    this.register(vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('mailroom.timeoutSeconds') && this.replace()));
    this.register(sandbox.onDidStop(() => this.replace()));
  }

  /** The client of the active account; the sandbox is started again if it has to be. */
  client(): Promise<MailWsClient> {
    if (this.isDisposed) return Promise.reject(new Error(vscode.l10n.t('Mailroom has shut down.')));
    if (this.current) return this.current;
    const generation = this.generation;
    const making = (async () => {
      const { account, client } = await this.make();
      // Calls under way on a replaced client end as they would (a send is never cut mid-way).
      const lease = toDisposable(() => client.closeWhenIdle());
      // Replaced (or shut down) while it was being made: it is nobody's, so it goes now.
      if (generation === this.generation && !this.isDisposed) {
        this.lease = this.register(lease);
        this.made.fire({ account, client });
      } else lease.dispose();
      return client;
    })();
    this.current = making;
    making.catch(() => this.current === making && (this.current = undefined));
    return making;
  }

  /** Lets the current client go; one still being made lets itself go when it is ready. */
  replace(): void {
    this.generation++;
    this.current = undefined;
    if (this.lease) this.release(this.lease);
    this.lease = undefined;
  }

  /** Proves a password right with a harmless read, on a client of its own that goes at once. */
  async checkSignIn(account: Account, password: string): Promise<void> {
    const { MailWsClient, checkSignIn } = await clientModule();
    const probe = new MailWsClient({
      endpoint: account.endpoint,
      binding: account.binding,
      credentials: { username: account.username, password },
      retry: { attempts: 1, baseDelayMs: 0 },
      timeoutMs: timeoutMs(),
      // The sign-in's call has its line in the log like every other.
      onCall: (event) => this.log.call(event),
    });
    try {
      await checkSignIn(probe);
    } finally {
      probe.close();
    }
  }

  private async make(): Promise<{ account: Account; client: MailWsClient }> {
    let account = this.accounts.account;
    if (!account) throw new Error(vscode.l10n.t('Mailroom is not connected: use the local sandbox or connect to an account first.'));
    if (account.sandbox) {
      const endpoint = await this.sandbox.endpoint();
      if (endpoint !== account.endpoint) await this.accounts.activate((account = { ...account, endpoint }));
    }
    const { MailWsClient, SettingsLog } = await clientModule();
    const settingsLog = printSettingsLogPath(process.env);
    const client = new MailWsClient({
      endpoint: account.endpoint,
      binding: account.binding,
      credentials: { username: account.username, ...(await this.secrets.read(account)) },
      minIntervalMs: getIntervalMs(account.endpoint, account.sandbox),
      timeoutMs: timeoutMs(),
      onCall: (event) => {
        this.log.call(event);
        this.called.fire(event);
      },
      sendLog: extensionSendLog(),
      // What SetUserSettings sets of how letters print, whoever calls it: the proofs and prices assume it (print-settings.ts).
      settingsLog: new SettingsLog(settingsLog, 'extension', (error) =>
        this.log.error(logLine(`The settings changed, but ${settingsLog} could not be written: proofs will not assume them.`, error)),
      ),
    });
    return { account, client };
  }
}
