/**
 * Which template a mail merge's CSV is for, so that its header can be checked against it: one of
 * the same name beside it (people.csv → people.docx, people.html, people.htm, in that order), else
 * the one last used with it (remembered per CSV, newest last, at most MAX_REMEMBERED).
 */
export const MAX_REMEMBERED = 100;

const TEMPLATE_SUFFIXES = ['.docx', '.html', '.htm'];

/** The paths a template of the CSV's own name would have, beside it. */
export function sameNameTemplates(csvPath: string): string[] {
  if (!/\.csv$/i.test(csvPath)) return [];
  return TEMPLATE_SUFFIXES.map((suffix) => csvPath.replace(/\.csv$/i, suffix));
}

/** The remembered pairs (CSV → template, both URIs as strings) with this one newest. */
export function rememberTemplate(remembered: Readonly<Record<string, string>>, csv: string, template: string): Record<string, string> {
  const pairs: [string, string][] = Object.entries(remembered).filter(([c]) => c !== csv);
  pairs.push([csv, template]);
  return Object.fromEntries(pairs.slice(-MAX_REMEMBERED));
}

/** A template's type for the printer, from its name: docx, or html for .html and .htm. */
export function templateType(path: string): 'docx' | 'html' | undefined {
  if (/\.docx$/i.test(path)) return 'docx';
  return /\.html?$/i.test(path) ? 'html' : undefined;
}
