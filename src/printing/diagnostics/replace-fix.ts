/**
 * The quick fix of a finding that says what its field should hold (a ZIP code's own city for a
 * City it does not serve): that value written over the field's, as the text's format writes it.
 */
import type { Span } from '../../contract';
import type { Finding } from '../preflight/findings';
import type { QuickFix } from './types';

/**
 * The fix, when `value` (the field's text at `span`, as read) is what the finding suggests
 * replacing; none otherwise (the span is then not the field's own text).
 */
export function replaceFix(
  finding: Pick<Finding, 'field' | 'suggestion'>,
  value: string,
  span: Span,
  written = (v: string) => v,
): QuickFix[] {
  const { field, suggestion } = finding;
  if (field === undefined || !suggestion || value.trim() !== suggestion.instead) return [];
  return [{ kind: 'replace', field, value: suggestion.value, edits: [{ ...span, text: written(suggestion.value) }] }];
}
