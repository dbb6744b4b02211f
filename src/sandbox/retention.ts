/**
 * What the sandbox keeps of a mailer's content, and dropping the rest from disk.
 *
 * The sandbox keeps no copy of the documents a send carries: they are printed into the mailer's
 * PDF and only the PDF is stored. Stored files are the user's own, kept until replaced or deleted.
 * So a mailer's content is its printed PDF, needed for as long as lifecycle.ts's `pdfNeededUntil`
 * says; with Security_KeepContentOnServer=False (the mailer's owner's setting, as it is now; True
 * unless set) only until the mailer is final. GetPDF answers -3020 from then on, and a sweep
 * commits a `pdfs-dropped` record, whose blobs the store removes once it is on disk.
 *
 * Statuses stay a pure function of time: what is droppable is worked out from the data and the
 * clock. It is swept on start (before the first request), before any request once something has
 * become droppable (so a clock that jumps, as the tests' does, is followed at once), and by an
 * unref'd timer set for the next moment a PDF stops being needed (so that an idle sandbox on the
 * wall clock drops it in time too). Which mailers to look at follows the records committed: a new
 * mailer or a cancel is looked at alone (with the mailers its refund paid for), a change of users (settings) looks at every mailer again.
 */
import { pdfNeededUntil } from './lifecycle';
import type { SandboxState } from './operations/context';
import type { JournalRecord, MailerRecord } from './store/records';

export function pdfKeptUntil(mailer: MailerRecord, sandbox: SandboxState): number {
  const keepContent = sandbox.store.users.get(mailer.userId)?.settings.Security_KeepContentOnServer !== 'False';
  return pdfNeededUntil(mailer, keepContent, sandbox.schedule);
}

/** The longest delay setTimeout takes. */
const MAX_DELAY = 2 ** 31 - 1;

export class Retention {
  /** The mailers whose kept PDF stops being needed at a known instant, by ID: all a sweep can drop. */
  private readonly until = new Map<number, number>();
  private next = Infinity;
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly sandbox: SandboxState) {
    sandbox.store.onCommit((record) => this.notice(record));
    // A refused change (a setting, a send) was undone: what was worked out from it goes with it.
    sandbox.store.onRebuilt(() => this.reviewAll());
    this.reviewAll();
  }

  /** Drops the PDFs no longer needed now; resolves at once when there are none, and never rejects. */
  sweepIfDue(): Promise<void> {
    if (!this.sweeping && !this.stopped && this.next <= this.sandbox.now()) {
      this.sweeping = this.sweep()
        .catch(() => undefined) // the journal failed: nothing more can be recorded anyway
        .finally(() => {
          this.sweeping = undefined;
          this.recount();
        });
    }
    return this.sweeping ?? Promise.resolve();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.sweeping;
  }

  private async sweep(): Promise<void> {
    const now = this.sandbox.now();
    const ids = [...this.until].filter(([, at]) => at <= now).map(([id]) => id);
    for (const id of ids) this.until.delete(id);
    if (ids.length > 0) await this.sandbox.store.commit({ t: 'pdfs-dropped', ids });
  }

  private notice(record: JournalRecord): void {
    if (record.t === 'mailer') this.review(record.mailer.id);
    else if (record.t === 'cancel' || record.t === 'fail') [record.id, ...(record.funded ?? [])].forEach((id) => this.review(id));
    // Mailers paid for while waiting for funds are printed after all: their PDF is kept longer.
    else if (record.t === 'funds') (record.funded ?? []).forEach((id) => this.review(id));
    else if (record.t === 'user' || record.t === 'accounts' || record.t === 'reset') return this.reviewAll();
    // The clock moved: the timer is set for the new distance to the next drop.
    else if (record.t !== 'clock') return;
    this.arm();
  }

  private reviewAll(): void {
    this.until.clear();
    for (const id of this.sandbox.store.mailers.keys()) this.review(id);
    this.recount();
  }

  /** Looks at one mailer. `next` may stay earlier than needed (an early sweep finds nothing and recounts), never later. */
  private review(id: number): void {
    const mailer = this.sandbox.store.mailers.get(id);
    const at = mailer?.pdf || mailer?.job ? pdfKeptUntil(mailer, this.sandbox) : Infinity;
    if (at === Infinity) {
      this.until.delete(id);
    } else {
      this.until.set(id, at);
      this.next = Math.min(this.next, at);
    }
  }

  private recount(): void {
    this.next = Infinity;
    for (const at of this.until.values()) this.next = Math.min(this.next, at);
    this.arm();
  }

  /** Sets the timer for the next moment a PDF stops being needed. */
  private arm(): void {
    clearTimeout(this.timer);
    if (this.stopped || this.next === Infinity) return;
    const delay = Math.min(MAX_DELAY, Math.max(0, this.next - this.sandbox.now()));
    this.timer = setTimeout(() => {
      void this.sweepIfDue();
      // Not due by the sandbox's clock (an injected one that did not move): look again later.
      if (!this.sweeping) this.arm();
    }, delay).unref();
  }
}
