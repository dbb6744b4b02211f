/**
 * What the printer is asked to print (a letter's contents and address, a postcard's sides) and
 * what a printed mailer comes to: its pages and sheets, and every reason it cannot be mailed, as
 * the service would find them (facts, Part B). The letter (letter.ts) and the postcard
 * (postcard.ts) print from these; the sandbox and the preflight read them.
 */
import { PDFDocument } from 'pdf-lib';
import type { RecipientField, RecipientFields } from '../contract';
import type { ReadLine } from './address-read';
import type { Block } from './blocks';
import type { Section } from './page-size';
import type { PdfInspection } from './pdf-inspection';

/** The recipient of a letter, with the contract's field names (the postal code as PostalCode). */
export type PostalAddress = RecipientFields;
/** The work mode a mailer is printed in: Default is the account's, decided before printing. */
export type WorkModeUsed = 'Production' | 'Development';

export type Content =
  | { readonly kind: 'file'; readonly type: string; readonly data: Uint8Array }
  | {
      readonly kind: 'blocks';
      readonly blocks: readonly Block[];
      /** The page sizes its document asks for (a .docx's sections, an HTML's `@page`); none: Letter. */
      readonly sections?: readonly Section[];
    };

export interface LetterJob {
  readonly contents: readonly Content[];
  /** The recipient; when absent the service reads it from the recipient box of page 1. */
  readonly address?: PostalAddress;
  readonly reply?: { readonly address: PostalAddress; readonly stamping: 'Top' | 'Bottom' };
  readonly perforation?: boolean;
  readonly replyEnvelope?: boolean;
  readonly workMode: WorkModeUsed;
  readonly duplex: boolean;
}

export interface PostcardJob {
  readonly imageSide: Content;
  readonly addressSide: Content;
  readonly address: PostalAddress;
  readonly scaling: 'FitToPage' | 'None';
  readonly workMode: WorkModeUsed;
}

/** A page that is not US Letter: where it is in the letter and in its document, and its size in points. */
export interface OffSizePage {
  /** The letter's 1-based page (its address page, when it has one, is 1). */
  readonly page: number;
  /** The page in its own document. */
  readonly documentPage: number;
  readonly width: number;
  readonly height: number;
}

/** A character the printing fonts cannot draw, in a document's text, with the letter's pages it is on. */
export interface MissingCharacter {
  readonly character: string;
  readonly pages: readonly number[];
}

export interface Printed {
  readonly pages: number;
  readonly sheets: number;
  /** The final status the mailer will fail with, if it cannot be mailed. */
  readonly failure?: number;
  /** Every reason it cannot be mailed, in the order the service would find them (`failure` is the first). */
  readonly failures: readonly number[];
  /** Why its document could not be processed (-1025), in words. */
  readonly unreadable?: string;
  /** Its pages that are not US Letter (-1021). */
  readonly offSize?: readonly OffSizePage[];
  /**
   * Sent without an address: the text the service reads from the recipient box of page 1, line by
   * line (none, or none that reads as an address: -1045); `unknown` where the sandbox cannot see the page (binary .doc, a document it
   * could not read).
   */
  readonly read?: readonly ReadLine[] | 'unknown';
  /**
   * Sent without an address, and page 1 is landscape (shown wider than tall). The service prints
   * such a page turned to portrait (Part B), so its window shows another part of the page than
   * the recipient box of the page as shown; where, the facts do not say (a printer may turn it
   * either way), so `read` is the box of the page as shown, not a guess, and the preflight warns.
   */
  readonly readLandscape?: true;
  /** The address fields that hold a line break (-1045: the service reads each field as one line); drawn with their lines joined. */
  readonly lineBreaks?: readonly RecipientField[];
  /** Characters of its documents' text the printing fonts cannot draw (drawn as U+FFFD). */
  readonly missing?: readonly MissingCharacter[];
  /** Asked for (`PrintOptions.inspect`): its PDFs' fonts not embedded and images under 300 DPI, on the letter's pages. */
  readonly inspection?: PdfInspection;
}

/**
 * When a PDF says it was made. Unset, it is the moment of printing; a PDF printed again with the
 * same jobs and the same `printedAt` is the same bytes, so that a printed PDF can be made later,
 * when first needed, and still be the one it would have been at send.
 */
export interface PrintOptions {
  readonly printedAt?: Date;
  /**
   * A proof's printing: also read the PDFs it prints for what prints less well than it shows
   * (fonts not embedded, images under 300 DPI: `Printed.inspection`). The sandbox needs none of it.
   */
  readonly inspect?: boolean;
  /**
   * Called after each letter is laid out: a server printing thousands of letters lets its other
   * callers in here (merge.ts `turnTaker`). Nothing it does changes the PDF.
   */
  readonly pause?: () => Promise<void> | undefined;
}

/** A measuring pass's document is never saved: it needs no producer nor dates. */
export async function newDocument(options: PrintOptions, measuring = false): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: !measuring });
  if (options.printedAt) {
    doc.setCreationDate(options.printedAt);
    doc.setModificationDate(options.printedAt);
  }
  return doc;
}

/** What a mailer printed comes to; `failure`, the first of its `failures`, when it has any. */
export function printedAs(
  pages: number,
  sheets: number,
  failures: readonly number[],
  facts: Omit<Printed, 'pages' | 'sheets' | 'failures' | 'failure'> = {},
): Printed {
  return failures.length === 0 ? { pages, sheets, failures, ...facts } : { pages, sheets, failure: failures[0]!, failures, ...facts };
}

/** A row of a mail merge's data, as its letter is printed from it. */
export interface MergeRow {
  readonly values: ReadonlyMap<string, string>;
  /** The row's address, each cell's lines joined into one (as the join-the-lines fix writes it). */
  readonly address: PostalAddress;
  /** The address fields whose cell holds a line break: the service reads one line per field, and the letter fails at -1045. */
  readonly lineBreaks: readonly RecipientField[];
  /** Whether the row's address is one the service can use; a row without one fails at -1045. */
  readonly addressed: boolean;
}

/** How a merge's letters print: its work mode, and the account's print sides. */
export interface MergePrint {
  readonly workMode: WorkModeUsed;
  readonly duplex: boolean;
}
