/**
 * A mailer's status as a pure function of time (facts, Part B): the sandbox stores when a mailer
 * was sent (and cancelled) and derives everything else, so no timer runs and a restart changes
 * nothing. The expected path: -900 Received → -910 In Process → -995 Waiting For Delivery →
 * -1000 (Production) or -1002 (Development); an unfunded Production mailer waits at -990, then
 * fails at -1010, unless funds arrive meanwhile (funding.ts records when: `fundedAt`): it then
 * goes on from that instant, the rest of its course later by as long as it waited. A failure
 * chosen through the control path (`failedAt`) ends the course there, unless the mailer was
 * already final by then.
 */
import { isPrintedStatus, STATUS } from '../contract';
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
type Course = Pick<MailerRecord, 'submittedAt' | 'workMode' | 'funded' | 'fundedAt' | 'failure' | 'cancelledAt' | 'failedAt'>;

/** The instants of a mailer's course (epoch ms), as its send and the funds it waited for place them. */
export interface CourseTimes {
  readonly inProcess: number;
  /** When its wait for funds ended (funds arrived): `inProcess` for a mailer that never waited. */
  readonly funded: number;
  /** Printed: Waiting For Delivery, or the failure it was printed with. */
  readonly printed: number;
  readonly completed: number;
  /** When a mailer still unfunded gives up at -1010. */
  readonly givesUp: number;
}

export function courseTimes(mailer: Pick<Course, 'submittedAt' | 'fundedAt'>, schedule: Schedule): CourseTimes {
  const at = (offset: number) => mailer.submittedAt + offset;
  const inProcess = at(schedule.inProcessMs);
  // Funds that came while it was still Received (funding.ts takes those too) cost it no wait.
  const waited = mailer.fundedAt === undefined ? 0 : Math.max(0, mailer.fundedAt - inProcess);
  return {
    inProcess,
    funded: inProcess + waited,
    printed: at(schedule.printedMs) + waited,
    completed: at(schedule.completedMs) + waited,
    givesUp: at(schedule.fundsGiveUpMs),
  };
}

export function statusAt(mailer: Course, now: number, schedule: Schedule): StatusAt {
  const chosen = mailer.failedAt;
  if (chosen !== undefined && now >= chosen.at && naturalStatusAt(mailer, chosen.at, schedule).completedAt === undefined) {
    return { status: chosen.status, since: chosen.at, completedAt: chosen.at };
  }
  return naturalStatusAt(mailer, now, schedule);
}

/** The course a mailer takes by itself. */
function naturalStatusAt(mailer: Course, now: number, schedule: Schedule): StatusAt {
  if (mailer.cancelledAt !== undefined && now >= mailer.cancelledAt) {
    return { status: STATUS.Canceled, since: mailer.cancelledAt, completedAt: mailer.cancelledAt };
  }
  const t = courseTimes(mailer, schedule);
  if (now < t.inProcess) return { status: STATUS.Received, since: mailer.submittedAt };
  if (!mailer.funded) {
    if (now < t.givesUp) return { status: STATUS.NotEnoughFunds, since: t.inProcess };
    return { status: STATUS.NoFunds, since: t.givesUp, completedAt: t.givesUp };
  }
  if (now < t.funded) return { status: STATUS.NotEnoughFunds, since: t.inProcess };
  if (now < t.printed) return { status: STATUS.InProcess, since: t.funded };
  if (mailer.failure !== undefined) return { status: mailer.failure, since: t.printed, completedAt: t.printed };
  if (now < t.completed) return { status: STATUS.WaitingForDelivery, since: t.printed };
  return {
    status: mailer.workMode === 'Production' ? STATUS.Completed : STATUS.CompletedInDevelopment,
    since: t.completed,
    completedAt: t.completed,
  };
}

/** The printed PDF exists from Waiting For Delivery on, for a mailer that did not fail (the contract says which). */
export const isPrinted = isPrintedStatus;

/**
 * Until when a mailer's printed PDF may still be served (GetPDF serves it only while printed):
 * the instant from which no status can serve it, or Infinity. A mailer that fails when printed is
 * never printed, nor is a cancelled one (cancelling is possible only before printing): its PDF is
 * never needed. One waiting for funds may still be funded and printed until it gives up: needed
 * until then (and, once funded, as any other). A printed one is needed for good, unless its owner
 * keeps no content on the server (Security_KeepContentOnServer=False): then until it is final.
 */
export function pdfNeededUntil(mailer: Course, keepContent: boolean, schedule: Schedule): number {
  if (mailer.failure !== undefined || mailer.cancelledAt !== undefined) return mailer.submittedAt;
  const t = courseTimes(mailer, schedule);
  const ends = mailer.funded ? t.completed : t.givesUp;
  const until = mailer.funded && keepContent ? Infinity : ends;
  // A chosen failure ends the course (a PDF printed before it is no longer served); one after it ended changes nothing.
  const chosen = mailer.failedAt;
  return chosen !== undefined && chosen.at < ends ? Math.max(mailer.submittedAt, chosen.at) : until;
}
