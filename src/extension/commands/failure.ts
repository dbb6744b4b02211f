/**
 * A command's failure in words: what could not be done, then why, as the error says it. The
 * client's errors already carry the service's meaning of a result code and what to do about it
 * (src/client/errors.ts); the extension's own say what to do (connect first, fix a setting).
 * No `vscode` import, so the words are checked without VS Code.
 */
import { COMMANDS, type MailroomCommand } from './ids';

export function failureMessage(id: MailroomCommand, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `Mailroom: could not ${COMMANDS[id].doing}: ${reason || 'an error without a message (see the log)'}`;
}
