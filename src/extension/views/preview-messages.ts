/** The messages between the PDF preview webview and the extension: typed on both sides. */
import type { PageDrawing } from '../model/proof';

/** From the extension to the webview. */
export type ToPreview =
  /** A PDF to show; a proof's with what to draw over its pages (by 1-based page). */
  | { readonly type: 'pdf'; readonly title: string; readonly base64: string; readonly drawings?: Readonly<Record<number, PageDrawing>> }
  | { readonly type: 'unavailable'; readonly reason: string }
  | { readonly type: 'error'; readonly reason: string }
  /**
   * A proof's side of the page as it is now (views/proof-html.ts, every value escaped): printed again
   * (Refresh, its PDF follows), its document changed, sent; and again each time the page is shown anew.
   */
  | { readonly type: 'proof'; readonly html: string };

/** From the webview to the extension. */
export type FromPreview =
  | { readonly type: 'ready' }
  | { readonly type: 'retry' }
  /** A page drawn, its words, and what was drawn over it (`outline`, `box`, `cut`). The page's pixels are never read back. */
  | {
      readonly type: 'rendered';
      readonly page: number;
      readonly pages: number;
      readonly text: string;
      readonly marks?: readonly ('outline' | 'box' | 'cut')[];
    }
  | { readonly type: 'failed'; readonly reason: string }
  /** Send This Letter, pressed on the proof whose bytes have this SHA-256 (a proof refreshed since is not sent). */
  | { readonly type: 'send'; readonly sha256: string }
  | { readonly type: 'refresh' }
  /** A sent proof's Show Details and Preview PDF, of the mailer it made. */
  | { readonly type: 'show'; readonly what: 'details' | 'pdf' };
