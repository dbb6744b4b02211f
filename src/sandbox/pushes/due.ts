/**
 * Which feedback pushes a mailer owes, worked out from its data and the schedule alone (statuses
 * are a pure function of time, lifecycle.ts): the status changes its sender's settings ask for,
 * each with the instant it happened.
 *
 * What each `Feedback_Post_WhenToSend_*` flag covers (the facts name the flags, not their reach):
 *   - Completed: the mailer reaching -1000 (Production) or -1002 (Development); ItemID 0.
 *   - Error: the mailer ending at a failure status (-1010 funds never came, or the failure it was
 *     printed with: -1018, -1021, -1025, -1045, -1065); ItemID 0. A cancel (-1005) is the
 *     user's own act, answered when asked, and is not pushed.
 *   - BatchErrors: a batch item ending at its own failure status; ItemID is the item's.
 * A flag is on only when it is `True`, `Feedback_FeedbackType` is `Post` and
 * `Feedback_Post_FeedbackURL` is set; a change is pushed only if it happened while its flag was on
 * (`UserRecord.pushesSince`), so turning pushes on does not replay a mailer's past; settings that
 * came with the account (`--accounts FILE`) are on from the start.
 */
import { statusGroupOf } from '../../contract';
import { courseTimes, statusAt, type Schedule } from '../lifecycle';
import type { MailerRecord, PushKind, UserRecord } from '../store/records';

export const PUSH_KINDS: readonly PushKind[] = ['Completed', 'Error', 'BatchErrors'];

export interface DuePush {
  readonly mailerId: number;
  /** 0 for the mailer's own status; a batch item's ID otherwise. */
  readonly itemId: number;
  readonly status: number;
  /** When the status was entered (epoch ms): when the push is due. */
  readonly at: number;
}

/** A push's name in `MailerRecord.pushed`: one per item and status, each happens once. */
export const pushKey = (push: Pick<DuePush, 'itemId' | 'status'>): string => `${push.itemId}:${push.status}`;

/** Whether a kind of push is on in these settings (before `pushesSince` is considered). */
export function pushOn(settings: Readonly<Record<string, string>>, kind: PushKind): boolean {
  return (
    settings.Feedback_FeedbackType === 'Post' &&
    Boolean(settings.Feedback_Post_FeedbackURL) &&
    settings[`Feedback_Post_WhenToSend_${kind}`] === 'True'
  );
}

/**
 * The `pushesSince` of a user whose settings change from `before` to `after` at `now`: a kind
 * turned on starts now, one that stays on keeps its start (pushes pending to an old URL go to the
 * new one), one turned off is forgotten.
 */
export function pushesSince(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
  since: UserRecord['pushesSince'],
  now: number,
): UserRecord['pushesSince'] {
  const next: Partial<Record<PushKind, number>> = {};
  for (const kind of PUSH_KINDS) {
    if (!pushOn(after, kind)) continue;
    // On before with no start kept: on since the account was made (its settings came with it).
    next[kind] = pushOn(before, kind) ? (since?.[kind] ?? 0) : now;
  }
  return Object.keys(next).length > 0 ? next : undefined;
}

/** Every push this mailer owes its sender, due or not yet, answered or not, in the order they happen. */
export function pushesOf(mailer: MailerRecord, sender: UserRecord | undefined, schedule: Schedule): DuePush[] {
  // Nearly every sender asks for none: nothing to work out.
  if (!sender || !PUSH_KINDS.some((kind) => pushOn(sender.settings, kind))) return [];
  // Settings that came with the account (`--accounts FILE`) have no start kept: on from the start.
  const wanted = (kind: PushKind, at: number) => pushOn(sender.settings, kind) && at >= (sender.pushesSince?.[kind] ?? 0);
  const pushes: DuePush[] = [];
  // The final status the mailer will reach, read at the end of time (cancels included).
  const final = statusAt(mailer, Infinity, schedule);
  const at = final.completedAt ?? final.since;
  const group = statusGroupOf(final.status);
  const kind: PushKind | undefined = group === 'completed' ? 'Completed' : group === 'cancelled' ? undefined : 'Error';
  if (mailer.items && mailer.funded && group !== 'cancelled') {
    // Items fail when the batch is printed, before the batch itself completes.
    const printed = courseTimes(mailer, schedule).printed;
    // Ended before it was printed (cancelled, or failed through the control path): its items never fail on their own.
    const endedBefore =
      (mailer.cancelledAt !== undefined && mailer.cancelledAt <= printed) ||
      (mailer.failedAt !== undefined && mailer.failedAt.at <= printed);
    for (const item of mailer.items) {
      if (item.failure !== undefined && !endedBefore && wanted('BatchErrors', printed)) {
        pushes.push({ mailerId: mailer.id, itemId: item.itemId, status: item.failure, at: printed });
      }
    }
  }
  if (kind && wanted(kind, at)) pushes.push({ mailerId: mailer.id, itemId: 0, status: final.status, at });
  // In the order they happen (a stable sort: the items before the batch at the same instant).
  return pushes.sort((a, b) => a.at - b.at);
}
