/**
 * The proof's side of the PDF preview: pages, sheets, price, work mode, SHA-256, the findings and
 * the Send This Letter button, as HTML. No VS Code here, so that it is tested as plain code; every
 * value is escaped. The buttons are wired by the preview's own script (preview-webview.ts).
 */
import * as l10n from '@vscode/l10n';
import { errorsIn, proofRows, type ProofFacts } from '../model/proof';
import { escapeHtml } from './webview-page';

export interface ProofView {
  readonly facts: ProofFacts;
  /** Offered for a letter; a merge row's letter is not sent alone. */
  readonly canSend: boolean;
}

export function proofHtml({ facts, canSend }: ProofView): string {
  const rows = proofRows(facts)
    .map((r) => `<tr><th scope="row">${escapeHtml(r.label)}</th><td>${escapeHtml(r.value)}</td></tr>`)
    .join('\n');
  const findings =
    facts.findings.length === 0
      ? `<p class="finding-none">${escapeHtml(l10n.t('Nothing would fail.'))}</p>`
      : `<ul class="findings">\n${facts.findings
          .map(
            (f) =>
              `<li class="finding ${f.severity}">${f.code === undefined ? '' : `<span class="code">${f.code}</span> `}<span class="severity">${escapeHtml(
                f.severity === 'error' ? l10n.t('error') : l10n.t('warning'),
              )}</span>${f.field ? ` <span class="field">${escapeHtml(f.field)}</span>` : ''}${
                f.row === undefined ? '' : ` <span class="row">${escapeHtml(l10n.t('row {0}', f.row))}</span>`
              }<div>${escapeHtml(f.message)}</div></li>`,
          )
          .join('\n')}\n</ul>`;
  const read =
    facts.addressRead === undefined
      ? ''
      : `<h3>${escapeHtml(l10n.t('Address read from page 1'))}</h3>\n${
          facts.addressRead.length === 0
            ? `<p class="address-read none">${escapeHtml(l10n.t('Nothing: the recipient box of page 1 holds no text.'))}</p>`
            : `<p class="address-read">${facts.addressRead.map((line) => escapeHtml(line)).join('<br>')}</p>`
        }\n<p class="address-read-note">${escapeHtml(
          l10n.t('No address is given: the service reads it from the recipient box the proof draws on page 1.'),
        )}</p>`;
  const errors = errorsIn(facts.findings).length;
  const send = !canSend
    ? ''
    : `<button id="send" class="${errors > 0 ? 'would-fail' : 'send'}" data-sha256="${escapeHtml(facts.sha256 ?? '')}">${escapeHtml(
        errors > 0 ? l10n.t('Send This Letter (it would fail)') : l10n.t('Send This Letter'),
      )}</button>`;
  return `<aside id="proof" aria-label="${escapeHtml(l10n.t('Proof'))}">
<h2>${escapeHtml(l10n.t('Proof'))}</h2>
<div id="stale" role="status" hidden>${escapeHtml(
    l10n.t('The document has changed since this proof: Send This Letter still sends what is shown.'),
  )} <button id="refresh">${escapeHtml(l10n.t('Refresh'))}</button></div>
<table>
${rows}
</table>
${read}
<h3>${escapeHtml(l10n.t('Findings ({0})', facts.findings.length))}</h3>
${findings}
${send}
</aside>`;
}
