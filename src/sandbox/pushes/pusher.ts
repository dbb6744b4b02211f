/**
 * Sends the feedback pushes that are due (due.ts) and journals each one its receiver answers `0`
 * to, so that none is sent again, across restarts and SIGKILLs too.
 *
 * Like retention.ts, nothing is scheduled per mailer: what is owed is worked out from the data.
 * On start and whenever the records change (a send, a cancel, settings, funds that paid for a
 * waiting mailer), the mailers concerned are
 * looked at again; a single unref'd timer is set for the next instant a push falls due, and every
 * request also checks (so a clock that jumps, as the tests' does, is followed at once). Each mailer
 * with due pushes gets one delivery loop that sends them in order, the next only once the one
 * before it was answered, retrying with a doubling backoff. A few loops run at once.
 *
 * A push is journaled after its receiver answered `0`: a SIGKILL between the answer and the record
 * being on disk sends it again after the restart (at least once); once the record is on disk,
 * never again.
 */
import { formatDateTime } from '../../contract';
import type { SandboxState } from '../operations/context';
import type { JournalRecord, MailerRecord } from '../store/records';
import { wallClock } from '../wall-clock';
import { deliver, type PushFields } from './deliver';
import { pushKey, pushesOf, type DuePush } from './due';

export interface PushOptions {
  /** The first wait after a failed push; doubled after each failure up to `maxRetryMs`. */
  readonly firstRetryMs: number;
  readonly maxRetryMs: number;
  /** How long a receiver may stay silent before the push counts as failed. */
  readonly timeoutMs: number;
  /** How long one attempt may last in all before it counts as failed (a receiver that trickles its answer). */
  readonly deadlineMs: number;
  /** How many mailers' pushes are sent at once. */
  readonly concurrency: number;
}

/** A receiver answers `0` in well under a second; a minute in all lets a slow one through and frees its slot in time. */
export const DEFAULT_PUSH_OPTIONS: PushOptions = {
  firstRetryMs: 1000,
  maxRetryMs: 5 * 60_000,
  timeoutMs: 30_000,
  deadlineMs: 60_000,
  concurrency: 8,
};

const MAX_DELAY = 2 ** 31 - 1;

export class Pusher {
  /** The pushes each mailer still owes (due or not yet), in order. */
  private readonly owed = new Map<number, DuePush[]>();
  /** Mailers whose delivery loop is running. */
  private readonly running = new Set<number>();
  private next = Infinity;
  private timer: NodeJS.Timeout | undefined;
  /** The instant the timer is set for, so that the check on every request does not set it again. */
  private armedFor: number | undefined;
  private slots: number;
  private readonly waitingForSlot: (() => void)[] = [];
  private readonly abort = new AbortController();
  private readonly loops = new Set<Promise<void>>();

  constructor(
    private readonly sandbox: SandboxState,
    private readonly options: PushOptions = DEFAULT_PUSH_OPTIONS,
  ) {
    this.slots = options.concurrency;
    // Only what is on disk is pushed: a receiver never hears of a change a SIGKILL could still undo.
    sandbox.store.onCommit(
      (record, durable) =>
        void durable.then(
          () => this.notice(record),
          () => undefined,
        ),
    );
    for (const id of sandbox.store.mailers.keys()) this.review(id);
    this.wakeIfDue();
  }

  /** Starts the delivery of every push that is due by the sandbox's clock; cheap when none is. */
  wakeIfDue(): void {
    if (this.abort.signal.aborted) return;
    const now = this.sandbox.now();
    if (this.next <= now) {
      this.next = Infinity;
      for (const [id, pushes] of this.owed) {
        const first = pushes[0]!.at;
        if (first <= now) this.start(id);
        else this.next = Math.min(this.next, first);
      }
    }
    this.arm();
  }

  /** Stops sending (a push in flight is abandoned, to be sent again after a start) and waits for the loops. */
  async stop(): Promise<void> {
    this.abort.abort();
    clearTimeout(this.timer);
    for (const wake of this.waitingForSlot.splice(0)) wake();
    await Promise.all([...this.loops]);
  }

