/**
 * How large an answer each operation can need, worked out once from its result's shape, so that
 * the client stops reading an answer no Mail WS could give (a status report of 300 MB is not one)
 * before it holds it. A bound is the most every field of the result can take, written as XML: the
 * arrays at the most items the service answers (facts, Part A; the batches' bound is Part B), the
 * strings at the longest the service writes, every character escaped as long as XML escapes one.
 *
 * The numbers are data, here; the walk over the result's type is the one code path for every
 * operation. A bound is never below ANSWER_FLOOR_BYTES, so that a fault or a gateway's error page
 * is read and reported as what it is.
 */
import { fieldLimits, MAX_IDS_PER_QUERY, MAX_STORED_FILES } from './rules';
import type { Operation, TypeRef } from './model';

/**
 * Part B: the most items a batch's report holds at once (GetBatchStatus, GetBatchDetails), twice
 * the largest merge this project is built for (100,000 rows). A larger batch's items are asked
 * for in parts, by ItemID.
 */
export const MAX_BATCH_ITEMS_ANSWERED = 200_000;

/**
 * Part B: the largest PDF GetPDF returns that the client takes: a letter's is at most 2 MB by the
 * documentation, a batch's holds every item's letter. Held in memory whole, as the result gives it.
 */
export const MAX_PDF_BYTES = 256 * 1024 * 1024;

/** Every answer may be this large: faults, and the error pages of whatever stands in front of the service. */
export const ANSWER_FLOOR_BYTES = 1024 * 1024;

/** The SOAP envelope around a result, its XML declaration and headers. */
const ENVELOPE_BYTES = 16 * 1024;

/**
 * Per element: its two tags, a namespace prefix on each, an xmlns or xsi:nil attribute, and the
 * line break and indentation a pretty-printed answer puts around it.
 */
const ELEMENT_OVERHEAD = 64;

/**
 * Bytes one character of a string can take in the answer: three in UTF-8 (a UTF-16 unit), six
 * escaped (`&quot;`); numeric references, which .NET writes only for control characters, are
 * no longer (`&#x1F;`).
 */
const BYTES_PER_CHARACTER = 6;

/** Answer bytes of a value type's text: int, a decimal of 29 digits, a dateTime with 7 fraction digits and an offset. */
const VALUE_BYTES = { int: 11, decimal: 31, dateTime: 33, boolean: 5 } as const;

/**
 * The longest string the service writes in a field (characters), by `Structure.Field` or by field
 * name; STRING_DEFAULT otherwise. Status words are the facts' (none near 100 characters), a
 * mailer's description is a MyDescription, a file's name a MyFileName.
 */
const STRING_CHARACTERS: Readonly<Record<string, number>> = {
  MyDescription: fieldLimits.MyDescription!.maxLength,
  Description: fieldLimits.MyDescription!.maxLength,
  StatusDescription: fieldLimits.MyDescription!.maxLength,
  FileName: fieldLimits.MyFileName!.maxLength,
  // What a merge did, which can name the data's fields: the service sets no limit.
  ResultDescription: 64 * 1024,
  // An uploaded file's description, whose length the facts do not limit.
  'FileDetails.Description': 64 * 1024,
};
/** Every other string of a result: a mailer type, a work mode, a print property, a permission, all names from short lists. */
const STRING_DEFAULT = 100;

