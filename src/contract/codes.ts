/**
 * The result codes and mailer status codes of the facts (`service-facts.md`, Part A).
 */
import { userSettings } from './settings';

/**
 * The result codes, each with a name in the facts' words (how code outside this table says one:
 * `RESULT.CancellationDenied`, never -3022) and its meaning. The 27 codes of an invalid setting
 * value follow the settings (settingCode); they are named by their setting, not here.
 */
const RESULT_TABLE = [
  [-3000, 'OK', 'OK'],
  [-3001, 'NotAuthorized', 'not authorized to access this item'],
  [-3002, 'UserBlocked', 'user is blocked'],
  [-3003, 'NotAuthenticated', 'not authenticated (unknown user or API key, or wrong password)'],
  [-3004, 'FileExtensionNotSupported', 'file extension not supported'],
  [-3010, 'NoFunds', 'no funds'],
  [-3020, 'PdfNotAvailable', 'file (PDF) not available now: still processing, or deleted'],
  [-3022, 'CancellationDenied', 'cancellation denied: already handed to the postal service, or already cancelled'],
  [-3113, 'CityTooLong', 'City longer than 30'],
  [-3114, 'StateTooLong', 'State longer than 30'],
  [-3115, 'NoData', 'warning: the query returned no data'],
  [-3116, 'NoSuchItemId', 'warning: the item ID does not exist'],
  [-3117, 'CompanyTooLong', 'Company longer than 45'],
  [-3118, 'Address1TooLong', 'Address1 longer than 45'],
  [-3119, 'Address2TooLong', 'Address2 longer than 45'],
  [-3120, 'AttentionLine1TooLong', 'AttentionLine1 longer than 45'],
  [-3121, 'AttentionLine2TooLong', 'AttentionLine2 longer than 45'],
  [-3122, 'AttentionLine3TooLong', 'AttentionLine3 longer than 45'],
  [-3123, 'PostalCodeTooLong', 'PostalCode longer than 15'],
  [-3124, 'CountryTooLong', 'Country longer than 30'],
  [-3125, 'AdministratorsOnly', 'administrators only'],
  [-3126, 'InvalidFileName', 'invalid file name (must be Name.ext)'],
  [-3127, 'FileNameExists', 'file name already exists'],
  [-3128, 'ImageSideFileTypeMissing', 'ImageSideFileType empty or missing'],
  [-3129, 'AddressSideFileTypeMissing', 'AddressSideFileType empty or missing'],
  [-3130, 'ImageSideFileTypeNotSupported', 'ImageSideFileType extension not supported'],
  [-3131, 'AddressSideFileTypeNotSupported', 'AddressSideFileType extension not supported'],
  [-3132, 'ImageSideBinaryDataMissing', 'ImageSideBinaryData empty or missing'],
  [-3133, 'AddressSideBinaryDataMissing', 'AddressSideBinaryData empty or missing'],
  [-3134, 'ImageSideStoredFileMissing', 'image-side stored file does not exist for this user'],
  [-3135, 'AddressSideStoredFileMissing', 'address-side stored file does not exist for this user'],
  [-3136, 'ImageSideFieldsMissing', 'image side: fields missing from template'],
  [-3137, 'AddressSideFieldsMissing', 'address side: fields missing from template'],
  [-3138, 'ImageSideInvalidMergeXml', 'image side: invalid XML merge data'],
  [-3139, 'AddressSideInvalidMergeXml', 'address side: invalid XML merge data'],
  [-3142, 'ImageSideNotTemplate', 'image side: file cannot be used as a template'],
  [-3143, 'AddressSideNotTemplate', 'address side: file cannot be used as a template'],
  [-3144, 'InvalidMergeData', 'invalid merge data'],
  [-3145, 'MergeFieldNotInTemplate', 'merge data has a field that is not in the template'],
  [-3146, 'NoSuchStoredDocument', 'stored document does not exist'],
  [-3147, 'FileAndTemplate', 'a file and a template in the same request are not allowed'],
  [-3150, 'GeneralSystemError', 'general system error'],
  [-3160, 'NoSuchFile', 'file does not exist'],
  [-3161, 'InsufficientPermissions', 'insufficient permissions'],
  [-3162, 'TooManyStoredFiles', 'too many stored files'],
  [-3163, 'NoStoredFiles', 'no stored files for the account'],
  [-3164, 'AccountPermissionAdminOnly', 'only an administrator can store a file with Account permission'],
  [-3165, 'NoApiKey', 'user has no API key'],
  [-3209, 'NoMoreUsers', 'no more users allowed'],
  [-3210, 'LastAdministrator', 'cannot remove the last administrator'],
  [-3211, 'NoSuchUser', 'user does not exist in this account'],
  [-3212, 'InvalidParameters', 'one or more parameters are invalid'],
  [-3240, 'InvalidSettingsArray', 'invalid settings array (each entry must be a pair: name, value)'],
  [-3500, 'RateLimit', 'too many calls of this method (rate limit)'],
  [-4001, 'MissingUsername', 'missing field: Username'],
  [-4002, 'MissingPassword', 'missing field: Password'],
  [-4003, 'MissingMyDescription', 'missing field: MyDescription'],
  [-4004, 'MissingFileExtension', 'missing field: FileExtension'],
  [-4005, 'MissingFileBinaryData', 'missing field: FileBinaryData'],
  [-4006, 'MissingAddress1', 'missing field: Address1'],
  [-4007, 'MissingCity', 'missing field: City'],
  [-4008, 'MissingAttentionLine1OrCompany', 'missing field: AttentionLine1 or Company'],
  [-4009, 'MissingId', 'missing field: ID'],
  [-4010, 'MissingMinId', 'missing field: MinID'],
  [-4011, 'MissingMaxId', 'missing field: MaxID'],
  [-4013, 'InvalidIds', 'invalid ID or IDs'],
  [-4014, 'MissingMergeData', 'MergeData missing'],
  [-4015, 'MissingApiKey', 'APIKey missing'],
] as const satisfies readonly (readonly [number, string, string])[];

