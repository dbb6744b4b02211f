/** The typed Mail WS client: `new MailWsClient({ endpoint, binding, credentials })`. */
export * from './client';
export * from './errors';
export { HTTP_DOCUMENT_LIMIT, HTTP_GET_QUERY_LIMIT, routeCall, type Route } from './route';
export { batchLetters, fetchDetails, fetchStatuses, type MailerDetails, type MailerStatus } from './tracking';
export { damagedLineWords, type DamagedLine } from './json-lines';
export {
  SendLog,
  SendLogError,
  appendSendLogLines,
  describeSend,
  readSendLog,
  workModeAsked,
  type SendAdmission,
  type SendLogRecord,
  type SendNote,
  type SendOutcome,
  type SendRecorder,
} from './send-log';
export {
  PRINT_SETTING_NAMES,
  SettingsLog,
  printSettingsSet,
  readSettingsLog,
  type PrintSettingName,
  type SettingsLogRecord,
  type SettingsRecorder,
  type SettingsVia,
} from './settings-log';
export {
  AddressError,
  checkAddressFields,
  describeFields,
  notReadAsAddress,
  parseAddressLine,
  readAddressLine,
  type RecipientAddress,
} from '../contract';
export { checkSignIn } from './sign-in';
export {
  FrontMatterError,
  readFrontMatter,
  readFrontMatterAsWritten,
  type FrontMatter,
  type FrontMatterProblem,
  type FrontMatterRecipient,
} from '../contract/front-matter';
export {
  DocumentError,
  DRAWN_ONLY_TYPES,
  fileTypeOf,
  LETTER_DOCUMENT_TYPES,
  letterDocument,
  letterDraft,
  type DocumentOptions,
  type LetterDocument,
  type LetterDraft,
} from './letter-document';
export { keptRowsFile, mailMerge, mergeDataText, mergeWithRows, type MailMerge } from './mail-merge';
