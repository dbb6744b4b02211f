/**
 * The printed PDF of a mailer in a webview, drawn by pdf.js. Strict Content-Security-Policy with a
 * nonce, no inline script, resources from the extension's own folder only. A PDF that is not
 * printed yet (-3020) is shown as such, with a retry.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { resultCodeOf } from '../client-module';
import type { FromPreview, ToPreview } from './preview-messages';

export type PreviewState = Extract<FromPreview, { type: 'rendered' | 'failed' }> | { readonly type: 'unavailable' | 'error'; readonly reason: string };

export class PdfPreview {
  private readonly changed = new vscode.EventEmitter<PreviewState>();
  /** What the webview last showed: a page drawn, the PDF not available, or an error. */
  readonly onDidChangeState = this.changed.event;
  lastState: PreviewState | undefined;

  private constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly title: string,
    private readonly load: () => Promise<Buffer | undefined>,
  ) {}

  static show(extensionUri: vscode.Uri, title: string, load: () => Promise<Buffer | undefined>): PdfPreview {
    const media = vscode.Uri.joinPath(extensionUri, 'dist', 'media');
    const styles = vscode.Uri.joinPath(extensionUri, 'media');
    const panel = vscode.window.createWebviewPanel('mailroom.pdfPreview', `PDF · ${title}`, vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [media, styles],
    });
    const preview = new PdfPreview(panel, title, load);
    panel.webview.html = preview.html(media, styles);
    panel.webview.onDidReceiveMessage((message: FromPreview) => preview.receive(message));
    panel.onDidDispose(() => preview.changed.dispose());
    return preview;
  }

  private html(media: vscode.Uri, styles: vscode.Uri): string {
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
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${uri(styles, 'preview.css')}">
<title>${escapeHtml(this.title)}</title>
</head>
<body data-pdfjs="${uri(media, 'pdfjs', 'pdf.min.mjs')}" data-worker="${uri(media, 'pdfjs', 'pdf.worker.min.mjs')}" data-fonts="${uri(media, 'pdfjs', 'standard_fonts')}/">
<div class="toolbar" role="toolbar">
<button id="previous" title="Previous page">‹</button><span id="page-number">–</span><button id="next" title="Next page">›</button>
<button id="zoom-out" title="Zoom out">−</button><button id="zoom-in" title="Zoom in">+</button>
<span>${escapeHtml(this.title)}</span>
</div>
<main><div id="status">Loading the printed PDF…</div><button id="retry" hidden>Try again</button><canvas id="page" hidden aria-describedby="page-text"></canvas><div id="page-text" class="visually-hidden" aria-live="polite"></div></main>
<script type="module" nonce="${nonce}" src="${uri(media, 'preview.js')}"></script>
</body>
</html>`;
  }

  private post(message: ToPreview): void {
    void this.panel.webview.postMessage(message);
  }

  private async deliver(): Promise<void> {
    try {
      const pdf = await this.load();
      if (!pdf) return this.report({ type: 'unavailable', reason: 'There is no PDF for this mailer.' });
      this.post({ type: 'pdf', title: this.title, base64: pdf.toString('base64') });
    } catch (error) {
      const notYet = (await resultCodeOf(error)) === -3020;
      const reason = notYet ? 'The PDF is not available yet: it is made when the mailer is printed. Try again in a little while.' : (error as Error).message;
      this.report({ type: notYet ? 'unavailable' : 'error', reason });
    }
  }

  private report(state: PreviewState): void {
    if (state.type === 'unavailable' || state.type === 'error') this.post(state);
    this.lastState = state;
    this.changed.fire(state);
  }

  private receive(message: FromPreview): void {
    if (message.type === 'ready' || message.type === 'retry') void this.deliver();
    else this.report(message);
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
