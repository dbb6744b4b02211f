/**
 * The proof prints as the account does: with nothing set on this machine, as
 * `mailroom.printSides` says, else as a new account (simplex), said so; once Change User Settings
 * set the user Duplex, the proof says duplex, as Change User Settings set it, and its sheets and
 * price are the ones the sandbox reports for the letter Send This Letter sent, which it printed
 * duplex.
 */
import { strict as assert } from 'node:assert';
import { existsSync, renameSync } from 'node:fs';
import * as vscode from 'vscode';
import type { MailroomProbe } from '../../../src/extension/probe';
import type { ShownPreview } from '../../../src/extension/probe';
import { printSettingsLogPath } from '../../../src/rulebook';
import { mailroomProbe, onSandbox, person, previewOpened, run, settings, until, workspace, service } from './support';

/** A Markdown letter to Jane Doe of several pages of text. */
const letter = `---\nto:\n  AttentionLine1: Jane Doe\n  Address1: 1 Main St\n  City: Springfield\n  State: IL\n  PostalCode: 62701\n---\n# Statement\n\n${Array.from(
  { length: 90 },
  (_, i) => `Line ${i + 1} of the statement, with words enough to fill a line of the page.`,
).join('\n\n')}\n`;

/** The text of the proof panel's page, as a person reads it (tags gone, entities read). */
const pageText = (preview: ShownPreview) =>
  preview.panel.webview.html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('Mailroom: the proof prints as the account does (simplex or duplex)', function () {
  this.timeout(120_000);
  let probe: MailroomProbe;
  let uri: vscode.Uri;

  const proofShown = async () => {
    const preview = await previewOpened(probe, () => run([], 'mailroom.previewBeforeSending', uri));
    assert.ok(preview, 'the proof opened');
    return preview;
  };

  /** Change User Settings, as a person answers it, for demo's Letters_PrintSides; what the person was told. */
  const changePrintSides = async (value: 'Simplex' | 'Duplex') => {
    const before = person.notices.length;
    await run(
      [{ input: 'demo' }, { pick: 'Letters_PrintSides' }, { pick: value }, { pick: /Apply 1 setting/ }],
      'mailroom.changeUserSettings',
    );
    return person.shown(before);
  };

  before(async () => {
    probe = await mailroomProbe();
    await onSandbox(probe);
    uri = vscode.Uri.joinPath(workspace(), 'print-sides.md');
    await vscode.workspace.fs.writeFile(uri, Buffer.from(letter));
  });

  after(async () => {
    // The sandbox's demo prints simplex again for the suites after, and this machine says so.
    await changePrintSides('Simplex');
    await settings().update('printSides', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
  });

  it("with nothing set on this machine: as mailroom.printSides says, else a new account's simplex, and says which", async () => {
    // What the suites before set on this machine is put aside meanwhile (the log is the host's own, in the runner's XDG_STATE_HOME).
    const log = printSettingsLogPath(process.env);
    const aside = `${log}.aside`;
    const had = existsSync(log);
    if (had) renameSync(log, aside);
    try {
      const simplex = await proofShown();
      const facts = simplex.proofView!.facts;
      assert.ok(facts.pages >= 3, `several pages: ${facts.pages}`);
      assert.equal(facts.sheets, facts.pages, 'one page a sheet');
      assert.match(
        pageText(simplex),
        /Simplex: one side of each sheet, a new account's: the service cannot be asked; set mailroom\.printSides/,
      );
      simplex.panel.dispose();

      await settings().update('printSides', 'Duplex', vscode.ConfigurationTarget.Global);
      const configured = await proofShown();
      assert.equal(configured.proofView!.facts.sheets, Math.ceil(facts.pages / 2));
      assert.match(pageText(configured), /Duplex: both sides of each sheet, as mailroom\.printSides says/);
      configured.panel.dispose();
      await settings().update('printSides', undefined, vscode.ConfigurationTarget.Global);
    } finally {
      if (had) renameSync(aside, log);
    }
  });

  it('after Change User Settings sets Duplex: the proof says duplex, and the sandbox reports its sheets and price for the letter sent', async () => {
    // The extension's own setting says otherwise: what Change User Settings set comes first.
    await settings().update('printSides', 'Simplex', vscode.ConfigurationTarget.Global);
    assert.deepEqual(await changePrintSides('Duplex'), ["Mailroom: demo's Letters_PrintSides changed."]);
    const preview = await proofShown();
    try {
      const facts = preview.proofView!.facts;
      assert.equal(facts.sheets, Math.ceil(facts.pages / 2), `${facts.pages} pages on ${facts.sheets} sheets`);
      assert.match(pageText(preview), /Duplex: both sides of each sheet, as Change User Settings set it on \d{4}-\d\d-\d\d \d\d:\d\d/);
      assert.match(pageText(preview), new RegExp(`Sheets ${facts.sheets} `));
      const before = probe.mailers.list().map((m) => m.id);
      const told = person.notices.length;
      preview.receive({ type: 'send', sha256: facts.sha256! });
      const id = await until('the letter to be sent', async () => probe.mailers.list().find((m) => !before.includes(m.id))?.id);
      await until('the person to be told', async () => (person.shown(told).some((m) => m.includes(`as mailer ${id}`)) ? true : undefined));
      const client = service(probe);
      const [details] = (await client.datedA.GetDetailsExtended({ ID: String(id) })).Details;
      assert.equal(details!.PrintSides, 'PrintDuplex', 'the sandbox printed it duplex');
      assert.equal(details!.NumOfSheets, facts.sheets);
      assert.equal(details!.Price, facts.price);
    } finally {
      preview.panel.dispose();
    }
  });
});
