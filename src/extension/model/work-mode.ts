/**
 * Which sends the extension asks about first. Production prints and charges; `Default` is the account's own
 * General_WorkMode, which the service has no operation to read, so it may be Production too and
 * is asked about as such.
 */
import * as l10n from '@vscode/l10n';
import type { EnumValue } from '../../contract';
import { sendForReal } from '../../rulebook';

export interface ProductionQuestion {
  readonly question: string;
  readonly button: string;
}

/**
 * The question to ask before sending `what`, or undefined when the send cannot print. On the local
 * sandbox nothing is printed or mailed: it says what the sandbox does (charges its account's
 * play money and prints a PDF as the service would), so that the question is true where it is asked.
 */
export function productionQuestion(workMode: EnumValue<'WorkMode'>, what: string, onSandbox = false): ProductionQuestion | undefined {
  // The rulebook's rule (src/rulebook/for-real.ts), which the command line asks by too; the words are the editor's.
  if (!sendForReal(workMode).forReal) return undefined;
  switch (workMode) {
    case 'Production':
      return {
        question: onSandbox
          ? l10n.t(
              "Send {0} in Production mode on the local sandbox? Nothing is printed or mailed: the sandbox charges its account's test funds and prints the PDF as the service would.",
              what,
            )
          : l10n.t('Send {0} in Production mode? It will be printed and mailed, and the account charged.', what),
        button: l10n.t('Send in Production'),
      };
    case 'Default':
      return {
        question: onSandbox
          ? l10n.t(
              "Send {0} in the account's own work mode on the local sandbox? If that is Production, the sandbox charges its account's test funds; nothing is printed or mailed.",
              what,
            )
          : l10n.t(
              "Send {0} in the account's own work mode? If that is Production, it will be printed and mailed, and the account charged.",
              what,
            ),
        button: l10n.t('Send'),
      };
    default:
      return undefined;
  }
}
