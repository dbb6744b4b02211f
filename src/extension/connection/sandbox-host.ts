/**
 * Where the local sandbox listens: the one `mailroom.sandboxUrl` names (a loopback address, such as
 * the sandbox `npm start` or `mailroom sandbox` runs, so that the CLI and VS Code share it), else
 * one started here on a thread of its own, its data in the extension's global storage, else, when
 * another VS Code window runs one on that storage already, that window's.
 */
import * as vscode from 'vscode';
import type { SandboxServer } from '../../sandbox';
import { INTERACTIVE_SCHEDULE } from '../../sandbox/lifecycle';
import { DataFolderInUseError } from '../../sandbox/store/folder-in-use';
import { startSandboxThread } from '../../sandbox/thread';
import { Disposable, Emitter } from '../lifecycle';
import type { Log } from '../log';
import { logLine, wordsOf } from '../model/failure-words';
import { isSandboxAddress, normalEndpoint } from '../../rulebook';

export class SandboxHost extends Disposable {
  /** The sandbox started on its thread, once asked for; closed (the thread ended) with the host. */
  private started: Promise<SandboxServer> | undefined;
  /** Where the sandbox was last found listening (in-process, `mailroom.sandboxUrl`, or another window's). */
  private lastFound: string | undefined;
  private closing: Promise<void> | undefined;
  private readonly stopped = this.register(new Emitter<void>());
  /** The sandbox started here crashed: the next client asked for starts it again. */
  readonly onDidStop = this.stopped.event;

  constructor(
    private readonly context: Pick<vscode.ExtensionContext, 'globalStorageUri' | 'extensionUri'>,
    private readonly log: Log,
  ) {
    super();
  }

  /** Where the sandbox listens now, started if it has to be. */
  async endpoint(): Promise<string> {
    const url = await this.find();
    this.lastFound = normalEndpoint(url);
    return url;
  }

  /**
   * Where a sandbox runs now, if one does, without starting one: the address Connect… offers, so
   * that another sandbox user is added without looking for its port (it changes at each start).
   */
  async running(): Promise<string | undefined> {
    const external = vscode.workspace.getConfiguration('mailroom').get<string>('sandboxUrl', '').trim().replace(/\/+$/, '');
    const candidate = external && isSandboxAddress(external) ? external : this.lastFound;
    return candidate && (await answersAsSandbox(candidate)) ? candidate : undefined;
  }

  /**
   * Whether an endpoint is where the sandbox was last found. That may be stale (stopped since, its
   * port taken by another server): it must still answer as one.
   */
  async isSandbox(endpoint: string): Promise<boolean> {
    return endpoint === this.lastFound && (await answersAsSandbox(endpoint));
  }

  private async find(): Promise<string> {
    const external = vscode.workspace.getConfiguration('mailroom').get<string>('sandboxUrl', '').trim().replace(/\/+$/, '');
    if (external) {
      if (!isSandboxAddress(external))
        throw new Error(vscode.l10n.t('mailroom.sandboxUrl must be a loopback http URL such as http://127.0.0.1:8317, not {0}', external));
      if (!(await answersAsSandbox(external)))
        throw new Error(
          vscode.l10n.t(
            'No sandbox answers at {0} (mailroom.sandboxUrl): start it with `npm start` or `mailroom sandbox`, or clear the setting to use one inside VS Code.',
            external,
          ),
        );
      return external;
    }
    if (this.isDisposed) throw new Error(vscode.l10n.t('Mailroom has shut down.'));
    const starting = (this.started ??= this.start());
    starting.catch(() => this.started === starting && (this.started = undefined));
    try {
      return (await starting).url;
    } catch (error) {
      // Another VS Code window runs the sandbox on this global storage: both share it.
      const { url } = error instanceof DataFolderInUseError ? error : { url: undefined };
      if (!url || !isSandboxAddress(url) || !(await answersAsSandbox(url))) throw error;
      this.log.info(`Sandbox of another VS Code window joined at ${url}`);
      return url;
    }
  }

  private start(): Promise<SandboxServer> {
    const starting: Promise<SandboxServer> = (async () => {
      const dataDir = vscode.Uri.joinPath(this.context.globalStorageUri, 'sandbox').fsPath;
      // Off the extension host's thread, which every extension shares: a send the sandbox prints
      // (a 2,000-row mail merge takes seconds) would stall them all (docs/extension.md, "The sandbox on a thread of its own").
      const worker = vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'sandbox-worker.js').fsPath;
      // At a pace people can follow: 20 seconds to cancel, completed after 25.
      const server = await startSandboxThread(worker, { dataDir, port: 0, schedule: INTERACTIVE_SCHEDULE }, (error) => {
        // It crashed: the next client asked for starts it again (a call under way fails as it would).
        this.log.error(logLine(`The sandbox stopped: ${wordsOf(error)}`, error));
        if (this.started !== starting) return;
        this.started = undefined;
        this.stopped.fire();
      });
      this.log.info(`Sandbox listening on ${server.url} (data in ${dataDir})`);
      return server;
    })();
    return starting;
  }

  /** Closes the sandbox started here: its journal on disk, its thread ended. */
  close(): Promise<void> {
    return (this.closing ??= (async () => {
      try {
        super.dispose();
      } finally {
        const sandbox = await this.started?.catch(() => undefined);
        this.started = undefined;
        await sandbox?.close();
      }
    })());
  }

  override dispose(): void {
    // The output channel may be gone by now: the extension host's own log keeps the failure.
    this.close().catch((error: unknown) => console.error(logLine(`Mailroom: closing the sandbox failed: ${wordsOf(error)}`, error)));
  }
}

/** Whether a sandbox answers there soon: a port reused by something that never answers is not one. */
async function answersAsSandbox(url: string): Promise<boolean> {
  const answer = await fetch(`${url}/MailWS.asmx?WSDL`, { signal: AbortSignal.timeout(3000) }).catch(() => undefined);
  return answer?.ok === true;
}
