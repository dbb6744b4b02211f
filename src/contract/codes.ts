/**
 * The result codes and mailer status codes of the facts (`service-facts.md`, Part A).
 */
import { userSettings } from './settings';

export const OK = -3000;

export const resultCodes: ReadonlyMap<number, string> = new Map<number, string>([
  [-3000, 'OK'],
  [-3001, 'not authorized to access this item'],
  [-3002, 'user is blocked'],
  [-3003, 'not authenticated (unknown user or API key, or wrong password)'],
  [-3004, 'file extension not supported'],
  [-3010, 'no funds'],
  [-3020, 'file (PDF) not available now: still processing, or deleted'],
  [-3022, 'cancellation denied: already handed to the postal service, or already cancelled'],
  [-3113, 'City longer than 30'],
  [-3114, 'State longer than 30'],
  [-3115, 'warning: the query returned no data'],
  [-3116, 'warning: the item ID does not exist'],
  [-3117, 'Company longer than 45'],
  [-3118, 'Address1 longer than 45'],
  [-3119, 'Address2 longer than 45'],
  [-3120, 'AttentionLine1 longer than 45'],
  [-3121, 'AttentionLine2 longer than 45'],
  [-3122, 'AttentionLine3 longer than 45'],
  [-3123, 'PostalCode longer than 15'],
  [-3124, 'Country longer than 30'],
  [-3125, 'administrators only'],
  [-3126, 'invalid file name (must be Name.ext)'],
  [-3127, 'file name already exists'],
  [-3128, 'ImageSideFileType empty or missing'],
  [-3129, 'AddressSideFileType empty or missing'],
  [-3130, 'ImageSideFileType extension not supported'],
  [-3131, 'AddressSideFileType extension not supported'],
  [-3132, 'ImageSideBinaryData empty or missing'],
  [-3133, 'AddressSideBinaryData empty or missing'],
  [-3134, 'image-side stored file does not exist for this user'],
  [-3135, 'address-side stored file does not exist for this user'],
  [-3136, 'image side: fields missing from template'],
  [-3137, 'address side: fields missing from template'],
  [-3138, 'image side: invalid XML merge data'],
  [-3139, 'address side: invalid XML merge data'],
  [-3142, 'image side: file cannot be used as a template'],
  [-3143, 'address side: file cannot be used as a template'],
  [-3144, 'invalid merge data'],
  [-3145, 'merge data has a field that is not in the template'],
  [-3146, 'stored document does not exist'],
  [-3147, 'a file and a template in the same request are not allowed'],
  [-3150, 'general system error'],
  [-3160, 'file does not exist'],
  [-3161, 'insufficient permissions'],
  [-3162, 'too many stored files'],
  [-3163, 'no stored files for the account'],
  [-3164, 'only an administrator can store a file with Account permission'],
  [-3165, 'user has no API key'],
  [-3209, 'no more users allowed'],
  [-3210, 'cannot remove the last administrator'],
  [-3211, 'user does not exist in this account'],
  [-3212, 'one or more parameters are invalid'],
  ...userSettings.map(({ name }, index): [number, string] => [-3213 - index, `invalid value for the setting ${name}`]),
  [-3240, 'invalid settings array (each entry must be a pair: name, value)'],
  [-3500, 'too many calls of this method (rate limit)'],
  [-4001, 'missing field: Username'],
  [-4002, 'missing field: Password'],
  [-4003, 'missing field: MyDescription'],
  [-4004, 'missing field: FileExtension'],
  [-4005, 'missing field: FileBinaryData'],
  [-4006, 'missing field: Address1'],
  [-4007, 'missing field: City'],
  [-4008, 'missing field: AttentionLine1 or Company'],
  [-4009, 'missing field: ID'],
  [-4010, 'missing field: MinID'],
  [-4011, 'missing field: MaxID'],
  [-4013, 'invalid ID or IDs'],
  [-4014, 'MergeData missing'],
  [-4015, 'APIKey missing'],
]);

/**
 * The codes the facts call warnings: the query was understood and found nothing (-3115), or not
 * the item asked for (-3116). A caller that asks "anything yet?" expects them; they are no failure.
 */
