/**
 * The printed PDF of a mailer in a webview, drawn by pdf.js. Strict Content-Security-Policy with a
 * nonce, no inline script, resources from the extension's own folder only. A PDF that is not
 * printed yet (-3020) is shown as such, with a retry; a preview of a tracked mailer says when it
 * expects the PDF and asks again by itself once the refresher sees the mailer printed (or ended).
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { resultCodeOf } from '../client-module';
import { Disposable, Emitter } from '../lifecycle';
import { prompts } from '../prompts';
import type { TrackedMailer } from '../model/mailers';
import { pdfWait, worthAskingAgain } from '../model/pdf-wait';
import { pageDrawings } from '../model/proof';
import type { FromPreview, ToPreview } from './preview-messages';
import { proofHtml, type ProofView } from './proof-html';
import { escapeHtml, webviewPage } from './webview-page';
import { isPrintedStatus, RESULT } from '../../contract';
import { wordsOf } from '../model/failure-words';

export type PreviewState =
  Extract<FromPreview, { type: 'rendered' | 'failed' }> | { readonly type: 'unavailable' | 'error'; readonly reason: string };

/** The mailer a preview shows, as the tracked mailers know it: followed while the preview is open. */
export interface PreviewSubject {
  readonly id: number;
  current(): TrackedMailer | undefined;
  readonly onDidChange: vscode.Event<void>;
}

/**
 * A proof (Preview Before Sending, Preview Merge Row…): the preflight's facts beside the pages, and
 * what its buttons do. The PDF is the proof's own, printed on this machine.
 */
export interface ProofPanel {
  /** What the proof shows; whether its document changed since, and Refresh, the preview adds. */
  readonly view: Omit<ProofView, 'stale' | 'refreshable'>;
  readonly send?: () => unknown;
  /** Prints the proof again from its document: offered on the page whenever it is given. */
  readonly refresh?: () => unknown;
  /** A sent proof's Show Details and Preview PDF. */
  readonly show?: (what: 'details' | 'pdf') => unknown;
}

/** One preview: its panel, the panel's subscriptions and its own emitter go together, however it is closed. */
export class PdfPreview extends Disposable {
  private readonly changed = this.register(new Emitter<PreviewState>());
  /** What the webview last showed: a page drawn, the PDF not available, or an error. */
  readonly onDidChangeState = this.changed.event;
  lastState: PreviewState | undefined;
  /** A proof whose document changed since it was printed (the page says so). */
  stale = false;
  /** The subject's status when the PDF was last asked for. */
  private askedAt: number | undefined;
  /** Since when the service has said it is still printing the PDF (-3020 on a printed mailer), and the next ask. */
  private printingSince: number | undefined;
  private askAgain: NodeJS.Timeout | undefined;

