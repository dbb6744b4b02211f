/**
 * Commands as other extensions may run them. Any installed extension can execute a contributed
 * command, with any arguments, and receives what it returns. So, outside the extension's own
 * tests, a command takes only the arguments the workbench itself passes (the row of a view, the
 * file chosen in the explorer or shown in the editor; counted in ids.ts) and returns nothing: the
 * answers a script could give instead of the prompts (an address, a work mode, "already confirmed",
 * where to save a PDF) are the person's to give, and no result (an ID, a mailer's details, a
 * preview) leaves.
 *
 * The one test-only seam: in ExtensionMode.Test (the in-host suite, test/extension/suite), the
 * arguments after the workbench's are the test's scripted answers to the prompts (SendOptions,
 * `confirmed`, a save target, the IDs to track), and the command's result is handed back. That is
 * decided here and nowhere else (register.ts calls asFromWorkbench for every other mode).
 */
import { COMMANDS, type MailroomCommand } from './ids';

export type Command = (...args: never[]) => unknown;

/** The command as the workbench (and so any other extension) gets to run it. */
export function asFromWorkbench(id: MailroomCommand, run: Command): Command {
  const kept = COMMANDS[id].workbenchArguments;
  return async (...args: never[]) => {
    await run(...args.slice(0, kept));
  };
}

/** Some of the commands, by ID: what commands/*.ts hand extension.ts, which registers them all. */
export type CommandMap = Partial<Record<MailroomCommand, Command>>;