export const WARNING_CODES: ReadonlySet<number> = new Set([-3115, -3116]);

export function isWarningCode(code: number | undefined): boolean {
  return code !== undefined && WARNING_CODES.has(code);
}

/** What a result code means, in the facts' words. */
export function describeResultCode(code: number): string {
  return resultCodes.get(code) ?? (code < 0 ? `unknown result code ${code}` : 'OK');
}

/**
 * Where a status belongs for a person looking for a mailer (`mailroom history --status`):
 * received, in process (waiting for funds or for delivery too), completed, cancelled or failed.
 * What cannot be seen (No Permissions) or was never answered is `unknown`.
 */
export const STATUS_GROUPS = ['received', 'in-process', 'completed', 'cancelled', 'failed', 'unknown'] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];

export interface MailerStatus {
  readonly code: number;
  readonly description: string;
  readonly group: StatusGroup;
  /** A final status never changes again. */
  readonly final: boolean;
  /** CancelDelivery is accepted: the mailer is not yet handed to the postal service (else -3022). */
  readonly cancellable?: true;
}

/**
 * The mailer status codes. -3001 is not a mailer state: it is what a multi-ID report answers
 * for an item the caller may not see (the facts leave the number open; this project uses -3001).
 */
export const mailerStatuses: readonly MailerStatus[] = [
  { code: -900, group: 'received', description: 'Received', final: false, cancellable: true },
  { code: -910, group: 'in-process', description: 'In Process', final: false, cancellable: true },
  {
    code: -990,
    group: 'in-process',
    description: 'Not enough funds available (continues if funds arrive within 72 hours)',
    final: false,
    cancellable: true,
  },
  { code: -995, group: 'in-process', description: 'Waiting For Delivery', final: false },
  { code: -1000, group: 'completed', description: 'Completed: successfully delivered to the postal agency', final: true },
  { code: -1002, group: 'completed', description: 'Completed: successfully processed in Development work mode', final: true },
  { code: -1005, group: 'cancelled', description: 'Actively canceled by user', final: true },
  { code: -1010, group: 'failed', description: 'Failed: no funds available to process the letter', final: true },
  { code: -1018, group: 'failed', description: 'Failed: the US address could not be verified', final: true },
  { code: -1021, group: 'failed', description: 'Failed: invalid page size', final: true },
  { code: -1025, group: 'failed', description: 'Failed: the document could not be processed', final: true },
  { code: -1045, group: 'failed', description: 'Failed: the address could not be extracted from the document', final: true },
  { code: -1065, group: 'failed', description: 'Failed: too many sheets for the envelope (7 sheets fit a No. 10 envelope)', final: true },
  { code: -1099, group: 'failed', description: 'Failed: internal error', final: true },
  { code: -3001, group: 'unknown', description: 'No Permissions', final: true },
];

export const NO_PERMISSIONS_STATUS = -3001;

/** A Production mailer the balance does not cover waits here; it goes on if funds arrive, else ends at -1010. */
export const WAITING_FOR_FUNDS_STATUS = -990;

/** Anything above -1000 is still in process; -1000 and below is final. */
export function isFinalStatus(code: number): boolean {
  return code <= -1000;
}

/** Whether CancelDelivery is accepted at this status: Received, In Process or waiting for funds. */
export function isCancellableStatus(code: number): boolean {
  return mailerStatuses.find((s) => s.code === code)?.cancellable === true;
}

/** The printed PDF exists from Waiting For Delivery on, for a mailer that did not fail. */
export function isPrintedStatus(code: number): boolean {
  return code === -995 || code === -1000 || code === -1002;
}

/** A status's group; a code the table does not know is `unknown`. */
export function statusGroupOf(code: number | undefined): StatusGroup {
  return mailerStatuses.find((s) => s.code === code)?.group ?? 'unknown';
}

export function describeStatus(code: number): string {
  return mailerStatuses.find((s) => s.code === code)?.description ?? `Status ${code}`;
}

/** Whether a final status is a success: completed in Production or in Development. */
export function isCompletedStatus(code: number): boolean {
  return code === -1000 || code === -1002;
}
