/**
 * Printing: letters, postcards and mail merges laid out as the service prints them, with the
 * address window, the Development mark, the sheets, the price and the reasons a mailer would fail
 * when printed (-1018, -1021, -1025, -1045, -1065), with the address the service reads from a
 * letter's page when none is given. The sandbox prints its mailers with it and the preflight its
 * proofs, so that both say the same. It reads the contract only; the build makes it a bundle of
 * its own (dist/printing.js, pdf-lib and its fonts) that its users load when needed, and what it
 * needs more rarely (pdf.js for Node, a fallback font and its engine) it loads from files beside
 * that bundle (assets.ts).
 */
export type { Block } from './blocks';
export { fieldsIn, fillFields } from './blocks';
export { UnreadableDocument, docxToBlocks } from './docx-text';
export { htmlToBlocks } from './html-text';
export { htmlPageSize, type PageSize, type Section } from './page-size';
export { LETTER_TOLERANCE, US_LETTER, isUsLetter, sizeWords, type Box } from './envelope';
export { RECIPIENT_WINDOW, RETURN_WINDOW } from './envelope';
export { addressLines } from './address-lines';
export { DEVELOPMENT_MARK } from './development-mark';
export { MAX_LETTER_SHEETS, measureLetters, printLetters } from './letter';
export { measurePostcard, printPostcard } from './postcard';
export type {
  Content,
  LetterJob,
  MissingCharacter,
  OffSizePage,
  PostalAddress,
  PostcardJob,
  PrintOptions,
  Printed,
  WorkModeUsed,
} from './print-jobs';
export { DEFAULT_PRICING, mailerPrice, printsInColour, type PricedMailer, type Pricing } from './pricing';
export {
  MERGE_SLICE_MS,
  fieldsWithoutColumn,
  measureMerge,
  mergeRows,
  mergeTemplate,
  nextTurn,
  postalAddressOf,
  printMerge,
  printMergeInto,
  turnTaker,
  unusedColumns,
  type MergeRow,
  type MergeTemplate,
} from './merge';
export { hasErrors, type Finding, type Severity } from './preflight/findings';
export { passingRows, unsendable } from './preflight/unsendable';
export {
  MAX_PRINTED_BYTES,
  preflightLetter,
  printedSizeFinding,
  type LetterPreflightOptions,
  type LetterToCheck,
  type PreflightReport,
  type PrintSettings,
  type ProofMarks,
} from './preflight/letter';
export { inkFindings, type CutMark, type InkCheck, type InkReport } from './preflight/ink-findings';
export { markedProof } from './preflight/marked-proof';
export { letterCutMarks, markCutInk } from './letter-cut-marks';
export {
  DRAWN_TYPES,
  ENGINE_OFF,
  ENGINE_VARIABLES,
  closeEngines,
  drawDocument,
  serviceTakes,
  useEngines,
  type DrawnBy,
  type Drawing,
  type EnginePaths,
} from './engines';
export { drawContents, drawPostcardSides, type DrawnContents } from './drawn';
export { preflightPostcard, type PostcardPreflightReport } from './preflight/postcard';
export { preflightMerge, type MergeLetter, type MergePreflightOptions, type MergePreflightReport } from './preflight/merge';
export { addressCheckFailure, failsAddressCheck, verifyAddress, type AddressVerdict } from './address/verify';
export { ZIP_SOURCES, servesCity, stateCode, zipCode, type ZipCode } from './address/zips';
export { withZipMeant, zipFinding } from './preflight/findings';
export {
  csvDiagnostics,
  frontMatterDiagnostics,
  mergeDataDiagnostics,
  namesAddressColumn,
  type QuickFix,
  type TextEdit,
  type TextFinding,
} from './diagnostics';