  private notice(record: JournalRecord): void {
    if (record.t === 'mailer') this.review(record.mailer.id);
    else if (record.t === 'pushed') this.review(record.id);
    // A refund, or funds the control path set, may have paid for mailers waiting at -990: their course moved later.
    else if (record.t === 'cancel' || record.t === 'fail') [record.id, ...(record.funded ?? [])].forEach((id) => this.review(id));
    else if (record.t === 'funds') (record.funded ?? []).forEach((id) => this.review(id));
    else if (record.t === 'user' || record.t === 'accounts') for (const id of this.sandbox.store.mailers.keys()) this.review(id);
    // The control path: forgotten mailers owe nothing; a clock moved ahead makes the timer's wait shorter.
    else if (record.t === 'reset') for (const id of [...this.owed.keys()]) this.review(id);
    else if (record.t === 'clock') this.armedFor = undefined;
    else return;
    this.wakeIfDue();
  }

  /** Works out what one mailer still owes. */
  private review(id: number): void {
    const mailer = this.sandbox.store.mailers.get(id);
    const sender = mailer && this.sandbox.store.users.get(mailer.userId);
    const owed = mailer ? pushesOf(mailer, sender, this.sandbox.schedule).filter((p) => !mailer.pushed?.includes(pushKey(p))) : [];
    if (owed.length === 0) {
      this.owed.delete(id);
      return;
    }
    this.owed.set(id, owed);
    this.next = Math.min(this.next, owed[0]!.at);
  }

  private arm(): void {
    if (this.armedFor === this.next) return;
    this.armedFor = this.next;
    clearTimeout(this.timer);
    if (this.abort.signal.aborted || this.next === Infinity) return;
    const delay = Math.min(MAX_DELAY, Math.max(0, this.next - this.sandbox.now()));
    // Not due by an injected clock that did not move: the timer comes back, and requests check too.
    this.timer = setTimeout(
      () => {
        this.armedFor = undefined;
        this.wakeIfDue();
      },
      Math.max(delay, 10),
    ).unref();
  }

  private start(id: number): void {
    if (this.running.has(id)) return;
    this.running.add(id);
    const loop = this.deliverAll(id)
      .catch(() => undefined) // the journal failed: nothing more can be recorded anyway
      .finally(() => {
        this.running.delete(id);
        this.loops.delete(loop);
        // What this mailer owes later (or fell due meanwhile) sets the timer again.
        const first = this.owed.get(id)?.[0];
        if (first) this.next = Math.min(this.next, first.at);
        this.wakeIfDue();
      });
    this.loops.add(loop);
  }

  /** Sends one mailer's due pushes in order, each until it is answered. */
  private async deliverAll(id: number): Promise<void> {
    let wait = this.options.firstRetryMs;
    for (;;) {
      const push = this.owed.get(id)?.[0];
      if (!push || push.at > this.sandbox.now() || this.abort.signal.aborted) return;
      const mailer = this.sandbox.store.mailers.get(id)!;
      const target = this.target(mailer);
      await this.takeSlot();
      let answered = false;
      try {
        if (target && !this.abort.signal.aborted)
          answered = await deliver(target.url, this.fields(push, target), this.options, this.abort.signal);
      } finally {
        this.giveSlot();
      }
      if (answered) {
        // Recorded even while stopping (stop waits for it); the review it triggers takes the push off `owed`.
        await this.sandbox.store.commit({ t: 'pushed', id, key: pushKey(push) });
        wait = this.options.firstRetryMs;
      } else if (!this.abort.signal.aborted) {
        await this.sleep(wait);
        wait = Math.min(this.options.maxRetryMs, wait * 2);
      }
    }
  }

  /** Where the sender's pushes go now, and what else they carry (read at each try: settings change). */
  private target(mailer: MailerRecord): { url: string; auth: string; zone: string } | undefined {
    const settings = this.sandbox.store.users.get(mailer.userId)?.settings;
    const url = settings?.Feedback_Post_FeedbackURL;
    if (!settings || !url) return undefined;
    return { url, auth: settings.Feedback_Post_Authentication ?? '', zone: settings.General_Timezone ?? 'UTC' };
  }

  private fields(push: DuePush, target: { auth: string; zone: string }): PushFields {
    return {
      ID: String(push.mailerId),
      ItemID: String(push.itemId),
      Auth: target.auth,
      Status: String(push.status),
      // As the service writes times: the user's wall clock, without an offset.
      StatusTime: formatDateTime(wallClock(push.at, target.zone)),
    };
  }

  private async takeSlot(): Promise<void> {
    while (this.slots === 0 && !this.abort.signal.aborted) await new Promise<void>((resolve) => this.waitingForSlot.push(resolve));
    this.slots--;
  }

  private giveSlot(): void {
    this.slots++;
    this.waitingForSlot.shift()?.();
  }

  private sleep(ms: number): Promise<void> {
    const signal = this.abort.signal;
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
