/**
 * What a screen reader hears in the Mailers and Stored Files views, in a real extension host: each
 * row's accessibility label is its words in one sentence ("letter.md, mailer 1021985, In Process,
 * $0.87"), never the " · " the eye reads.
 */
import { strict as assert } from 'node:assert';
import type { MailroomProbe } from '../../../src/extension/probe';
import { mailroomProbe, onSandbox, run, service, refreshFiles, stopTracking } from './support';

describe('Mailroom for screen readers', () => {
  let probe: MailroomProbe;

  before(async () => {
    probe = await mailroomProbe();
    await onSandbox(probe);
    assert.equal(probe.account?.sandbox, true, 'on the local sandbox');
  });

  it('reads a mailer row as its name, ID, status and price, and its group with the count', async () => {
    // Sent by the client and tracked as a send would: the rows are what this test hears, not the send's questions.
    const client = service(probe);
    const id = await client.simple.SendLetterV2({
      MyDescription: 'letter.md',
      FileExtension: 'html',
      // Sent without an address: its page 1 shows one in the recipient box (the 6th to 8th lines), where the service reads it.
      FileBinaryData: Buffer.from(
        '<p>Mailroom Tests<br>1 Test Way<br>Testville, IL 62702<br><br>22 November 2026<br>Jane Doe<br>1 Main St<br>Springfield, IL 62701</p><p>Dear Jane</p>',
      ),
      WorkMode: 'Development',
    });
    // Tracked as a person tracks a mailer sent elsewhere: by its ID, named as the service keeps it.
    await run([{ input: String(id) }], 'mailroom.trackIds');
    const node = probe.mailersView.nodeOf(id);
    assert.ok(node, 'the mailer is in the tree');
    const item = probe.mailersView.getTreeItem(node);
    const label = item.accessibilityInformation?.label ?? '';
    assert.match(
      label,
      new RegExp(`^letter\\.md, mailer ${id}, (Received|In Process|Waiting For Delivery|Completed[^,]*), \\$\\d+\\.\\d\\d$`),
    );
    assert.ok(!label.includes('·'));
    const group = probe.mailersView.getParent(node)!;
    assert.match(probe.mailersView.getTreeItem(group).accessibilityInformation?.label ?? '', /^(In process|Completed), \d+ mailers?$/);
    await stopTracking(probe, id);
  });

  it('reads a stored file row as its name, permissions, description and last use', async () => {
    const client = service(probe);
    await client.datedA.UploadFile({
      MyFileName: 'spoken.html',
      FileBinaryData: Buffer.from('<p>Hello</p>'),
      Permissions: 'User',
      Description: 'Read aloud',
      Overwrite: true,
    });
    try {
      await refreshFiles();
      const node = probe.storedFilesView.getChildren().find((n) => n.file.FileName === 'spoken.html');
      assert.ok(node, 'the stored file is listed');
      assert.match(
        probe.storedFilesView.getTreeItem(node).accessibilityInformation?.label ?? '',
        /^spoken\.html, stored file, User, Read aloud, last used \S/,
      );
    } finally {
      await client.datedA.DeleteUploadedFile({ MyFileName: 'spoken.html' });
      await refreshFiles();
    }
  });
});
