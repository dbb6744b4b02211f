/**
 * How a mailer appears in reports: who may see it, and its status and details as the contract's
 * result items, with times on the caller's wall clock.
 */
import {
  NO_PERMISSIONS_STATUS,
  ZERO_DATE,
  describeStatus,
  parseIdQuery,
  expandIdQuery,
  missingFieldCodes,
  INVALID_IDS,
  type Structure,
  RESULT,
} from '../../contract';
import { statusAt, type StatusAt } from '../lifecycle';
import type { BatchItemRecord, MailerRecord } from '../store/records';
import { wallClock } from '../wall-clock';
import { refuse, type Caller, type SandboxState } from './context';

/**
 * A mailer the caller's account owns: -3116 when there is none (or it is not acknowledged yet: its
 * send's record is not on disk, store.ts), -3001 when it is another account's.
 */
export function ownMailer(id: number | undefined, caller: Caller, sandbox: SandboxState): MailerRecord {
  if (id === undefined) refuse(missingFieldCodes.ID!);
  const mailer = sandbox.store.mailers.get(id);
  if (!mailer || !sandbox.store.acknowledged(mailer)) refuse(RESULT.NoSuchItemId);
  if (mailer.accountId !== caller.account.id) refuse(RESULT.NotAuthorized);
  return mailer;
}

/** Whether the caller's account owns the mailer, and its send is acknowledged (store.ts). */
export function canSee(mailer: MailerRecord | undefined, caller: Caller, sandbox: SandboxState): mailer is MailerRecord {
  return mailer !== undefined && mailer.accountId === caller.account.id && sandbox.store.acknowledged(mailer);
}

/** The IDs of an ID string (at most 1000): -4009 when it is missing, -4013 when it is not one. */
export function idsOf(text: string | undefined): number[] {
  if (!text) refuse(missingFieldCodes.ID!);
  // Unlike a careful client's check, the service takes more than 1000 items and ignores the rest.
  const query = parseIdQuery(text);
  if (!query) refuse(INVALID_IDS);
  return expandIdQuery(query);
}

/** Turns instants into the caller's wall-clock time, as the service writes times. */
export function clockOf(caller: Caller): (instant: number | undefined) => Date {
  const zone = caller.user.settings.General_Timezone ?? 'UTC';
  return (instant) => (instant === undefined ? ZERO_DATE : wallClock(instant, zone));
}

export interface Reporter {
  readonly now: number;
  readonly time: (instant: number | undefined) => Date;
  status(mailer: MailerRecord): StatusAt;
}

export function reporter(caller: Caller, sandbox: SandboxState): Reporter {
  const now = sandbox.now();
  return { now, time: clockOf(caller), status: (mailer) => statusAt(mailer, now, sandbox.schedule) };
}

/** A batch item follows its batch's course, with a failure of its own. */
export function itemStatus(batch: MailerRecord, item: BatchItemRecord, r: Reporter, sandbox: SandboxState): StatusAt {
  return statusAt({ ...batch, failure: item.failure }, r.now, sandbox.schedule);
}

export function statusItem(mailer: MailerRecord, r: Reporter): Structure<'LetterStatusAndDesc'> {
  const s = r.status(mailer);
  return { ID: mailer.id, Status: s.status, Description: describeStatus(s.status), LastUpdateTime: r.time(s.since) };
}

/** What a list answers for an ID the caller may not see, or that does not exist. */
export function noPermissionsItem(id: number): Structure<'LetterStatusAndDesc'> {
  return { ID: id, Status: NO_PERMISSIONS_STATUS, Description: describeStatus(NO_PERMISSIONS_STATUS), LastUpdateTime: ZERO_DATE };
}

export function printProperties(mailer: MailerRecord) {
  const postcard = mailer.mailerType === 'Postcard';
  return {
    Orientation: postcard ? 'Landscape' : 'Portrait',
    Envelope: postcard ? undefined : 'Env#10WhiteDoubleWindow',
    Paper: postcard ? 'Postcard14ptGloss' : 'Letter24#BondWhite',
    PrintColor: mailer.printColor,
    PrintSides: mailer.printSides,
    Postcard: postcard ? 'Postcard_4_25X6' : undefined,
    NationalMailing: 'USFirstClass',
    InternationalMailing: 'USInterFirstClass',
  };
}

export function detailsItem(mailer: MailerRecord, r: Reporter): Structure<'Details'> {
  const s = r.status(mailer);
  return {
    ID: mailer.id,
    Price: mailer.price,
    NumOfSheets: mailer.sheets,
    SubmitTime: r.time(mailer.submittedAt),
    CompletionTime: r.time(s.completedAt),
    Status: s.status,
    StatusDescription: describeStatus(s.status),
    IsBatch: mailer.items !== undefined,
    MyDescription: mailer.description,
    MailerType: mailer.mailerType,
    WorkMode: mailer.workMode,
  };
}

export function noPermissionsDetails(id: number): Structure<'Details'> {
  return {
    ID: id,
    Price: 0,
    NumOfSheets: 0,
    SubmitTime: ZERO_DATE,
    CompletionTime: ZERO_DATE,
    Status: NO_PERMISSIONS_STATUS,
    StatusDescription: describeStatus(NO_PERMISSIONS_STATUS),
    IsBatch: false,
  };
}
