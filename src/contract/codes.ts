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

/** What a result code means, in the facts' words. */
export function describeResultCode(code: number): string {
  return resultCodes.get(code) ?? (code < 0 ? `unknown result code ${code}` : 'OK');
}

export interface MailerStatus {
  readonly code: number;
  readonly description: string;
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
  { code: -900, description: 'Received', final: false, cancellable: true },
  { code: -910, description: 'In Process', final: false, cancellable: true },
  { code: -990, description: 'Not enough funds available (continues if funds arrive within 72 hours)', final: false, cancellable: true },
  { code: -995, description: 'Waiting For Delivery', final: false },
  { code: -1000, description: 'Completed: successfully delivered to the postal agency', final: true },
  { code: -1002, description: 'Completed: successfully processed in Development work mode', final: true },
  { code: -1005, description: 'Actively canceled by user', final: true },
  { code: -1010, description: 'Failed: no funds available to process the letter', final: true },
  { code: -1018, description: 'Failed: the US address could not be verified', final: true },
  { code: -1021, description: 'Failed: invalid page size', final: true },
  { code: -1025, description: 'Failed: the document could not be processed', final: true },
  { code: -1045, description: 'Failed: the address could not be extracted from the document', final: true },
  { code: -1065, description: 'Failed: too many sheets for the envelope (7 sheets fit a No. 10 envelope)', final: true },
  { code: -1099, description: 'Failed: internal error', final: true },
  { code: -3001, description: 'No Permissions', final: true },
];

export const NO_PERMISSIONS_STATUS = -3001;

/** Anything above -1000 is still in process; -1000 and below is final. */
export function isFinalStatus(code: number): boolean {
  return code <= -1000;
}

/** Whether CancelDelivery is accepted at this status: Received, In Process or waiting for funds. */
export function isCancellableStatus(code: number): boolean {
  return mailerStatuses.find((s) => s.code === code)?.cancellable === true;
}

export function describeStatus(code: number): string {
  return mailerStatuses.find((s) => s.code === code)?.description ?? `Status ${code}`;
}

/** Whether a final status is a success: completed in Production or in Development. */
export function isCompletedStatus(code: number): boolean {
  return code === -1000 || code === -1002;
}
