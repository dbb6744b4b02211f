/**
 * Filter Mailers…, Clear Filter, Export Mailers… and the Send History view in a real VS Code, as
 * a person uses them: the filter asked in steps, said in the Mailers view's message, cleared with
 * one command; the export written where the person chose and read back by a CSV parser; the send
 * history listing the sends of the log, filtered alike, a click on a row opening its details.
 */
import { strict as assert } from 'node:assert';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { parseCsv } from '../../../src/contract';
import type { MailroomProbe } from '../../../src/extension/probe';
import { EXPORT_COLUMNS } from '../../../src/extension/model/mailer-export';
import {
  machineSendLog,
  mailroomProbe,
  onSandbox,
  person,
  previewOpened,
  run,
  sendNotes,
  typedAddress,
  until,
  workspace,
  refresh,
} from './support';

const QUIMBY = { AttentionLine1: 'Joe Quimby', Address1: '1 Town Hall Sq', City: 'Springfield', State: 'IL', PostalCode: '62701' };
const FLANDERS = { AttentionLine1: 'Ned Flanders', Address1: '744 Evergreen Ter', City: 'Springfield', State: 'IL', PostalCode: '62701' };

/** Filter Mailers…'s five questions, answered as typed. */
const filterAnswers = (text: string, status: string, mode: string, from: string, to: string) => [
  { input: text },
  { pick: status },
  { pick: mode },
  { input: from },
  { input: to },
];

/** The IDs the Mailers view shows now, in its groups. */
function shownIds(probe: MailroomProbe): number[] {
  return probe.mailersView
    .getChildren()
    .flatMap((group) => (group.kind === 'group' ? probe.mailersView.getChildren(group) : []))
    .flatMap((node) => (node.kind === 'mailer' ? [node.mailer.id] : []))
    .sort();
}

