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
