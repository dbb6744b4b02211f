/**
 * A mailer's status as a pure function of time (facts, Part B): the sandbox stores when a mailer
 * was sent (and cancelled) and derives everything else, so no timer runs and a restart changes
 * nothing. The expected path: -900 Received → -910 In Process → -995 Waiting For Delivery →
 * -1000 (Production) or -1002 (Development); an unfunded Production mailer waits at -990, then
 * fails at -1010. A failure chosen through the control path (`failedAt`) ends the course there,
 * unless the mailer was already final by then.
 */
import { isPrintedStatus } from '../contract';
import type { MailerRecord } from './store/records';

export interface Schedule {
  /** From sending to In Process. */
  readonly inProcessMs: number;
  /** From sending to Waiting For Delivery: the mailer is printed then. */
  readonly printedMs: number;
  /** From sending to Completed. */
  readonly completedMs: number;
  /** From sending to giving up on funds that never came. */
  readonly fundsGiveUpMs: number;
}

export const DEFAULT_SCHEDULE: Schedule = { inProcessMs: 2000, printedMs: 4000, completedMs: 6000, fundsGiveUpMs: 10_000 };

/**
 * The pace of a sandbox people click through (the one inside VS Code, and `npm start`'s): slow
 * enough to cancel a letter by hand (20 seconds), quick enough to watch one complete (25).
 */
export const INTERACTIVE_SCHEDULE: Schedule = { inProcessMs: 5000, printedMs: 20_000, completedMs: 25_000, fundsGiveUpMs: 40_000 };

export interface StatusAt {
  readonly status: number;
  /** When the mailer entered this status. */
  readonly since: number;
  /** When it reached a final status, if it has. */
  readonly completedAt?: number;
}

/** The fields of a mailer or a batch item that decide its course. */
type Course = Pick<MailerRecord, 'submittedAt' | 'workMode' | 'funded' | 'failure' | 'cancelledAt' | 'failedAt'>;

export function statusAt(mailer: Course, now: number, schedule: Schedule): StatusAt {
  const chosen = mailer.failedAt;
  if (chosen !== undefined && now >= chosen.at && naturalStatusAt(mailer, chosen.at, schedule).completedAt === undefined) {
    return { status: chosen.status, since: chosen.at, completedAt: chosen.at };
  }
  return naturalStatusAt(mailer, now, schedule);
}

/** The course a mailer takes by itself. */
function naturalStatusAt(mailer: Course, now: number, schedule: Schedule): StatusAt {
  const at = (offset: number) => mailer.submittedAt + offset;
  if (mailer.cancelledAt !== undefined && now >= mailer.cancelledAt) {
    return { status: -1005, since: mailer.cancelledAt, completedAt: mailer.cancelledAt };
  }
  if (now < at(schedule.inProcessMs)) return { status: -900, since: mailer.submittedAt };
  if (!mailer.funded) {
    if (now < at(schedule.fundsGiveUpMs)) return { status: -990, since: at(schedule.inProcessMs) };
    return { status: -1010, since: at(schedule.fundsGiveUpMs), completedAt: at(schedule.fundsGiveUpMs) };
  }
  if (now < at(schedule.printedMs)) return { status: -910, since: at(schedule.inProcessMs) };
  if (mailer.failure !== undefined) return { status: mailer.failure, since: at(schedule.printedMs), completedAt: at(schedule.printedMs) };
  if (now < at(schedule.completedMs)) return { status: -995, since: at(schedule.printedMs) };
  const done = at(schedule.completedMs);
  return { status: mailer.workMode === 'Production' ? -1000 : -1002, since: done, completedAt: done };
}

/** The printed PDF exists from Waiting For Delivery on, for a mailer that did not fail (the contract says which). */
export const isPrinted = isPrintedStatus;

/**
 * Until when a mailer's printed PDF may still be served (GetPDF serves it only while printed):
 * the instant from which no status can serve it, or Infinity. A mailer that fails when printed or
 * waits for funds that never come is never printed, nor is a cancelled one (cancelling is possible
 * only before printing): its PDF is never needed. A printed one is needed for good, unless its
 * owner keeps no content on the server (Security_KeepContentOnServer=False): then until it is final.
 */
export function pdfNeededUntil(mailer: Course, keepContent: boolean, schedule: Schedule): number {
  if (mailer.failure !== undefined || !mailer.funded || mailer.cancelledAt !== undefined) return mailer.submittedAt;
  const until = keepContent ? Infinity : mailer.submittedAt + schedule.completedMs;
  // A chosen failure ends the course (a PDF printed before it is no longer served); one after Completed changes nothing.
  const chosen = mailer.failedAt;
  return chosen !== undefined && chosen.at < mailer.submittedAt + schedule.completedMs ? Math.max(mailer.submittedAt, chosen.at) : until;
}
