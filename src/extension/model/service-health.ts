/**
 * Whether the service answers, as the Mailers view's refresh finds it, and what the workbench says
 * about it: the status bar's text and tooltip, the view's message, and the one line said when it
 * answers again. Only the refresh decides: it is what keeps what is shown current, so when it gets
 * no answer (a hung server, a dropped VPN, a proxy with nothing behind it) what is shown is old,
 * and the user is told since when and as of when.
 *
 * Times are the user's: the extension host's time zone and VS Code's display language. The status
 * bar keeps to hours and minutes; the tooltip and the view's message give seconds, and the zone in
 * the tooltip, since an outage of under a minute is worth telling apart from the last good refresh.
 */
import * as l10n from '@vscode/l10n';

export interface Outage {
  /** When the first refresh that got no answer began (ms since the epoch). */
  readonly since: number;
  /** That refresh's failure, in the client's words. */
  readonly reason: string;
}

/** How many of the service's latest answer times the usual one is taken from. */
export const ANSWER_TIMES_KEPT = 8;
/** How much longer than its usual answer time the service may take before it is said not to answer. */
export const SLACK_MS = 3000;
/** How long a first call may take, before any answer time is known. */
export const FIRST_PATIENCE_MS = 6000;

export class ServiceHealth {
  /** When the last refresh that got its answers ended; undefined until one has, since VS Code started. */
  private lastGoodAt: number | undefined;
  private outage: Outage | undefined;
  /** The latest answer times of the service's reads (ms), newest last. */
  private answerTimes: number[] = [];

  /** A read got its answer after `ms`: what the usual answer time is learnt from. */
  heard(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    this.answerTimes = [...this.answerTimes.slice(-(ANSWER_TIMES_KEPT - 1)), ms];
  }

  /** The slowest of the latest answer times: the usual answer time; undefined before any. */
  get usualMs(): number | undefined {
    return this.answerTimes.length === 0 ? undefined : Math.max(...this.answerTimes);
  }

  /**
   * How long to wait for an answer before saying the service is not answering: a few seconds past
   * its usual answer time (twice it, for a slow one), not the whole budget of a call (60 s),
   * and past the pacing wait a call may spend before it is sent (`paceMs`).
   */
  patienceMs(paceMs = 0): number {
    const usual = this.usualMs;
    return paceMs + (usual === undefined ? FIRST_PATIENCE_MS : usual + Math.max(SLACK_MS, usual));
  }

  get lastGood(): number | undefined {
    return this.lastGoodAt;
  }

  get unanswered(): Outage | undefined {
    return this.outage;
  }

  /** A refresh got its answers at `at`. Answers the outage it ends, if it ends one. */
  answered(at: number): Outage | undefined {
    const ended = this.outage;
    this.lastGoodAt = at;
    this.outage = undefined;
    return ended;
  }

  /** A refresh that began at `began` got no answer. Answers whether this begins an outage. */
  notAnswering(began: number, reason: string): boolean {
    if (this.outage) return false;
    this.outage = { since: began, reason };
    return true;
  }

  /**
   * Forgets everything: another account (another service) is the active one, or nothing shown
   * needs a refresh any more, so nothing shown is out of date.
   */
  reset(): void {
    this.lastGoodAt = undefined;
    this.outage = undefined;
    this.answerTimes = [];
  }

  /** Forgets the outage only (nothing shown needs the service now), keeping the last good refresh. */
  clearOutage(): void {
    this.outage = undefined;
  }
}

/**
 * The HTTP statuses of a gateway answering for a service that does not (a proxy with nothing
 * behind it): a failure with one of these is no answer, like a refused or timed-out call, whereas
 * a result code or a fault about the request is the service answering.
 */
export const GATEWAY_STATUSES: readonly number[] = [502, 503, 504];

export interface ClockOptions {
  /** VS Code's display language (vscode.env.language); the runtime's when left out. */
  readonly locale?: string;
  /** "Now", for the day: a time of another day shows its date as well. */
  readonly now: number;
}

/** A time of day in the user's time zone; its date too when it is not today's. */
export function clockTime(at: number, options: ClockOptions & { readonly seconds?: boolean; readonly zone?: boolean }): string {
  const date = new Date(at);
  const sameDay = new Date(options.now).toDateString() === date.toDateString();
  return new Intl.DateTimeFormat(safeLocale(options.locale), {
    ...(sameDay ? {} : { month: 'short', day: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    ...(options.seconds ? { second: '2-digit' } : {}),
    ...(options.zone ? { timeZoneName: 'short' } : {}),
  }).format(date);
}

/** A language tag Intl takes: VS Code's may be one it does not know ("qps-ploc"). */
function safeLocale(locale: string | undefined): string | undefined {
  if (!locale) return undefined;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0 ? locale : undefined;
  } catch {
    return undefined;
  }
}

export interface HealthWords {
  /** What follows the in-process count in the status bar: "as of 14:02". */
  readonly statusSuffix: string;
  readonly tooltip: string;
  /** The Mailers view's message. */
  readonly viewMessage: string;
}

/** What the workbench says while the service is not answering. */
export function unansweredWords(outage: Outage, lastGood: number | undefined, where: string, options: ClockOptions): HealthWords {
  const short = (at: number) => clockTime(at, options);
  const long = (at: number) => clockTime(at, { ...options, seconds: true });
  const zoned = (at: number) => clockTime(at, { ...options, seconds: true, zone: true });
  const asOf =
    lastGood === undefined
      ? l10n.t('nothing has been refreshed since VS Code started, so what is shown may be old')
      : l10n.t('what is shown is as of {0}', long(lastGood));
  return {
    statusSuffix: lastGood === undefined ? l10n.t('not refreshed') : l10n.t('as of {0}', short(lastGood)),
    tooltip:
      `${l10n.t('Mailroom: the service at {0} is not answering (since {1}).', where, zoned(outage.since))} ` +
      `${lastGood === undefined ? l10n.t('Nothing has been refreshed since VS Code started.') : l10n.t('The Mailers view shows what it answered at {0}, the last good refresh.', zoned(lastGood))} ` +
      l10n.t('Mailroom asks again on its own, less often the longer it stays silent, and says when it answers again.'),
    viewMessage: l10n.t('The service is not answering (since {0}); {1}. Mailroom keeps asking on its own.', long(outage.since), asOf),
  };
}

/** Why a refresh under way is taken for no answer before its calls give up: what the outage records. */
export function noAnswerWithinWords(waitedMs: number, usualMs: number | undefined): string {
  const waited = (waitedMs / 1000).toFixed(0);
  return usualMs === undefined
    ? l10n.t('No answer within {0} s.', waited)
    : l10n.t('No answer within {0} s; it usually answers within {1} ms.', waited, Math.round(usualMs));
}

/** The one line said when the service answers again. */
export function answeredAgainWords(outage: Outage, at: number, options: ClockOptions): string {
  const long = (time: number) => clockTime(time, { ...options, seconds: true });
  return l10n.t(
    'Mailroom: the service answers again (it did not from {0} to {1}); the Mailers view is current.',
    long(outage.since),
    long(at),
  );
}
