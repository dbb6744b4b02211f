/**
 * A command's failure in words: what could not be done, then what happened and what to do, as a
 * person reads it. The client's errors say that in `inWords` (src/client/errors.ts), without the
 * operation's name or the code; those stay in `message`, which goes to the output log. The
 * extension's own errors (connect first, fix a setting) already say what to do.
 * No `vscode` import, so the words are checked without VS Code.
 */
import { wordsOf } from '../model/failure-words';
import { COMMANDS, type MailroomCommand } from './ids';

/** "Mailroom could not <do it>. <What happened; what to do>." */
export function failureMessage(id: MailroomCommand, error: unknown): string {
  return couldNot(COMMANDS[id].failed(), error);
}

/**
 * `couldNot` is the whole first sentence ("Mailroom could not send letter.md."), translated as one
 * by the caller: a verb phrase put into an English frame would not translate. The words that
 * follow are the client's English (see docs/extension.md, "Languages").
 */
export function couldNot(couldNot: string, error: unknown): string {
  return `${couldNot} ${wordsOf(error)}`;
}
