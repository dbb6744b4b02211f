/**
 * The live diagnostics of a Markdown letter's front matter: what `mailroom send` refuses it for or
 * warns of (a front matter never closed, YAML that does not parse, keys written twice, unknown
 * keys and fields, each renamed to the nearest known by a quick fix) and what `mailroom preflight`
 * finds in its address (the contract's address rules, a line that does not read as an address,
 * the ZIP-prefix warning), each on the exact key or value it is about, with a trim for a field
 * too long. It reads the YAML (src/contract/front-matter.ts): the editor runs it on the printing
 * thread, not in the extension host.
 */
import {
  RECIPIENT_FIELDS,
  fieldLimits,
  notReadAsAddress,
  readAddressLine,
  type RecipientAddress,
  type RecipientField,
  type RecipientFields,
  type Span,
} from '../../contract';
import { locateFrontMatter, type FrontMatterProblem } from '../../contract/front-matter';
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

/** A front matter's own problem as the editor shows it, with the rename that mends an unknown key. */
function problemFinding(p: FrontMatterProblem): TextFinding {
  return {
    severity: p.severity,
    message: p.message,
    span: p.span,
    ...(p.other ? { related: [{ span: p.other.span, message: `"${p.key ?? ''}" first written here` }] } : {}),
    fixes: p.rename ? [{ kind: 'rename', from: p.key ?? '', to: p.rename, edits: [{ ...p.span, text: p.rename }] }] : [],
  };
}

export function frontMatterDiagnostics(text: string): TextFinding[] {
  const { to, problems } = locateFrontMatter(text);
  const own = problems.map(problemFinding);
  if (!to) return own;
  let address: RecipientFields;
  let spans: Partial<Record<RecipientField, Span>>;
  if ('line' in to) {
    const read = readAddressLine(to.line);
    if (read.unread.length > 0) {
      return [...own, { severity: 'error', message: notReadAsAddress("The front matter's to:", to.line, read), span: to.whole, fixes: [] }];
    }
    address = read.address;
    // Found in the YAML as written (quotes, a list's dashes): each part is there as it was read.
    spans = spansInLine(text.slice(to.at.start, to.at.end), to.at.start, read.address);
  } else {
    address = to.fields;
    spans = to.at;
  }
  const zip = zipPrefixFinding(address);
  return [
    ...own,
    ...[...addressFindings(address), ...(zip ? [zip] : [])].map((f) => {
      const span = (f.field && spans[f.field as RecipientField]) || to.whole;
      const value = text.slice(span.start, span.end);
      // A trim rewrites the text: only where it is the value itself, not YAML around it (an escape, a block).
      const exact = f.field !== undefined && value.trim() === (address as Readonly<Record<string, string | undefined>>)[f.field]?.trim();
      return { ...f, span, fixes: span === to.whole || !exact ? [] : trimFix(f, value, span) };
    }),
  ];
}
