/**
 * What the service checks in a request before it does anything, with the code it answers:
 * field lengths, missing fields, document types and limits (facts, Part A; Part B where marked).
 */

/** Longest value of a field, and the code a longer one answers. */
export const fieldLimits: Readonly<Record<string, { readonly maxLength: number; readonly code: number }>> = {
  // The facts give MyDescription's limit but no code; this project answers -3212 (invalid parameter).
  MyDescription: { maxLength: 100, code: -3212 },
  AttentionLine1: { maxLength: 45, code: -3120 },
  AttentionLine2: { maxLength: 45, code: -3121 },
  AttentionLine3: { maxLength: 45, code: -3122 },
  Company: { maxLength: 45, code: -3117 },
  Address1: { maxLength: 45, code: -3118 },
  Address2: { maxLength: 45, code: -3119 },
  City: { maxLength: 30, code: -3113 },
  State: { maxLength: 30, code: -3114 },
  PostalCode: { maxLength: 15, code: -3123 },
  // SendLetterAdvanced names the postal code Zipcode; it is held to the PostalCode limit.
  Zipcode: { maxLength: 15, code: -3123 },
  Country: { maxLength: 30, code: -3124 },
  MyFileName: { maxLength: 255, code: -3126 },
};

/** The code a missing (absent or empty) field answers. */
export const missingFieldCodes: Readonly<Record<string, number>> = {
  Username: -4001,
  Password: -4002,
  MyDescription: -4003,
  FileExtension: -4004,
  FileBinaryData: -4005,
  Address1: -4006,
  City: -4007,
  ID: -4009,
  MinID: -4010,
  MaxID: -4011,
  MergeData: -4014,
  APIKey: -4015,
};

/** A letter with an address needs AttentionLine1 or Company: -4008 when both are missing. */
export const MISSING_ATTENTION_OR_COMPANY = -4008;

/** Letter documents the service prints; `txt` is refused with -3004. */
export const letterFileTypes = ['pdf', 'doc', 'docx', 'html', 'htm'] as const;

/** Postcard sides (Part B: the documentation names only jpg). */
export const postcardFileTypes = ['jpg', 'jpeg', 'png', 'pdf', 'html'] as const;

/** Mail-merge templates (Part B). */
export const mergeTemplateTypes = ['docx', 'html', 'htm'] as const;

/** Naming a stored file in an extension field: `MyFile:<name>.<ext>` with empty binary data. */
export const STORED_FILE_PREFIX = 'MyFile:';
/** Naming a stored HTML template, the binary data holding XML merge values. */
export const STORED_TEMPLATE_PREFIX = 'MyTemplate:';

/** A stored file's name: `<name>.<ext>`, at most 255 characters. */
export const STORED_FILE_NAME = /^[^\\/:*?"<>|\r\n]+\.[A-Za-z0-9]+$/;
export const MAX_STORED_FILES = 20;

/** Items one multi-ID query answers; items past this are ignored by the service. */
export const MAX_IDS_PER_QUERY = 1000;

/** The real service answers each Get method once per 6 seconds per user, else -3500. */
export const REAL_SERVICE_MIN_INTERVAL_MS = 6000;

/** The file type of a name or extension field, lower case, without a leading dot. */
export function normalizeFileType(extension: string): string {
  return extension.trim().replace(/^\./, '').toLowerCase();
}
