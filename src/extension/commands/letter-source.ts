/**
 * A document as the letter Send Current Document as Letter sends: its bytes as the editor shows
 * them, converted as the service takes them, its recipient from a Markdown front matter as written
 * (an address that breaks the service's rules is the preflight's finding, not a refusal here).
 */
import * as vscode from 'vscode';
import { basename, dirname } from 'node:path';
import type { CallOptions, RecipientAddress } from '../../client';
import { clientModule } from '../client-module';

/** What the editor shows, saved or not; binary files straight from disk. */
export async function documentOf(uri: vscode.Uri): Promise<Uint8Array> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  return open && !/\.(pdf|docx?|png|jpe?g)$/i.test(uri.path) ? Buffer.from(open.getText()) : vscode.workspace.fs.readFile(uri);
}

/** A letter made from a document: what is sent, and the document it was made from. */
export interface DocumentLetter {
  readonly uri: vscode.Uri;
  readonly name: string;
  /** The FileExtension sent. */
  readonly type: string;
  readonly data: Buffer;
  /** From the front matter; when none, the send asks. */
  readonly to?: RecipientAddress;
  /** The document's own bytes when the letter was made, to tell when it changed since. */
  readonly source: Uint8Array;
  /** The document's folder, where its relative pictures are read (a file on disk only). */
  readonly base?: string;
  /** Sent as it is to the service's converter (mailroom.printing.sendAsIs), not as the PDF of its proof. */
  readonly asIs: boolean;
}

/** Whether letters go as they are to the service's converter (mailroom.printing.sendAsIs) rather than as the PDF of their proof. */
export const sendsAsIs = () => vscode.workspace.getConfiguration('mailroom.printing').get<boolean>('sendAsIs', false);

/**
 * The document's letter. A file that is no letter, a front matter that cannot be read (never
 * closed, not YAML, a key twice: each error with its line, as the Problems panel says it), or one
 * whose `to:` line does not read as an address at all, is a DocumentError (as before any
 * preflight); a `to:` that reads but breaks the service's rules is kept as written, for the
 * preflight to find.
 */
export async function letterOf(uri: vscode.Uri): Promise<DocumentLetter> {
  const name = basename(uri.path);
  const source = await documentOf(uri);
  const { letterDraft, letterDocument, readAddressLine } = await clientModule();
  const asIs = sendsAsIs();
  const base = uri.scheme === 'file' ? dirname(uri.fsPath) : undefined;
  const options = { asIs, ...(base ? { base } : {}) };
  const draft = await letterDraft(name, source, options);
  let to: RecipientAddress | undefined;
  if (draft.to && 'line' in draft.to) {
    const read = readAddressLine(draft.to.line);
    // Not written as an address: said as Send Current Document always said it (a DocumentError).
    if (read.unread.length > 0) await letterDocument(name, source, options);
    to = read.address;
  } else if (draft.to) {
    to = draft.to.fields;
  }
  return { uri, name, type: draft.type, data: draft.data, source, asIs, ...(base ? { base } : {}), ...(to ? { to } : {}) };
}

/**
 * A send's call options naming the document it was made from, for the send log: its file (on disk
 * only), and the SHA-256 of its bytes as written, by which the same letter sent drawn to PDF or as
 * it is is one letter (a repeat: src/rulebook/repeats.ts).
 */
export function fromDocument(call: CallOptions, uri: vscode.Uri | undefined, written?: string): CallOptions {
  return { ...call, ...(uri?.scheme === 'file' ? { source: uri.fsPath } : {}), ...(written ? { written } : {}) };
}
