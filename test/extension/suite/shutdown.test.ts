/**
 * The extension's deactivate(), as VS Code calls it before the extension host exits: it must not
 * resolve before the in-process sandbox has stopped listening and closed its journal. It ends the
 * extension for the rest of the run, so index.ts loads this file last.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID, mailroomApi } from './support';

/** The files this process holds open, as the kernel lists them. */
function openFiles(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [readlinkSync(join('/proc/self/fd', fd))];
    } catch {
      return []; // closed while being listed
    }
  });
}

const isJournal = (path: string) => /[\\/]sandbox[\\/]journal\.jsonl$/.test(path);

describe('Mailroom shutting down', () => {
  it('deactivates only once the in-process sandbox has stopped listening and closed its journal', async () => {
    const api = await mailroomApi();
    if (!api.connection.account?.sandbox) await vscode.commands.executeCommand('mailroom.useSandbox');
    const client = await api.connection.client();
    await assert.rejects(client.datedA.GetStatus({ ID: '1' }), /-3115|-3001/, 'the sandbox answers');
    const { endpoint } = api.connection.account!;
    assert.ok(openFiles().some(isJournal), 'the sandbox holds its journal open');
    // The module VS Code loaded, as it loaded it: its deactivate is the one the host calls.
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the loaded module itself, from require's cache
    const main = require(join(extension.extensionPath, 'dist', 'extension.js')) as { deactivate(): unknown };
    const deactivating = main.deactivate();
    assert.ok(deactivating instanceof Promise, 'deactivate answers a promise the host waits for');
    await deactivating;
    assert.deepEqual(openFiles().filter(isJournal), [], 'the journal is closed');
    await assert.rejects(fetch(`${endpoint}/MailWS.asmx?WSDL`), 'the sandbox no longer listens');
    await assert.rejects(api.connection.client(), /shut down/, 'and is not started again');
  });
});
