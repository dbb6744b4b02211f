/**
 * The one way the extension puts an error into words, in two registers: what a person reads
 * (`wordsOf`: what happened and what to do; the client's errors say it in `inWords`,
 * src/client/errors.ts, without the operation's name or the code), and the line the output log
 * keeps (`logLine`: the words, then the technical account, the client's `message` with the
 * operation and the code). The extension's own errors (connect first, fix a setting) already say
 * what to do. No `vscode` import, so the words are checked without VS Code.
 */
import * as l10n from '@vscode/l10n';

/** What happened and what to do, for people: a client error's words, else the error's message. */
export function wordsOf(error: unknown): string {
  const words = (error as { inWords?: unknown } | undefined)?.inWords;
  if (typeof words === 'string') return words;
  return (error instanceof Error ? error.message : String(error)) || l10n.t('An error without a message (see the log).');
}

/**
 * A failure as a person reads it: "Mailroom could not <do it>. <What happened; what to do>."
 * `couldNot` is the whole first sentence ("Mailroom could not send letter.md."), translated as one
 * by the caller: a verb phrase put into an English frame would not translate. The words that
 * follow are the client's English (see docs/extension.md, "Languages").
 */
export function couldNot(couldNot: string, error: unknown): string {
  return `${couldNot} ${wordsOf(error)}`;
}

/**
 * The line the log keeps of an error: what was said of it (its words among them: `couldNot`'s
 * message, or a line of the log's own ending in `wordsOf`), then the technical account when there
 * is one besides (the operation, the code).
 */
export function logLine(said: string, error: unknown): string {
  const technical = error instanceof Error && error.message !== wordsOf(error) ? error.message : undefined;
  return technical ? `${said} [${technical}]` : said;
}
