/**
 * Saying when something is done (issue 14, item 8): an upload and a replacement end with one line,
 * Copy ID says so in the status bar, Sign Out says what it kept, a click on a mailer opens its
 * details, and an empty Stored Files view says that nothing is stored.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomProbe } from '../../../src/extension/probe';
import type { MailersNode } from '../../../src/extension/views/mailers-tree';
import {
  mailroomProbe,
  noStoredFiles,
  onSandbox as onSandboxAs,
  person,
  run,
  send,
  sendNotes,
  signOutOfAll,
  typedAddress,
  workspace,
  connect,
  signOut,
  refreshFiles,
} from './support';

describe('Mailroom says when something is done', () => {
  let probe: MailroomProbe;

  before(async () => {
    probe = await mailroomProbe();
  });

  afterEach(() => person.settle());

  const onSandbox = () => onSandboxAs(probe);
  const aLetter = (name: string) =>
    sendNotes(typedAddress(probe, { AttentionLine1: name, Address1: '3 Pine St', City: 'Ogdenville', State: 'OR', PostalCode: '97301' }));
  const deleteStoredFiles = () => noStoredFiles(probe);

  it('ends an upload, and a replacement, with one line naming the file, who may use it and its description', async () => {
    await onSandbox();
    await deleteStoredFiles();
    const uri = vscode.Uri.joinPath(workspace(), 'price-list.pdf');
    try {
      // The Stored Files view's rows, as a person reads them.
      const described = () =>
        probe.storedFilesView.getChildren().map((node) => {
          const { label, description } = probe.storedFilesView.getTreeItem(node);
          return `${typeof label === 'string' ? label : label?.label}: ${String(description)}`;
        });
      let before = person.notices.length;
      await run([{ pick: 'User' }, { input: 'Our letterhead' }], 'mailroom.uploadFile', uri);
      assert.deepEqual(person.shown(before), ['Mailroom: price-list.pdf is stored (User · Our letterhead).']);
      assert.deepEqual(described(), ['price-list.pdf: User · Our letterhead'], 'in the Stored Files view');
      before = person.notices.length;
      await run([{ pick: 'User' }, { input: 'Prices of 2027' }, { confirm: true }], 'mailroom.uploadFile', uri);
      assert.deepEqual(person.shown(before), ['Mailroom: price-list.pdf is replaced (User · Prices of 2027).']);
      assert.deepEqual(described(), ['price-list.pdf: User · Prices of 2027']);
      before = person.notices.length;
      await run([{ pick: 'User' }, { input: '' }, { confirm: false }], 'mailroom.uploadFile', uri);
      assert.deepEqual(person.shown(before), [], 'nothing said when nothing was done');
      assert.deepEqual(described(), ['price-list.pdf: User · Prices of 2027'], 'not replaced');
    } finally {
      await deleteStoredFiles();
    }
  });

  it('says in the Stored Files view that nothing is stored, once the service says so, and uploads a file picked there', async () => {
    await onSandbox();
    await deleteStoredFiles();
    assert.equal(probe.storedFilesView.nothingStored, true, 'listed, and none');
    // The welcome's button: no file from the explorer, so one is picked.
    const uri = vscode.Uri.joinPath(workspace(), 'letterhead.html');
    await run([{ open: [uri] }, { pick: 'User' }, { input: '' }], 'mailroom.uploadFile');
    assert.equal(probe.storedFilesView.nothingStored, false);
    assert.deepEqual(
      probe.storedFilesView.getChildren().map((node) => node.file.FileName),
      ['letterhead.html'],
    );
    // Signed out (of every account), nothing is listed: not "nothing stored".
    await signOutOfAll(probe);
    await refreshFiles();
    assert.equal(probe.storedFilesView.nothingStored, false);
    await onSandbox();
    await deleteStoredFiles();
    assert.equal(probe.storedFilesView.nothingStored, true);
  });

  it('copies the ID and says so in the status bar', async () => {
    await onSandbox();
    const id = await aLetter('Max Dee');
    await vscode.env.clipboard.writeText('');
    await vscode.commands.executeCommand('mailroom.copyId', probe.mailersView.nodeOf(id));
    assert.equal(await vscode.env.clipboard.readText(), String(id));
    assert.equal(person.statusMessages.at(-1), `$(copy) Mailroom: copied mailer ID ${id}`);
  });

  it("opens a mailer's details on a click (or Enter); a batch item opens its batch's; an unknown outcome is looked up", async () => {
    await onSandbox();
    const id = await aLetter('Ada Fox');
    const node = probe.mailersView.nodeOf(id)!;
    /** Clicks a row: the command its click runs, and the details panel of `id` it opened. */
    const clicked = async (row: MailersNode, id: number) => {
      const { command } = probe.mailersView.getTreeItem(row);
      assert.ok(command, 'a click does something');
      const args: readonly unknown[] = command.arguments ?? [];
      await vscode.commands.executeCommand(command.command, ...args);
      return { id: command.command, details: probe.detailsOf(id) };
    };
    const letter = await clicked(node, id);
    assert.equal(letter.id, 'mailroom.showDetails');
    assert.match(letter.details?.panel.title ?? '', new RegExp(`Mailer ${id}`));
    letter.details?.panel.dispose();

    const batch = await send(
      [{ pick: 'people.csv' }, { pick: /in Development mode/ }],
      'mailroom.sendMailMerge',
      vscode.Uri.joinPath(workspace(), 'invite.html'),
    );
    assert.ok(batch, 'the merge was sent');
    const batchNode = probe.mailersView.nodeOf(batch)!;
    const batchClick = await clicked(batchNode, batch);
    assert.equal(batchClick.id, 'mailroom.showDetails');
    batchClick.details?.panel.dispose();
    const [item] = await probe.mailersView.getChildren(batchNode);
    assert.equal(item?.kind, 'item');
    const itemClick = await clicked(item, batch);
    assert.equal(itemClick.id, 'mailroom.showDetails');
    const batchDetails = itemClick.details!;
    assert.match(batchDetails.panel.title, new RegExp(`Mailer ${batch}`));
    assert.match(batchDetails.text, /Batch items \(3\)/);
    batchDetails.panel.dispose();

    // A send of unknown outcome: Look Up, which only reads (the row is drawn, not clicked: none is pending here).
    const attempt: MailersNode = {
      kind: 'attempt',
      attempt: { key: 'a-click', description: 'notes.txt', sentAt: Date.now(), workMode: 'Development' },
    };
    assert.equal(probe.mailersView.getTreeItem(attempt).command?.command, 'mailroom.lookUpAttempt');
    // The groups only fold.
    for (const group of probe.mailersView.getChildren()) assert.equal(probe.mailersView.getTreeItem(group).command, undefined);
  });

  it('signs out without asking, since nothing is forgotten, and says that the mailers come back on signing in again', async () => {
    // The sandbox the only account: signing out of it leaves none.
    await signOutOfAll(probe);
    await onSandbox();
    const id = await aLetter('Bo Ng');
    const followed = () =>
      probe.mailers
        .list()
        .map((m) => m.id)
        .sort();
    const sandbox = followed();
    // Read afresh each time (an assertion narrows a property read once).
    const account = () => probe.account;
    const [count, attempts] = [sandbox.length, probe.mailers.attempts().length];
    let before = person.notices.length;
    // No question: `run` with no answers fails on any.
    await run([], 'mailroom.signOut');
    assert.equal(account(), undefined);
    const mailers = `${count} mailer${count === 1 ? '' : 's'}`;
    const unknown = attempts === 0 ? '' : `, ${attempts} send${attempts === 1 ? '' : 's'} of unknown outcome`;
    assert.deepEqual(person.shown(before), [
      `Mailroom: signed out of demo at the local sandbox. What was followed there (${mailers}${unknown}) is kept and shows again when you use the local sandbox again.`,
    ]);
    await vscode.commands.executeCommand('mailroom.useSandbox');
    assert.deepEqual(followed(), sandbox, 'back as they were');

    // An account (the same service under another name is another account): its password is forgotten, its mailers kept.
    const endpoint = account()!.endpoint.replace('127.0.0.1', 'localhost');
    await connect(probe, endpoint, 'soap11', 'demo', { password: 'demo' });
    assert.equal(account()?.sandbox, false);
    await run([{ input: String(id) }], 'mailroom.trackIds');
    assert.deepEqual(followed(), [id]);
    before = person.notices.length;
    await run([], 'mailroom.signOut');
    const host = new URL(endpoint).host;
    assert.deepEqual(person.shown(before), [
      `Mailroom: signed out of demo at ${host}. Its password and API key are forgotten. What was followed there (1 mailer) is kept and shows again when you connect as demo there again.`,
    ]);
    await connect(probe, endpoint, 'soap11', 'demo', { password: 'demo' });
    assert.deepEqual(followed(), [id]);
    await signOut();
    await onSandbox();
  });
});
