/**
 * Commands as other extensions may run them. Any installed extension can execute a contributed
 * command, with any arguments, and receives what it returns. So, outside the extension's own
 * tests, a command takes only the arguments the workbench itself passes (the row of a view, the
 * file chosen in the explorer or shown in the editor) and returns nothing: the answers a script
 * could give instead of the prompts (an address, a work mode, "already confirmed", where to save
 * a PDF) are the person's to give, and no result (an ID, a mailer's details, a preview) leaves.
 */
export type Command = (...args: never[]) => unknown;

/**
 * How many leading arguments the workbench passes each command, from the menus of package.json:
 * view/item/context and a tree item's own command pass the row; explorer/context passes the file
 * (and the files selected, which Send Letter (Advanced) uses); editor/title passes the file.
 * Commands not named here take none (the command palette, view titles and welcome links pass none).
 */
export const WORKBENCH_ARGUMENTS: Readonly<Record<string, number>> = {
  'mailroom.sendDocument': 1,
  'mailroom.sendAdvanced': 2,
  'mailroom.sendPostcard': 1,
  'mailroom.sendMailMerge': 1,
  'mailroom.uploadFile': 1,
  'mailroom.previewPdf': 1,
  'mailroom.savePdf': 1,
  'mailroom.showDetails': 1,
  'mailroom.cancelDelivery': 1,
  'mailroom.copyId': 1,
  'mailroom.stopTracking': 1,
  'mailroom.sendStoredFile': 1,
  'mailroom.deleteStoredFile': 1,
  'mailroom.lookUpAttempt': 1,
  'mailroom.forgetAttempt': 1,
};

/** The command as the workbench (and so any other extension) gets to run it. */
export function asFromWorkbench(id: string, run: Command): Command {
  const kept = WORKBENCH_ARGUMENTS[id] ?? 0;
  return async (...args: never[]) => {
    await run(...args.slice(0, kept));
  };
}
