/**
 * The four services of the Mail WS and every operation on each, in the contract's parameter
 * order. This table is the one place an operation's shape is written: the WSDLs, the client's
 * encoders, the sandbox's decoders and the TypeScript request and result types all derive from it.
 *
 * `result` is `int` (a bare int) or the name of a structure in `structures.ts`.
 * `effect` is what a call does to the account: `send` prints and spends money (never retried, and a
 * positive result code is the new mailer's or batch's ID), `read` changes nothing (safe to retry,
 * paced by the service's rate limit), `change` changes something else (cancel, stored files, settings).
 */

const credentials = [
  ['Username', 'string'],
  ['Password', 'string'],
] as const;
const letterFile = [
  ['MyDescription', 'string'],
  ['FileExtension', 'string'],
  ['FileBinaryData', 'base64Binary'],
] as const;
const workMode = ['WorkMode', 'WorkMode'] as const;
const attentionLines = [
  ['AttentionLine1', 'string'],
  ['AttentionLine2', 'string'],
] as const;
const attentionLine3 = ['AttentionLine3', 'string'] as const;
const postalAddress = [
  ['Company', 'string'],
  ['Address1', 'string'],
  ['Address2', 'string'],
  ['City', 'string'],
  ['State', 'string'],
  ['PostalCode', 'string'],
  ['Country', 'string'],
] as const;
/** A letter's recipient, field by field, in the contract's names and order (SendLetterAndAddressV2's). */
export const RECIPIENT_FIELDS = [...attentionLines, attentionLine3, ...postalAddress].map(([name]) => name);
const idList = [...credentials, ['ID', 'string']] as const;
const oneId = [...credentials, ['ID', 'int']] as const;
const batchItems = [...credentials, ['ID', 'int'], ['ItemID', 'string']] as const;
const idRange = [...credentials, ['MinID', 'int'], ['MaxID', 'int']] as const;
const postcardSides = [
  ['MyDescription', 'string'],
  ['ImageSideFileType', 'string'],
  ['ImageSideBinaryData', 'base64Binary'],
  ['ImageSideScaling', 'ImageSideScaling'],
  ['AddressSideFileType', 'string'],
  ['AddressSideBinaryData', 'base64Binary'],
  workMode,
  ['PrintColor', 'PrintColor'],
  ['PostcardSize', 'PostcardSize'],
  ['MailingPriority', 'MailingPriority'],
] as const;

const getPDF = {
  doc: 'Fetches the PDF used for printing a mailer.',
  effect: 'read',
  params: [...credentials, ['ID', 'int']],
  result: 'GetPDFResult',
} as const;

