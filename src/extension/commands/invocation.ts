/**
 * Commands as other extensions may run them. Any installed extension can execute a contributed
 * command, with any arguments, and receives what it returns. So a command takes only the
 * arguments the workbench itself passes (the row of a view, the file chosen in the explorer or
 * shown in the editor; counted in ids.ts): everything else (an address, a work mode, a yes, where
 * to save a PDF) it asks the person for, through prompts.ts. And outside the extension's own
 * tests (ExtensionMode.Test) it returns nothing: no result (an ID, a mailer's details, a preview)
 * leaves. register.ts applies both to every command.
 */
import { COMMANDS, type MailroomCommand } from './ids';

export type Command = (...args: never[]) => unknown;

/** The command with the workbench's arguments only; its result kept only for the extension's tests. */
export function asFromWorkbench(id: MailroomCommand, run: Command, keepResult: boolean): Command {
  const kept = COMMANDS[id].workbenchArguments;
  return async (...args: never[]) => {
    const result: unknown = await run(...args.slice(0, kept));
    return keepResult ? result : undefined;
  };
}

/** Some of the commands, by ID: what commands/*.ts hand extension.ts, which registers them all. */
export type CommandMap = Partial<Record<MailroomCommand, Command>>;
