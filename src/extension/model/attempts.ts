/**
 * Sends whose outcome is unknown: the request left, but no answer came back (a cut connection, a
 * timeout, an answer that could not be read). The mailer may exist and be charged, so Mailroom
 * never sends again on its own; it keeps the attempt in the Mailers view until the user looks it
 * up (a mailer with its description, sent since the attempt) or forgets it.
 */
import { STATUS } from '../../contract';

export interface SendAttempt {
  /** Tells attempts apart. */
  readonly key: string;
  /** The MyDescription sent, by which the mailer is looked up. */
  readonly description: string;
  /** When the request left, epoch milliseconds. */
  readonly sentAt: number;
  readonly workMode: string;
  /** The highest mailer ID followed when it was sent: its mailer, if any, comes after. */
  readonly afterId?: number;
}

/** What GetDetails gives of a mailer, as far as finding an attempt needs. */
export interface MailerFound {
  readonly ID: number;
  readonly MyDescription?: string;
  readonly SubmitTime: Date;
  readonly Status: number;
}

/**
 * The mailer an attempt made, if it is among these: the same description, submitted no earlier
 * than a minute before the attempt (the service's clock may differ a little), the first one.
 * Times are compared as the account's wall time, as the service writes them, so a zone is allowed.
 */
export function mailerOfAttempt(attempt: SendAttempt, found: readonly MailerFound[], zoneSlackMs = 14 * 3600_000): MailerFound | undefined {
  return found
    .filter(
      (m) =>
        m.Status !== STATUS.NoPermissions &&
        m.MyDescription === attempt.description &&
        m.SubmitTime.getTime() >= attempt.sentAt - 60_000 - zoneSlackMs,
    )
    .sort((a, b) => a.ID - b.ID)[0];
}