describe('Filter and export mailers, and the send history', () => {
  let probe: MailroomProbe;
  let quimby: number;
  let flanders: number;

  before(async () => {
    probe = await mailroomProbe();
    await onSandbox(probe);
    quimby = await sendNotes(typedAddress(probe, QUIMBY));
    flanders = await sendNotes(typedAddress(probe, FLANDERS));
    // The refresh after a send asks GetDetails: the work mode and the time submitted, which the filter reads.
    await until('both mailers with their details', async () => {
      await refresh();
      return [quimby, flanders].every((id) => probe.mailers.get(id)?.submitted) ? true : undefined;
    });
  });

  afterEach(async () => {
    person.settle();
    await vscode.commands.executeCommand('mailroom.clearMailerFilter');
  });

  it('filters the Mailers view in steps, says so in its message, and Clear Filter shows every mailer again', async () => {
    const all = probe.mailers.list().length;
    assert.ok(shownIds(probe).includes(quimby) && shownIds(probe).includes(flanders));
    assert.equal(probe.mailersView.message ?? '', '', 'no message without a filter');

    await run(filterAnswers('quimby', 'Any status', 'Any work mode', '', ''), 'mailroom.filterMailersAdvanced');
    assert.deepEqual(shownIds(probe), [quimby], 'found by its recipient');
    assert.equal(
      probe.mailersView.message,
      `Filtered by “quimby”: 1 of ${all} mailers shown. Clear Filter in the title bar shows them all.`,
    );

    // Asked again, each step shows what the filter holds: Enter keeps it. A day not of the calendar is refused.
    const day = probe.mailers.get(quimby)!.submitted!.slice(0, 10);
    await run(
      [{ enter: true }, { pick: 'Any status' }, { pick: 'Development' }, { input: 'yesterday' }, { input: day }, { input: day }],
      'mailroom.filterMailersAdvanced',
    );
    assert.deepEqual(shownIds(probe), [quimby]);
    // Enter kept “quimby”; "yesterday" was refused (else an answer would be left over, and run() fails).
    assert.match(probe.mailersView.message ?? '', /^Filtered by “quimby” · Development · (\d{4}-\d\d-\d\d) to \1: 1 of/);

    // By ID, and by days that leave both out.
    await run(filterAnswers(String(flanders), 'Any status', 'Any work mode', '', ''), 'mailroom.filterMailersAdvanced');
    assert.deepEqual(shownIds(probe), [flanders]);
    await run(filterAnswers('', 'Any status', 'Production', '', ''), 'mailroom.filterMailersAdvanced');
    assert.ok(!shownIds(probe).includes(quimby) && !shownIds(probe).includes(flanders), 'sent in Development: not kept by Production');
    assert.match(probe.mailersView.message ?? '', /^Filtered by Production: \d+ of \d+ mailers shown/);

    await vscode.commands.executeCommand('mailroom.clearMailerFilter');
    assert.equal(probe.mailersView.message ?? '', '');
    assert.equal(shownIds(probe).length, probe.mailers.list().length, 'every mailer again');
  });

  it('filters by text in one input box, without regard to accents or case, keeping the rest of the filter', async () => {
    await run([{ input: 'FLANDÉRS' }], 'mailroom.filterMailers');
    assert.deepEqual(shownIds(probe), [flanders], '"FLANDÉRS" finds Flanders');
    await run(
      [{ input: '' }, { pick: 'Any status' }, { pick: 'Development' }, { input: '' }, { input: '' }],
      'mailroom.filterMailersAdvanced',
    );
    await run([{ input: 'quimby' }], 'mailroom.filterMailers');
    assert.match(probe.mailersView.message ?? '', /^Filtered by “quimby” · Development: 1 of/, 'the work mode kept');
  });

  it('exports what the view shows as CSV that a CSV parser reads back, and as JSON', async () => {
    await run(filterAnswers('quimby', 'Any status', 'Any work mode', '', ''), 'mailroom.filterMailersAdvanced');
    const csv = vscode.Uri.joinPath(workspace(), 'exported-mailers.csv');
    const json = vscode.Uri.joinPath(workspace(), 'exported-mailers.json');
    try {
      const noticed = person.notices.length;
      // The message offers the file written: Open shows it (issue 25, part 10).
      person.pressWhenShown(/wrote 1 mailer to/, 'Open');
      await run([{ pick: 'CSV' }, { save: csv }], 'mailroom.exportMailers');
      await until('the export shown', async () => (vscode.window.activeTextEditor?.document.uri.fsPath === csv.fsPath ? true : undefined));
      const [header, ...rows] = parseCsv(readFileSync(csv.fsPath, 'utf8'));
      assert.deepEqual(header, [...EXPORT_COLUMNS]);
      assert.equal(rows.length, 1, 'only the mailer the filter keeps');
      const field = (name: (typeof EXPORT_COLUMNS)[number]) => rows[0]![EXPORT_COLUMNS.indexOf(name)];
      assert.equal(field('id'), String(quimby));
      assert.equal(field('recipient'), 'Joe Quimby, 1 Town Hall Sq, Springfield, IL, 62701');
      assert.equal(field('workMode'), 'Development');
      assert.equal(field('price'), probe.mailers.get(quimby)!.price!.toFixed(2));
      // What the export said; a mailer of an earlier suite may say meanwhile that it completed.
      assert.deepEqual(
        person.shown(noticed).filter((notice) => !/\): Completed: /.test(notice)),
        ['Mailroom: wrote 1 mailer to exported-mailers.csv (CSV).'],
      );

      await vscode.commands.executeCommand('mailroom.clearMailerFilter');
      await run([{ pick: 'JSON' }, { save: json }], 'mailroom.exportMailers');
      const exported = JSON.parse(readFileSync(json.fsPath, 'utf8')) as { id: number }[];
      assert.deepEqual(
        exported.map((m) => m.id).sort(),
        probe.mailers
          .list()
          .map((m) => m.id)
          .sort(),
        'every mailer without a filter',
      );
    } finally {
      rmSync(csv.fsPath, { force: true });
      rmSync(json.fsPath, { force: true });
    }
  });

  it('lists the send log in the Send History view, filtered alike, and opens a row’s details and PDF', async () => {
    const rows = await probe.historyView.read();
    const quimbyRow = rows.find((r) => r.id === quimby);
    assert.ok(quimbyRow && rows.some((r) => r.id === flanders), 'both sends listed');
    assert.equal(quimbyRow.recipient, 'Joe Quimby, 1 Town Hall Sq, Springfield, IL, 62701');
    assert.equal(quimbyRow.statusText, probe.mailers.get(quimby)!.statusText, "the tracked mailer's status");
    assert.ok(rows.indexOf(quimbyRow) > rows.findIndex((r) => r.id === flanders), 'newest first');

    await run(filterAnswers('flanders', 'Any status', 'Any work mode', '', ''), 'mailroom.filterMailersAdvanced');
    const filtered = await probe.historyView.read();
    assert.ok(filtered.length > 0 && filtered.every((r) => /flanders/i.test(`${r.recipient ?? ''} ${r.description ?? ''}`)));
    assert.match(probe.historyView.message ?? '', /^Filtered by “flanders”: \d+ of \d+ sends shown/);

    // A click on the row runs what its tree item says.
    const [node] = await probe.historyView.getChildren();
    assert.ok(node);
    const click = probe.historyView.getTreeItem(node).command!;
    assert.equal(click.command, 'mailroom.showDetails');
    assert.equal(probe.historyView.getTreeItem(node).contextValue, 'sent');
    await vscode.commands.executeCommand(click.command, ...((click.arguments ?? []) as unknown[]));
    const details = probe.detailsOf(node.row.id!);
    assert.ok(details, 'its details opened');
    assert.match(details.panel.title, new RegExp(`^Mailer ${node.row.id}`));
    details.panel.dispose();
    const preview = await previewOpened(probe, () => vscode.commands.executeCommand('mailroom.previewPdf', node));
    assert.ok(preview, 'the PDF preview opened from the row');
    preview.panel.dispose();

    // A send no longer followed in the Mailers view still opens from its row; an ID the log does not hold does not.
    await vscode.commands.executeCommand('mailroom.stopTracking', probe.mailersView.nodeOf(flanders));
    const [untracked] = (await probe.historyView.getChildren()).filter((n) => n.row.id === flanders);
    assert.ok(untracked && !probe.mailers.get(flanders));
    assert.match(untracked.row.statusText, /not tracked/);
    await vscode.commands.executeCommand('mailroom.showDetails', untracked);
    const again = probe.detailsOf(flanders);
    assert.ok(again, 'its details opened');
    again.panel.dispose();
    const forged = { kind: 'history', row: { ...untracked.row, id: flanders + 1000 } };
    await vscode.commands.executeCommand('mailroom.showDetails', forged);
    assert.equal(probe.detailsOf(forged.row.id), undefined, 'no details of an ID not in the log');
  });

  it('names a damaged line of the send log in the Send History view, and lists the sends after it', async () => {
    const log = machineSendLog();
    const text = readFileSync(log, 'utf8');
    const [first, ...rest] = text.split('\n');
    writeFileSync(log, [first, '{"kind":"sending","entr', ...rest].join('\n'));
    try {
      const rows = await probe.historyView.read();
      assert.match(
        probe.historyView.message ?? '',
        /sent\.jsonl: line 2 is damaged \(it does not read as JSON\); its 23 bytes are left out, the lines after it are shown\./,
      );
      assert.ok(
        rows.some((r) => r.id === flanders),
        'the sends after it are listed',
      );
    } finally {
      writeFileSync(log, text);
    }
    await probe.historyView.read();
    assert.doesNotMatch(probe.historyView.message ?? '', /damaged/, 'said only while the line is there');
  });
});