  private constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly title: string,
    private load: () => Promise<Buffer | undefined>,
    private readonly whenClosed: () => void,
    private readonly subject: PreviewSubject | undefined,
    private proofPanel: ProofPanel | undefined,
    private readonly media: vscode.Uri,
    private readonly styles: vscode.Uri,
  ) {
    super();
    this.register(panel);
    this.register(panel.webview.onDidReceiveMessage((message: FromPreview) => this.receive(message)));
    // Closed by the user (or by anyone disposing the panel): everything else goes with it.
    this.register(panel.onDidDispose(() => this.dispose()));
    if (subject) this.register(subject.onDidChange(() => this.subjectChanged()));
  }

  static show(
    extensionUri: vscode.Uri,
    title: string,
    load: () => Promise<Buffer | undefined>,
    whenClosed: () => void = () => undefined,
    subject?: PreviewSubject,
    proof?: ProofPanel,
  ): PdfPreview {
    const media = vscode.Uri.joinPath(extensionUri, 'dist', 'media');
    const styles = vscode.Uri.joinPath(extensionUri, 'media');
    // A proof's title says it is one ("Proof · letter.md"); a mailer's printed PDF says "PDF".
    const tab = proof ? title : vscode.l10n.t('PDF · {0}', title);
    const panel = vscode.window.createWebviewPanel('mailroom.pdfPreview', tab, vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [media, styles],
    });
    const preview = new PdfPreview(panel, title, load, whenClosed, subject, proof, media, styles);
    panel.webview.html = preview.html();
    return preview;
  }

  /** The proof beside the pages, if this preview is one. */
  get proof(): ProofPanel | undefined {
    return this.proofPanel;
  }

  /** The proof's side of the page as it is now: what it shows, whether its document changed since, Refresh. */
  get proofView(): ProofView | undefined {
    const panel = this.proofPanel;
    return panel && { ...panel.view, stale: this.stale, refreshable: panel.refresh !== undefined };
  }

  /** A proof printed again (Refresh, or previewed again): its side of the page redrawn, then its new PDF sent. */
  update(load: () => Promise<Buffer | undefined>, proof: ProofPanel): void {
    if (this.isDisposed) return;
    this.load = load;
    this.proofPanel = proof;
    this.lastState = undefined;
    this.stale = false;
    this.showProof();
    void this.deliver();
  }

  /** The same proof, said anew (sent, say): its side of the page only. */
  redraw(proof: ProofPanel): void {
    if (this.isDisposed) return;
    this.proofPanel = proof;
    this.showProof();
  }

  /** Goes with the preview, however it is closed (a proof's watch on its document). */
  own(child: vscode.Disposable): void {
    this.register(child);
  }

  /** A proof's document changed since it was printed: said on the page, with Refresh. */
  markStale(): void {
    this.stale = true;
    this.showProof();
  }

  /**
   * The proof's side as it is now, on the page. A webview hidden behind another tab (its letter's,
   * as the letter is edited) is thrown away and made again from its HTML when shown: the HTML is
   * kept as the proof is now, and the page, once it says it is ready, is sent the proof again (what
   * it showed is never the first proof's, with its SHA-256, after a Refresh).
   */
  private showProof(): void {
    const view = this.proofView;
    if (!view || this.isDisposed) return;
    if (!this.panel.visible) this.panel.webview.html = this.html();
    else this.post({ type: 'proof', html: proofHtml(view) });
  }

  /** Brought forward where it is (a proof previewed again), not opened again. */
  reveal(): void {
    if (!this.isDisposed) this.panel.reveal(this.panel.viewColumn);
  }

  override dispose(): void {
    if (this.isDisposed) return;
    clearTimeout(this.askAgain);
    super.dispose();
    this.whenClosed();
  }

  private html(): string {
    const { media, styles } = this;
    const { webview } = this.panel;
    const nonce = randomBytes(16).toString('base64');
    const uri = (base: vscode.Uri, ...path: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(base, ...path)).toString();
    const csp = [
      "default-src 'none'",
      `img-src ${webview.cspSource} data: blob:`,
      `style-src ${webview.cspSource}`,
      `font-src ${webview.cspSource} data: blob:`,
      `script-src 'nonce-${nonce}' ${webview.cspSource}`,
      `connect-src ${webview.cspSource}`,
      'worker-src blob:',
    ].join('; ');
    return webviewPage({
      csp,
      stylesHref: uri(styles, 'preview.css'),
      title: this.title,
      bodyAttributes: `${this.proofPanel ? 'class="proof" ' : ''}data-asking-again="${escapeHtml(vscode.l10n.t('Asking the service again…'))}" data-cannot-show="${escapeHtml(vscode.l10n.t('This PDF cannot be shown: {0}'))}" data-pdfjs="${uri(media, 'pdfjs', 'pdf.min.mjs')}" data-worker="${uri(media, 'pdfjs', 'pdf.worker.min.mjs')}" data-fonts="${uri(media, 'pdfjs', 'standard_fonts')}/"`,
      body: `<div class="toolbar" role="toolbar">
<button id="previous" title="${escapeHtml(vscode.l10n.t('Previous page'))}">‹</button><span id="page-number">–</span><button id="next" title="${escapeHtml(vscode.l10n.t('Next page'))}">›</button>
<button id="zoom-out" title="${escapeHtml(vscode.l10n.t('Zoom out'))}">−</button><button id="zoom-in" title="${escapeHtml(vscode.l10n.t('Zoom in'))}">+</button>
<span>${escapeHtml(this.title)}</span>
</div>
<main><div id="status">${escapeHtml(vscode.l10n.t('Loading the printed PDF…'))}</div><button id="retry" hidden>${escapeHtml(vscode.l10n.t('Try again'))}</button><canvas id="page" hidden aria-describedby="page-text"></canvas><div id="page-text" class="visually-hidden" aria-live="polite"></div></main>
${this.proofView ? proofHtml(this.proofView) : ''}
<script type="module" nonce="${nonce}" src="${uri(media, 'preview.js')}"></script>`,
    });
  }

  private post(message: ToPreview): void {
    if (!this.isDisposed) void this.panel.webview.postMessage(message);
  }

  /** Waiting for the PDF: asks again once the mailer is printed or ended; else says its new status. */
  private subjectChanged(): void {
    if (this.isDisposed || this.lastState?.type !== 'unavailable') return;
    const status = this.subject?.current()?.status;
    if (worthAskingAgain(this.askedAt, status)) void this.deliver();
    else if (status !== this.askedAt) this.report({ type: 'unavailable', reason: pdfWait(this.subject?.current()).reason });
  }

  private async deliver(): Promise<void> {
    this.askedAt = this.subject?.current()?.status;
    clearTimeout(this.askAgain);
    try {
      const pdf = await this.load();
      this.printingSince = undefined;
      if (!pdf) return this.report({ type: 'unavailable', reason: vscode.l10n.t('There is no PDF for this mailer.') });
      const facts = this.proofPanel?.view.facts;
      // A proof's pages carry what it marks: the recipient box, the pages that are not US Letter.
      const drawings = facts ? pageDrawings(facts.marks, facts.addressRead) : undefined;
      this.post({ type: 'pdf', title: this.title, base64: pdf.toString('base64'), ...(drawings ? { drawings } : {}) });
    } catch (error) {
      const notYet = (await resultCodeOf(error)) === RESULT.PdfNotAvailable;
      const current = this.subject?.current();
      const printed = current?.status !== undefined && isPrintedStatus(current.status);
      if (notYet && printed) this.printingSince ??= Date.now();
      const wait = this.subject ? pdfWait(current, printed ? Date.now() - this.printingSince! : 0) : undefined;
      const reason = !notYet
        ? wordsOf(error)
        : wait
          ? wait.reason
          : vscode.l10n.t('The PDF is not available yet: it is made when the mailer is printed. Try again in a little while.');
      this.report({ type: notYet ? 'unavailable' : 'error', reason });
      // Still being printed: asked again by the clock, since its status will not change when it is done.
      if (notYet && wait?.askAgainInMs !== undefined && !this.isDisposed)
        this.askAgain = setTimeout(() => void this.deliver(), wait.askAgainInMs);
    }
  }

  private report(state: PreviewState): void {
    if (this.isDisposed) return;
    if (state.type === 'unavailable' || state.type === 'error') this.post(state);
    this.lastState = state;
    this.changed.fire(state);
  }

  /** What the webview says: the in-host tests say a button's message as the webview does when it is pressed. */
  receive(message: FromPreview): void {
    if (message.type === 'ready' || message.type === 'retry') {
      // A page made again (shown after being hidden) shows the proof as it is now, not as its HTML was.
      if (message.type === 'ready') this.showProof();
      void this.deliver();
    }
    // Pressed on the proof shown before a Refresh replaced it: what was seen is not what would go.
    else if (message.type === 'send') {
      if (message.sha256 === this.proofPanel?.view.facts.sha256) void this.proofPanel.send?.();
      else
        void prompts.notify(
          'warning',
          vscode.l10n.t(
            'Mailroom: the proof changed as you pressed Send This Letter; nothing was sent. Look at the proof shown now and press again.',
          ),
        );
    } else if (message.type === 'refresh') void this.proofPanel?.refresh?.();
    else if (message.type === 'show') void this.proofPanel?.show?.(message.what);
    else this.report(message);
  }
}

/** The previews open now, newest last; a closed one leaves the list and is disposed. */
export class PdfPreviews extends Disposable {
  private readonly open: PdfPreview[] = [];
  private readonly keys = new WeakMap<PdfPreview, string>();

  /** The open preview of this key, if any. */
  shown(key: string): PdfPreview | undefined {
    return this.open.find((preview) => this.keys.get(preview) === key);
  }

  constructor(private readonly extensionUri: vscode.Uri) {
    super();
  }

  get list(): readonly PdfPreview[] {
    return this.open;
  }

  /**
   * A new preview; one with a key (a proof's document) is the only one of that key: while it is
   * open, `shown(key)` finds it to be brought forward instead of opening another tab of the same title.
   */
  show(title: string, load: () => Promise<Buffer | undefined>, subject?: PreviewSubject, proof?: ProofPanel, key?: string): PdfPreview {
    const closed = () => {
      const index = this.open.indexOf(preview);
      if (index >= 0) this.open.splice(index, 1);
      this.release(preview);
    };
    const preview: PdfPreview = PdfPreview.show(this.extensionUri, title, load, () => closed(), subject, proof);
    if (key !== undefined) this.keys.set(preview, key);
    this.open.push(preview);
    return this.register(preview);
  }
}
