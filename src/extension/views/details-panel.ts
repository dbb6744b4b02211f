/**
 * "Show Details": a mailer's details in an editor of their own (a webview panel), titled with its
 * ID, one per mailer: showing a mailer's details again reveals its panel, refreshed. The page is
 * static HTML: no script at all, styles from the extension's own media folder, under a strict
 * Content-Security-Policy (`default-src 'none'`); its only links, a batch's Previous and Next
 * items, run the one command the panel allows.
 */
import * as vscode from 'vscode';
import { Disposable } from '../lifecycle';
import { detailsText, type DetailsPage } from '../model/details';
import { SHOW_BATCH_ITEMS, detailsHtml } from './details-html';

export const DETAILS_VIEW_TYPE = 'mailroom.details';

/** One mailer's details panel: the panel and its subscription go together, however it is closed. */
export class DetailsPanel extends Disposable {
  private current: DetailsPage;

  constructor(
    readonly panel: vscode.WebviewPanel,
    page: DetailsPage,
    private readonly styles: vscode.Uri,
    private readonly whenClosed: () => void,
  ) {
    super();
    this.current = page;
    this.register(panel);
    this.register(panel.onDidDispose(() => this.dispose()));
    this.draw();
  }

  get page(): DetailsPage {
    return this.current;
  }

  /** What the page says, as plain text. */
  get text(): string {
    return detailsText(this.current);
  }

  update(page: DetailsPage): void {
    this.current = page;
    this.draw();
  }

  override dispose(): void {
    if (this.isDisposed) return;
    super.dispose();
    this.whenClosed();
  }

  private draw(): void {
    this.panel.title = this.current.title;
    this.panel.webview.html = detailsHtml(
      this.current,
      this.panel.webview.cspSource,
      this.panel.webview.asWebviewUri(this.styles).toString(),
    );
  }
}

/** The details panels open now, by mailer ID. */
export class DetailsPanels extends Disposable {
  private readonly open = new Map<number, DetailsPanel>();

  constructor(private readonly extensionUri: vscode.Uri) {
    super();
  }

  get(id: number): DetailsPanel | undefined {
    return this.open.get(id);
  }

  /** Shows a mailer's page: in its panel if open (revealed, redrawn), else in a new one. */
  show(page: DetailsPage): DetailsPanel {
    const known = this.open.get(page.id);
    if (known) {
      known.update(page);
      known.panel.reveal();
      return known;
    }
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    const panel = vscode.window.createWebviewPanel(DETAILS_VIEW_TYPE, page.title, vscode.ViewColumn.Active, {
      enableScripts: false,
      // Its only links page through a batch's items; no other command may be run from it.
      enableCommandUris: [SHOW_BATCH_ITEMS],
      localResourceRoots: [media],
    });
    const details: DetailsPanel = new DetailsPanel(panel, page, vscode.Uri.joinPath(media, 'details.css'), () => {
      if (this.open.get(page.id) === details) this.open.delete(page.id);
      this.release(details);
    });
    this.open.set(page.id, details);
    return this.register(details);
  }
}
