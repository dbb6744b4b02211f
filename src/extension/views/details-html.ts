/**
 * The details page as HTML, for the details panel's webview: no VS Code here, so that it is tested
 * as plain code. Every value is escaped; there is no script, and the policy allows none.
 */
import type { MailroomCommand } from '../commands/ids';
import type { DetailsPage } from '../model/details';
import { escapeHtml, webviewPage } from './webview-page';

/** The one command the page links to. */
export const SHOW_BATCH_ITEMS = 'mailroom.showBatchItems' satisfies MailroomCommand;

/**
 * Previous and Next under a batch's items: command links, which the panel allows for this one
 * command only (details-panel.ts), so that the page pages without any script.
 */
function pageLinks(page: DetailsPage): string {
  const links = [page.items?.previous, page.items?.next].flatMap((link) => {
    if (!link) return [];
    const href = `command:${SHOW_BATCH_ITEMS}?${encodeURIComponent(JSON.stringify([page.id, link.firstItem]))}`;
    return [`<a href="${escapeHtml(href)}">${escapeHtml(link.label)}</a>`];
  });
  return links.length > 0 ? `<nav class="pages">${links.join(' ')}</nav>` : '';
}

/** The page: static HTML, no script, styles only from `cspSource` (the webview's own resources). */
export function detailsHtml(page: DetailsPage, cspSource: string, stylesHref: string): string {
  const csp = ["default-src 'none'", `style-src ${cspSource}`].join('; ');
  const rows = (list: DetailsPage['sections'][number]['rows']) =>
    list.map((r) => `<tr><th scope="row">${escapeHtml(r.label)}</th><td>${escapeHtml(r.value)}</td></tr>`).join('\n');
  const sections = page.sections
    .map((s) => `<section>\n<h2>${escapeHtml(s.heading)}</h2>\n<table>\n${rows(s.rows)}\n</table>\n</section>`)
    .join('\n');
  const items = page.items
    ? `<section>
<h2>${escapeHtml(page.items.heading)}</h2>
<table class="items">
<thead><tr>${page.items.columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('')}</tr></thead>
<tbody>
${page.items.rows.map((r) => `<tr>${r.map((v) => `<td>${escapeHtml(v)}</td>`).join('')}</tr>`).join('\n')}
</tbody>
</table>
${pageLinks(page)}
</section>`
    : '';
  return webviewPage({
    csp,
    stylesHref,
    title: page.title,
    body: `<main>
<h1>${escapeHtml(page.heading)}</h1>
${sections}
${items}
<p class="note">${escapeHtml(page.timeNote)}</p>
</main>`,
  });
}
