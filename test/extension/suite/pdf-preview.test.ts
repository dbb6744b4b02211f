/**
 * The PDF preview: pdf.js drawing the printed letter, its strict content security policy, a
 * malformed PDF and one not printed yet, and nothing piling up after many previews and sign-ins.
 * Each test sets up what it needs, so that any one of them runs alone (MAILROOM_TEST_GREP), in any order.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomProbe } from '../../../src/extension/probe';
import { PdfPreview } from '../../../src/extension/views/pdf-preview';
import {
  aCompletedLetter,
  aLetter,
  EXTENSION_ID,
  mailroomProbe,
  onSandbox,
  person,
  previewShown,
  sendNotes,
  typedAddress,
  until,
  connect,
  refreshFiles,
} from './support';

describe('The PDF preview of a mailer', () => {
  let probe: MailroomProbe;

  before(async () => {
    probe = await mailroomProbe();
  });

  // Every question a test's commands asked was one it expected and answered.
  afterEach(() => person.settle());

  it('previews the printed PDF: pdf.js draws the address page and gives its words', async () => {
    const letter = await aCompletedLetter(probe);
    const preview = await previewShown(probe, letter);
    const state = await until(
      'the first page to be drawn',
      async () => (preview.lastState?.type === 'rendered' || preview.lastState?.type === 'failed' ? preview.lastState : undefined),
      40,
    );
    assert.equal(state.type, 'rendered', JSON.stringify(state));
    if (state.type !== 'rendered') return;
    assert.equal(state.pages, 2, 'the address page and the letter');
    assert.match(state.text, /Jane Doe/);
    assert.match(state.text, /Springfield, IL 62701/);
    preview.panel.dispose();
  });

  it('keeps the preview strict: a nonce for its one script, nothing remote, no inline script', async () => {
    const letter = await aLetter(probe);
    const preview = await previewShown(probe, letter);
    const html = preview.panel.webview.html;
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1]!;
    assert.match(csp, /default-src 'none'/);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1]!;
    assert.ok(!csp.includes('unsafe-inline') && !csp.includes('unsafe-eval'), csp);
    assert.ok(!/https?:/.test(csp.split(preview.panel.webview.cspSource).join('')), "only the webview's own resources");
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1);
    assert.match(scripts[0]![1]!, new RegExp(`nonce="${nonce.replace(/[+/=]/g, (c) => `\\${c}`)}"`));
    assert.equal(scripts[0]![2]!.trim(), '', 'no inline script');
    // The one script, as shipped, opens PDFs with pdf.js's eval turned off.
    const extensionUri = vscode.extensions.getExtension(EXTENSION_ID)!.extensionUri;
    const shipped = Buffer.from(
      await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, 'dist', 'media', 'preview.js')),
    ).toString();
    assert.match(shipped, /isEvalSupported:\s*(false|!1)/);
    preview.panel.dispose();
  });

  it('shows a malformed PDF as an error, not a blank page', async () => {
    const extensionUri = vscode.extensions.getExtension(EXTENSION_ID)!.extensionUri;
    const preview = PdfPreview.show(extensionUri, 'broken', async () => Buffer.from('%PDF-1.7\nthis is not a PDF at all\n%%EOF'));
    const state = await until('the preview to answer', async () => preview.lastState, 30);
    assert.equal(state.type, 'failed', JSON.stringify(state));
    preview.panel.dispose();
  });

  it('shows a PDF not printed yet as not available, with a retry', async () => {
    await onSandbox(probe);
    const id = await sendNotes(
      typedAddress(probe, { AttentionLine1: 'Pat Poe', Address1: '3 Far Rd', City: 'Ogdenville', State: 'OR', PostalCode: '97301' }),
    );
    const preview = await previewShown(probe, id);
    const state = await until('the preview to answer', async () => preview.lastState, 30);
    assert.equal(state.type, 'unavailable');
    assert.match((state as { reason: string }).reason, /not available yet/);
    preview.panel.dispose();
    await vscode.commands.executeCommand('mailroom.stopTracking', probe.mailersView.nodeOf(id));
  });

  it('opens and closes PDF previews and reconnects 20 times: nothing piles up', async function () {
    // Counts, not speed: 21 rounds of previews and sign-ins take a while on a busy machine.
    this.timeout(240_000);
    const letter = await aLetter(probe);
    const endpoint = probe.account!.endpoint;
    const ourPanels = () =>
      vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.includes('mailroom.pdfPreview'));
    const cycle = async () => {
      const preview = await previewShown(probe, letter);
      await until('the preview to answer', async () => preview.lastState, 30);
      assert.ok(probe.previews.includes(preview));
      // Closed as a person closes it: its tab.
      const [tab] = ourPanels();
      assert.ok(tab, 'the preview is a tab');
      await vscode.window.tabGroups.close(tab);
      await until('the closed preview to leave the list', async () => (probe.previews.includes(preview) ? undefined : true));
      // Reconnected twice, each time with a call over the new client.
      await vscode.commands.executeCommand('mailroom.signOut');
      await connect(probe, endpoint, 'http-post', 'demo', { password: 'demo' });
      await refreshFiles();
      await vscode.commands.executeCommand('mailroom.signOut');
      await vscode.commands.executeCommand('mailroom.useSandbox');
      await refreshFiles();
    };
    const measure = () => {
      const { timers, ...alive } = probe.alive();
      // The refresher keeps at most one timer, set only while a mailer is in process.
      assert.ok(timers <= 1, `${timers} timers`);
      return { ...alive, previews: probe.previews.length, panels: ourPanels().length };
    };
    await cycle();
    const once = measure();
    assert.deepEqual({ previews: once.previews, panels: once.panels }, { previews: 0, panels: 0 });
    for (let i = 0; i < 20; i++) await cycle();
    assert.deepEqual(measure(), once, 'what is alive after 21 cycles, against after 1');
  });
});
