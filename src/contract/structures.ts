/**
 * Every complex type of the contract: result structures, the items of their arrays, and the
 * parts of the `SendLetterAdvanced` request. A field is `[name, type]`; see `spec.ts` for the
 * type notation (`int`, `LetterStatus[]`, `string[][]`, an enum or structure name) and for the
 * trailing `?` that marks a field optional whatever its type.
 */

const resultCode = ['ResultCode', 'int'] as const;

/** The print and mailing properties of the extended reports, in the contract's order. */
const printProperties = [
  ['Orientation', 'string'],
  ['Envelope', 'string'],
  ['Paper', 'string'],
  ['PrintColor', 'string'],
  ['PrintSides', 'string'],
  ['Postcard', 'string'],
  ['NationalMailing', 'string'],
  ['InternationalMailing', 'string'],
] as const;

const detailsFields = [
  ['ID', 'int'],
  ['Price', 'decimal'],
  ['NumOfSheets', 'int'],
  ['SubmitTime', 'dateTime'],
  ['CompletionTime', 'dateTime'],
  ['Status', 'int'],
  ['StatusDescription', 'string'],
  ['IsBatch', 'boolean'],
  ['MyDescription', 'string'],
  ['MailerType', 'string'],
  ['WorkMode', 'string'],
] as const;

/** `GetLetterDetails` reports the print properties without `Postcard`. */
const letterDetailsFields = [
  resultCode,
  ['ID', 'int'],
  ['Price', 'decimal'],
  ['NumOfSheets', 'int'],
  ['SubmitTime', 'dateTime'],
  ['CompletionTime', 'dateTime'],
  ['Orientation', 'string'],
  ['Envelope', 'string'],
  ['Paper', 'string'],
  ['PrintColor', 'string'],
  ['PrintSides', 'string'],
  ['NationalMailing', 'string'],
  ['InternationalMailing', 'string'],
] as const;

export const structures = {
  // Items of report arrays.
  LetterStatusAndDesc: [
    ['ID', 'int'],
    ['Status', 'int'],
    ['Description', 'string'],
    ['LastUpdateTime', 'dateTime'],
  ],
  LetterStatus: [
    ['ID', 'int'],
    ['Status', 'int'],
    ['LastUpdateTime', 'dateTime'],
  ],
  Details: detailsFields,
  ExtendedDetails: [...detailsFields, ...printProperties],
  LetterBatchStatusAndDesc: [
    ['ItemID', 'int'],
    ['Status', 'int'],
    ['Description', 'string'],
    ['LastUpdateTime', 'dateTime'],
  ],
  ItemsStatusAndDescExtended: [
    ['ItemID', 'int'],
    ['Status', 'int'],
    ['Description', 'string'],
    ['Price', 'decimal'],
    ['NumOfSheets', 'int'],
    ['LastUpdateTime', 'dateTime'],
  ],
  FileDetails: [
    ['FileName', 'string'],
    ['SubmitTime', 'dateTime'],
    ['LastUsage', 'dateTime'],
    ['Permissions', 'string'],
    ['Description', 'string'],
  ],

  // Parts of the SendLetterAdvanced request. The contract leaves open which of them are
  // required; this project makes every one optional (an absent setting means "not wanted" or
  // the account's default), so that a reply envelope or a perforation is never forced on a letter.
  File: [
    ['FileExtension', 'string'],
    ['FileBinaryData', 'base64Binary'],
  ],
  Address: [
    ['AttentionLine1', 'string'],
    ['AttentionLine2', 'string'],
    ['Company', 'string'],
    ['Address1', 'string'],
    ['Address2', 'string'],
    ['City', 'string'],
    ['State', 'string'],
    ['Zipcode', 'string'],
    ['Country', 'string'],
  ],
  ReplyAddress: [
    ['Contact', 'Address'],
    ['StampingLocation?', 'StampingLocation'],
  ],
  Addresses: [
    ['RecipientAddress', 'Address'],
    ['ReplyAddress', 'ReplyAddress'],
  ],
  LetterSettings: [
    ['Perforation?', 'Perforation'],
    ['ReplyEnvelope?', 'ReplyEnvelope'],
    ['WorkMode?', 'WorkMode'],
    ['PrintColor?', 'PrintColor'],
  ],

  // Structured results, named `<Operation>Result` (the mail merge's is the exception).
  SendWordMailMergeResult: [resultCode, ['ResultDescription', 'string']],
  GetStatusResult: [resultCode, ['Statuses', 'LetterStatusAndDesc[]']],
  GetDetailsResult: [resultCode, ['Details', 'Details[]']],
  GetDetailsExtendedResult: [resultCode, ['Details', 'ExtendedDetails[]']],
  GetBatchStatusResult: [resultCode, ['ID', 'int'], ['Statuses', 'LetterBatchStatusAndDesc[]']],
  GetBatchDetailsResult: [
    resultCode,
    ['ID', 'int'],
    ['Price', 'decimal'],
    ['SubmitTime', 'dateTime'],
    ['CompletionTime', 'dateTime'],
    ['MyDescription', 'string'],
    ['MailerType', 'string'],
    ['WorkMode', 'string'],
    ...printProperties,
    ['Items', 'ItemsStatusAndDescExtended[]'],
  ],
  GetLetterStatusResult: [resultCode, ['Status', 'int'], ['LastUpdateTime', 'dateTime']],
  GetLetterStatusV2Result: [resultCode, ['Status', 'int'], ['Description', 'string'], ['LastUpdateTime', 'dateTime']],
  GetLetterStatus_MultipleResult: [resultCode, ['LetterStatuses', 'LetterStatus[]']],
  GetLetterStatusV2_MultipleResult: [resultCode, ['LetterStatuses', 'LetterStatusAndDesc[]']],
  GetLetterStatus_RangeResult: [resultCode, ['LetterStatuses', 'LetterStatus[]']],
  GetLetterStatusV2_RangeResult: [resultCode, ['LetterStatuses', 'LetterStatusAndDesc[]']],
  GetLetterDetailsResult: letterDetailsFields,
  GetLetterDetailsV2Result: [...letterDetailsFields, ['WorkMode', 'string']],
  GetPDFResult: [resultCode, ['FileData', 'base64Binary']],
  GetUploadedFileDetailsResult: [resultCode, ['UploadedFiles', 'FileDetails[]']],
} as const;

export type StructureName = keyof typeof structures;
