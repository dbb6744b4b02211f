/**
 * The recipient of a Markdown letter, from its front matter:
 *
 *     ---
 *     to: Jane Doe, 1 Main St, Springfield, IL 62701
 *     ---
 *
 * or with the contract's field names under `to:`, indented (`  City: Springfield`). The rest of
 * the document is the letter. Either form is held to the contract's address rules: an address the
 * service could not mail is an AddressError (what was understood, and why), never a letter sent to it.
 */
import { checkAddressFields, parseAddressLine, type RecipientAddress } from './address-line';
import type { RecipientField } from './recipient';
import { RECIPIENT_FIELDS } from './services';

export interface FrontMatter {
  readonly to?: RecipientAddress & { AttentionLine3?: string };
  /** The document after the front matter. */
  readonly body: string;
}

/** Where a value is in the document's text: its first character, and the one after its last. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A value as written, trimmed and unquoted, and where that is in the text. */
function located(line: string, from: number, at: number): { readonly value: string; readonly span: Span } {
  const lead = line.slice(from).length - line.slice(from).trimStart().length;
  let value = line.slice(from).trim();
  let start = at + from + lead;
  if (/^(["']).*\1$/.test(value)) {
    value = value.slice(1, -1);
    start += 1;
  }
  return { value, span: { start, end: start + value.length } };
}

/** A front matter's recipient as written, before the contract's rules: its one line, or its fields. */
export type FrontMatterRecipient = { readonly line: string } | { readonly fields: RecipientAddress & { AttentionLine3?: string } };

/**
 * The recipient as written, with where each part is in the document's text (for the editor's
 * diagnostics): the one line's value, or each field's value; `whole` spans all of `to:`'s value.
 */
export type LocatedRecipient =
  | { readonly line: string; readonly at: Span; readonly whole: Span }
  | {
      readonly fields: RecipientAddress & { AttentionLine3?: string };
      readonly at: Readonly<Partial<Record<RecipientField, Span>>>;
      readonly whole: Span;
    };

/** A front matter: `---` on the first line (after a byte order mark), closed by another; its lines captured. */
export const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** The front matter's `to:` as written, where it is, and the document after the front matter; nothing is checked. */
export function locateFrontMatter(text: string): { readonly to?: LocatedRecipient; readonly body: string } {
  const m = FRONT_MATTER.exec(text);
  if (!m) return { body: text };
  const body = text.slice(m[0].length);
  let offset = /^\uFEFF?---[ \t]*\r?\n/.exec(text)![0].length;
  const lines = m[1]!.split('\n').map((raw) => {
    const line = { text: raw.replace(/\r$/, ''), at: offset };
    offset += raw.length + 1;
    return line;
  });
  const start = lines.findIndex((line) => /^to\s*:/.test(line.text));
  if (start < 0) return { body };
  const key = lines[start]!;
  const inline = located(key.text, key.text.indexOf(':') + 1, key.at);
  if (inline.value) return { to: { line: inline.value, at: inline.span, whole: inline.span }, body };
  const to: Record<string, string> = {};
  const at: Partial<Record<RecipientField, Span>> = {};
  let last = key;
  for (const line of lines.slice(start + 1)) {
    const field = /^(\s+)([A-Za-z0-9]+)(\s*:)/.exec(line.text);
    if (!field) break;
    last = line;
    const name = RECIPIENT_FIELDS.find(
      (f) => f.toLowerCase() === field[2]!.toLowerCase() || (f === 'PostalCode' && /^(zip|zipcode)$/i.test(field[2]!)),
    );
    const value = located(line.text, field[0].length, line.at);
    if (name && value.value) {
      to[name] = value.value;
      at[name] = value.span;
    }
  }
  const whole = { start: key.at, end: last.at + last.text.length };
  return Object.keys(to).length > 0 ? { to: { fields: to, at, whole }, body } : { body };
}

/** The front matter's `to:` as written, and the document after it; nothing is checked. */
export function readFrontMatterAsWritten(text: string): { readonly to?: FrontMatterRecipient; readonly body: string } {
  const { to, body } = locateFrontMatter(text);
  if (!to) return { body };
  return { to: 'line' in to ? { line: to.line } : { fields: to.fields }, body };
}

/** The front matter's recipient held to the contract's address rules (an AddressError when it breaks one), and the body. */
export function readFrontMatter(text: string): FrontMatter {
  const { to, body } = readFrontMatterAsWritten(text);
  if (!to) return { body };
  return { to: 'line' in to ? parseAddressLine(to.line) : checkAddressFields("The front matter's to:", to.fields), body };
}
