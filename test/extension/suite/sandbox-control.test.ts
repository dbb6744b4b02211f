/**
 * Sandbox: Advance Time…, Make This Mailer Fail… and Set Funds… in a real VS Code, against the
 * sandbox the extension runs (on the wall clock, at the interactive pace: Completed after 25 s),
 * as a person uses them: each asks, says what it did, and the Mailers view shows the outcome
 * without waiting for the next scheduled refresh. The clock only moves forward, so this suite
 * runs after the others (index.ts), whose mailers it would move on.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomProbe } from '../../../src/extension/probe';
import { inProduction, mailroomProbe, onSandbox, person, run, sendNotes, typedAddress, signOut } from './support';

const NAHASAPEEMAPETILON = {
  AttentionLine1: 'Apu Nahasapeemapetilon',
  Address1: '1 Kwik-E-Mart Way',
  City: 'Springfield',
  State: 'IL',
  PostalCode: '62701',
};

describe('Sandbox: Advance Time, Make This Mailer Fail, Set Funds', () => {
  let probe: MailroomProbe;
  const statusOf = (id: number) => probe.mailers.get(id)?.status;
  const lastNotice = () => person.notices.at(-1)?.message ?? '';

  before(async () => {
    probe = await mailroomProbe();
    await onSandbox(probe);
  });
  afterEach(() => person.settle());

  it('Advance Time… moves a letter on to Completed, and the Mailers view shows it at once', async () => {
    const id = await sendNotes(typedAddress(probe, NAHASAPEEMAPETILON));
    assert.ok(statusOf(id)! > -1000, 'in process after sending');
    const refused = await person.answering([{ input: 'soon' }, { input: '1h30m' }], async () => {
      await vscode.commands.executeCommand('mailroom.sandbox.advance');
      return [...person.refusals];
    });
    assert.deepEqual(refused, ['A number and a unit, such as 60s, 2h, 3d or 1h30m'], 'the box refused a duration that is not one');
    assert.equal(statusOf(id), -1002, 'Completed (Development), shown without waiting for the next refresh');
    assert.match(lastNotice(), /the sandbox's clock moved 1h 30m ahead/);
  });

  it('Make This Mailer Fail… ends a mailer at the status picked from the six, with their words', async () => {
    const id = await sendNotes(typedAddress(probe, NAHASAPEEMAPETILON));
    const offered: string[] = [];
    await person.answering([{ pick: '-1018' }], async () => {
      const original = person.pick.bind(person);
      person.pick = (items: readonly vscode.QuickPickItem[], options: never) => {
        offered.push(...items.map((item) => `${item.label} ${item.description ?? ''}`));
        return original(items, options);
      };
      try {
        await vscode.commands.executeCommand('mailroom.sandbox.fail', probe.mailersView.nodeOf(id));
      } finally {
        person.pick = original;
      }
    });
    assert.deepEqual(
      offered.map((line) => line.split(' ')[0]),
      ['-1010', '-1018', '-1021', '-1025', '-1045', '-1065'],
    );
    assert.ok(offered.includes('-1018 Failed: the US address could not be verified'), offered.join('\n'));
    assert.equal(statusOf(id), -1018, 'the Mailers view shows it failed');
    assert.match(lastNotice(), new RegExp(`mailer ${id} failed: the US address could not be verified\\.`));

    await run([{ pick: '-1025' }], 'mailroom.sandbox.fail', probe.mailersView.nodeOf(id));
    assert.match(lastNotice(), new RegExp(`could not make the mailer fail\\. Mailer ${id} has already ended: -1018`), 'refused in words');
    assert.equal(statusOf(id), -1018);
  });

  it('Set Funds… 0 makes a Production letter wait for funds; funds set while it waits pay for it, and it goes on', async () => {
    await run([{ input: 'none' }, { input: '0' }], 'mailroom.sandbox.setFunds');
    assert.match(lastNotice(), /account Demo now has \$0\.00/);
    const waiting = await inProduction(() => sendNotes([...typedAddress(probe, NAHASAPEEMAPETILON), { confirm: true }]));
    await run([{ input: '10s' }], 'mailroom.sandbox.advance');
    assert.equal(statusOf(waiting), -990, 'waits for funds');
    // A status the user must act on is said when it is read, with what to do (issue 25, part 4).
    const told = person.notices.filter((n) => n.severity === 'warning' && n.message.includes(`(${waiting}) is waiting for funds (-990)`));
    assert.equal(told.length, 1, 'said once');
    assert.match(told[0]!.message, /Set the funds and it goes on/);
    assert.deepEqual(told[0]!.buttons, ['Set Funds…']);

    await run([{ input: '$25' }], 'mailroom.sandbox.setFunds');
    assert.match(
      lastNotice(),
      new RegExp(`account Demo now has \\$\\d+\\.\\d\\d\\. It paid for mailer ${waiting}, which was waiting for funds`),
    );
    // To another recipient: the same letter to the same one would be a repeat (repeats.test.ts).
    const mailed = await inProduction(() =>
      sendNotes([...typedAddress(probe, { ...NAHASAPEEMAPETILON, AttentionLine1: 'Manjula Nahasapeemapetilon' }), { confirm: true }]),
    );
    await run([{ input: '1m' }], 'mailroom.sandbox.advance');
    assert.equal(statusOf(mailed), -1000, 'Completed: delivered to the postal agency');
    assert.equal(statusOf(waiting), -1000, 'the one that waited went on once paid for');
  });

  it('refuses in words on an account that is not the sandbox', async () => {
    await signOut();
    try {
      await run([], 'mailroom.sandbox.advance');
      assert.match(lastNotice(), /could not advance the sandbox's clock\. This works on the local sandbox only/);
    } finally {
      await onSandbox(probe);
    }
  });
});
