/**
 * The proof's side of the PDF preview: pages, sheets, price, work mode, SHA-256, the findings and
 * the Send This Letter button (or, once sent, the mailer it made; or why the service would refuse
 * it), as HTML. No VS Code here, so that it is tested as plain code; every
 * value is escaped. The buttons are wired by the preview's own script (preview-webview.ts).
 */
import * as l10n from '@vscode/l10n';
import { errorsIn, findingWords, proofRows, refusedAtSend, type ProofFacts } from '../model/proof';
import { escapeHtml } from './webview-page';

export interface ProofView {
  readonly facts: ProofFacts;
  /** Offered for a letter; a merge row's letter is not sent alone. */
  readonly canSend: boolean;
  /** The document changed since this proof was printed: said, with Refresh. */
  readonly stale?: boolean;
  /** Refresh is offered (a proof of a document, which can be printed again). */
  readonly refreshable?: boolean;
  /** This proof was sent: as this mailer, or with an outcome not known (a mailer may have been made). */
  readonly sent?: number | 'outcome unknown';
}

/** What the proof offers to do with the letter: send it, say it was sent, or say why it cannot be. */
function action({ facts, canSend, sent }: ProofView): string {
  if (sent === 'outcome unknown')
    return `<p id="sent" role="status">${escapeHtml(
      l10n.t('The outcome of sending this proof is unknown: look it up under "Outcome unknown" in the Mailers view.'),
    )}</p>`;
  if (sent !== undefined)
    return `<p id="sent" role="status">${escapeHtml(l10n.t('Sent as mailer {0}.', sent))}</p>
<p class="actions"><button id="show-details">${escapeHtml(l10n.t('Show Details'))}</button> <button id="preview-pdf">${escapeHtml(
      l10n.t('Preview PDF'),
    )}</button></p>`;
  if (!canSend) return '';
  const refused = refusedAtSend(facts.findings)[0];
  // The service refuses the send itself: no letter would be made, so nothing is offered that could not work.
  if (refused)
    return `<p id="refused" role="status">${escapeHtml(
      l10n.t(
        'The service would refuse this letter ({0}): nothing can be sent until the document is fixed. Fix it, then Refresh.',
        findingWords(refused),
      ),
    )}</p>`;
  const errors = errorsIn(facts.findings).length;
  return `<button id="send" class="${errors > 0 ? 'would-fail' : 'send'}" data-sha256="${escapeHtml(facts.sha256 ?? '')}">${escapeHtml(
    errors > 0 ? l10n.t('Send This Letter (it would fail)') : l10n.t('Send This Letter'),
  )}</button>`;
}

export function proofHtml(view: ProofView): string {
  const { facts } = view;
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
  return `<aside id="proof" aria-label="${escapeHtml(l10n.t('Proof'))}">
<div class="proof-head"><h2>${escapeHtml(l10n.t('Proof'))}</h2>${
    view.refreshable ? ` <button id="refresh">${escapeHtml(l10n.t('Refresh'))}</button>` : ''
  }</div>
<div id="stale" role="status"${view.stale ? '' : ' hidden'}>${escapeHtml(
    view.sent === undefined
      ? l10n.t(
          'The document has changed since this proof: Send This Letter still sends what is shown; Refresh proofs the document as it is now.',
        )
      : l10n.t('The document has changed since this proof: Refresh proofs the document as it is now.'),
  )}</div>
<table>
${rows}
</table>
${read}
<h3>${escapeHtml(l10n.t('Findings ({0})', facts.findings.length))}</h3>
${findings}
${action(view)}
</aside>`;
}
