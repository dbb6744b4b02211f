/**
 * Several accounts: adding one keeps the others signed in (each with its secrets under its own key),
 * Switch Account… changes the active one and the Mailers view with it (or shows every account's
 * mailers, grouped, with `mailroom.mailers.groupByAccount`), and Sign Out forgets only the active one.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomProbe } from '../../../src/extension/probe';
import type { MailersNode } from '../../../src/extension/views/mailers-tree';
import { mailroomProbe, onSandbox, person, run, sendNotes, settings, typedAddress, until, service } from './support';

/** The mailer IDs the Mailers view shows under a node (all of the view without one). */
function shownIds(probe: MailroomProbe, under?: MailersNode): number[] {
  const children = (node?: MailersNode) =>
    node ? (probe.mailersView.getChildren(node) as MailersNode[]) : probe.mailersView.getChildren();
  const walk = (node?: MailersNode): number[] =>
    children(node).flatMap((child) => (child.kind === 'mailer' ? [child.mailer.id] : child.kind === 'item' ? [] : walk(child)));
  return walk(under).sort();
}

describe('Several accounts', () => {
  afterEach(async () => {
    person.settle();
    await settings().update('mailers.groupByAccount', undefined, vscode.ConfigurationTarget.Global);
  });

  it('adds an account without signing out, switches, shows the active one’s mailers, and signs out of one only', async () => {
    const probe = await mailroomProbe();
    await onSandbox(probe);
    const demo = probe.account!;
    const address = { AttentionLine1: 'Ida Fox', Address1: '7 Pine St', City: 'Ogdenville', State: 'OR', PostalCode: '97301' };
    const demosLetter = await sendNotes(typedAddress(probe, address));
    assert.ok(demosLetter);

    // Add Account… from Switch Account…: Connect… as clerk, on the same sandbox, with a password
    // demo (clerk's administrator) sets, whatever the suites before set it to.
    const password = 'Acc-clerk-4Rw9';
    await service(probe).admin.SetUserSettings({ Username: 'clerk', Settings: [['Security_Password', password]] });
    // The running sandbox's address is offered (its port changes at each start): Enter takes it.
    assert.match(probe.statusBar.text, /· demo at the local sandbox/, 'the status bar names the account');
    await run(
      [{ pick: 'Add Account…' }, { enter: true }, { pick: /SOAP 1\.1/ }, { input: 'clerk' }, { input: password }, { input: '' }],
      'mailroom.switchAccount',
    );
    assert.equal(probe.account?.username, 'clerk');
    assert.equal(probe.account.endpoint, demo.endpoint, "Enter took the sandbox's address, offered");
    assert.equal(probe.account.sandbox, true);
    assert.match(probe.statusBar.text, /· clerk at the local sandbox/, 'each sandbox user is named');
    const other = probe.account;
    assert.ok(other);
    // Accounts the suites before added stay listed after these two.
    assert.deepEqual(
      probe.accounts.slice(0, 2).map((a) => a.username),
      ['clerk', 'demo'],
      'both listed, the active first',
    );
    assert.deepEqual(await probe.secretsHeld(demo), { password: true, apiKey: true }, "demo's secrets kept");
    assert.ok(!shownIds(probe).includes(demosLetter), "the view shows clerk's mailers, not demo's");
    const othersLetter = await sendNotes(typedAddress(probe, address));
    assert.ok(othersLetter);
    assert.ok(shownIds(probe).includes(othersLetter));
    assert.match(probe.statusBar.tooltip, /switch the account/);

    // Switched back by the pick (the status bar item runs the same command): demo's mailers, no password asked.
    const shown = person.notices.length;
    await run([{ pick: 'demo at the local sandbox' }], 'mailroom.switchAccount');
    assert.equal(probe.account?.username, 'demo');
    assert.deepEqual(person.shown(shown), ['Mailroom: switched to demo at the local sandbox.']);
    assert.ok(shownIds(probe).includes(demosLetter));
    assert.ok(!shownIds(probe).includes(othersLetter));

    // Every account's mailers, each under its row; another account's row switches to it.
    await settings().update('mailers.groupByAccount', true, vscode.ConfigurationTarget.Global);
    const rows = probe.mailersView.getChildren().slice(0, 2);
    assert.deepEqual(
      rows.map((r) => (r.kind === 'account' ? [probe.mailersView.getTreeItem(r).label, r.active] : r.kind)),
      [
        ['demo at the local sandbox', true],
        ['clerk at the local sandbox', false],
      ],
    );
    const [demoRow, otherRow] = rows;
    assert.ok(shownIds(probe, demoRow).includes(demosLetter));
    assert.ok(shownIds(probe, otherRow).includes(othersLetter));
    assert.ok(!shownIds(probe, otherRow).includes(demosLetter));
    const otherItem = probe.mailersView.getTreeItem(otherRow!);
    assert.equal(otherItem.contextValue, 'account');
    await vscode.commands.executeCommand(otherItem.command!.command, ...((otherItem.command!.arguments ?? []) as unknown[]));
    assert.equal(probe.account?.username, 'clerk');
    await settings().update('mailers.groupByAccount', undefined, vscode.ConfigurationTarget.Global);

    // Signing out of clerk forgets clerk's secrets only; demo becomes the active account again.
    await run([], 'mailroom.signOut');
    assert.deepEqual(await probe.secretsHeld(other), { password: false, apiKey: false });
    assert.deepEqual(await probe.secretsHeld(demo), { password: true, apiKey: true });
    assert.equal(probe.account?.username, 'demo');
    assert.ok(!probe.accounts.some((a) => a.username === 'clerk'), 'clerk is off the list');
    await until('the view to show demo’s mailers', async () => (shownIds(probe).includes(demosLetter) ? true : undefined));
  });
});
