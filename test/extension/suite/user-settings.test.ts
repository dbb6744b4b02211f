/**
 * Change User Settings…: an administrator changes another user's settings, and a value the service
 * would refuse is refused in the box.
 * Each test sets up what it needs, so that any one of them runs alone (MAILROOM_TEST_GREP), in any order.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomProbe } from '../../../src/extension/probe';
import { mailroomProbe, onSandbox, person, run } from './support';

describe('Change User Settings as an administrator', () => {
  let probe: MailroomProbe;

  before(async () => {
    probe = await mailroomProbe();
  });

  // Every question a test's commands asked was one it expected and answered.
  afterEach(() => person.settle());

  it("changes a user's settings as an administrator, refusing values the service would refuse", async () => {
    await onSandbox(probe);
    const changed = [
      { input: 'clerk' },
      { pick: 'Letters_PrintSides' },
      { pick: 'Duplex' },
      { pick: 'General_Timezone' },
      { input: 'America/Chicago' },
      { pick: /Apply 2 settings/ },
    ];
    const before = person.notices.length;
    await run(changed, 'mailroom.changeUserSettings');
    assert.deepEqual(person.shown(before), ["Mailroom: clerk's Letters_PrintSides, General_Timezone changed."]);
    await person.answering(
      [{ input: 'clerk' }, { pick: 'General_Timezone' }, { input: 'Mars/Olympus Mons' }, { dismiss: true }],
      async () => {
        const told = person.notices.length;
        await vscode.commands.executeCommand('mailroom.changeUserSettings');
        assert.deepEqual(person.shown(told), [], 'nothing sent, nothing said');
        assert.equal(person.refusals.length, 1);
        assert.match(
          person.refusals[0]!,
          /Not a valid value \(an IANA time zone, like America\/Chicago\); the service would answer -3\d{3}/,
        );
      },
    );
  });
});
