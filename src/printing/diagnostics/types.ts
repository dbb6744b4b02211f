/**
 * What the editor's live diagnostics are made of, in text offsets only (no editor here): a
 * finding of the preflight's, where in the document it is, and the quick fixes that mend it.
 */
import type { Span } from '../../contract';
import type { Severity } from '../preflight/findings';

/** Replace the text from `start` to `end` with `text` (an insertion when they are equal). */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** A mend, as data: the editor titles it in the user's language. */
export type QuickFix =
  | { readonly kind: 'trim'; readonly field: string; readonly limit: number; readonly edits: readonly TextEdit[] }
  | { readonly kind: 'add-column'; readonly column: string; readonly edits: readonly TextEdit[] }
  | { readonly kind: 'rename'; readonly from: string; readonly to: string; readonly edits: readonly TextEdit[] }
  | { readonly kind: 'replace'; readonly field: string; readonly value: string; readonly edits: readonly TextEdit[] }
  /** An address cell's lines joined into one (with its field), or a row split by a line break joined with its other half. */
  | { readonly kind: 'join-lines'; readonly field?: string; readonly edits: readonly TextEdit[] }
  /** A row's empty cells past the header's last column, removed. */
  | { readonly kind: 'remove-cells'; readonly edits: readonly TextEdit[] }
  /** The header's last columns without a name, empty in every row, removed from each row. */
  | { readonly kind: 'remove-columns'; readonly edits: readonly TextEdit[] };

export interface TextFinding {
  /**
   * The service's code; none for Mailroom's own findings, which `send` refuses (or warns of) as the
   * editor does: an address line that does not read as one, and a front matter's own (its fences,
   * its YAML, its keys).
   */
  readonly code?: number;
  readonly severity: Severity;
  /** As the preflight says it: the code's meaning in the service's words, then what is wrong. */
  readonly message: string;
  /** The address field or the merge column it is about. */
  readonly field?: string;
  /** A merge's 1-based data row. */
  readonly row?: number;
  /** Where it is: the field's value, the CSV's cell, or the line. */
  readonly span: Span;
  /** Other places it is about, each with a word on it (the first of a key written twice). */
  readonly related?: readonly { readonly span: Span; readonly message: string }[];
  /** What the field should hold instead (a ZIP code's own city): the preflight finding's. */
  readonly suggestion?: { readonly instead: string; readonly value: string };
  readonly fixes: readonly QuickFix[];
}
