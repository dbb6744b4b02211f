/**
 * What a person sees, clicks and reads in everyday use (issue 14): menus offered only when they
 * can work, mailers kept with the account they belong to, IDs the service does not know kept out,
 * and messages in words.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomApi } from '../../../src/extension/extension';
import { EXTENSION_ID, mailroomApi, person, run, sendNotes, settings, typedAddress, until } from './support';

interface MenuItem {
  readonly command: string;
  readonly when?: string;
}

/** Whether the Mailers view's context menu offers `command` on a row of this contextValue, by the manifest's own clause. */
function offersOnRow(command: string, contextValue: string | undefined): boolean {
  const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { menus: Record<string, MenuItem[]> } };
  const when = manifest.contributes.menus['view/item/context']!.find((item) => item.command === command)?.when ?? '';
  const row = /viewItem == ([\w.]+)/.exec(when)?.[1];
  assert.ok(row, `a clause naming one row kind: ${when}`);
  return contextValue === row;
}

describe('Mailroom in everyday use', () => {
  let api: MailroomApi;

  before(async () => {
    api = await mailroomApi();
  });

  afterEach(() => person.settle());

  const onSandbox = async () => {
    const account = api.connection.account;
    if (!account?.sandbox || account.username !== 'demo') await vscode.commands.executeCommand('mailroom.useSandbox');
  };
  const rowOf = (id: number) => api.tree.getTreeItem(api.tree.nodeOf(id)!);

  it('offers Cancel Delivery only while the service would accept it, and says in words when the status moved on', async function () {
    this.timeout(90_000);
    await onSandbox();
    // No refresh on the view's own schedule: the tree keeps what it was told at the send.
    await settings().update('refreshIntervalSeconds', 3600, vscode.ConfigurationTarget.Global);
    try {
      const id = await sendNotes(typedAddress(api, { AttentionLine1: 'Lee Moe', Address1: '5 Oak St', City: 'Ogdenville' }));
      assert.ok(offersOnRow('mailroom.cancelDelivery', rowOf(id).contextValue), 'offered while Received');
      const client = await api.connection.client();
      const status = async () => (await client.datedA.GetStatus({ ID: String(id) })).Statuses[0]?.Status;
      await until('the service to hand the letter to the postal service', async () => ((await status()) === -995 ? true : undefined), 60);
      assert.ok(offersOnRow('mailroom.cancelDelivery', rowOf(id).contextValue), 'the tree does not know yet');
      const before = person.notices.length;
      await run([{ confirm: true }], 'mailroom.cancelDelivery', api.tree.nodeOf(id));
      const told = person.shown(before).join('\n');
      assert.match(
        told,
        new RegExp(`mailer ${id} can no longer be cancelled: it is Waiting For Delivery now, handed to the postal service`),
      );
      assert.ok(!/-3022|CancelDelivery|command failed/i.test(told), told);
      assert.equal(api.mailers.get(id)!.status, -995, 'the tree was refreshed');
      assert.ok(!offersOnRow('mailroom.cancelDelivery', rowOf(id).contextValue), 'no longer offered');
    } finally {
      await settings().update('refreshIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
