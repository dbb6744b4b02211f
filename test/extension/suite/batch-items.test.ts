/**
 * A merge's items in the Mailers view, in a real VS Code, as a person meets them: each says who it
 * goes to ("Item 3 · Jane Doe, Springfield"), Filter Mailers… finds one by the name, and a batch of
 * more items than a page shows them a page at a time, Show More bringing the next.
 */
import { strict as assert } from 'node:assert';
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import * as vscode from 'vscode';
import { stateFolder } from '../../../src/rulebook';
import type { MailroomProbe } from '../../../src/extension/probe';
import type { MailersNode } from '../../../src/extension/views/mailers-tree';
import { mailroomProbe, onSandbox, person, run, send, until, workspace, service } from './support';

/** What the tree shows for each of the rows: their labels. */
const labels = (probe: MailroomProbe, nodes: readonly MailersNode[]) =>
  nodes.map((n) => {
    const label = probe.mailersView.getTreeItem(n).label;
    return typeof label === 'string' ? label : (label?.label ?? '');
  });

describe("A merge's items: their recipients, found by Filter Mailers, a page at a time", () => {
  let probe: MailroomProbe;

  before(async () => {
    probe = await mailroomProbe();
    await onSandbox(probe);
  });

  /** Send Mail Merge of invite.html with the workspace's CSV `name`, in Development: the batch. */
  const mergeOfPeople = (name = 'people.csv') =>
    send([{ pick: name }, { pick: /in Development mode/ }], 'mailroom.sendMailMerge', vscode.Uri.joinPath(workspace(), 'invite.html'));

  /** The same, with a CSV written for it (and gone after). */
  async function mergeOf(name: string, csv: string): Promise<number | undefined> {
    const data = vscode.Uri.joinPath(workspace(), name);
    await vscode.workspace.fs.writeFile(data, Buffer.from(csv));
    try {
      return await mergeOfPeople(name);
    } finally {
      await vscode.workspace.fs.delete(data);
    }
  }

  afterEach(async () => {
    person.settle();
    await vscode.commands.executeCommand('mailroom.clearMailerFilter');
  });

  it("shows each item of a merge with its recipient, and Filter Mailers finds an item by the recipient's name", async () => {
    const batch = await mergeOfPeople();
    assert.ok(batch, 'the merge was sent');
    const node = probe.mailersView.nodeOf(batch)!;
    assert.deepEqual(labels(probe, await probe.mailersView.getChildren(node)), [
      'Received · Item 1 · Jane Doe, Springfield',
      'Received · Item 2 · Sam Roe, Shelbyville',
      'Received · Item 3 · Pat Poe, Jr., Springfield',
    ]);
    // The filter's change reads them again, as after a restart, from what was kept at the send (its items as drawn are let go).

    await run(
      [{ input: 'sam roe' }, { pick: 'Any status' }, { pick: 'Any work mode' }, { input: '' }, { input: '' }],
      'mailroom.filterMailersAdvanced',
    );
    await probe.mailersView.itemsFound;
    const shown = await until('the batch shown for its item', async () => {
      const mailers = probe.mailersView
        .getChildren()
        .flatMap((group) => (group.kind === 'group' ? probe.mailersView.getChildren(group) : []))
        .flatMap((n) => (n.kind === 'mailer' ? [n] : []));
      return mailers.some((n) => n.mailer.id === batch) ? mailers : undefined;
    });
    for (const n of shown) {
      if (n.mailer.id === batch || /sam roe/i.test(n.mailer.recipient ?? '') || /sam roe/i.test(n.mailer.description ?? '')) continue;
      // Another batch (an earlier test's merge of the same people.csv also goes to Sam Roe) is shown for its matching items alone.
      const items = labels(probe, await probe.mailersView.getChildren(n));
      assert.ok(
        n.mailer.isBatch && items.length > 0 && items.every((l) => /Sam Roe/.test(l)),
        `only what holds the name: ${n.mailer.id} ${items.join(', ')}`,
      );
    }
    const items = await probe.mailersView.getChildren(shown.find((n) => n.mailer.id === batch)!);
    assert.deepEqual(labels(probe, items), ['Received · Item 2 · Sam Roe, Shelbyville'], 'only the item that goes to Sam Roe');
  });

  it('finds "Dupré" from "Dupre" with Filter Mailers, one input box: only that item shown under its batch', async () => {
    const batch = await mergeOf(
      'batch-accents.csv',
      'AttentionLine1,Address1,City,State,PostalCode\nJane Doe,1 Main St,Springfield,IL,62701\nAnne Dupré,2 Side St,Shelbyville,IL,62565\n',
    );
    assert.ok(batch, 'the merge was sent');
    await run([{ input: 'Dupre' }], 'mailroom.filterMailers');
    await probe.mailersView.itemsFound;
    const node = await until('the batch shown for its item', async () => probe.mailersView.nodeOf(batch));
    assert.deepEqual(labels(probe, await probe.mailersView.getChildren(node)), ['Received · Item 2 · Anne Dupré, Shelbyville']);
  });

  it('shows a batch of more items than a page a page at a time: a Show More row brings the next', async () => {
    const rows = ['AttentionLine1,Address1,City,State,PostalCode'];
    for (let i = 1; i <= 105; i++) rows.push(`Person ${i},${i} Main St,Springfield,IL,62701`);
    const batch = await mergeOf('batch-pages.csv', `${rows.join('\n')}\n`);
    assert.ok(batch, 'the merge was sent');
    const node = probe.mailersView.nodeOf(batch)!;
    const first = await probe.mailersView.getChildren(node);
    assert.equal(first.length, 101, 'a page of 100 items and the Show More row');
    assert.equal(labels(probe, first)[0], 'Received · Item 1 · Person 1, Springfield');
    assert.equal(labels(probe, first)[99], 'Received · Item 100 · Person 100, Springfield');
    const more = first[100]!;
    const moreRow = probe.mailersView.getTreeItem(more);
    assert.equal(moreRow.label, 'Show More');
    assert.equal(moreRow.description, '100 items shown; the next 100');
    // Clicked, as a person does: the row's own command.
    const changed = new Promise<void>((done) => {
      const listening = probe.mailersView.onDidChangeTreeData(() => {
        listening.dispose();
        done();
      });
    });
    await vscode.commands.executeCommand(moreRow.command!.command, ...((moreRow.command!.arguments ?? []) as unknown[]));
    await changed;
    const all = await probe.mailersView.getChildren(node);
    assert.equal(all.length, 105, 'every item, and no Show More row');
    assert.deepEqual(
      labels(probe, all.slice(99)).map((l) => l.replace(/^Received · /, '')),
      [
        'Item 100 · Person 100, Springfield',
        'Item 101 · Person 101, Springfield',
        'Item 102 · Person 102, Springfield',
        'Item 103 · Person 103, Springfield',
        'Item 104 · Person 104, Springfield',
        'Item 105 · Person 105, Springfield',
      ],
    );
    // Stop Tracking lets the batch go, and with it what this machine kept of its recipients.
    const kept = () =>
      readdirSync(join(stateFolder(process.env), 'batch-recipients'), { recursive: true, encoding: 'utf8' }).filter(
        (name) => basename(name) === `${batch}.txt`,
      );
    assert.equal(kept().length, 1, 'the recipients were kept at the send');
    await vscode.commands.executeCommand('mailroom.stopTracking', node);
    assert.deepEqual(kept(), [], 'and are gone from disk once the batch is no longer tracked');
  });

  it('says on an item that one letter of a batch cannot be cancelled, and cancelling asks about the whole batch, by its letters, keeping them by default', async () => {
    const batch = await mergeOfPeople();
    assert.ok(batch, 'the merge was sent');
    const items = await probe.mailersView.getChildren(probe.mailersView.nodeOf(batch)!);
    const sam = items[1]!;
    const row = probe.mailersView.getTreeItem(sam);
    assert.equal(row.contextValue, 'batchItem.cancellable', "the item's menu offers Cancel Whole Batch…");
    assert.match(
      typeof row.tooltip === 'string' ? row.tooltip : (row.tooltip?.value ?? ''),
      /The service cannot cancel one letter of a batch, only the whole batch/,
    );
    const manifest = vscode.extensions.getExtension('mailroom.mailroom')!.packageJSON as {
      contributes: { menus: Record<string, { command: string; when?: string }[]>; commands: { command: string; title: string }[] };
    };
    assert.ok(
      manifest.contributes.menus['view/item/context']!.some(
        (m) => m.command === 'mailroom.cancelWholeBatch' && m.when?.includes('viewItem == batchItem.cancellable'),
      ),
    );
    /** Runs a command with one answer to its confirmation: the question, as asked. */
    const asking = async (confirm: boolean, command: string, node: unknown) => {
      let asked: string[] = [];
      await person.answering([{ confirm }], async () => {
        await vscode.commands.executeCommand(command, node);
        asked = [...person.asked];
      });
      assert.equal(asked.length, 1, asked.join(' | '));
      return asked[0]!;
    };
    const question = await asking(false, 'mailroom.cancelWholeBatch', sam);
    assert.match(
      question,
      new RegExp(
        `^The service cannot cancel item 2 \\(Sam Roe, Shelbyville\\) alone: only the whole batch\\. Cancel the whole batch ${batch}, all 3 letters\\? .*\\[Keep the Batch \\(default\\)\\] \\[Cancel All 3 Letters\\]$`,
      ),
    );
    const client = service(probe);
    const status = async () => (await client.datedA.GetStatus({ ID: String(batch) })).Statuses[0]?.Status;
    assert.notEqual(await status(), -1005, 'kept: not cancelled');
    const from = person.notices.length;
    assert.match(
      await asking(true, 'mailroom.cancelDelivery', probe.mailersView.nodeOf(batch)),
      new RegExp(`^Cancel the whole batch ${batch}, all 3 letters\\? `),
    );
    assert.ok(
      person
        .shown(from, 'info')
        .some((m) => m === `Mailroom: batch ${batch} is cancelled, all 3 of its letters; any amount charged for it is refunded.`),
      person.shown(from).join(' | '),
    );
    await until('the batch cancelled', async () => ((await status()) === -1005 ? true : undefined));
  });
});
