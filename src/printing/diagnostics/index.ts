/** The editor's live diagnostics of a front-matter address and a mail merge's CSV, in text offsets. */
export { csvDiagnostics, mergeDataDiagnostics, namesAddressColumn } from './csv';
export { frontMatterDiagnostics } from './letter';
export type { QuickFix, TextEdit, TextFinding } from './types';
