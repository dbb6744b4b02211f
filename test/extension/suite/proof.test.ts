/**
 * The proof in the editor: Preview Before Sending draws the letter with what the preflight found
 * beside it; Send This Letter sends the bytes previewed (their SHA-256 recorded), whatever the
 * document says since; a send that would fail stops with Open Proof (and, in Development, Send
 * Anyway); Preview Merge Row shows one row's letter.
 */
import { strict as assert } from 'node:assert';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { MailroomProbe } from '../../../src/extension/probe';
import type { ShownPreview } from '../../../src/extension/probe';
import { sampleDocx } from '../../helpers/documents';
import { inProduction, mailroomProbe, onSandbox, person, previewOpened, run, send, until, workspace, connect, service } from './support';

const frontMatter = (zip: string) =>
  `---\nto:\n  AttentionLine1: Jane Doe\n  Address1: 1 Main St\n  City: Springfield\n  State: IL\n  PostalCode: ${zip}\n---\n`;

/** A Markdown letter of about `pages` pages of text. */
const longLetter = (zip: string, paragraphs: number) =>
  `${frontMatter(zip)}# Statement\n\n${Array.from({ length: paragraphs }, (_, i) => `Line ${i + 1} of the statement, with words enough to fill a line of the page.`).join('\n\n')}\n`;

