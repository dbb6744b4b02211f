/**
 * A postcard from VS Code: its image side and the address side, and the address remembered.
 * Each test sets up what it needs, so that any one of them runs alone (MAILROOM_TEST_GREP), in any order.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomProbe } from '../../../src/extension/probe';
import { assertNewMailer, detailsShown, mailroomProbe, onSandbox, person, send, trackedIds, typedAddress, workspace } from './support';

describe('Sending postcards from VS Code', () => {
  let probe: MailroomProbe;

  before(async () => {
    probe = await mailroomProbe();
  });

  // Every question a test's commands asked was one it expected and answered.
  afterEach(() => person.settle());

  it('sends a postcard with its image and address sides, and remembers the address', async () => {
    await onSandbox(probe);
    const before = trackedIds(probe);
    const address = { AttentionLine1: 'Ann Lee', Address1: '4 Elm St', City: 'Capital City', State: 'IL', PostalCode: '62703' };
    const id = await send(
      [
        { pick: 'postcard-back.html' },
        { pick: 'FitToPage' },
        { pick: 'Default' },
        { pick: 'FullColor' },
        { pick: 'FirstClass' },
        // New address… is offered once someone has sent before (the suites before may have).
        ...typedAddress(probe, address, probe.recentAddresses().length > 0),
        { pick: /in Development mode/ },
      ],
      'mailroom.sendPostcard',
      vscode.Uri.joinPath(workspace(), 'postcard-front.html'),
    );
    assertNewMailer(id, before);
    assert.equal(probe.mailers.get(id)!.description, 'Postcard: postcard-front.html');
    const details = await detailsShown(probe, id);
    assert.match(details.text, /Kind: Postcard\n/);
    assert.match(details.text, /Work mode: Development: /);
    details.panel.dispose();
    assert.deepEqual(probe.recentAddresses()[0], address);
  });
});
