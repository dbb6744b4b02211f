/** The proof's words and page without VS Code: its facts, the failure a send is stopped with, its HTML. */
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import type { Finding } from '../../src/printing';
import {
  failureSummary,
  findingWords,
  overridable,
  pageDrawings,
  proofRows,
  readAs,
  rowFindings,
  saidDelimiter,
  sha256Of,
  type ProofFacts,
} from '../../src/extension/model/proof';
import { proofHtml } from '../../src/extension/views/proof-html';

const zip: Finding = { code: -1018, severity: 'error', message: 'Address not valid. <6270> is not a US ZIP code.', field: 'PostalCode' };
const window: Finding = { code: -1045, severity: 'warning', message: 'No address is given.' };
const sheets: Finding = { code: -1065, severity: 'error', message: 'It prints on 9 sheets.' };
const facts: ProofFacts = { pages: 3, sheets: 2, price: 1.05, printedIn: 'Development', findings: [zip, window], sha256: 'ab'.repeat(32) };

describe('the proof', () => {
  it('hashes the bytes as SHA-256 in hex', () => {
    const bytes = Buffer.from('<p>Dear Jane</p>');
    assert.equal(sha256Of(bytes), createHash('sha256').update(bytes).digest('hex'));
    assert.notEqual(sha256Of(bytes), sha256Of(Buffer.from('<p>Dear Jane.</p>')));
  });

  it('says pages, sheets, the price as an estimate from the sandbox price list, the work mode and the SHA-256', () => {
    const rows = Object.fromEntries(proofRows(facts).map((r) => [r.label, r.value]));
    assert.deepEqual(Object.keys(rows), ['Pages', 'Sheets', 'Price', 'Printed in', 'SHA-256']);
    assert.equal(rows['Sheets'], '2');
    assert.match(rows['Price']!, /^\$1\.05, from the sandbox's price list: an estimate/);
    assert.equal(rows['Printed in'], 'Development mode');
    assert.equal(rows['SHA-256'], facts.sha256);
    const { sha256: _, ...row } = facts;
    assert.ok(!proofRows(row).some((r) => r.label === 'SHA-256'), 'a merge row has none');
    const inDefault = Object.fromEntries(proofRows({ ...facts, sendsIn: 'Default' }).map((r) => [r.label, r.value]));
    assert.match(inDefault['Sends in']!, /^Default: the account's own work mode, which may be Production/);
  });

  it('says which engine drew the proof, what Send This Letter sends of it, and when the proof is an approximation or a prediction', () => {
    const rowsOf = (more: Partial<ProofFacts>) => Object.fromEntries(proofRows({ ...facts, ...more }).map((r) => [r.label, r.value]));
    const drawn = rowsOf({ drawnBy: { engine: 'Chromium 156.0.8078.108' }, sentType: 'pdf' });
    assert.deepEqual(Object.keys(drawn).slice(-3), ['Drawn by', 'Sent as', 'SHA-256']);
    assert.equal(drawn['Drawn by'], 'Chromium 156.0.8078.108');
    assert.equal(drawn['Sent as'], 'the PDF Chromium 156.0.8078.108 drew: the pages shown are the pages printed');
    const predicted = rowsOf({ drawnBy: { engine: 'Chromium 156.0.8078.108' }, prediction: true, sentType: 'html' });
    assert.match(predicted['Drawn by']!, /^Chromium 156\.0\.8078\.108: a prediction, since the letter is sent as it is/);
    assert.equal(predicted['Sent as'], "HTML as it is, to the service's own converter");
    const approximate = rowsOf({
      drawnBy: { engine: "Mailroom's text layout", approximation: 'Install a Chromium-based browser, or name it with MAILROOM_BROWSER.' },
      sentType: 'html',
    });
    assert.equal(
      approximate['Drawn by'],
      "Mailroom's text layout: an approximation, not the page as it will print. Install a Chromium-based browser, or name it with MAILROOM_BROWSER.",
    );
    assert.equal(approximate['Sent as'], "HTML as it is, to the service's own converter");
    assert.ok(!('Drawn by' in rowsOf({ sentType: 'pdf' })), 'a PDF is printed as it is: nothing drew it');
    assert.match(proofHtml({ facts: { ...facts, drawnBy: { engine: 'Chromium <156>' } }, canSend: true }), /Chromium &lt;156&gt;/);
  });

  it("says a merge CSV's encoding, and its delimiter where it is not a comma (sent as commas)", () => {
    const said = (delimiter: ',' | ';' | '\t') =>
      proofRows({ ...facts, mergeData: { name: 'people.csv', encoding: 'UTF-8', ...saidDelimiter(delimiter) } }).find(
        (r) => r.label === 'Merge data',
      )?.value;
    assert.equal(said(','), 'people.csv, read as UTF-8; sent as UTF-8');
    assert.equal(said(';'), 'people.csv, read as UTF-8, separated by semicolons; sent as UTF-8 separated by commas');
    assert.equal(said('\t'), 'people.csv, read as UTF-8, separated by tabs; sent as UTF-8 separated by commas');
    assert.equal(readAs({ encoding: 'UTF-16LE with BOM', ...saidDelimiter('\t') }), 'UTF-16LE with BOM, separated by tabs');
    assert.equal(readAs({ encoding: 'Windows-1252', ...saidDelimiter(',') }), 'Windows-1252');
  });

  it('sums up what would fail: how many errors and the first in words; warnings alone stop nothing', () => {
    assert.equal(failureSummary([window]), undefined);
    assert.equal(failureSummary([]), undefined);
    assert.equal(failureSummary([window, zip]), `1 error; the first: -1018 (PostalCode): ${zip.message}`);
    assert.match(failureSummary([sheets, zip])!, /^2 errors; the first: -1065: It prints on 9 sheets\.$/);
    assert.match(failureSummary([{ ...zip, row: 3 }])!, /-1018 \(row 3, PostalCode\)/);
  });

  it('draws the findings escaped, and a Send button that says when the letter would fail', () => {
    const html = proofHtml({ facts, canSend: true });
    assert.ok(html.includes('&lt;6270&gt;') && !html.includes('<6270>'), 'escaped');
    assert.match(
      html,
      /<li class="finding error"><span class="code">-1018<\/span> <span class="severity">error<\/span> <span class="field">PostalCode<\/span>/,
    );
    assert.match(html, /<li class="finding warning"><span class="code">-1045<\/span>/);
    assert.match(html, /<button id="send" class="would-fail" data-sha256="(ab){32}">Send This Letter \(it would fail\)<\/button>/);
    assert.match(html, /<div id="stale" role="status" hidden>/);
    const passing = proofHtml({ facts: { ...facts, findings: [window] }, canSend: true });
    assert.match(passing, /<button id="send" class="send" data-sha256="(ab){32}">Send This Letter<\/button>/);
    assert.doesNotMatch(proofHtml({ facts, canSend: false }), /id="send"/);
    assert.match(proofHtml({ facts: { ...facts, findings: [] }, canSend: true }), /Nothing would fail/);
  });

  it('offers a send anyway only where the service would accept the letter: a status it fails with later, never a refusal', () => {
    const long: Finding = { code: -3120, severity: 'error', message: 'AttentionLine1 longer than 45.', field: 'AttentionLine1' };
    const noAddress: Finding = { code: -1045, severity: 'error', message: 'No address is given.' };
    assert.equal(overridable([zip, sheets]), true, '-1018, -1065: the service accepts, then fails the mailer');
    // No address to read, or over the service's 2 MB: not sent in any mode, as the command line refuses them (issue 31, item 4).
    assert.equal(overridable([zip, noAddress]), false, '-1045: no send goes on without an address');
    assert.equal(overridable([zip, { code: -1025, severity: 'error', message: 'Over 2 MB.', limit: 2_000_000 }]), false, 'over a limit');
    assert.equal(overridable([zip, long]), false, 'one refusal is enough');
    assert.equal(overridable([{ severity: 'error', message: 'Unknown.' }]), false, 'an error of no code: not known to be accepted');
    assert.equal(overridable([window]), false, 'nothing would fail: nothing to override');
    // On the page: no button that could never work, and why, in the service's words.
    const refused = proofHtml({ facts: { ...facts, findings: [zip, long] }, canSend: true });
    assert.doesNotMatch(refused, /id="send"/);
    assert.match(
      refused,
      /<p id="refused" role="status">The service would refuse this letter \(-3120 \(AttentionLine1\): AttentionLine1 longer than 45\.\)/,
    );
  });

  it('keeps Refresh on the page, says when the document changed, and once sent says the mailer instead of offering the send', () => {
    const shown = proofHtml({ facts, canSend: true, refreshable: true });
    assert.match(shown, /<button id="refresh">Refresh<\/button>/, 'Refresh whether or not the document changed');
    assert.match(shown, /<div id="stale" role="status" hidden>/);
    assert.match(
      proofHtml({ facts, canSend: true, refreshable: true, stale: true }),
      /<div id="stale" role="status">The document has changed/,
    );
    assert.doesNotMatch(proofHtml({ facts, canSend: false }), /id="refresh"/, 'a merge proof has nothing to refresh from');
    const sent = proofHtml({ facts, canSend: true, refreshable: true, sent: 1021984 });
    assert.match(sent, /<p id="sent" role="status">Sent as mailer 1021984\.<\/p>/);
    assert.match(sent, /<button id="show-details">Show Details<\/button> <button id="preview-pdf">Preview PDF<\/button>/);
    assert.doesNotMatch(sent, /id="send"/);
    const unknown = proofHtml({ facts, canSend: true, sent: 'outcome unknown' });
    assert.match(unknown, /outcome of sending this proof is unknown/);
    assert.doesNotMatch(unknown, /id="send"|id="show-details"/);
  });

  it('tells the webview what to draw: the pages not US Letter outlined with their sizes, the recipient box on page 1', () => {
    const recipientBox = { left: 36, top: 147.024, width: 252, height: 63 };
    const marks = { recipientBox, offSize: [{ page: 3, size: 'A4, 8.27 × 11.69 in' }] };
    assert.deepEqual(pageDrawings(marks), {
      1: { box: { ...recipientBox, label: 'Recipient box: the envelope window shows this' } },
      3: { outline: { label: 'Not US Letter: A4, 8.27 × 11.69 in. The service fails it at -1021.' } },
    });
    assert.equal(pageDrawings(marks, ['Jane Doe'])[1]!.box!.label, 'Recipient box: the service reads the address from here');
    assert.equal(pageDrawings(marks, [])[1]!.box!.label, 'Recipient box: empty, so the service finds no address (-1045)');
    const first = pageDrawings({ recipientBox, offSize: [{ page: 1, size: 'US Legal, 8.5 × 14 in' }] })[1]!;
    assert.ok(first.outline && first.box, 'page 1 both outlined and boxed');
    assert.deepEqual(pageDrawings(undefined), {}, 'a mailer’s printed PDF: nothing');
  });

  it('tells the webview to draw in red, on their pages, the ink the printer would cut or the windows show', () => {
    const recipientBox = { left: 36, top: 147.024, width: 252, height: 63 };
    const cut = [
      { page: 1, left: 10, top: 387, width: 24, height: 5, why: 'Ink in the left margin: the printer may cut or hide it' },
      { page: 3, left: 200, top: 780, width: 30, height: 6, why: 'Ink in the bottom margin: the printer may cut or hide it' },
    ];
    const drawings = pageDrawings({ recipientBox, offSize: [], cut });
    assert.deepEqual(drawings[1]!.cut, [
      { left: 10, top: 387, width: 24, height: 5, label: 'Ink in the left margin: the printer may cut or hide it' },
    ]);
    assert.ok(drawings[1]!.box, 'the recipient box still drawn beside it');
    assert.deepEqual(drawings[3], {
      cut: [{ left: 200, top: 780, width: 30, height: 6, label: 'Ink in the bottom margin: the printer may cut or hide it' }],
    });
    assert.equal(pageDrawings({ recipientBox, offSize: [] })[1]!.cut, undefined, 'nothing found: no red box');
  });

  it('shows the address read from page 1, escaped, or that there was none; a finding without a code says none', () => {
    const read = proofHtml({ facts: { ...facts, addressRead: ['Jane <Doe>', '1 Main St'] }, canSend: true });
    assert.match(read, /<h3>Address read from page 1<\/h3>\n<p class="address-read">Jane &lt;Doe&gt;<br>1 Main St<\/p>/);
    assert.match(proofHtml({ facts: { ...facts, addressRead: [] }, canSend: true }), /<p class="address-read none">Nothing/);
    assert.doesNotMatch(proofHtml({ facts, canSend: true }), /Address read/);
    const font: Finding = { severity: 'warning', message: 'The font “Helvetica” is not embedded.', pages: [2] };
    assert.match(
      proofHtml({ facts: { ...facts, findings: [font] }, canSend: true }),
      /<li class="finding warning"><span class="severity">warning<\/span><div>The font/,
    );
    assert.equal(findingWords(font), font.message);
  });

  it("keeps beside a row's letter its own findings and the merge's, not other rows'", () => {
    const merge: Finding = { code: -3145, severity: 'error', message: 'Unused column.', field: 'Notes', line: 1 };
    const found = [merge, { ...zip, row: 1, line: 2 }, { ...zip, row: 2, line: 3 }];
    assert.deepEqual(rowFindings(found, 2), [merge, found[2]]);
  });
});