describe('Mailroom: the proof before sending', function () {
  this.timeout(120_000);
  let probe: MailroomProbe;
  const written: vscode.Uri[] = [];

  async function write(name: string, text: string): Promise<vscode.Uri> {
    const uri = vscode.Uri.joinPath(workspace(), name);
    await vscode.workspace.fs.writeFile(uri, Buffer.from(text));
    written.push(uri);
    return uri;
  }

  const drawn = async (preview: ShownPreview) => {
    const state = await until(
      'the proof to be drawn',
      async () => (preview.lastState?.type === 'rendered' || preview.lastState?.type === 'failed' ? preview.lastState : undefined),
      40,
    );
    assert.equal(state.type, 'rendered', JSON.stringify(state));
    return state;
  };

  const tracked = () => probe.mailers.list().map((m) => m.id);

  /** Preview Before Sending, on a document or the one in the editor: the proof it opened. */
  const proofShown = async (...target: vscode.Uri[]) => {
    const preview = await previewOpened(probe, () => run([], 'mailroom.previewBeforeSending', ...target));
    assert.ok(preview, 'the proof opened');
    return preview;
  };

  before(async () => {
    probe = await mailroomProbe();
    await onSandbox(probe);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const uri of written) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
  });

  it('previews the .docx in front from the palette: a binary file has no text editor, its tab names it', async () => {
    const uri = vscode.Uri.joinPath(workspace(), 'proof-palette.docx');
    written.push(uri);
    await vscode.workspace.fs.writeFile(
      uri,
      sampleDocx(['Jane Doe', '1 Main St', 'Springfield, IL 62701', '', 'Dear Jane,', 'Thank you.']),
    );
    await vscode.commands.executeCommand('vscode.open', uri);
    await until('the .docx shown in a tab', async () => {
      const input: unknown = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input && typeof input === 'object' && 'uri' in input && String(input.uri) === uri.toString() ? true : undefined;
    });
    assert.equal(vscode.window.activeTextEditor, undefined, 'VS Code shows a .docx in no text editor');
    const preview = await previewOpened(probe, () => run([{ pick: /The address is in the document/ }], 'mailroom.previewBeforeSending'));
    assert.ok(preview, 'the proof opened');
    try {
      await drawn(preview);
      assert.ok(person.shown().every((m) => !/open the document to preview/.test(m)));
    } finally {
      preview.panel.dispose();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('previews a Markdown letter with a bad ZIP: the proof is drawn, -1018 beside it, the page strict', async () => {
    const uri = await write('proof-bad-zip.md', `${frontMatter('6270')}# Dear Jane\n\nYour order shipped.\n`);
    const preview = await proofShown(uri);
    try {
      const state = await drawn(preview);
      assert.match(state.text, /Jane Doe/);
      // The webview drew the recipient box over page 1, where the envelope shows the address.
      assert.deepEqual(state.marks, ['box']);
      assert.deepEqual(preview.proofView!.facts.marks?.offSize, []);
      const facts = preview.proofView!.facts;
      const zip = facts.findings.find((f) => f.code === -1018);
      assert.ok(zip, JSON.stringify(facts.findings));
      assert.equal(zip.severity, 'error');
      assert.equal(zip.field, 'PostalCode');
      assert.match(facts.sha256 ?? '', /^[0-9a-f]{64}$/);
      // Drawn by the browser setup installs, and sent as the PDF it drew (issue 30, part 2).
      assert.match(facts.drawnBy?.engine ?? '', /^(Chromium|Chrome|Microsoft Edge) \d+/);
      assert.equal(facts.sentType, 'pdf');
      const html = preview.panel.webview.html;
      assert.match(html, /Drawn by/);
      assert.match(html, /<span class="code">-1018<\/span>/);
      assert.match(html, /it would fail/, 'the button says the letter would fail');
      assert.match(html, /estimate/);
      assert.ok(html.includes(facts.sha256!), 'the SHA-256 is on the page');
      const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1]!;
      assert.match(csp, /script-src 'nonce-[^']+'/);
      assert.ok(!csp.includes('unsafe-inline'));
      assert.equal([...html.matchAll(/<script\b/g)].length, 1, 'one script, the preview’s own');
      // The PDF again and again while it is being drawn (pdf.js refuses two drawings on one canvas at once).
      const states: string[] = [];
      const listening = preview.onDidChangeState((next) => states.push(next.type === 'failed' ? `failed: ${next.reason}` : next.type));
      try {
        for (let i = 0; i < 4; i++) preview.receive({ type: 'ready' });
        await until('the PDF to be drawn again', async () => (states.includes('rendered') ? true : undefined));
        // Once more, alone: the webview takes messages in order, so its report comes after every earlier one's.
        const settled = states.length;
        preview.receive({ type: 'ready' });
        await until('the last PDF to be drawn', async () => (states.slice(settled).includes('rendered') ? true : undefined));
        assert.deepEqual([...new Set(states)], ['rendered'], states.join('\n'));
      } finally {
        listening.dispose();
      }
    } finally {
      preview.panel.dispose();
    }
  });

  it('sends exactly what was previewed: the SHA-256 recorded, shown and logged; an edit after the proof changes nothing sent', async () => {
    const uri = await write('proof-send.md', `${frontMatter('62701')}# Dear Jane\n\nYour order shipped today.\n`);
    const editor = await vscode.window.showTextDocument(uri);
    const preview = await proofShown();
    await drawn(preview);
    const proof = preview.proofView!.facts;
    assert.deepEqual(
      proof.findings.filter((f) => f.severity === 'error'),
      [],
    );
    assert.match(preview.panel.webview.html, />Send This Letter</);
    // After the proof, the document grows by pages: the panel says so; what goes is still the proof.
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, new vscode.Position(editor.document.lineCount, 0), longLetter('62701', 150).split('---\n').slice(2).join(''));
    assert.ok(await vscode.workspace.applyEdit(edit));
    await until('the proof to say the document changed', async () => (preview.stale ? true : undefined));
    const before = tracked();
    preview.receive({ type: 'send', sha256: preview.proofView!.facts.sha256! });
    const id = await until('the letter to be sent', async () => tracked().find((i) => !before.includes(i)));
    const mailer = probe.mailers.get(id)!;
    assert.equal(mailer.sha256, proof.sha256);
    const client = service(probe);
    const [details] = (await client.datedA.GetDetailsExtended({ ID: String(id) })).Details;
    assert.equal(details!.NumOfSheets, proof.sheets, 'the sheets of the proof, not of the document as edited');
    await vscode.commands.executeCommand('mailroom.showDetails', probe.mailersView.nodeOf(id));
    const shown = probe.detailsOf(id)!;
    assert.match(shown.text, new RegExp(`SHA-256 of the letter's bytes \\(as sent\\): ${proof.sha256}`));
    shown.panel.dispose();
    const log = Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(probe.logUri, 'Mailroom.log'))).toString('utf8');
    assert.match(log, new RegExp(`Mailer ${id} \\(proof-send\\.md\\) was sent; SHA-256 of the letter's bytes: ${proof.sha256}`));
    // Pressed again: the proof was sent; nothing more goes.
    await until('the send to be told', async () => (person.shown().some((m) => m.includes(`as mailer ${id}`)) ? true : undefined));
    const count = tracked().length;
    const from = person.notices.length;
    preview.receive({ type: 'send', sha256: preview.proofView!.facts.sha256! });
    await until('the second press to be answered', async () => (person.notices.length > from ? true : undefined));
    assert.match(person.shown(from).join('\n'), new RegExp(`was sent as mailer ${id}`));
    assert.equal(tracked().length, count);
    // The page says so, and offers the mailer's details and PDF instead of the send.
    assert.equal(preview.proofView?.sent, id);
    const previewsBefore = new Set(probe.previews);
    preview.receive({ type: 'show', what: 'pdf' });
    const pdf = await until('the mailer’s PDF preview', async () => probe.previews.find((p) => !previewsBefore.has(p)));
    assert.equal(pdf.proofView, undefined, 'the printed PDF of the mailer, not a proof');
    assert.match(pdf.panel.title, new RegExp(`${id}`));
    pdf.panel.dispose();
    // Hidden behind its letter (as when the letter is edited), refreshed, then shown again: the page
    // made again from its HTML is the refreshed proof's, with its SHA-256, not the first proof's.
    await vscode.window.showTextDocument(uri, { viewColumn: preview.panel.viewColumn! });
    await until('the proof to be hidden', async () => (preview.panel.visible ? undefined : true));
    preview.receive({ type: 'refresh' });
    await until('the refreshed proof', async () => (preview.proofView!.facts.sha256 !== proof.sha256 ? true : undefined));
    assert.equal(preview.stale, false);
    assert.ok(preview.proofView.facts.sheets > proof.sheets, 'the edited document prints on more sheets');
    assert.equal(preview.proofView?.sent, undefined, 'a refreshed proof is not sent yet');
    const html = preview.panel.webview.html;
    assert.ok(html.includes(`data-sha256="${preview.proofView.facts.sha256!}"`), 'the page shown next sends the refreshed proof');
    assert.ok(!html.includes(proof.sha256!), 'nothing of the first proof');
    assert.match(html, /<button id="refresh">Refresh<\/button>/);
    preview.reveal();
    assert.match((await drawn(preview)).text, /Jane Doe/);
    // A press on the proof as it was before the Refresh (its SHA-256) sends nothing; one on the new proof sends it.
    const refreshed = preview.proofView.facts.sha256!;
    const beforeRefreshed = tracked();
    const pressed = person.notices.length;
    preview.receive({ type: 'send', sha256: proof.sha256! });
    assert.match(person.shown(pressed).join('\n'), /the proof changed as you pressed Send This Letter; nothing was sent/);
    preview.receive({ type: 'send', sha256: refreshed });
    const second = await until('the refreshed letter to be sent', async () => tracked().find((i) => !beforeRefreshed.includes(i)));
    assert.equal(tracked().length, beforeRefreshed.length + 1, 'one letter, not two');
    assert.equal(probe.mailers.get(second)!.sha256, refreshed);
    // Previewed again: the one proof of the document comes forward with a new proof, no second tab.
    await vscode.window.showTextDocument(uri, { viewColumn: preview.panel.viewColumn! });
    const opened = probe.previews.length;
    assert.equal(await previewOpened(probe, () => run([], 'mailroom.previewBeforeSending', uri)), undefined, 'no other preview');
    assert.equal(probe.previews.length, opened);
    await until('the proof brought forward', async () => (preview.panel.visible ? true : undefined));
    assert.equal(preview.proofView?.sent, undefined, 'a new proof, ready to send');
    preview.panel.dispose();
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('sends a proof whose answer never came (a gateway 504) no more: its outcome is unknown, look it up', async () => {
    const sandboxUrl = probe.account!.endpoint;
    let sends = 0;
    // In front of the sandbox: every send is answered 504 by a "gateway", as after the mailer may have been made.
    const proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (/SendLetter/.test(String(req.headers['soapaction'] ?? ''))) {
          sends++;
          res.writeHead(504, { 'Content-Type': 'text/html' }).end('<html><head><title>504 Gateway Time-out</title></head></html>');
          return;
        }
        httpRequest(`${sandboxUrl}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        }).end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    try {
      await connect(probe, `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, 'soap11', 'demo', { password: 'demo' });
      const uri = await write('proof-unknown.md', `${frontMatter('62701')}# Dear Jane\n\nA letter whose answer is lost.\n`);
      const preview = await proofShown(uri);
      await drawn(preview);
      const from = person.notices.length;
      preview.receive({ type: 'send', sha256: preview.proofView!.facts.sha256! });
      await until('the unknown outcome to be told', async () =>
        person.shown(from).some((m) => /outcome of sending/.test(m)) ? true : undefined,
      );
      const again = person.notices.length;
      preview.receive({ type: 'send', sha256: preview.proofView!.facts.sha256! });
      await until('the second press to be answered', async () => (person.notices.length > again ? true : undefined));
      assert.match(person.shown(again).join('\n'), /the outcome of sending this proof is unknown\. Look it up/);
      assert.equal(sends, 1, 'one request, never a second');
      preview.panel.dispose();
    } finally {
      proxy.close();
      await vscode.commands.executeCommand('mailroom.useSandbox');
    }
  });

  it('Send This Letter on a proof that would fail: refused in Production, sent in Development only when the person insists', async () => {
    const uri = await write('proof-fails.md', `${frontMatter('6270')}# Dear Jane\n`);
    const before = tracked();
    const production = await inProduction(() => proofShown(uri));
    const from = person.notices.length;
    production.receive({ type: 'send', sha256: production.proofView!.facts.sha256! });
    await until('the refusal', async () => (person.notices.length > from ? true : undefined));
    assert.match(
      person.shown(from, 'error').join('\n'),
      /proof-fails\.md would fail \(1 error; the first: -1018 .*Not sent in Production mode: fix the document and refresh the proof/,
    );
    // The proof it says to refresh has Refresh, though the document has not changed yet.
    assert.equal(production.stale, false);
    assert.match(production.panel.webview.html, /<button id="refresh">Refresh<\/button>/);
    production.panel.dispose();
    const development = await proofShown(uri);
    await person.answering([{ confirm: false }], async () => {
      development.receive({ type: 'send', sha256: development.proofView!.facts.sha256! });
      await until('the question', async () => (person.asked.length > 0 ? true : undefined));
    });
    assert.deepEqual(tracked(), before, 'declined: nothing sent');
    development.panel.dispose();
  });

  it('offers Preview Before Sending as a CodeLens above a front matter, and not on a letter without one', async () => {
    const lensed = await write('proof-lens.md', `${frontMatter('62701')}# Dear Jane\n`);
    const plain = await write('proof-plain.md', '# Notes\n\nNo front matter here.\n');
    // The workbench asks the providers of an open document's model.
    await vscode.workspace.openTextDocument(lensed);
    await vscode.workspace.openTextDocument(plain);
    const lenses = async (uri: vscode.Uri) =>
      (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)).filter(
        (l) => l.command?.command === 'mailroom.previewBeforeSending',
      );
    const [lens] = await until('the lens', async () => ((await lenses(lensed)).length > 0 ? lenses(lensed) : undefined));
    assert.equal(lens!.range.start.line, 0);
    assert.equal(lens!.command!.title, 'Preview Before Sending');
    assert.equal(String(lens!.command!.arguments?.[0]), lensed.toString());
    assert.deepEqual(await lenses(plain), []);
  });

  it('stops a send that would fail: Open Proof shows the proof instead of sending', async () => {
    const uri = await write('proof-stop.md', `${frontMatter('6270')}# Dear Jane\n`);
    const before = tracked();
    const shownFrom = probe.previews.length;
    const from = person.notices.length;
    person.pressWhenShown(/would fail/, 'Open Proof');
    const sent = await send([], 'mailroom.sendDocument', uri);
    assert.equal(sent, undefined, 'no mailer said to be sent');
    assert.deepEqual(tracked(), before, 'nothing was sent');
    const notice = person.notices.slice(from).find((n) => /would fail/.test(n.message))!;
    assert.match(notice.message, /1 error; the first: -1018 \(PostalCode\)/);
    assert.deepEqual(notice.buttons, ['Open Proof', 'Send Anyway']);
    const preview = probe.previews[shownFrom]!;
    assert.ok(preview?.proofView, 'the proof is open');
    await drawn(preview);
    preview.panel.dispose();
    // In Production the preflight's error is not sent over: Open Proof only.
    const production = person.notices.length;
    await inProduction(() => run([], 'mailroom.sendDocument', uri));
    const asked = person.notices.slice(production).find((n) => /would fail/.test(n.message))!;
    assert.deepEqual(asked.buttons, ['Open Proof']);
    assert.deepEqual(tracked(), before);
  });

  it('sends anyway in Development when the person insists: a letter too long for the envelope', async () => {
    const uri = await write('proof-long.md', longLetter('62701', 400));
    const before = tracked();
    const from = person.notices.length;
    person.pressWhenShown(/would fail/, 'Send Anyway');
    const id = await send([], 'mailroom.sendDocument', uri);
    assert.ok(typeof id === 'number' && !before.includes(id), 'sent');
    assert.match(person.shown(from, 'error').join('\n'), /-1065/);
    assert.match(probe.mailers.get(id)!.sha256 ?? '', /^[0-9a-f]{64}$/);
  });

  it('offers no Send Anyway where the service would refuse the letter: a name longer than 45 characters', async () => {
    const name = 'Jane Alexandra Doe-Montgomery of the Springfield Historical So';
    assert.equal(name.length, 62);
    const uri = await write('proof-refused.md', `${frontMatter('62701').replace('Jane Doe', name)}# Dear Jane\n`);
    const before = tracked();
    const from = person.notices.length;
    const sent = await send([], 'mailroom.sendDocument', uri);
    assert.equal(sent, undefined);
    const notice = person.notices.slice(from).find((n) => /would fail/.test(n.message))!;
    assert.match(notice.message, /-3120 \(AttentionLine1\)/);
    assert.deepEqual(notice.buttons, ['Open Proof'], 'a send the service refuses is never offered');
    // The proof offers no send either, and says why; pressed all the same (an old page), nothing goes.
    const preview = await proofShown(uri);
    assert.doesNotMatch(preview.panel.webview.html, /id="send"/);
    assert.match(preview.panel.webview.html, /The service would refuse this letter \(-3120/);
    const pressed = person.notices.length;
    preview.receive({ type: 'send', sha256: preview.proofView!.facts.sha256! });
    await until('the refusal', async () => (person.notices.length > pressed ? true : undefined));
    assert.match(person.shown(pressed, 'error').join('\n'), /the service would refuse proof-refused\.md \(-3120.*nothing was sent/);
    assert.deepEqual(tracked(), before);
    preview.panel.dispose();
  });

  it('Send Anyway acts on the document as it is when pressed: fixed meanwhile, it is checked again and sends what is there', async () => {
    const uri = await write('proof-fixed.md', `${frontMatter('6270')}# Dear Jane\n`);
    const editor = await vscode.window.showTextDocument(uri);
    const before = tracked();
    // While the notification is on screen, the person fixes the ZIP code, then presses Send Anyway.
    person.pressWhenShown(/proof-fixed\.md would fail/, 'Send Anyway', async () => {
      const line = editor.document
        .getText()
        .split('\n')
        .findIndex((l) => l.includes('PostalCode'));
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, editor.document.lineAt(line).range, '  PostalCode: 62701');
      assert.ok(await vscode.workspace.applyEdit(edit));
    });
    const from = person.notices.length;
    const id = await send([], 'mailroom.sendDocument', uri);
    assert.ok(typeof id === 'number' && !before.includes(id), 'sent');
    assert.equal(person.shown(from).filter((m) => /would fail/.test(m)).length, 1, 'checked again, and nothing failed');
    assert.match(probe.mailers.get(id)!.recipient ?? '', /62701/, 'the document as it was when pressed');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('previews one row of a merge: that row’s letter, its findings beside it, no Send button', async () => {
    await write(
      'proof-rows.csv',
      'AttentionLine1,Address1,City,State,PostalCode\nJane Doe,1 Main St,Springfield,IL,62701\nSam Roe,2 Side St,Shelbyville,IL,6256\n',
    );
    const template = vscode.Uri.joinPath(workspace(), 'invite.html');
    const preview = await previewOpened(probe, () =>
      run([{ enter: true }, { pick: 'proof-rows.csv' }, { pick: /Row 2$/ }], 'mailroom.previewMergeRow', template),
    );
    assert.ok(preview, 'the row is shown');
    const state = await drawn(preview);
    assert.match(state.text, /Sam Roe/);
    assert.doesNotMatch(state.text, /Jane Doe/);
    const facts = preview.proofView!.facts;
    assert.ok(
      facts.findings.some((f) => f.code === -1018 && f.row === 2),
      JSON.stringify(facts.findings),
    );
    assert.ok(!facts.findings.some((f) => f.row === 1));
    assert.doesNotMatch(preview.panel.webview.html, /id="send"/);
    preview.panel.dispose();
  });

  it('previews a late row of a 100,000-row CSV, by its number or by a name it holds, each that row’s letter', async () => {
    const lines = ['AttentionLine1,Address1,City,State,PostalCode'];
    for (let i = 1; i <= 100_000; i++) lines.push(`Person ${i},${i} Main St,Springfield,IL,62701`);
    lines[99_990] = '"Zoë Late, Jr.",99990 Main St,Springfield,IL,62701';
    await write('proof-large.csv', `${lines.join('\r\n')}\r\n`);
    const template = vscode.Uri.joinPath(workspace(), 'invite.html');
    const byNumber = await previewOpened(probe, () =>
      run(
        [{ enter: true }, { pick: 'proof-large.csv' }, { pick: /Another Row…$/ }, { input: '99,999' }],
        'mailroom.previewMergeRow',
        template,
      ),
    );
    assert.ok(byNumber, 'the row is shown');
    assert.match((await drawn(byNumber)).text, /Person 99999\b/);
    assert.equal(byNumber.panel.title, 'Proof · invite.html row 99999');
    byNumber.panel.dispose();
    const byName = await previewOpened(probe, () =>
      run(
        [{ enter: true }, { pick: 'proof-large.csv' }, { pick: /Another Row…$/ }, { input: 'zoë late' }, { pick: /Row 99990$/ }],
        'mailroom.previewMergeRow',
        template,
      ),
    );
    assert.ok(byName, 'the row is shown');
    assert.match((await drawn(byName)).text, /Zoë Late, Jr\./);
    byName.panel.dispose();
  });

  it('previews row 1200 typed into the row pick, keeps typed text for Another Row…, and draws the row again when the CSV changes', async () => {
    const lines = ['AttentionLine1,Address1,City,State,PostalCode'];
    for (let i = 1; i <= 2000; i++) lines.push(`Person ${i},${i} Main St,Springfield,IL,62701`);
    const data = await write('proof-2000.csv', `${lines.join('\r\n')}\r\n`);
    const template = vscode.Uri.joinPath(workspace(), 'invite.html');
    // Typed "1200" and Enter: that row, at once.
    const typed = await previewOpened(probe, () =>
      run([{ enter: true }, { pick: 'proof-2000.csv' }, { type: '1200' }], 'mailroom.previewMergeRow', template),
    );
    assert.ok(typed, 'row 1200 is shown');
    assert.equal(typed.panel.title, 'Proof · invite.html row 1200');
    assert.match((await drawn(typed)).text, /Person 1200\b/);
    assert.equal(typed.proofView?.refreshable, true, 'the proof offers Refresh');
    // The CSV changes on disk: the proof is drawn again, with the row's findings found again.
    lines[1200] = 'Renamed Person,1200 Main St,Springfield,IL,6270';
    await vscode.workspace.fs.writeFile(data, Buffer.from(`${lines.join('\r\n')}\r\n`));
    await until('the proof drawn again from the changed CSV', async () =>
      typed.lastState?.type === 'rendered' && /Renamed Person/.test(typed.lastState.text) ? true : undefined,
    );
    assert.ok(
      typed.proofView.facts.findings.some((f) => f.code === -1018),
      JSON.stringify(typed.proofView.facts.findings),
    );
    typed.panel.dispose();
    // Typed words, then Another Row…: its box opens with them, and Enter takes them.
    const found = await previewOpened(probe, () =>
      run(
        [{ enter: true }, { pick: 'proof-2000.csv' }, { type: 'Person 1500' }, { enter: true }, { pick: /Row 1500$/ }],
        'mailroom.previewMergeRow',
        template,
      ),
    );
    assert.ok(found, 'row 1500 is shown');
    assert.equal(found.panel.title, 'Proof · invite.html row 1500');
    found.panel.dispose();
  });

  it('previews a row of a CSV a spreadsheet saved in Windows-1252: the name right, and which encoding was assumed', async () => {
    const data = await write('proof-windows-1252.csv', '');
    await vscode.workspace.fs.writeFile(
      data,
      Buffer.from('AttentionLine1,Address1,City,State,PostalCode\r\nJosé Müller,1 Main St,Springfield,IL,62701\r\n', 'latin1'),
    );
    const preview = await previewOpened(probe, () =>
      run(
        [{ enter: true }, { pick: 'proof-windows-1252.csv' }, { pick: /Row 1$/ }],
        'mailroom.previewMergeRow',
        vscode.Uri.joinPath(workspace(), 'invite.html'),
      ),
    );
    assert.ok(preview, 'the row is shown');
    const state = await drawn(preview);
    assert.match(state.text, /José Müller/);
    assert.deepEqual(preview.proofView!.facts.mergeData, { name: 'proof-windows-1252.csv', encoding: 'Windows-1252' });
    assert.match(preview.panel.webview.html, /proof-windows-1252\.csv, read as Windows-1252; sent as UTF-8/);
    preview.panel.dispose();
  });

  it('previews a row of a CSV separated by semicolons: the cells as in the file, and which delimiter was assumed', async () => {
    await write(
      'proof-semicolons.csv',
      'AttentionLine1;Address1;City;State;PostalCode\r\n"Doe; Jane";1 Main St, Apt 2;Springfield;IL;62701\r\n',
    );
    const preview = await previewOpened(probe, () =>
      run(
        [{ enter: true }, { pick: 'proof-semicolons.csv' }, { pick: /Row 1$/ }],
        'mailroom.previewMergeRow',
        vscode.Uri.joinPath(workspace(), 'invite.html'),
      ),
    );
    assert.ok(preview, 'the row is shown');
    const state = await drawn(preview);
    assert.match(state.text, /Doe; Jane/);
    assert.match(state.text, /1 Main St, Apt 2/);
    assert.deepEqual(preview.proofView!.facts.mergeData, { name: 'proof-semicolons.csv', encoding: 'UTF-8', delimiter: ';' });
    assert.match(
      preview.panel.webview.html,
      /proof-semicolons\.csv, read as UTF-8, separated by semicolons; sent as UTF-8 separated by commas/,
    );
    preview.panel.dispose();
  });
});
