/**
 * Several accounts: adding one keeps the others signed in (each with its secrets under its own key),
 * Switch Account… changes the active one and the Mailers view with it (or shows every account's
 * mailers, grouped, with `mailroom.mailers.groupByAccount`), and Sign Out forgets only the active one.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomApi } from '../../../src/extension/extension';
import type { MailersNode } from '../../../src/extension/views/mailers-tree';
import { mailroomApi, onSandbox, person, run, sendNotes, settings, typedAddress, until } from './support';

/** The mailer IDs the Mailers view shows under a node (all of the view without one). */
function shownIds(api: MailroomApi, under?: MailersNode): number[] {
  const children = (node?: MailersNode) => (node ? (api.tree.getChildren(node) as MailersNode[]) : api.tree.getChildren());
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
    const api = await mailroomApi();
    await onSandbox(api);
    const demo = api.accounts.account!;
    const address = { AttentionLine1: 'Ida Fox', Address1: '7 Pine St', City: 'Ogdenville', State: 'OR', PostalCode: '97301' };
    const demosLetter = await sendNotes(typedAddress(api, address));
    assert.ok(demosLetter);

    // Add Account… from Switch Account…: Connect… as clerk, on the same sandbox, with a password
    // demo (clerk's administrator) sets, whatever the suites before set it to.
    const password = 'Acc-clerk-4Rw9';
    await (await api.clients.client()).admin.SetUserSettings({ Username: 'clerk', Settings: [['Security_Password', password]] });
    // The running sandbox's address is offered (its port changes at each start): Enter takes it.
    assert.match(api.statusBarItem.text, /· demo at the local sandbox/, 'the status bar names the account');
    await run(
      [{ pick: 'Add Account…' }, { enter: true }, { pick: /SOAP 1\.1/ }, { input: 'clerk' }, { input: password }, { input: '' }],
      'mailroom.switchAccount',
    );
    assert.equal(api.accounts.account?.username, 'clerk');
    assert.equal(api.accounts.account.endpoint, demo.endpoint, "Enter took the sandbox's address, offered");
    assert.equal(api.accounts.account.sandbox, true);
    assert.match(api.statusBarItem.text, /· clerk at the local sandbox/, 'each sandbox user is named');
    const other = api.accounts.account;
    assert.ok(other);
    // Accounts the suites before added stay listed after these two.
    assert.deepEqual(
      api.accounts.listed.slice(0, 2).map((a) => a.username),
      ['clerk', 'demo'],
      'both listed, the active first',
    );
    assert.deepEqual(await api.secrets.held(demo), { password: true, apiKey: true }, "demo's secrets kept");
    assert.ok(!shownIds(api).includes(demosLetter), "the view shows clerk's mailers, not demo's");
    const othersLetter = await sendNotes(typedAddress(api, address));
    assert.ok(othersLetter);
    assert.ok(shownIds(api).includes(othersLetter));
    assert.match(api.statusBarItem.tooltip as string, /switch the account/);

    // Switched back by the pick (the status bar item runs the same command): demo's mailers, no password asked.
    const shown = person.notices.length;
    await run([{ pick: 'demo at the local sandbox' }], 'mailroom.switchAccount');
    assert.equal(api.accounts.account?.username, 'demo');
    assert.deepEqual(person.shown(shown), ['Mailroom: switched to demo at the local sandbox.']);
    assert.ok(shownIds(api).includes(demosLetter));
    assert.ok(!shownIds(api).includes(othersLetter));

    // Every account's mailers, each under its row; another account's row switches to it.
    await settings().update('mailers.groupByAccount', true, vscode.ConfigurationTarget.Global);
    const rows = api.tree.getChildren().slice(0, 2);
    assert.deepEqual(
      rows.map((r) => (r.kind === 'account' ? [api.tree.getTreeItem(r).label, r.active] : r.kind)),
      [
        ['demo at the local sandbox', true],
        ['clerk at the local sandbox', false],
      ],
    );
    const [demoRow, otherRow] = rows;
    assert.ok(shownIds(api, demoRow).includes(demosLetter));
    assert.ok(shownIds(api, otherRow).includes(othersLetter));
    assert.ok(!shownIds(api, otherRow).includes(demosLetter));
    const otherItem = api.tree.getTreeItem(otherRow!);
    assert.equal(otherItem.contextValue, 'account');
    await vscode.commands.executeCommand(otherItem.command!.command, ...((otherItem.command!.arguments ?? []) as unknown[]));
    assert.equal(api.accounts.account?.username, 'clerk');
    await settings().update('mailers.groupByAccount', undefined, vscode.ConfigurationTarget.Global);

    // Signing out of clerk forgets clerk's secrets only; demo becomes the active account again.
    await run([], 'mailroom.signOut');
    assert.deepEqual(await api.secrets.held(other), { password: false, apiKey: false });
    assert.deepEqual(await api.secrets.held(demo), { password: true, apiKey: true });
    assert.equal(api.accounts.account?.username, 'demo');
    assert.ok(!api.accounts.listed.some((a) => a.username === 'clerk'), 'clerk is off the list');
    await until('the view to show demo’s mailers', async () => (shownIds(api).includes(demosLetter) ? true : undefined));
  });
});
