/**
 * The Stored Files view: a workspace file uploaded, listed, not replaced without leave, sent as a
 * letter and deleted.
 * Each test sets up what it needs, so that any one of them runs alone (MAILROOM_TEST_GREP), in any order.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomProbe } from '../../../src/extension/probe';
import {
  assertNewMailer,
  mailroomProbe,
  noStoredFiles,
  onSandbox,
  person,
  run,
  send,
  trackedIds,
  typedAddress,
  workspace,
} from './support';

describe('Stored files on the service', () => {
  let probe: MailroomProbe;

  before(async () => {
    probe = await mailroomProbe();
  });

  // Every question a test's commands asked was one it expected and answered.
  afterEach(() => person.settle());

  it('uploads a file to the service, lists it, sends it as a letter, and deletes it', async () => {
    await onSandbox(probe);
    // None stored before, whatever the suites before stored.
    await noStoredFiles(probe);
    const before = trackedIds(probe);
    const uri = vscode.Uri.joinPath(workspace(), 'letterhead.html');
    await run([{ pick: 'User' }, { input: 'Our letterhead' }], 'mailroom.uploadFile', uri);
    const [node] = probe.storedFilesView.getChildren();
    assert.ok(node);
    assert.equal(node.file.FileName, 'letterhead.html');
    assert.equal(probe.storedFilesView.getTreeItem(node).description, 'User · Our letterhead');
    await run([{ pick: 'User' }, { input: 'again' }, { confirm: false }], 'mailroom.uploadFile', uri);
    assert.equal(
      probe.storedFilesView.getTreeItem(probe.storedFilesView.getChildren()[0]!).description,
      'User · Our letterhead',
      'not replaced without leave',
    );
    const id = await send(
      typedAddress(probe, { Company: 'Acme Corp', Address1: '9 Side St', City: 'Shelbyville', State: 'IL', PostalCode: '62565' }),
      'mailroom.sendStoredFile',
      node,
    );
    assertNewMailer(id, before);
    assert.equal(probe.mailers.get(id)!.description, 'letterhead.html');
    await run([{ confirm: true }], 'mailroom.deleteStoredFile', node);
    assert.deepEqual(probe.storedFilesView.getChildren(), []);
  });
});
