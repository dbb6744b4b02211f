/**
 * The extension's sandbox runs on a thread of its own, never on the extension host's, which every
 * extension shares; and the extension's deactivate(), as VS Code calls it before the extension host
 * exits, must not resolve before that sandbox has stopped listening and closed its journal (a
 * worker thread's files are the host process's, so the host sees them). It ends the extension for
 * the rest of the run, so index.ts loads this file last.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID, mailroomProbe, sandboxListening, service } from './support';

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
  it("runs the sandbox off the extension host's thread: it answers while that thread is blocked", async () => {
    const probe = await mailroomProbe();
    const endpoint = await sandboxListening(probe);
    // A synchronous child holds this thread until it ends: a sandbox on it could not answer, and
    // the child would run into its timeout. Electron's Node runs as plain Node with the variable.
    const status = execFileSync(
      process.execPath,
      [
        '-e',
        'fetch(process.argv[1]).then((r) => process.stdout.write(String(r.status)), () => process.exit(1))',
        `${endpoint}/MailWS.asmx?WSDL`,
      ],
      { encoding: 'utf8', timeout: 20_000, env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } },
    );
    assert.equal(status, '200');
  });

  it('deactivates only once the sandbox has stopped listening, closed its journal and ended its thread', async () => {
    const probe = await mailroomProbe();
    await sandboxListening(probe);
    const client = service(probe);
    await assert.rejects(client.datedA.GetStatus({ ID: '1' }), /-3115|-3001/, 'the sandbox answers');
    const { endpoint } = probe.account!;
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
    // Whatever is asked of it now (its commands went with it), the sandbox is not started again.
    await Promise.resolve(vscode.commands.executeCommand('mailroom.refreshFiles')).catch(() => undefined);
    await assert.rejects(fetch(`${endpoint}/MailWS.asmx?WSDL`), 'and is not started again');
  });
});
