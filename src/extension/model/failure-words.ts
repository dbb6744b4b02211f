/**
 * An error in two registers: the words a person reads (what happened and what to do; the client's
 * `inWords`, src/client/errors.ts) and the technical account the output log keeps besides (the
 * operation and the result code, the client's `message`). No `vscode` import.
 */
import * as l10n from '@vscode/l10n';

/** What happened and what to do, for people: a client error's words, else the error's message. */
export function wordsOf(error: unknown): string {
  const words = (error as { inWords?: unknown } | undefined)?.inWords;
  if (typeof words === 'string') return words;
  return (error instanceof Error ? error.message : String(error)) || l10n.t('An error without a message (see the log).');
}

/** The technical account the log keeps besides the words (the operation, the code), when there is one. */
export function technicalOf(error: unknown): string | undefined {
  return error instanceof Error && error.message !== wordsOf(error) ? error.message : undefined;
}

/** The line the log keeps: the words, then the technical account. */
export function logLine(shown: string, error: unknown): string {
  const technical = technicalOf(error);
  return technical ? `${shown} [${technical}]` : shown;
}
