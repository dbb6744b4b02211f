/**
 * A Markdown letter whose front matter's `to:` is not an address the service can mail: Send
 * Current Document's preflight says so, with the service's code and what is wrong, and sends nothing.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomProbe } from '../../../src/extension/probe';
import { sampleDocx } from '../../helpers/documents';
import { mailroomProbe, notes, onSandbox, person, previewOpened, until } from './support';
import type { Answer } from './prompts';

describe('Mailroom: one-line addresses in VS Code', function () {
  this.timeout(60_000);
  let probe: MailroomProbe;
  const folder = () => vscode.workspace.workspaceFolders![0]!.uri;
  const logged = async () =>
    Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(probe.logUri, 'Mailroom.log'))).toString('utf8');

  before(async () => {
    probe = await mailroomProbe();
  });

  it('stops a letter whose to: has a ZIP code of the wrong form at the preflight, saying what is wrong', async () => {
    await onSandbox(probe);
    const uri = vscode.Uri.joinPath(folder(), 'bad-zip.md');
    await vscode.workspace.fs.writeFile(uri, Buffer.from('---\nto: Jane Doe, 1 Main St, Springfield, IL 6270\n---\n# Dear Jane\n'));
    try {
      const before = probe.mailers.list().length;
      const logStart = (await logged()).length;
      // As the explorer's context menu calls it: the file's URI only.
      await vscode.commands.executeCommand('mailroom.sendDocument', uri);
      assert.equal(probe.mailers.list().length, before, 'no mailer was made');
      const line = await until('the error in the log', async () =>
        (await logged()).split('\n').find((l) => l.includes('the preflight finds that bad-zip.md would fail')),
      );
      assert.match(line, /-1018 \(PostalCode\).*6270 is not a US ZIP code \(12345 or 12345-6789\)/);
      assert.doesNotMatch((await logged()).slice(logStart), /SendLetterAndAddressV2/, 'no send was made');
    } finally {
      await vscode.workspace.fs.delete(uri);
    }
  });

  /** Send Current Document of notes.txt with these answers: every question asked, and the mailer made, if any. */
  const sendAsking = async (answers: readonly Answer[]) => {
    let asked: string[] = [];
    const before = new Set(probe.mailers.list().map((m) => m.id));
    await person.answering(answers, async () => {
      await vscode.commands.executeCommand('mailroom.sendDocument', notes());
      asked = [...person.asked];
    });
    return { asked, mailer: probe.mailers.list().find((m) => !before.has(m.id)) };
  };

  it('takes a one-line address typed at "A recent address, or a new one": Enter sends to it, read into its fields', async () => {
    await onSandbox(probe);
    const { asked, mailer } = await sendAsking([{ type: 'Ann Lee, 4 Elm St, Capital City, IL 62703' }]);
    assert.ok(mailer, 'sent');
    assert.match(mailer.recipient ?? '', /^Ann Lee, 4 Elm St, Capital City, IL,? 62703$/);
    assert.equal(asked.length, 1, `one step: ${asked.join(' | ')}`);
  });

  it('asks only what a typed line lacks (its state, ZIP code and country), each checked', async () => {
    await onSandbox(probe);
    const { asked, mailer } = await sendAsking([
      { type: 'Bo Roe, 2 Oak St, Springfield' },
      { input: 'IL' },
      { input: '62701' },
      { input: '' },
    ]);
    assert.ok(mailer, 'sent');
    assert.match(mailer.recipient ?? '', /^Bo Roe, 2 Oak St, Springfield, IL,? 62701$/);
    assert.deepEqual(
      asked.slice(1).map((q) => q.replace(/^Send notes\.txt: recipient: /, '')),
      ['State (optional outside the US)', 'ZIP or postal code', 'Country (leave empty for the US)'],
    );
  });

  it('takes a new address in two steps: New address…, then the address on one line', async () => {
    await onSandbox(probe);
    const { asked, mailer } = await sendAsking([{ pick: /New address/ }, { input: 'Cy Poe, 3 Ash St, Springfield, IL 62701' }]);
    assert.ok(mailer, 'sent');
    assert.match(mailer.recipient ?? '', /^Cy Poe, 3 Ash St, Springfield, IL,? 62701$/);
    assert.equal(asked.length, 2, asked.join(' | '));
  });

  it('offers "The address is in the document": the service reads it from the page, as mailroom send without --to', async () => {
    await onSandbox(probe);
    const uri = vscode.Uri.joinPath(folder(), 'address-on-page.docx');
    await vscode.workspace.fs.writeFile(
      uri,
      sampleDocx(['Jane Doe', '1 Main St', 'Springfield, IL 62701', '', 'Dear Jane,', 'Thank you.']),
    );
    try {
      const preview = await previewOpened(probe, () =>
        person.answering([{ pick: /The address is in the document/ }], () =>
          vscode.commands.executeCommand('mailroom.previewBeforeSending', uri),
        ),
      );
      assert.ok(preview, 'the proof opened');
      preview.panel.dispose();
    } finally {
      await vscode.workspace.fs.delete(uri);
    }
  });
});