export const services = {
  simple: {
    title: 'simple service',
    path: '/MailWS.asmx',
    className: 'MailWS',
    bindings: ['soap11', 'soap12', 'http-get', 'http-post'],
    operations: {
      SendLetterV2: {
        doc: 'Sends a letter file in the given work mode.',
        effect: 'send',
        params: [...credentials, ...letterFile, workMode],
        result: 'int',
      },
      SendLetterAndAddress: {
        doc: "Sends a letter file with its recipient address, in the user's default work mode.",
        effect: 'send',
        params: [...credentials, ...letterFile, ...attentionLines, attentionLine3, ...postalAddress],
        result: 'int',
      },
      SendLetterAndAddressV2: {
        doc: 'Sends a letter file with its recipient address in the given work mode.',
        effect: 'send',
        params: [...credentials, ...letterFile, workMode, ...attentionLines, attentionLine3, ...postalAddress],
        result: 'int',
      },
      SendPostcardAndAddress: {
        doc: 'Sends a postcard: an image side, an address side and the recipient address.',
        effect: 'send',
        params: [...credentials, ...postcardSides, ...attentionLines, attentionLine3, ...postalAddress],
        result: 'int',
      },
      GetLetterStatus: {
        doc: 'Reports the status of one mailer.',
        effect: 'read',
        params: oneId,
        result: 'GetLetterStatusResult',
      },
      GetLetterStatusV2: {
        doc: 'Reports the status of one mailer with its description.',
        effect: 'read',
        params: oneId,
        result: 'GetLetterStatusV2Result',
      },
      GetLetterStatus_Multiple: {
        doc: 'Reports the status of several mailers named by an ID string.',
        effect: 'read',
        params: idList,
        result: 'GetLetterStatus_MultipleResult',
      },
      GetLetterStatusV2_Multiple: {
        doc: 'Reports the status and description of several mailers named by an ID string.',
        effect: 'read',
        params: idList,
        result: 'GetLetterStatusV2_MultipleResult',
      },
      GetLetterStatus_Range: {
        doc: 'Reports the status of the mailers from MinID to MaxID, both included.',
        effect: 'read',
        params: idRange,
        result: 'GetLetterStatus_RangeResult',
      },
      GetLetterStatusV2_Range: {
        doc: 'Reports the status and description of the mailers from MinID to MaxID, both included.',
        effect: 'read',
        params: idRange,
        result: 'GetLetterStatusV2_RangeResult',
      },
      GetLetterDetails: {
        doc: 'Reports the price, sheets, times and print properties of one letter.',
        effect: 'read',
        params: oneId,
        result: 'GetLetterDetailsResult',
      },
      GetLetterDetailsV2: {
        doc: 'Reports the details of one letter with its work mode.',
        effect: 'read',
        params: oneId,
        result: 'GetLetterDetailsV2Result',
      },
      GetPDF: getPDF,
    },
  },
  datedA: {
    title: 'dated service A',
    path: '/2009-02-26/MailWS.asmx',
    className: 'MailWS',
    bindings: ['soap11', 'soap12', 'http-get', 'http-post'],
    operations: {
      SendLetter: {
        doc: 'Sends a letter file in the given work mode.',
        effect: 'send',
        params: [...credentials, ...letterFile, workMode],
        result: 'int',
      },
      SendLetterAndAddress: {
        doc: 'Sends a letter file with its recipient address in the given work mode.',
        effect: 'send',
        params: [...credentials, ...letterFile, workMode, ...attentionLines, ...postalAddress],
        result: 'int',
      },
      SendPostcardAndAddress: {
        doc: 'Sends a postcard: an image side, an address side and the recipient address.',
        effect: 'send',
        params: [...credentials, ...postcardSides, ...attentionLines, ...postalAddress],
        result: 'int',
      },
      SendWordMailMerge_Compressed: {
        doc: 'Sends one letter per row of compressed merge data, from one template: a batch.',
        effect: 'send',
        params: [...credentials, ...letterFile, ['MergeData', 'base64Binary'], workMode],
        result: 'SendWordMailMergeResult',
      },
      GetStatus: {
        doc: 'Reports the status of the mailers named by an ID string.',
        effect: 'read',
        params: idList,
        result: 'GetStatusResult',
      },
      GetDetails: {
        doc: 'Reports the details of the mailers named by an ID string.',
        effect: 'read',
        params: idList,
        result: 'GetDetailsResult',
      },
      GetDetailsExtended: {
        doc: 'Reports the details and print properties of the mailers named by an ID string.',
        effect: 'read',
        params: idList,
        result: 'GetDetailsExtendedResult',
      },
      GetBatchStatus: {
        doc: 'Reports the status of the items of a batch.',
        effect: 'read',
        params: batchItems,
        result: 'GetBatchStatusResult',
      },
      GetBatchDetails: {
        doc: 'Reports the details of a batch and of its items.',
        effect: 'read',
        params: batchItems,
        result: 'GetBatchDetailsResult',
      },
      GetPDF: getPDF,
      CancelDelivery: {
        doc: 'Cancels a mailer not yet handed to the postal service; a deducted amount is refunded at once.',
        effect: 'change',
        params: oneId,
        result: 'int',
      },
      UploadFile: {
        doc: 'Stores a file for later use.',
        effect: 'change',
        params: [
          ...credentials,
          ['MyFileName', 'string'],
          ['FileBinaryData', 'base64Binary'],
          ['Permissions', 'Permissions'],
          ['Description', 'string'],
          ['Overwrite', 'boolean'],
        ],
        result: 'int',
      },
      DeleteUploadedFile: {
        doc: 'Removes a stored file.',
        effect: 'change',
        params: [...credentials, ['MyFileName', 'string']],
        result: 'int',
      },
      GetUploadedFileDetails: {
        doc: "Lists the account's stored files.",
        effect: 'read',
        params: credentials,
        result: 'GetUploadedFileDetailsResult',
      },
    },
  },
  datedB: {
    title: 'dated service B',
    path: '/2009-09-09/MailWS.asmx',
    className: 'MailWS',
    bindings: ['soap11', 'soap12'],
    operations: {
      SendLetterAdvanced: {
        doc: 'Sends one letter made of several files, with full control over its settings.',
        effect: 'send',
        params: [
          ['APIKey', 'string'],
          ['MyDescription', 'string'],
          ['Files', 'File[]'],
          ['Addresses', 'Addresses'],
          ['Settings', 'LetterSettings'],
        ],
        result: 'int',
      },
    },
  },
  admin: {
    title: 'admin service',
    path: '/2009-09-09/AdminTools.asmx',
    className: 'AdminTools',
    bindings: ['soap11', 'soap12'],
    operations: {
      SetUserSettings: {
        doc: "Changes a user's settings: a list of name and value pairs.",
        effect: 'change',
        params: [
          ['APIKey', 'string'],
          ['Username', 'string'],
          ['Settings', 'string[][]'],
        ],
        result: 'int',
      },
    },
  },
} as const;

export type Services = typeof services;
export type ServiceKey = keyof Services;
export type Binding = Services[ServiceKey]['bindings'][number];
