/**
 * The preflight's errors a send does not go on with, in any work mode, from the command line and
 * VS Code alike: the service could take no address from the letter (-1045: none in the window, or
 * text there that is no address, or a field holding a line break), or it is over a limit of the
 * service's (`Finding.limit`: the printed PDF's 2 MB). Other errors a Development send may still
 * show failing, as the sandbox fails it. Small on purpose: the extension reads it without the print shop.
 */
import { STATUS } from '../../contract';
import type { Finding } from './findings';

export function unsendable(findings: readonly Finding[]): Finding[] {
  return findings.filter((f) => f.severity === 'error' && (f.code === STATUS.AddressNotExtracted || f.limit !== undefined));
}

/**
 * The data rows (1-based) of a merge whose letters nothing fails, for a send of only those ("Send
 * the N Rows That Pass", `mailroom merge --only-passing`): every row but those an error names. None
 * when an error names no row (the header, the CSV as a whole, the template): the merge then fails
 * whatever rows it keeps.
 */
export function passingRows(report: { readonly findings: readonly Finding[]; readonly rows: number }): number[] | undefined {
  const errors = report.findings.filter((f) => f.severity === 'error');
  if (errors.some((f) => f.row === undefined)) return undefined;
  const failing = new Set(errors.map((f) => f.row!));
  return Array.from({ length: report.rows }, (_, i) => i + 1).filter((row) => !failing.has(row));
}
