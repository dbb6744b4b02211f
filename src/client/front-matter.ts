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
import { RECIPIENT_FIELDS } from '../contract';
import { checkAddressFields, parseAddressLine, type RecipientAddress } from './address';

export interface FrontMatter {
  readonly to?: RecipientAddress & { AttentionLine3?: string };
  /** The document after the front matter. */
  readonly body: string;
}

function unquote(value: string): string {
  const v = value.trim();
  return /^(["']).*\1$/.test(v) ? v.slice(1, -1) : v;
}

/** A front matter's recipient as written, before the contract's rules: its one line, or its fields. */
export type FrontMatterRecipient = { readonly line: string } | { readonly fields: RecipientAddress & { AttentionLine3?: string } };

/** The front matter's `to:` as written, and the document after it; nothing is checked. */
export function readFrontMatterAsWritten(text: string): { readonly to?: FrontMatterRecipient; readonly body: string } {
  const m = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!m) return { body: text };
  const body = text.slice(m[0].length);
  const lines = m[1]!.split(/\r?\n/);
  const start = lines.findIndex((line) => /^to\s*:/.test(line));
  if (start < 0) return { body };
  const inline = lines[start]!.replace(/^to\s*:/, '').trim();
  if (inline) return { to: { line: unquote(inline) }, body };
  const to: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    const field = /^\s+([A-Za-z0-9]+)\s*:\s*(.*)$/.exec(line);
    if (!field) break;
    const name = RECIPIENT_FIELDS.find(
      (f) => f.toLowerCase() === field[1]!.toLowerCase() || (f === 'PostalCode' && /^(zip|zipcode)$/i.test(field[1]!)),
    );
    if (name && unquote(field[2]!)) to[name] = unquote(field[2]!);
  }
  return Object.keys(to).length > 0 ? { to: { fields: to }, body } : { body };
}

/** The front matter's recipient held to the contract's address rules (an AddressError when it breaks one), and the body. */
export function readFrontMatter(text: string): FrontMatter {
  const { to, body } = readFrontMatterAsWritten(text);
  if (!to) return { body };
  return { to: 'line' in to ? parseAddressLine(to.line) : checkAddressFields("The front matter's to:", to.fields), body };
}
