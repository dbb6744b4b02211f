/** A document as the sandbox lays it out: headings, paragraphs and page breaks of plain text. */
export type Block = { readonly kind: 'heading' | 'paragraph'; readonly text: string } | { readonly kind: 'page-break' };

/** A «Field» or {{Field}} placeholder. */
export const PLACEHOLDER = /«\s*([A-Za-z_][\w]*)\s*»|\{\{\s*([A-Za-z_][\w]*)\s*\}\}/g;

/** Fills «Field» and {{Field}} placeholders from a row of merge values. */
export function fillFields(text: string, values: ReadonlyMap<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, a?: string, b?: string) => values.get((a ?? b)!) ?? whole);
}

/** The names of the placeholders in a text, in order of first appearance. */
export function fieldsIn(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/«\s*([A-Za-z_][\w]*)\s*»|\{\{\s*([A-Za-z_][\w]*)\s*\}\}/g)) names.add((m[1] ?? m[2])!);
  return [...names];
}