type ResultRow = (typeof RESULT_TABLE)[number];
export type ResultName = ResultRow[1];

/** Each result code by its name: `RESULT.NoData` is -3115. */
export const RESULT = Object.fromEntries(RESULT_TABLE.map(([code, name]) => [name, code])) as {
  readonly [Row in ResultRow as Row[1]]: number;
};

export const OK = RESULT.OK;

/** What each result code means, in the facts' words: the table's, and each setting's invalid value. */
export const resultCodes: ReadonlyMap<number, string> = new Map<number, string>([
  ...RESULT_TABLE.map(([code, , meaning]): [number, string] => [code, meaning]),
  ...userSettings.map(({ name }, index): [number, string] => [-3213 - index, `invalid value for the setting ${name}`]),
]);

/**
 * The codes the facts call warnings: the query was understood and found nothing (-3115), or not
 * the item asked for (-3116). A caller that asks "anything yet?" expects them; they are no failure.
 */
export const WARNING_CODES: ReadonlySet<number> = new Set([RESULT.NoData, RESULT.NoSuchItemId]);

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
  /** How code outside this table says it (STATUS). */
  readonly name: string;
  readonly description: string;
  readonly group: StatusGroup;
  /** A final status never changes again. */
  readonly final: boolean;
  /** CancelDelivery is accepted: the mailer is not yet handed to the postal service (else -3022). */
  readonly cancellable?: true;
}

/**
 * The mailer status codes, each with a name for code outside this table. -3001 is not a mailer state: it is what a multi-ID report answers
 * for an item the caller may not see (the facts leave the number open; this project uses -3001).
 */
const STATUS_TABLE = [
  { code: -900, name: 'Received', group: 'received', description: 'Received', final: false, cancellable: true },
  { code: -910, name: 'InProcess', group: 'in-process', description: 'In Process', final: false, cancellable: true },
  {
    code: -990,
    name: 'NotEnoughFunds',
    group: 'in-process',
    description: 'Not enough funds available (continues if funds arrive within 72 hours)',
    final: false,
    cancellable: true,
  },
  { code: -995, name: 'WaitingForDelivery', group: 'in-process', description: 'Waiting For Delivery', final: false },
  {
    code: -1000,
    name: 'Completed',
    group: 'completed',
    description: 'Completed: successfully delivered to the postal agency',
    final: true,
  },
  {
    code: -1002,
    name: 'CompletedInDevelopment',
    group: 'completed',
    description: 'Completed: successfully processed in Development work mode',
    final: true,
  },
  { code: -1005, name: 'Canceled', group: 'cancelled', description: 'Actively canceled by user', final: true },
  { code: -1010, name: 'NoFunds', group: 'failed', description: 'Failed: no funds available to process the letter', final: true },
  { code: -1018, name: 'AddressNotVerified', group: 'failed', description: 'Failed: the US address could not be verified', final: true },
  { code: -1021, name: 'InvalidPageSize', group: 'failed', description: 'Failed: invalid page size', final: true },
  { code: -1025, name: 'DocumentNotProcessed', group: 'failed', description: 'Failed: the document could not be processed', final: true },
  {
    code: -1045,
    name: 'AddressNotExtracted',
    group: 'failed',
    description: 'Failed: the address could not be extracted from the document',
    final: true,
  },
  {
    code: -1065,
    name: 'TooManySheets',
    group: 'failed',
    description: 'Failed: too many sheets for the envelope (7 sheets fit a No. 10 envelope)',
    final: true,
  },
  { code: -1099, name: 'InternalError', group: 'failed', description: 'Failed: internal error', final: true },
  { code: -3001, name: 'NoPermissions', group: 'unknown', description: 'No Permissions', final: true },
] as const satisfies readonly MailerStatus[];

export const mailerStatuses: readonly MailerStatus[] = STATUS_TABLE;

type StatusRow = (typeof STATUS_TABLE)[number];
export type StatusName = StatusRow['name'];

/** Each mailer status by its name: `STATUS.AddressNotVerified` is -1018. */
export const STATUS = Object.fromEntries(STATUS_TABLE.map(({ code, name }) => [name, code])) as {
  readonly [Row in StatusRow as Row['name']]: number;
};

export const NO_PERMISSIONS_STATUS = STATUS.NoPermissions;

/** Anything above -1000 is still in process; -1000 and below is final. */
export function isFinalStatus(code: number): boolean {
  return code <= STATUS.Completed;
}

/** Whether CancelDelivery is accepted at this status: Received, In Process or waiting for funds. */
export function isCancellableStatus(code: number): boolean {
  return mailerStatuses.find((s) => s.code === code)?.cancellable === true;
}

/** The printed PDF exists from Waiting For Delivery on, for a mailer that did not fail. */
export function isPrintedStatus(code: number): boolean {
  return code === STATUS.WaitingForDelivery || isCompletedStatus(code);
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
  return code === STATUS.Completed || code === STATUS.CompletedInDevelopment;
}
