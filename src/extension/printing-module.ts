/**
 * Printing (src/printing: letters, postcards and merges laid out as the service prints them, with
 * their sheets, price and the reasons they would fail), loaded when first needed: it carries
 * pdf-lib and its fonts, which activation has no use for. The build makes it a bundle of its own,
 * dist/printing.js (see esbuild.mjs), which the in-process sandbox shares; the extension's other
 * files import only its types. The extension's preflights print on a thread of their own
 * (printOnThread), which loads that bundle there rather than here.
 */
import type { EnginePaths, TextFinding } from '../printing';
import { PrintingThread } from '../printing/thread';

export type PrintingModule = typeof import('../printing');

let loading: Promise<PrintingModule> | undefined;

export function printingModule(): Promise<PrintingModule> {
  return (loading ??= import('../printing').then(async (printing) => {
    if (engines) await printing.useEngines(engines);
    return printing;
  }));
}

/**
 * Where the preflights print: on a thread of their own once the extension has said where its
 * built worker is (dist/printing-worker.js, see src/printing/thread.ts), so that a long proof
 * never holds the extension host's event loop; in this thread otherwise.
 */
let thread: PrintingThread | undefined;

export function printOnThread(workerFile: string): void {
  thread = new PrintingThread(workerFile);
  if (engines) void thread.useEngines(engines);
}

/** The print engines' programs the settings name, kept for printing not yet loaded or a thread not yet made. */
let engines: EnginePaths | undefined;

/**
 * The print engines' programs to draw letters with from now on (src/printing/engines): told to the
 * printing thread (which starts none of them until a letter is drawn), or to printing in this
 * thread once it is loaded; never loading it just for this.
 */
export async function useEngines(paths: EnginePaths): Promise<void> {
  engines = paths;
  if (thread) await thread.useEngines(paths);
  else if (loading) await (await loading).useEngines(paths);
}

/** Ends the printing thread, if it was started (when the extension stops). */
export async function stopPrinting(): Promise<void> {
  const stopping = thread;
  thread = undefined;
  await stopping?.close();
}

/** A letter's preflight (see src/printing/preflight/letter.ts). */
export async function preflightLetter(
  ...args: Parameters<PrintingModule['preflightLetter']>
): ReturnType<PrintingModule['preflightLetter']> {
  return thread ? thread.preflightLetter(...args) : (await printingModule()).preflightLetter(...args);
}

/** A mail merge's preflight (see src/printing/preflight/merge.ts): on the printing thread, its progress and a stop crossing to it. */
export async function preflightMerge(...args: Parameters<PrintingModule['preflightMerge']>): ReturnType<PrintingModule['preflightMerge']> {
  return thread ? thread.preflightMerge(...args) : (await printingModule()).preflightMerge(...args);
}

/** A mail merge's CSV checked for the live diagnostics (src/printing/diagnostics/csv.ts mergeDataDiagnostics): a 100,000-row CSV takes about half a second. */
export async function mergeDataDiagnostics(...args: Parameters<PrintingModule['mergeDataDiagnostics']>): Promise<readonly TextFinding[]> {
  const [text, template] = args;
  return thread
    ? thread.mergeDataDiagnostics({ text, ...(template ? { template } : {}) })
    : (await printingModule()).mergeDataDiagnostics(...args);
}

/**
 * A Markdown letter's front matter checked for the live diagnostics (src/printing/diagnostics/letter.ts):
 * on the printing thread, which carries the YAML parser and the address check's USPS ZIP codes, so
 * that the extension host never loads them.
 */
export async function frontMatterDiagnostics(text: string): Promise<readonly TextFinding[]> {
  return thread ? thread.frontMatterDiagnostics(text) : (await printingModule()).frontMatterDiagnostics(text);
}
