/**
 * The frame every Mailroom webview page shares: its Content-Security-Policy, its one stylesheet
 * from the extension's own files, its title; the body is the page's. No VS Code here, so that the
 * pages are tested as plain code.
 */

export interface WebviewPage {
  /** The whole policy: `default-src 'none'` and what the page needs beyond it. */
  readonly csp: string;
  readonly stylesHref: string;
  readonly title: string;
  readonly body: string;
  /** Attributes of <body>, already escaped. */
  readonly bodyAttributes?: string;
}

export function webviewPage(page: WebviewPage): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${page.csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${escapeHtml(page.stylesHref)}">
<title>${escapeHtml(page.title)}</title>
</head>
<body${page.bodyAttributes ? ` ${page.bodyAttributes}` : ''}>
${page.body}
</body>
</html>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
