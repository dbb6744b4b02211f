/**
 * Nothing mailed twice by mistake, in VS Code: the same letter to the same recipient as one sent
 * (from here or the command line) within the window is asked about with the earlier mailer and
 * when it went; only Send Again sends it, and the machine's send log says so. In Development a
 * repeat goes, as a test, and the message says so.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { inProduction, machineSendLog, mailroomProbe, onSandbox, person, sendLogLines, settings, typedAddress, workspace } from './support';
import type { Answer } from './prompts';

const sendNotesAsking = (answers: readonly Answer[]) =>
  person.answering(answers, async () => {
    await vscode.commands.executeCommand('mailroom.sendDocument', vscode.Uri.joinPath(workspace(), 'notes.txt'));
    return [...person.asked];
  });
const sendings = () => sendLogLines(machineSendLog()).filter((l) => l.kind === 'sending');
const lastId = () =>
  sendLogLines(machineSendLog())
    .filter((l) => l.kind === 'answered' && typeof l.id === 'number')
    .at(-1)?.id;

describe('Repeat sends', () => {
  afterEach(() => person.settle());

  it('asks before sending the same letter to the same recipient again, naming the mailer; Send Again sends it', async () => {
    const probe = await mailroomProbe();
    await onSandbox(probe);
    const address = { AttentionLine1: 'Ida Twice', Address1: '8 Elm St', City: 'Ogdenville', State: 'OR', PostalCode: '97301' };
    await inProduction(() => sendNotesAsking([...typedAddress(probe, address), { confirm: true }]));
    const first = Number(lastId());
    assert.ok(first > 0);

    let before = sendings().length;
    const declined = await inProduction(() => sendNotesAsking([...typedAddress(probe, address), { confirm: true }, { confirm: false }]));
    assert.equal(sendings().length, before, 'nothing sent, nothing written');
    assert.match(
      declined.at(-1) ?? '',
      new RegExp(
        `^The same notes\\.txt went to Ida Twice, 8 Elm St, Ogdenville, OR,? 97301 as mailer ${first} on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\. Send it again\\?.* \\[Send Again\\]$`,
      ),
    );

    before = sendings().length;
    const shown = person.notices.length;
    await inProduction(() => sendNotesAsking([...typedAddress(probe, address), { confirm: true }, { confirm: true }]));
    assert.equal(sendings().length, before + 1);
    const line = sendings().at(-1)!;
    assert.equal(line.again, true, 'the send log says it was sent again');
    assert.deepEqual(line.repeats, [first]);
    assert.match(
      person.notices
        .slice(shown)
        .map((n) => n.message)
        .join('\n'),
      new RegExp(`It repeats mailer ${first}, sent again as you asked`),
    );

    // Another recipient goes as usual; in Development a repeat is a test.
    before = sendings().length;
    await inProduction(() => sendNotesAsking([...typedAddress(probe, { ...address, AttentionLine1: 'Ida Once' }), { confirm: true }]));
    assert.equal(sendings().length, before + 1, 'another recipient');
    const test = person.notices.length;
    await sendNotesAsking(typedAddress(probe, address));
    assert.equal(sendings().length, before + 2, 'sent in Development');
    assert.match(
      person.notices
        .slice(test)
        .map((n) => n.message)
        .join('\n'),
      /It repeats mailer .*: in Development a repeat is a test\./,
    );
  });

  it('keeps the window mailroom.repeats.windowDays says: 0 sends a repeat without asking', async () => {
    const probe = await mailroomProbe();
    await onSandbox(probe);
    const address = { AttentionLine1: 'Uma Window', Address1: '9 Elm St', City: 'Ogdenville', State: 'OR', PostalCode: '97301' };
    await inProduction(() => sendNotesAsking([...typedAddress(probe, address), { confirm: true }]));
    const before = sendings().length;
    await settings().update('repeats.windowDays', 0, vscode.ConfigurationTarget.Global);
    try {
      // Only the work mode's question: no Send Again.
      const asked = await inProduction(() => sendNotesAsking([...typedAddress(probe, address), { confirm: true }]));
      assert.ok(!asked.some((q) => q.includes('[Send Again]')), asked.join('\n'));
      assert.equal(sendings().length, before + 1, 'sent');
      assert.equal(sendings().at(-1)?.again, undefined);
    } finally {
      await settings().update('repeats.windowDays', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('asks before sending rows of a merge that went before, naming how many and which; Send the new rows sends only those', async () => {
    const probe = await mailroomProbe();
    await onSandbox(probe);
    // Names of this run's own: the machine's send log outlives a run.
    const tag = Math.random().toString(36).slice(2, 8);
    const [jane, sam, lou] = [
      `Jane ${tag},1 Main St,Springfield,IL,62701`,
      `Sam ${tag},2 Side St,Shelbyville,IL,62565`,
      `Lou ${tag},9 Birch Rd,Springfield,IL,62704`,
    ];
    const data = async (name: string, rows: string[]) =>
      vscode.workspace.fs.writeFile(
        vscode.Uri.joinPath(workspace(), name),
        Buffer.from(['AttentionLine1,Address1,City,State,PostalCode', ...rows, ''].join('\r\n')),
      );
    const merge = (name: string, answers: readonly Answer[]) =>
      person.answering([{ pick: name }, { pick: /in Production mode/ }, { confirm: true }, ...answers], async () => {
        await vscode.commands.executeCommand('mailroom.sendMailMerge', vscode.Uri.joinPath(workspace(), 'invite.html'));
        return [...person.asked];
      });
    await data('repeat-first.csv', [jane, sam]);
    await data('repeat-more.csv', [lou, sam, jane]);
    try {
      await inProduction(() => merge('repeat-first.csv', []));
      const first = Number(lastId());
      const before = sendings().length;
      const asked = await inProduction(() => merge('repeat-more.csv', [{ pick: 'Send the 1 new row' }]));
      assert.match(
        asked.join('\n'),
        new RegExp(`2 of 3 rows of this merge \\(rows 2, 3\\) went before, the same letter to the same recipient, as mailer ${first} on `),
      );
      assert.equal(sendings().length, before + 1);
      assert.equal((sendings().at(-1) as { rows?: unknown[] }).rows?.length, 1, "only Lou's row was sent");
    } finally {
      for (const name of ['repeat-first.csv', 'repeat-more.csv']) await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspace(), name));
    }
  });
});
