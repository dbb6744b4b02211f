/**
 * Printing (dist/printing.js) as the command line loads it: when a command first needs it, never
 * at start. A command that drew a letter has started a print engine (a browser, LibreOffice),
 * which would keep the process alive until it idles out: main.ts closes them when the command
 * ends, and only if printing was loaded at all.
 */
type Printing = typeof import('../printing');

let loading: Promise<Printing> | undefined;

export function printing(): Promise<Printing> {
  return (loading ??= import('../printing'));
}

/** Closes the print engines a command started, if it loaded printing. */
export async function closePrinting(): Promise<void> {
  if (loading) await (await loading).closeEngines();
}
