/**
 * Which sends the extension asks about first. Production prints and charges; `Default` is the account's own
 * General_WorkMode, which the service has no operation to read, so it may be Production too and
 * is asked about as such.
 */
import * as l10n from '@vscode/l10n';
import type { EnumValue } from '../../contract';

export interface ProductionQuestion {
  readonly question: string;
  readonly button: string;
}

/** The question to ask before sending `what`, or undefined when the send cannot print. */
export function productionQuestion(workMode: EnumValue<'WorkMode'>, what: string): ProductionQuestion | undefined {
  switch (workMode) {
    case 'Production':
      return {
        question: l10n.t('Send {0} in Production mode? It will be printed and mailed, and the account charged.', what),
        button: l10n.t('Send in Production'),
      };
    case 'Default':
      return {
        question: l10n.t(
          "Send {0} in the account's own work mode? If that is Production, it will be printed and mailed, and the account charged.",
          what,
        ),
        button: l10n.t('Send'),
      };
    default:
      return undefined;
  }
}