/** The most items of a result's array, by `Structure.Field`, and what they are in the service's words. */
const ARRAY_ITEMS: Readonly<Record<string, { readonly items: number; readonly what: string }>> = {
  'GetStatusResult.Statuses': { items: MAX_IDS_PER_QUERY, what: 'statuses' },
  'GetDetailsResult.Details': { items: MAX_IDS_PER_QUERY, what: 'mailers' },
  'GetDetailsExtendedResult.Details': { items: MAX_IDS_PER_QUERY, what: 'mailers' },
  'GetLetterStatus_MultipleResult.LetterStatuses': { items: MAX_IDS_PER_QUERY, what: 'statuses' },
  'GetLetterStatusV2_MultipleResult.LetterStatuses': { items: MAX_IDS_PER_QUERY, what: 'statuses' },
  'GetLetterStatus_RangeResult.LetterStatuses': { items: MAX_IDS_PER_QUERY, what: 'statuses' },
  'GetLetterStatusV2_RangeResult.LetterStatuses': { items: MAX_IDS_PER_QUERY, what: 'statuses' },
  'GetBatchStatusResult.Statuses': { items: MAX_BATCH_ITEMS_ANSWERED, what: 'batch items' },
  'GetBatchDetailsResult.Items': { items: MAX_BATCH_ITEMS_ANSWERED, what: 'batch items' },
  'GetUploadedFileDetailsResult.UploadedFiles': { items: MAX_STORED_FILES, what: 'stored files' },
};

/** The largest base64Binary of a result, by `Structure.Field`, and what it is. */
const BINARY_BYTES: Readonly<Record<string, { readonly bytes: number; readonly what: string }>> = {
  'GetPDFResult.FileData': { bytes: MAX_PDF_BYTES, what: 'PDF' },
};

export interface AnswerLimit {
  /** The largest answer of the operation, in bytes, whichever binding it comes over. */
  readonly bytes: number;
  /** What the largest answer holds, in the service's words: "1000 statuses", "a 256 MB PDF"; empty for a fixed shape. */
  readonly holds: string;
  /** What to do when more is wanted than one answer holds, when something can be. */
  readonly advice?: string;
}

const limits = new Map<Operation, AnswerLimit>();

/** The largest answer an operation can need (see the file's header). */
export function answerLimit(op: Operation): AnswerLimit {
  let limit = limits.get(op);
  if (!limit) {
    const holds: string[] = [];
    const result = ENVELOPE_BYTES + element(op.resultElement, bytesOf(op.result, op.resultElement, holds));
    const batch = op.params.some((p) => p.name === 'ItemID');
    limit = {
      bytes: Math.max(ANSWER_FLOOR_BYTES, Math.ceil(result)),
      holds: holds.join(' and '),
      ...(batch ? { advice: 'ask for its items in parts, naming them in ItemID' } : {}),
    };
    limits.set(op, limit);
  }
  return limit;
}

const element = (name: string, content: number) => 2 * name.length + 5 + ELEMENT_OVERHEAD + content;

/** The most bytes a value of the type takes as the content of its element `owner.field`. */
function bytesOf(type: TypeRef, path: string, holds: string[]): number {
  switch (type.kind) {
    case 'primitive':
      if (type.name === 'string') {
        const field = path.slice(path.lastIndexOf('.') + 1);
        return (STRING_CHARACTERS[path] ?? STRING_CHARACTERS[field] ?? STRING_DEFAULT) * BYTES_PER_CHARACTER;
      }
      if (type.name === 'base64Binary') {
        const binary = BINARY_BYTES[path];
        if (!binary) throw new Error(`the contract sets no largest size for ${path}: add it to BINARY_BYTES`);
        holds.push(`a ${megabytes(binary.bytes)} ${binary.what}`);
        // Four characters per three bytes, and a line break every 76 as some encoders write.
        return Math.ceil(binary.bytes / 3) * 4 * (78 / 76);
      }
      return VALUE_BYTES[type.name];
    case 'enum':
      return Math.max(...type.values.map((v) => v.length));
    case 'structure':
      return type.fields.reduce((sum, f) => sum + element(f.name, bytesOf(f.type, `${type.name}.${f.name}`, holds)), 0);
    case 'array': {
      const array = ARRAY_ITEMS[path];
      if (!array) throw new Error(`the contract sets no most items for ${path}: add it to ARRAY_ITEMS`);
      holds.push(`${array.items} ${array.what}`);
      return array.items * element(type.itemElement, bytesOf(type.item, type.itemElement, []));
    }
  }
}

/** A size in words: "256 MB", "1.4 MB", "120 KB". */
export function megabytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}
