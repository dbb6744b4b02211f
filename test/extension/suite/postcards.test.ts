/**
 * A postcard from VS Code: its image side and the address side, and the address remembered.
 * Each test sets up what it needs, so that any one of them runs alone (MAILROOM_TEST_GREP), in any order.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomApi } from '../../../src/extension/extension';
import { assertNewMailer, detailsShown, mailroomApi, onSandbox, person, send, trackedIds, typedAddress, workspace } from './support';

describe('Sending postcards from VS Code', () => {
  let api: MailroomApi;

  before(async () => {
    api = await mailroomApi();
    // Someone who has sent before: the recipient is picked from their recent addresses, or New address….
    await api.addresses.remember({
      AttentionLine1: 'Sam Roe',
      Address1: '2 Side St',
      City: 'Shelbyville',
      State: 'IL',
      PostalCode: '62565',
    });
  });

  // Every question a test's commands asked was one it expected and answered.
  afterEach(() => person.settle());

  it('sends a postcard with its image and address sides, and remembers the address', async () => {
    await onSandbox(api);
    const before = trackedIds(api);
    const address = { AttentionLine1: 'Ann Lee', Address1: '4 Elm St', City: 'Capital City', State: 'IL', PostalCode: '62703' };
    const id = await send(
      [
        { pick: 'postcard-back.html' },
        { pick: 'FitToPage' },
        { pick: 'Default' },
        { pick: 'FullColor' },
        { pick: 'FirstClass' },
        ...typedAddress(api, address),
        { pick: /in Development mode/ },
      ],
      'mailroom.sendPostcard',
      vscode.Uri.joinPath(workspace(), 'postcard-front.html'),
    );
    assertNewMailer(id, before);
    assert.equal(api.mailers.get(id)!.description, 'Postcard: postcard-front.html');
    const details = await detailsShown(api, id);
    assert.match(details.text, /Kind: Postcard\n/);
    assert.match(details.text, /Work mode: Development: /);
    details.panel.dispose();
    assert.deepEqual(api.addresses.recent()[0], address);
  });
});
