/**
 * Printing (src/printing: letters, postcards and merges laid out as the service prints them, with
 * their sheets, price and the reasons they would fail), loaded when first needed: it carries
 * pdf-lib and its fonts, which activation has no use for. The build makes it a bundle of its own,
 * dist/printing.js (see esbuild.mjs), which the in-process sandbox shares; the extension's other
 * files import only its types.
 */
export type PrintingModule = typeof import('../printing');

let loading: Promise<PrintingModule> | undefined;

export function printingModule(): Promise<PrintingModule> {
  return (loading ??= import('../printing'));
}

/** A letter's preflight (see src/printing/preflight/letter.ts). */
export async function preflightLetter(
  ...args: Parameters<PrintingModule['preflightLetter']>
): ReturnType<PrintingModule['preflightLetter']> {
  return (await printingModule()).preflightLetter(...args);
}

/** A mail merge's preflight (see src/printing/preflight/merge.ts). */
export async function preflightMerge(...args: Parameters<PrintingModule['preflightMerge']>): ReturnType<PrintingModule['preflightMerge']> {
  return (await printingModule()).preflightMerge(...args);
}
