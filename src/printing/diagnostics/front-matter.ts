/**
 * The live diagnostics of a Markdown letter's front-matter address: what `mailroom preflight`
 * finds in it (the contract's address rules, a line that does not read as an address, the
 * ZIP-prefix warning), each on the exact value it is about, with a trim for a field too long.
 */
import {
  RECIPIENT_FIELDS,
  fieldLimits,
  locateFrontMatter,
  notReadAsAddress,
  readAddressLine,
  type RecipientAddress,
  type RecipientField,
  type RecipientFields,
  type Span,
} from '../../contract';
import { addressFindings, zipPrefixFinding, type Finding } from '../preflight/findings';
import type { QuickFix, TextFinding } from './types';

/** The fields a one-line address is read into, in the order they are written. */
const LINE_ORDER = RECIPIENT_FIELDS.filter((f) => f !== 'AttentionLine2' && f !== 'AttentionLine3');

/** Where each field read from a one-line address came from, found left to right in the line (the reader may change a state's case). */
function spansInLine(line: string, at: number, address: RecipientAddress): Partial<Record<RecipientField, Span>> {
  const spans: Partial<Record<RecipientField, Span>> = {};
  const folded = line.toLowerCase();
  let cursor = 0;
  for (const field of LINE_ORDER) {
    const value = (address as Readonly<Record<string, string | undefined>>)[field];
    if (!value) continue;
    const found = folded.indexOf(value.toLowerCase(), cursor);
    if (found < 0) continue;
    spans[field] = { start: at + found, end: at + found + value.length };
    cursor = found + value.length;
  }
  return spans;
}

/** A field's value cut to the service's limit, when the finding is that field's length. */
export function trimFix(finding: Pick<Finding, 'code' | 'field'>, value: string, span: Span, written = (v: string) => v): QuickFix[] {
  const limit = finding.field === undefined ? undefined : fieldLimits[finding.field];
  if (!limit || limit.code !== finding.code || value.trim().length <= limit.maxLength) return [];
  const trimmed = value.trim().slice(0, limit.maxLength).trimEnd();
  return [{ kind: 'trim', field: finding.field!, limit: limit.maxLength, edits: [{ ...span, text: written(trimmed) }] }];
}

export function frontMatterDiagnostics(text: string): TextFinding[] {
  const { to } = locateFrontMatter(text);
  if (!to) return [];
  let address: RecipientFields;
  let spans: Partial<Record<RecipientField, Span>>;
  if ('line' in to) {
    const read = readAddressLine(to.line);
    if (read.unread.length > 0) {
      return [{ severity: 'error', message: notReadAsAddress("The front matter's to:", to.line, read), span: to.whole, fixes: [] }];
    }
    address = read.address;
    spans = spansInLine(to.line, to.at.start, read.address);
  } else {
    address = to.fields;
    spans = to.at;
  }
  const zip = zipPrefixFinding(address);
  return [...addressFindings(address), ...(zip ? [zip] : [])].map((f) => {
    const span = (f.field && spans[f.field as RecipientField]) || to.whole;
    const value = text.slice(span.start, span.end);
    return { ...f, span, fixes: span === to.whole ? [] : trimFix(f, value, span) };
  });
}
