/**
 * Commands as other extensions may run them. Any installed extension can execute a contributed
 * command, with any arguments, and receives what it returns. So a command takes only the
 * arguments the workbench itself passes (the row of a view, the file chosen in the explorer or
 * shown in the editor; counted in ids.ts): everything else (an address, a work mode, a yes, where
 * to save a PDF) it asks the person for, through prompts.ts. And it returns nothing: what it did
 * shows in the views, the status bar and its messages, not in a result (an ID, a mailer's details,
 * a preview) that another extension, or a test, would read. register.ts applies both to every command.
 */
import { COMMANDS, type MailroomCommand } from './ids';

export type Command = (...args: never[]) => void | Promise<void>;

/** The command with the workbench's arguments only. */
export function asFromWorkbench(id: MailroomCommand, run: Command): (...args: never[]) => Promise<void> {
  const kept = COMMANDS[id].workbenchArguments;
  return async (...args: never[]) => {
    await run(...args.slice(0, kept));
  };
}

/** Some of the commands, by ID: what commands/*.ts hand extension.ts, which registers them all. */
export type CommandMap = Partial<Record<MailroomCommand, Command>>;
