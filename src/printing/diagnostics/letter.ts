/**
 * A Markdown letter's live diagnostics: its front matter's findings (front-matter.ts), each with
 * the fixes it has there, and the replacement a finding suggests (a City its ZIP code does not
 * serve: the ZIP code's own city) on the field's own value.
 */
import { frontMatterDiagnostics as frontMatterFindings } from './front-matter';
import { replaceFix } from './replace-fix';
import type { TextFinding } from './types';

export function frontMatterDiagnostics(text: string): TextFinding[] {
  return frontMatterFindings(text).map((f) => {
    const before = text.slice(text.lastIndexOf('\n', f.span.start - 1) + 1, f.span.start);
    // A value in single quotes would need its apostrophes doubled ("Coeur D'Alene"): no fix then.
    const quoted = before.includes("'") && f.suggestion?.value.includes("'");
    const fixes = quoted ? [] : replaceFix(f, text.slice(f.span.start, f.span.end), f.span);
    return fixes.length === 0 ? f : { ...f, fixes: [...f.fixes, ...fixes] };
  });
}
