/**
 * A server's HTML error page (ASP.NET's, IIS's, a proxy's) as one line a person can read: its
 * title, and its description when it gives one. Raw HTML never reaches an error message.
 */

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether an answer is an HTML page, by its content type or, lacking one, by its first tag. */
export function isHtmlPage(contentType: string, body: string): boolean {
  if (/^text\/html\b/i.test(contentType)) return true;
  return contentType === '' && /^\s*(<!doctype html|<html)/i.test(body);
}

/**
 * The title and description of an HTML page in one line, cut to `max` characters. The description is ASP.NET's
 * `Description:` paragraph, or else the first heading that says more than the title.
 */
export function summarizeHtmlPage(html: string, max = 500): string {
  const title = textOf(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '');
  const described = /<b>\s*Description:\s*<\/b>([\s\S]*?)(?:<br|<\/font|<\/p|<\/body|$)/i.exec(html)?.[1];
  let description = described === undefined ? '' : textOf(described);
  if (description === '') {
    for (const match of html.matchAll(/<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/gi)) {
      const heading = textOf(match[1]!);
      if (heading !== '' && heading !== title) {
        description = heading;
        break;
      }
    }
  }
  // "Title: description", or "Title. Description" when the title is a sentence already.
  const joined = title === '' || description === '' ? title + description : `${title}${/[.!?]$/.test(title) ? ' ' : ': '}${description}`;
  const line = joined || textOf(html) || 'an empty page';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** What a failed answer (not HTTP 200, no fault) says, fit for an error message. */
export function failureReason(contentType: string, body: string): string {
  return isHtmlPage(contentType, body) ? summarizeHtmlPage(body) : body.trim().slice(0, 500) || 'no reason given';
}
