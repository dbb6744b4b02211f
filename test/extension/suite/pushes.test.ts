/**
 * Feedback pushes in the editor: on the local sandbox the extension registers its own loopback
 * receiver, and a push moves a mailer's row in the Mailers view with no poll of the service.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { FeedbackPush } from '../../../src/client/push-receiver';
import { describeStatus } from '../../../src/contract';
import type { MailroomProbe } from '../../../src/extension/probe';
import { mailroomProbe, onSandbox, person, sendNotes, settings, typedAddress, until, service, refresh } from './support';

describe('Feedback pushes in the Mailers view', () => {
  let probe: MailroomProbe;

  before(async () => {
    probe = await mailroomProbe();
  });

  afterEach(() => person.settle());

  it('updates a mailer when its push arrives, without a poll', async function () {
    this.timeout(120_000);
    await onSandbox(probe);
    // No refresh on the view's own schedule: only a push can tell the tree the letter completed.
    await settings().update('refreshIntervalSeconds', 3600, vscode.ConfigurationTarget.Global);
    // Whatever refresh an earlier suite left scheduled runs now, and the next waits an hour.
    await refresh();
    const pushes: FeedbackPush[] = [];
    const listening = probe.pushes.onDidArrive((push) => pushes.push(push));
    try {
      const id = await sendNotes(
        typedAddress(probe, { AttentionLine1: 'Pat Push', Address1: '3 Elm St', City: 'Ogdenville', State: 'OR', PostalCode: '97301' }),
      );
      const receiver = await until('the receiver to be running', () => probe.pushes.url());
      assert.match(receiver, /^http:\/\/127\.0\.0\.1:\d+\/$/);
      const client = service(probe);
      const polled = async () => ((await client.datedA.GetStatus({ ID: String(id) })).Statuses[0]?.Status === -1002 ? true : undefined);
      // The service completes it; the tree knows only through the push (asked of the service here, not by the view).
      await until('the sandbox to complete the letter', polled, 60);
      // The push comes once the service has it completed; on a busy machine, a moment after the answer above.
      await until('the push to tell it', async () => (pushes.some((p) => p.ID === id && p.Status === -1002) ? true : undefined), 60);
      await until('the Mailers view to show it completed', async () => (probe.mailers.get(id)?.status === -1002 ? true : undefined), 20);
      assert.equal(probe.mailers.get(id)?.statusText, describeStatus(-1002));
      assert.ok(probe.mailersView.nodeOf(id), 'in the view');
      assert.ok(!JSON.stringify(pushes).includes('demo-key'), 'no API key in a push');
    } finally {
      listening.dispose();
      await settings().update('refreshIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
