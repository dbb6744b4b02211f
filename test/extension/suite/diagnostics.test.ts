/**
 * Live diagnostics in VS Code: a person types in a Markdown letter's front matter and a merge's
 * CSV; the Problems panel shows what the preflight would find on the exact value or cell, with the
 * service's code; the quick fixes VS Code offers for them mend the text; and an edit made before
 * the pause ends leaves nothing stale published.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomProbe } from '../../../src/extension/probe';
import { mailroomProbe, person, previewOpened, run, until, workspace } from './support';

const LONG_CITY = 'Springfield Township of the Long Name'; // 37 characters; the service takes 30
const LONG_NAME = 'Jane Alexandra Montgomery-Featherstonehaugh Doe'; // 47; the service takes 45

describe('Mailroom: live diagnostics and quick fixes', function () {
  this.timeout(60_000);
  let probe: MailroomProbe;
  const made: vscode.Uri[] = [];

  before(async () => {
    probe = await mailroomProbe();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const uri of made) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
  });

  async function opened(name: string, text: string): Promise<vscode.TextEditor> {
    const uri = vscode.Uri.joinPath(workspace(), name);
    made.push(uri);
    await vscode.workspace.fs.writeFile(uri, Buffer.from(text));
    return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  }

  /** Mailroom's diagnostics once it has checked the document as it is now. */
  async function checked(document: vscode.TextDocument): Promise<vscode.Diagnostic[]> {
    await until(`${document.uri.path} checked at version ${document.version}`, async () =>
      probe.checkedVersion(document.uri) === document.version ? true : undefined,
    );
    return vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'Mailroom');
  }

  const rangeOf = (document: vscode.TextDocument, text: string, from = 0) => {
    const start = document.getText().indexOf(text, from);
    assert.ok(start >= 0, `"${text}" is in the document`);
    return new vscode.Range(document.positionAt(start), document.positionAt(start + text.length));
  };

  /** The quick fixes VS Code offers at a diagnostic, as the light bulb asks for them. */
  const quickFixes = (document: vscode.TextDocument, range: vscode.Range) =>
    vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      range,
      vscode.CodeActionKind.QuickFix.value,
    );

  it('squiggles a city too long in a one-line to: with -3113 on the city itself, and clears it when typed right', async () => {
    const editor = await opened('diagnostics-city.md', `---\nto: Jane Doe, 1 Main St, ${LONG_CITY}, IL 62701\n---\n# Dear Jane\n`);
    const document = editor.document;
    const found = await checked(document);
    // Its length, and a city the ZIP code does not serve (a warning, on the same city).
    assert.deepEqual(
      found.map((d) => [d.code, d.severity]),
      [
        [-3113, vscode.DiagnosticSeverity.Error],
        [-1018, vscode.DiagnosticSeverity.Warning],
      ],
    );
    const [diagnostic] = found as [vscode.Diagnostic];
    assert.ok(diagnostic.range.isEqual(rangeOf(document, LONG_CITY)), `on the city, not ${JSON.stringify(diagnostic.range)}`);
    assert.match(diagnostic.message, /The city is 37 characters long; the service takes at most 30\./);

    await editor.edit((edit) => edit.replace(rangeOf(document, LONG_CITY), 'Springfield'));
    assert.deepEqual(await checked(document), []);
  });

  it('offers to trim a name too long, and the trimmed name is all that changes', async () => {
    const text = `---\ntitle: Thanks\nto:\n  AttentionLine1: ${LONG_NAME}\n  Address1: 1 Main St\n  City: Springfield\n  State: IL\n  PostalCode: 62701\n---\nBody\n`;
    const { document } = await opened('diagnostics-name.md', text);
    const [diagnostic] = await checked(document);
    assert.equal(diagnostic?.code, -3120);
    assert.ok(diagnostic.range.isEqual(rangeOf(document, LONG_NAME)));
    const trim = (await quickFixes(document, diagnostic.range)).find((a) => /Trim AttentionLine1 to 45 characters/.test(a.title));
    assert.ok(trim?.edit, 'a trim is offered');
    assert.ok(await vscode.workspace.applyEdit(trim.edit));
    assert.equal(document.getText(), text.replace(LONG_NAME, LONG_NAME.slice(0, 45)));
    assert.deepEqual(await checked(document), []);
  });

  it("warns of a city its ZIP code does not serve, naming the ZIP code's city, and changes it to that; fails a ZIP code that does not exist", async () => {
    const text = `---\nto: Jane Doe, 1 Main St, Los Angeles, CA 90210\n---\n# Dear Jane\n`;
    const editor = await opened('diagnostics-zip.md', text);
    const { document } = editor;
    const [diagnostic, ...more] = await checked(document);
    assert.deepEqual(more, []);
    assert.equal(diagnostic?.code, -1018);
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Warning);
    assert.ok(diagnostic.range.isEqual(rangeOf(document, 'Los Angeles')), 'on the city');
    assert.match(diagnostic.message, /ZIP code 90210 is Beverly Hills's/);
    const change = (await quickFixes(document, diagnostic.range)).find((a) => a.title === 'Change City to "Beverly Hills"');
    assert.ok(change?.edit, 'the change is offered');
    assert.ok(await vscode.workspace.applyEdit(change.edit));
    assert.equal(document.getText(), text.replace('Los Angeles', 'Beverly Hills'));
    assert.deepEqual(await checked(document), []);

    await editor.edit((edit) => edit.replace(rangeOf(document, '90210'), '21301'));
    const [unknown] = await checked(document);
    assert.equal(unknown?.code, -1018);
    assert.equal(unknown.severity, vscode.DiagnosticSeverity.Error, 'what Production meets');
    assert.match(unknown.message, /21301 is not a ZIP code the USPS has/);
  });

  it('warns of a front-matter key Mailroom does not know on the key itself, and renames it with the quick fix', async () => {
    const text = '---\ntitel: Your order\nto: Jane Doe, 1 Main St, Springfield, IL 62701\n---\n# Dear Jane\n';
    const { document } = await opened('diagnostics-key.md', text);
    const [diagnostic, ...more] = await checked(document);
    assert.deepEqual(more, []);
    assert.equal(diagnostic?.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(diagnostic.code, undefined, "Mailroom's own finding: no service code");
    assert.ok(diagnostic.range.isEqual(rangeOf(document, 'titel')), `on the key, not ${JSON.stringify(diagnostic.range)}`);
    assert.equal(diagnostic.message, '"titel" is not a front-matter key Mailroom knows, and is left aside: did you mean "title"?');
    const rename = (await quickFixes(document, diagnostic.range)).find((a) => a.title === 'Rename "titel" to "title"');
    assert.ok(rename?.edit, 'the rename is offered');
    assert.ok(await vscode.workspace.applyEdit(rename.edit));
    assert.equal(document.getText(), text.replace('titel', 'title'));
    assert.deepEqual(await checked(document), []);
  });

  it("says a front matter never closed on its ---, a key written twice with the first as related, and nothing of another tool's page", async () => {
    const open = await opened('diagnostics-open.md', '---\nto: Jane Doe, 1 Main St, Springfield, IL 62701\n\n# Dear Jane\n');
    const [unclosed, ...more] = await checked(open.document);
    assert.deepEqual(more, []);
    assert.equal(unclosed?.severity, vscode.DiagnosticSeverity.Error);
    assert.ok(unclosed.range.isEqual(new vscode.Range(0, 0, 0, 3)));
    assert.match(unclosed.message, /^The front matter that opens here is never closed/);
    // Closed by typing the line: nothing left to say.
    await open.edit((edit) => edit.insert(new vscode.Position(2, 0), '---\n'));
    assert.deepEqual(await checked(open.document), []);

    const twice = await opened('diagnostics-twice.md', '---\nto: Jane Doe, 1 Main St, Springfield, IL 62701\ntitle: A\ntitle: B\n---\n');
    const [duplicate, ...others] = await checked(twice.document);
    assert.deepEqual(others, []);
    assert.equal(duplicate?.severity, vscode.DiagnosticSeverity.Error);
    assert.ok(duplicate.range.isEqual(new vscode.Range(3, 0, 3, 5)), 'on the second title');
    assert.match(duplicate.message, /^"title" is written twice, on lines 3 and 4/);
    assert.deepEqual(
      duplicate.relatedInformation?.map((r) => [r.location.uri.toString(), r.location.range.start.line, r.message]),
      [[twice.document.uri.toString(), 2, '"title" first written here']],
    );

    const page = await opened('diagnostics-page.md', '---\nlayout: post\ncategories: [news]\n---\n# Release notes\n');
    assert.deepEqual(await checked(page.document), [], 'no to:, so no letter');
  });

  it('puts -1045 on the empty street cell of a CSV row with no address, the template beside it, and adds a missing column', async () => {
    made.push(vscode.Uri.joinPath(workspace(), 'diagnostics-guests.html'));
    await vscode.workspace.fs.writeFile(made.at(-1)!, Buffer.from('<p>Dear {{AttentionLine1}}, table {{Table}}.</p>'));
    const csv = 'AttentionLine1,Address1,City,State,PostalCode\nJane Doe,1 Main St,Springfield,IL,62701\nSam Roe,,Shelbyville,IL,62565\n';
    const { document } = await opened('diagnostics-guests.csv', csv);
    const found = await checked(document);
    assert.deepEqual(
      found.map((d) => d.code),
      [-3144, -1045],
    );
    const [missing, noAddress] = found as [vscode.Diagnostic, vscode.Diagnostic];
    const emptyCell = document.positionAt(csv.indexOf('Sam Roe,') + 'Sam Roe,'.length);
    assert.ok(noAddress.range.isEqual(new vscode.Range(emptyCell, emptyCell)), 'on the empty Address1 cell of row 2');
    assert.match(noAddress.message, /A street address is needed/);
    assert.ok(missing.range.isEqual(document.lineAt(0).range), 'on the header line');
    assert.match(missing.message, /"Table" has no column/);

    const add = (await quickFixes(document, missing.range)).find((a) => /Add the column "Table"/.test(a.title));
    assert.ok(add?.edit, 'adding the column is offered');
    assert.ok(await vscode.workspace.applyEdit(add.edit));
    assert.equal(
      document.getText(),
      'AttentionLine1,Address1,City,State,PostalCode,Table\nJane Doe,1 Main St,Springfield,IL,62701,\nSam Roe,,Shelbyville,IL,62565,\n',
    );
    assert.deepEqual(
      (await checked(document)).map((d) => d.code),
      [-1045],
    );
  });

  it("warns of an emoji in a CSV name cell on the cell, in the preflight's words (issue 23 part 5)", async () => {
    const csv =
      'AttentionLine1,Address1,City,State,PostalCode\nJane 😀 Doe,1 Main St,Springfield,IL,62701\nJosé Müller,2 Elm St,Springfield,IL,62701\n';
    const { document } = await opened('diagnostics-emoji.csv', csv);
    const found = await checked(document);
    assert.equal(found.length, 1, found.map((d) => d.message).join('\n'));
    const [emoji] = found as [vscode.Diagnostic];
    assert.equal(emoji.severity, vscode.DiagnosticSeverity.Warning);
    assert.ok(emoji.range.isEqual(rangeOf(document, 'Jane 😀 Doe')), 'on the name cell of row 1');
    assert.match(emoji.message, /Mailroom's printing fonts cannot draw “😀” \(U\+1F600\) in AttentionLine1/);
  });

  it('offers Rename "Town" to "City" for a renamed column, first, and the rename leaves the rows whole (issue 25, part 6)', async () => {
    const csv = 'AttentionLine1,Address1,Town,State,PostalCode\nJane Doe,1 Main St,Springfield,IL,62701\n';
    const { document } = await opened('diagnostics-town.csv', csv);
    const noCity = (await checked(document))[0]!;
    assert.equal(noCity.code, -1045);
    const titles = (await quickFixes(document, noCity.range)).map((a) => a.title);
    assert.equal(titles[0], 'Rename "Town" to "City"', `offered: ${titles.join('; ')}`);
    const rename = (await quickFixes(document, noCity.range))[0]!;
    assert.ok(rename.edit && (await vscode.workspace.applyEdit(rename.edit)));
    assert.equal(document.getText(), csv.replace('Town', 'City'));
    assert.deepEqual(await checked(document), []);
  });

  it('says a misnamed header once, on the header, with each rename offered once: not 1,000 row errors (issue 31, item 7)', async () => {
    made.push(vscode.Uri.joinPath(workspace(), 'diagnostics-misnamed.html'));
    await vscode.workspace.fs.writeFile(made.at(-1)!, Buffer.from('<p>Dear {{AttentionLine1}},</p>'));
    const rows = Array.from({ length: 1000 }, (_, i) => `Person ${i + 1},${i + 1} Main St,Springfield,IL,62701`);
    const csv = `Name,Street,City,State,Zip\n${rows.join('\n')}\n`;
    const { document } = await opened('diagnostics-misnamed.csv', csv);
    const found = await checked(document);
    assert.deepEqual(
      found.map((d) => [d.code, d.range.start.line]),
      [
        [-3145, 0],
        [-3145, 0],
        [-3145, 0],
        [-3144, 0],
        [-1045, 0],
      ],
      'the header only, once a cause: no row is marked',
    );
    const cause = found[4]!;
    assert.match(cause.message, /Rename "Street" to "Address1", "Name" to "AttentionLine1" and "Zip" to "PostalCode"\.$/);
    // The light bulb on the header: every diagnostic there lists its fixes together (Name's own -3145, the template's
    // AttentionLine1 without a column, the address's -1045 all offer the same rename), and a rename is one fix.
    const titles = (await quickFixes(document, document.lineAt(0).range)).map((a) => a.title);
    for (const rename of ['Rename "Name" to "AttentionLine1"', 'Rename "Street" to "Address1"', 'Rename "Zip" to "PostalCode"'])
      assert.equal(titles.filter((t) => t === rename).length, 1, `${rename} once in: ${titles.join('; ')}`);
    const nameFix = (await quickFixes(document, rangeOf(document, 'Name'))).find((a) => a.title === 'Rename "Name" to "AttentionLine1"');
    assert.ok(nameFix?.edit && (await vscode.workspace.applyEdit(nameFix.edit)));
    assert.equal(document.lineAt(0).text, 'AttentionLine1,Street,City,State,Zip');
    assert.deepEqual(
      (await checked(document)).map((d) => d.code),
      [-3145, -3145, -1045],
    );
  });

  it('joins the lines of an address cell, and a row split by a line break, as quick fixes; names a short row', async () => {
    const header = 'AttentionLine1,Address1,City,State,PostalCode';
    const csv = `${header}\r\nJane Doe,"1 Main St\r\nApt 2",Springfield,IL,62701\r\nSam Roe,2 Side St\r\nApt 4,Shelbyville,IL,62565\r\n`;
    const { document } = await opened('diagnostics-lines.csv', csv);
    const found = await checked(document);
    assert.deepEqual(
      found.map((d) => [d.code, document.getText(d.range)]),
      [
        [-1045, '"1 Main St\r\nApt 2"'],
        [-3144, 'Sam Roe,2 Side St'],
        [-3144, 'Apt 4,Shelbyville,IL,62565'],
      ],
    );
    assert.match(found[1]!.message, /Row 2 has 2 cells; the header has 5 columns\. Rows 2 and 3 are one row split/);
    const joinCell = (await quickFixes(document, found[0]!.range)).find((a) => a.title === 'Join the lines of Address1 into one');
    assert.ok(joinCell?.edit, 'joining the cell is offered');
    assert.ok(await vscode.workspace.applyEdit(joinCell.edit));
    const [split] = await checked(document);
    assert.ok(split, 'the split row is still there');
    const joinRow = (await quickFixes(document, split.range)).find((a) => /^Join this row with its other half/.test(a.title));
    assert.ok(joinRow?.edit, 'joining the row is offered');
    assert.ok(await vscode.workspace.applyEdit(joinRow.edit));
    assert.equal(
      document.getText(),
      `${header}\r\nJane Doe,"1 Main St Apt 2",Springfield,IL,62701\r\nSam Roe,2 Side St Apt 4,Shelbyville,IL,62565\r\n`,
    );
    assert.deepEqual(await checked(document), []);
  });

  it('says first, as an error, that a Windows-1252 CSV shown as UTF-8 would lose its letters if saved here, on the first one it cannot show', async () => {
    const uri = vscode.Uri.joinPath(workspace(), 'diagnostics-windows-1252.csv');
    made.push(uri);
    const header = 'AttentionLine1,Address1,City,State,PostalCode\r\n';
    await vscode.workspace.fs.writeFile(uri, Buffer.from(`${header}José Müller,1 Main St,Springfield,IL,62701\r\n`, 'latin1'));
    const document = (await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri))).document;
    const found = await checked(document);
    // An error: where VS Code caps a file's problems, it keeps the errors, so this one is never the hidden one.
    assert.deepEqual(
      found.map((d) => [d.code, d.severity, document.offsetAt(d.range.start), document.getText(d.range)]),
      [[undefined, vscode.DiagnosticSeverity.Error, document.getText().indexOf('\uFFFD'), '\uFFFD']],
    );
    assert.match(found[0]!.message, /^This file is Windows-1252, as a spreadsheet saves it, .* Reopen it with the encoding Windows-1252/);
    const plain = vscode.Uri.joinPath(workspace(), 'diagnostics-totals-1252.csv');
    made.push(plain);
    await vscode.workspace.fs.writeFile(plain, Buffer.from('Month,Total\r\nM\u00e4rz,3\r\n', 'latin1'));
    const other = (await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(plain))).document;
    assert.deepEqual(await checked(other), [], "a CSV that is no merge data is none of Mailroom's business");
  });

  it('never writes a Windows-1252 CSV shown as UTF-8 in another encoding: its fixes wait on one-click Reopen with Encoding, then keep "José Müller" on disk with auto-save on', async () => {
    const uri = vscode.Uri.joinPath(workspace(), 'diagnostics-town-1252.csv');
    made.push(uri);
    const csv = 'AttentionLine1,Address1,Town,State,PostalCode\r\nJosé Müller,1 Main St,Springfield,IL,62701\r\n';
    await vscode.workspace.fs.writeFile(uri, Buffer.from(csv, 'latin1'));
    const files = vscode.workspace.getConfiguration('files');
    await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    await files.update('autoSaveDelay', 50, vscode.ConfigurationTarget.Global);
    try {
      const document = (await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri))).document;
      const found = await checked(document);
      assert.deepEqual(
        found.map((d) => [d.code, d.severity]),
        [
          [undefined, vscode.DiagnosticSeverity.Error],
          [-1045, vscode.DiagnosticSeverity.Error],
        ],
        'the encoding comes first',
      );
      // Every fix waits on the reopening: a rename edited into this text, auto-saved, would write U+FFFD over the letters.
      for (const diagnostic of found) {
        const offered = (await quickFixes(document, diagnostic.range)).filter((a) => a.edit || a.command?.command.startsWith('mailroom.'));
        assert.deepEqual(
          offered.map((a) => [a.title, a.edit === undefined]),
          [['Reopen with Encoding Windows-1252', true]],
        );
      }
      const reopen = (await quickFixes(document, found[1]!.range)).find((a) => a.command?.command === 'mailroom.reopenWithEncoding');
      assert.ok(reopen?.command, 'Reopen with Encoding is offered');
      await vscode.commands.executeCommand(reopen.command.command, ...(reopen.command.arguments as unknown[]));
      await until('the CSV shown in Windows-1252', async () => (document.getText().includes('José Müller') ? true : undefined));
      assert.equal(document.encoding, 'windows1252');
      const [noCity] = await checked(document);
      assert.equal(noCity?.code, -1045, 'only the missing City is left');
      const rename = (await quickFixes(document, noCity.range)).find((a) => a.title === 'Rename "Town" to "City"');
      assert.ok(rename?.edit && (await vscode.workspace.applyEdit(rename.edit)));
      const written = csv.replace('Town', 'City');
      await until('auto-save wrote the rename', async () =>
        Buffer.from(await vscode.workspace.fs.readFile(uri)).equals(Buffer.from(written, 'latin1')) ? true : undefined,
      );
      assert.ok(!document.isDirty);
    } finally {
      await files.update('autoSave', undefined, vscode.ConfigurationTarget.Global);
      await files.update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('refuses a merge CSV of no encoding the merge reads (a byte Windows-1252 leaves undefined), as the send and the preflight do', async () => {
    const uri = vscode.Uri.joinPath(workspace(), 'diagnostics-mac-roman.csv');
    made.push(uri);
    // Mac Roman's "François": ç is 0x8D, which Windows-1252 leaves undefined.
    const bytes = Buffer.concat([
      Buffer.from('AttentionLine1,Address1,City,State,PostalCode\r\nFran'),
      Buffer.from([0x8d]),
      Buffer.from('ois Roe,1 Main St,Springfield,IL,62701\r\n'),
    ]);
    await vscode.workspace.fs.writeFile(uri, bytes);
    const document = (await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri))).document;
    const found = await checked(document);
    assert.deepEqual(
      found.map((d) => [d.code, d.severity, document.getText(d.range)]),
      [[undefined, vscode.DiagnosticSeverity.Error, '\uFFFD']],
    );
    assert.match(
      found[0]!.message,
      /^The merge cannot read this file: it is neither UTF-8 nor Windows-1252 \(byte 52, 0x8D, .*\(line 2\)\.$/,
    );
  });

  it('checks a CSV against the template remembered for it, and none of a CSV that is no merge data', async () => {
    const plain = await opened('diagnostics-totals.csv', 'Month,Total\nJanuary,3\n');
    assert.deepEqual(await checked(plain.document), []);
    const { document } = await opened(
      'diagnostics-list.csv',
      'AttentionLine1,Address1,City,State,PostalCode,Seat\nJane Doe,1 Main St,Springfield,IL,62701,4\n',
    );
    assert.deepEqual(await checked(document), []);
    // The person pairs them once, previewing a row: the CSV is then checked against that template.
    const preview = await previewOpened(probe, () =>
      run(
        [{ enter: true }, { pick: 'diagnostics-list.csv' }, { pick: /Row 1$/ }],
        'mailroom.previewMergeRow',
        vscode.Uri.joinPath(workspace(), 'invite.html'),
      ),
    );
    assert.ok(preview, 'the row is shown');
    preview.panel.dispose();
    person.settle();
    const found = await until('the header checked against invite.html', async () => {
      const d = vscode.languages.getDiagnostics(document.uri).filter((x) => x.source === 'Mailroom');
      return d.length > 0 ? d : undefined;
    });
    assert.deepEqual(
      found.map((d) => [d.code, document.getText(d.range)]),
      [[-3145, 'Seat']],
    );
  });

  it('checks a 100,000-row CSV on the printing thread: the late rows that fail squiggled on their cells, and cleared once fixed', async () => {
    const lines = ['AttentionLine1,Address1,City,State,PostalCode'];
    for (let i = 1; i <= 100_000; i++) lines.push(`Person ${i},${i} Main St,Springfield,IL,62701`);
    lines[99_998] = 'Late Person,99998 Main St,Springfield,IL,6270';
    lines[99_999] = 'Last Person,,Springfield,IL,62701';
    const editor = await opened('diagnostics-large.csv', `${lines.join('\n')}\n`);
    const { document } = editor;
    const found = await checked(document);
    // The ZIP code on its cell; the missing street on its empty cell, after "Last Person,".
    assert.deepEqual(
      found.map((d) => [d.code, d.range.start.line, d.range.start.character, document.getText(d.range)]),
      [
        [-1018, 99_998, 'Late Person,99998 Main St,Springfield,IL,'.length, '6270'],
        [-1045, 99_999, 'Last Person,'.length, ''],
      ],
    );
    await editor.edit((edit) => edit.replace(rangeOf(document, '6270\n', document.offsetAt(new vscode.Position(99_998, 0))), '62701\n'));
    assert.deepEqual(
      (await checked(document)).map((d) => [d.code, d.range.start.line]),
      [[-1045, 99_999]],
    );
  });

  it('publishes nothing for text typed over before the pause ended', async () => {
    const editor = await opened('diagnostics-quick.md', '---\nto: Jane Doe, 1 Main St, Springfield, IL 62701\n---\n# Dear Jane\n');
    const { document } = editor;
    assert.deepEqual(await checked(document), []);
    const seen: (string | number | undefined)[][] = [];
    const listening = vscode.languages.onDidChangeDiagnostics((event) => {
      if (event.uris.some((u) => u.toString() === document.uri.toString())) {
        seen.push(vscode.languages.getDiagnostics(document.uri).map((d) => (typeof d.code === 'object' ? d.code.value : d.code)));
      }
    });
    try {
      // A city too long, typed over at once (well within the pause) with one the service takes.
      await editor.edit((edit) => edit.replace(rangeOf(document, 'Springfield'), LONG_CITY));
      await editor.edit((edit) => edit.replace(rangeOf(document, LONG_CITY), 'Springfield'));
      assert.deepEqual(await checked(document), []);
      // A later edit's finding as the marker: a check of the first edit, had one run, came before it.
      await editor.edit((edit) => edit.replace(rangeOf(document, '62701'), '6270'));
      const marker = (await checked(document)).map((d) => d.code);
      assert.ok(marker.length > 0 && !marker.includes(-3113), `the ZIP code's finding alone: ${JSON.stringify(marker)}`);
      assert.ok(
        seen.every((codes) => !codes.includes(-3113)),
        `the city too long was never published: ${JSON.stringify(seen)}`,
      );
    } finally {
      listening.dispose();
    }
  });

  it("clears a document's diagnostics when it is closed", async () => {
    const { document } = await opened('diagnostics-closed.md', `---\nto: Jane Doe, 1 Main St, ${LONG_CITY}, IL 62701\n---\n`);
    assert.equal((await checked(document)).length, 2, 'the city too long, and not the ZIP code’s');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await until('the diagnostics cleared', async () =>
      vscode.languages.getDiagnostics(document.uri).some((d) => d.source === 'Mailroom') ? undefined : true,
    );
    assert.equal(probe.checkedVersion(document.uri), undefined);
  });
});
