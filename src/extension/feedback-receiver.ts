/**
 * The extension's receiver of feedback pushes: an HTTP server on a loopback port
 * (client/push-receiver.ts) and the Auth values it believes, each for one account. A push is taken
 * into the Mailers view (Refresher.pushed) only when it carries a believed Auth and its account is
 * the one the view shows; anything else that reaches the port is answered and dropped.
 *
 * It listens only while it believes an Auth, one change at a time. Who registers it on the service,
 * and so which Auth values it believes and on which port, is one of two ways: the sandbox's
 * (push-listener.ts: a free port, registered for the sandbox user on each client made) and a real
 * account's (public-pushes.ts: the user's public URL forwarded to mailroom.feedback.localPort,
 * registered only when asked).
 */
import { startPushReceiver, type FeedbackPush, type PushReceiver } from '../client/push-receiver';
import { describeStatus, parseDateTime } from '../contract';
import type { Accounts } from './connection/accounts';
import { Disposable, Emitter, toDisposable } from './lifecycle';
import type { Refresher } from './refresher';

/** An Auth value believed: the account (its key, account-name.ts) whose pushes carry it, and where the service was told to push. */
export interface Belief {
  readonly account: string;
  readonly url?: string;
}

export class FeedbackReceiver extends Disposable {
  private listening: { readonly port: number; readonly server: PushReceiver } | undefined;
  /** The receiver's changes, one after another: a start waits for the close before it. */
  private changing: Promise<unknown> = Promise.resolve();
  private readonly believed = new Map<string, Belief>();
  private readonly arrivedEmitter = this.register(new Emitter<FeedbackPush>());
  /** A believed push arrived and was taken in. */
  readonly onDidArrive = this.arrivedEmitter.event;

  constructor(
    private readonly accounts: Pick<Accounts, 'accountKey'>,
    private readonly refresher: Refresher,
    /** Where to listen while an Auth is believed: 0 for any free port. */
    private readonly port: () => number,
  ) {
    super();
    this.register(toDisposable(() => void this.listen().catch(() => undefined)));
  }

  /** Where the receiver listens now, if it does. */
  async url(): Promise<string | undefined> {
    await this.changing;
    return this.listening?.server.url;
  }

  beliefOf(auth: string): Belief | undefined {
    return this.believed.get(auth);
  }

  /** Believes pushes with this Auth, for this account, from now on (or no longer, given undefined); `listen` applies it. */
  believe(auth: string, belief: Belief | undefined): void {
    if (belief) this.believed.set(auth, belief);
    else this.believed.delete(auth);
  }

  /** Believes no longer the Auth values that `which` picks. */
  forget(which: (belief: Belief) => boolean): void {
    for (const [auth, belief] of this.believed) if (which(belief)) this.believed.delete(auth);
  }

  /** Listens on the port while an Auth is believed (the same port kept), else not at all. Answers where it listens. */
  listen(): Promise<string | undefined> {
    const next = this.changing.then(() => this.listenNow());
    this.changing = next.catch(() => undefined);
    return next;
  }

  private async listenNow(): Promise<string | undefined> {
    const port = !this.isDisposed && this.believed.size > 0 ? this.port() : undefined;
    if (this.listening?.port === port) return this.listening?.server.url;
    const old = this.listening;
    this.listening = undefined;
    await old?.server.close();
    if (port === undefined) return undefined;
    const server = await startPushReceiver({ port, onPush: (push) => void this.arrived(push).catch(() => undefined) });
    this.listening = { port, server };
    return server.url;
  }

  private async arrived(push: FeedbackPush): Promise<void> {
    // Anyone who finds the port (on the internet, for a public URL) can post to it: only a believed Auth is the service's.
    const belief = this.believed.get(push.Auth);
    if (belief === undefined || this.isDisposed) return;
    // Another account's news, while the view shows this one: a poll tells it when that one is shown.
    if (this.accounts.accountKey !== belief.account) return;
    if (await takeIn(push, this.refresher)) this.arrivedEmitter.fire(push);
  }
}

/** A believed push into the Mailers view; false when its StatusTime cannot be read (then it is dropped: a poll tells). */
async function takeIn(push: FeedbackPush, refresher: Refresher): Promise<boolean> {
  let when: Date;
  try {
    when = parseDateTime(push.StatusTime);
  } catch {
    return false;
  }
  if (push.ItemID === 0) {
    await refresher.pushed({ ID: push.ID, Status: push.Status, Description: describeStatus(push.Status), LastUpdateTime: when });
  } else {
    // A batch item's end: the batch's rows are read when shown, so the view is only told.
    refresher.pushedItem();
  }
  return true;
}

/** The user settings that send every feedback push (Completed, Error, BatchErrors) to `url`, with `auth` as its Auth. */
export const pushSettings = (url: string, auth: string): [string, string][] => [
  ['Feedback_FeedbackType', 'Post'],
  ['Feedback_Post_FeedbackURL', url],
  ['Feedback_Post_Authentication', auth],
  ['Feedback_Post_WhenToSend_Completed', 'True'],
  ['Feedback_Post_WhenToSend_Error', 'True'],
  ['Feedback_Post_WhenToSend_BatchErrors', 'True'],
];
