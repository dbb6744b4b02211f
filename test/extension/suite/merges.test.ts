/**
 * Mail merges from VS Code: a batch with an item per row of the sample CSV, the amount (or "price
 * unknown") in the work-mode question, the rows that pass sent alone, and a Windows-1252 CSV.
 * Each test sets up what it needs, so that any one of them runs alone (MAILROOM_TEST_GREP), in any order.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomProbe } from '../../../src/extension/probe';
import { pdfPages } from '../../helpers/tools';
import { assertNewMailer, mailroomProbe, onSandbox, person, send, sentSince, trackedIds, until, workspace, service } from './support';

describe('Mail merges from VS Code', () => {
  let probe: MailroomProbe;

  before(async () => {
    probe = await mailroomProbe();
  });

  // Every question a test's commands asked was one it expected and answered.
  afterEach(() => person.settle());

  it('sends a mail merge of the sample CSV: a batch with one item per row, shown in the tree and in its details', async () => {
    await onSandbox(probe);
    const before = trackedIds(probe);
    const numbered = person.numbered.length;
    const id = await send(
      [{ pick: 'people.csv' }, { pick: /in Development mode/ }],
      'mailroom.sendMailMerge',
      vscode.Uri.joinPath(workspace(), 'invite.html'),
    );
    assertNewMailer(id, before);
    // The template was given: the CSV and the work mode are the command's two questions, counted as one (issue 25, part 10).
    assert.deepEqual(person.numbered.slice(numbered), ['1/2', '2/2']);
    const mailer = probe.mailers.get(id)!;
    assert.equal(mailer.description, 'invite.html × people.csv');
    assert.equal(mailer.isBatch, true);
    const node = probe.mailersView.nodeOf(id)!;
    assert.equal(probe.mailersView.getTreeItem(node).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const items = await probe.mailersView.getChildren(node);
    assert.deepEqual(
      items.map((n) => (n.kind === 'item' ? n.item.ItemID : n.kind)),
      [1, 2, 3],
    );
    assert.equal(probe.mailersView.getTreeItem(items[0]!).label, 'Received · Item 1 · Jane Doe, Springfield');
    await vscode.commands.executeCommand('mailroom.showDetails', node);
    const details = probe.detailsOf(id)!;
    assert.match(details.text, /Batch items \(3\)/);
    assert.match(details.text, /Mail merge batch: Yes, 3 letters/);
    details.panel.dispose();
  });

  it("pages through a batch's items in its details: 100 at a time, Previous and Next as the panel's only links, the letters counted on the last page (issue 32, part 5)", async () => {
    await onSandbox(probe);
    const data = vscode.Uri.joinPath(workspace(), 'merge-250.csv');
    const rows = Array.from({ length: 250 }, (_, i) => `Reader ${i + 1},${i + 1} Main St,Springfield,IL,62701`);
    await vscode.workspace.fs.writeFile(data, Buffer.from(['AttentionLine1,Address1,City,State,PostalCode', ...rows, ''].join('\r\n')));
    try {
      const before = trackedIds(probe);
      const from = person.notices.length;
      await person.answering([{ pick: 'merge-250.csv' }, { pick: /in Development mode/ }], () =>
        vscode.commands.executeCommand<void>('mailroom.sendMailMerge', vscode.Uri.joinPath(workspace(), 'invite.html')),
      );
      const id = sentSince(from);
      assertNewMailer(id, before);
      await vscode.commands.executeCommand('mailroom.showDetails', probe.mailersView.nodeOf(id));
      const details = probe.detailsOf(id)!;
      const itemIds = () => [...details.text.matchAll(/^(\d+) \| /gm)].map((m) => Number(m[1]));
      /** The panel's links as the webview has them: the command, and what it is handed. */
      const links = () =>
        [...details.panel.webview.html.matchAll(/<a href="command:([\w.]+)\?([^"]+)">([^<]+)<\/a>/g)].map((m) => ({
          command: m[1]!,
          args: JSON.parse(decodeURIComponent(m[2]!.replace(/&amp;/g, '&'))) as unknown[],
          label: m[3]!,
        }));
      const follow = async (label: string) => {
        const link = links().find((l) => l.label === label);
        assert.ok(link, `${label} among ${JSON.stringify(links())}`);
        await vscode.commands.executeCommand(link.command, ...link.args);
      };
      assert.match(details.text, /Batch items 1–100, more follow/);
      assert.match(details.text, /Mail merge batch: Yes\n/, 'not counted before the last page');
      assert.deepEqual(
        itemIds(),
        Array.from({ length: 100 }, (_, i) => i + 1),
      );
      assert.deepEqual(
        links().map((l) => [l.command, l.label]),
        [['mailroom.showBatchItems', 'Next 100 items']],
      );
      await follow('Next 100 items');
      assert.match(details.text, /Batch items 101–200, more follow/);
      assert.deepEqual(
        itemIds(),
        Array.from({ length: 100 }, (_, i) => i + 101),
      );
      await follow('Next 100 items');
      assert.match(details.text, /Batch items 201–250 of 250/);
      assert.match(details.text, /Mail merge batch: Yes, 250 letters/);
      assert.deepEqual(
        itemIds(),
        Array.from({ length: 50 }, (_, i) => i + 201),
      );
      assert.deepEqual(
        links().map((l) => l.label),
        ['Previous 100 items'],
      );
      await follow('Previous 100 items');
      assert.match(details.text, /Batch items 101–200, more follow/);
      // Run by another extension with what it likes: a page that starts no page, or a mailer with no panel open, changes nothing.
      await vscode.commands.executeCommand('mailroom.showBatchItems', id, 57);
      await vscode.commands.executeCommand('mailroom.showBatchItems', id + 1, 1);
      assert.match(details.text, /Batch items 101–200, more follow/);
      details.panel.dispose();
    } finally {
      await vscode.workspace.fs.delete(data);
    }
  });

  it('shows the amount in the work-mode pick, and a merge no row of which has an address as "price unknown", never $0.00 (issue 31, item 6)', async () => {
    await onSandbox(probe);
    const data = vscode.Uri.joinPath(workspace(), 'merge-misnamed.csv');
    await vscode.workspace.fs.writeFile(
      data,
      Buffer.from('Name,Street,City,State,Zip\nJane Doe,1 Main St,Springfield,IL,62701\nSam Roe,2 Side St,Shelbyville,IL,62565\n'),
    );
    try {
      const before = trackedIds(probe);
      const from = person.notices.length;
      // The pick's item is matched whole: the amount is in it, and it is no $0.00.
      await person.answering([{ pick: 'merge-misnamed.csv' }, { pick: /^Send 2 letters in Production mode \(price unknown\)$/ }], () =>
        vscode.commands.executeCommand<void>('mailroom.sendMailMerge', vscode.Uri.joinPath(workspace(), 'invite.html')),
      );
      const stopped = person.notices.slice(from).find((n) => n.severity === 'error');
      assert.match(
        stopped?.message ?? '',
        /would fail \(Production mode\): 5 errors; the first: -3145 \(Name\)/,
        JSON.stringify(person.notices.slice(from)),
      );
      assert.deepEqual(stopped?.buttons, ['Open Proof'], 'no Send Anyway in Production');
      assert.deepEqual(trackedIds(probe), before, 'nothing sent');
      // The sample CSV, whose rows have their addresses: the amount, in dollars.
      await person.answering(
        [{ pick: 'people.csv' }, { pick: /^Send 3 letters in Production mode \(about \$\d+\.\d\d\)$/ }, { dismiss: true }],
        () => vscode.commands.executeCommand<void>('mailroom.sendMailMerge', vscode.Uri.joinPath(workspace(), 'invite.html')),
      );
      assert.deepEqual(trackedIds(probe), before, 'the Production question dismissed: nothing sent');
    } finally {
      await vscode.workspace.fs.delete(data);
    }
  });

  it('offers Send the 2 Rows That Pass for a merge with a failing row: written beside the data in its encoding, and only they are sent (issue 31, item 6)', async () => {
    await onSandbox(probe);
    const data = vscode.Uri.joinPath(workspace(), 'merge-some-fail.csv');
    const written = vscode.Uri.joinPath(workspace(), 'merge-some-fail-passing.csv');
    const text =
      'AttentionLine1,Address1,City,State,PostalCode\r\nJosé Müller,1 Main St,Springfield,IL,62701\r\nKim Lee,4 Elm St,Austin,TX,\r\nZoë Dupré,2 Oak St,Salem,OR,97301\r\n';
    await vscode.workspace.fs.writeFile(data, Buffer.from(text, 'latin1'));
    try {
      const before = trackedIds(probe);
      const from = person.notices.length;
      person.pressWhenShown(
        /would fail \(Development mode\): 1 error; the first: -1018 \(row 2, PostalCode\)/,
        'Send the 2 Rows That Pass',
      );
      await person.answering([{ pick: 'merge-some-fail.csv' }, { pick: /in Development mode/ }], () =>
        vscode.commands.executeCommand<void>('mailroom.sendMailMerge', vscode.Uri.joinPath(workspace(), 'invite.html')),
      );
      const stopped = person.notices.slice(from).find((n) => n.severity === 'error');
      assert.deepEqual(stopped?.buttons, ['Open Proof', 'Send Anyway', 'Send the 2 Rows That Pass']);
      assert.equal(
        Buffer.from(await vscode.workspace.fs.readFile(written)).toString('latin1'),
        'AttentionLine1,Address1,City,State,PostalCode\r\nJosé Müller,1 Main St,Springfield,IL,62701\r\nZoë Dupré,2 Oak St,Salem,OR,97301\r\n',
        'the rows that pass, in Windows-1252 as the source',
      );
      const id = sentSince(from);
      assertNewMailer(id, before);
      const items = await probe.mailersView.getChildren(probe.mailersView.nodeOf(id)!);
      assert.equal(items.length, 2, 'only the rows that pass');
    } finally {
      await vscode.workspace.fs.delete(data);
      await vscode.workspace.fs.delete(written).then(undefined, () => undefined);
    }
  });

  it('sends a mail merge of a CSV a spreadsheet saved in Windows-1252: said which it was read as, the names printed right', async () => {
    await onSandbox(probe);
    const data = vscode.Uri.joinPath(workspace(), 'merge-windows-1252.csv');
    const text =
      'AttentionLine1,Address1,City,State,PostalCode\r\nJosé Müller,1 Main St,Springfield,IL,62701\r\nZoë Çelik,2 Side St,Shelbyville,IL,62565\r\n';
    await vscode.workspace.fs.writeFile(data, Buffer.from(text, 'latin1'));
    try {
      const before = trackedIds(probe);
      let asked: string[] = [];
      const from = person.notices.length;
      await person.answering([{ pick: 'merge-windows-1252.csv' }, { pick: /in Development mode/ }], async () => {
        await vscode.commands.executeCommand<void>('mailroom.sendMailMerge', vscode.Uri.joinPath(workspace(), 'invite.html'));
        asked = [...person.asked];
      });
      const id = sentSince(from);
      assertNewMailer(id, before);
      assert.ok(
        asked.some((title) => /merge-windows-1252\.csv \(fields: .*; read as Windows-1252\)/.test(title)),
        asked.join('\n'),
      );
      const client = service(probe);
      // The PDF is there once the batch is printed: seconds on the sandbox's schedule.
      const pdf = await until(
        'the batch printed',
        () =>
          client.simple.GetPDF({ ID: id }).then(
            (r): Buffer | undefined => r.FileData,
            () => undefined,
          ),
        60,
      );
      const printed = pdfPages(pdf)
        .map((p) => p.text)
        .join('\n');
      assert.ok(printed.includes('José Müller') && printed.includes('Zoë Çelik'), printed);
    } finally {
      await vscode.workspace.fs.delete(data);
    }
  });
});
