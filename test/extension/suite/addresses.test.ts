/**
 * A Markdown letter whose front matter's `to:` is not an address the service can mail: Send
 * Current Document's preflight says so, with the service's code and what is wrong, and sends nothing.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomApi } from '../../../src/extension/extension';
import { mailroomApi, onSandbox, until } from './support';

describe('Mailroom: one-line addresses in VS Code', function () {
  this.timeout(60_000);
  let api: MailroomApi;
  const folder = () => vscode.workspace.workspaceFolders![0]!.uri;
  const logged = async () =>
    Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(api.logUri, 'Mailroom.log'))).toString('utf8');

  before(async () => {
    api = await mailroomApi();
  });

  it('stops a letter whose to: has a ZIP code of the wrong form at the preflight, saying what is wrong', async () => {
    await onSandbox(api);
    const uri = vscode.Uri.joinPath(folder(), 'bad-zip.md');
    await vscode.workspace.fs.writeFile(uri, Buffer.from('---\nto: Jane Doe, 1 Main St, Springfield, IL 6270\n---\n# Dear Jane\n'));
    try {
      const before = api.mailers.list().length;
      const logStart = (await logged()).length;
      // As the explorer's context menu calls it: the file's URI only.
      await vscode.commands.executeCommand('mailroom.sendDocument', uri);
      assert.equal(api.mailers.list().length, before, 'no mailer was made');
      const line = await until('the error in the log', async () =>
        (await logged()).split('\n').find((l) => l.includes('the preflight finds that bad-zip.md would fail')),
      );
      assert.match(line, /-1018 \(PostalCode\).*6270 is not a US ZIP code \(12345 or 12345-6789\)/);
      assert.doesNotMatch((await logged()).slice(logStart), /SendLetterAndAddressV2/, 'no send was made');
    } finally {
      await vscode.workspace.fs.delete(uri);
    }
  });
});
