/**
 * The Mailroom output channel as VS Code writes it (the log file under the extension's log
 * folder): a warning the refresh expects (-3115, "no data", on every cycle for a mailer the service
 * has nothing on) keeps its one line per call, at info level and named as the warning it is, never
 * as an error; a failed connect is logged, whoever asked for it.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomProbe } from '../../../src/extension/probe';
import { startHangingProxy, type HangingProxy } from '../../helpers/hanging-proxy';
import { mailroomProbe, until, connect, signOut, refresh, stopTracking } from './support';

/** An ID no mailer of the account has: the sandbox answers -3115 for it. */
const UNKNOWN = 99_999_998;
const CYCLES = 3;

describe('Mailroom output log', () => {
  let probe: MailroomProbe;
  let sandboxUrl: string;
  let proxy: HangingProxy;
  const logged = async () =>
    Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(probe.logUri, 'Mailroom.log'))).toString('utf8');
  /** The log's lines written since `offset` characters. */
  const linesSince = async (offset: number) => (await logged().catch(() => '')).slice(offset).split('\n');

  before(async () => {
    probe = await mailroomProbe();
    if (!probe.account?.sandbox) await vscode.commands.executeCommand('mailroom.useSandbox');
    sandboxUrl = probe.account!.endpoint;
    // The sandbox behind a proxy, as an account of its own (another address): it follows no mailer of the
    // other suites, whose visible IDs would keep the service from answering -3115 for the whole query.
    proxy = await startHangingProxy(sandboxUrl);
    await connect(probe, proxy.url, 'soap11', 'demo', { password: 'demo' });
  });

  after(async () => {
    await stopTracking(probe, UNKNOWN);
    await signOut();
    await proxy.close();
  });

  it('keeps one info line per call for the -3115 a refresh expects, never an error', async () => {
    const start = (await logged().catch(() => '')).length;
    await probe.follow([{ id: UNKNOWN }]);
    for (let i = 0; i < CYCLES; i++) assert.equal(await refresh(), undefined, 'a refresh that finds nothing has not failed');
    const noData = (line: string) => line.includes('-3115');
    const lines = await until('a line for each call of every cycle', async () => {
      const lines = await linesSince(start);
      const statuses = lines.filter((l) => noData(l) && /\bGetStatus \(datedA\)/.test(l));
      const details = lines.filter((l) => noData(l) && /\bGetDetails \(datedA\)/.test(l));
      return statuses.length >= CYCLES && details.length >= CYCLES ? lines : undefined;
    });
    for (const line of lines.filter(noData)) {
      assert.match(line, /\[info\] Get(Status|Details) \(datedA\) over soap11: -3115 \(warning: the query returned no data\), \d+ ms$/);
    }
    assert.deepEqual(
      lines.filter((l) => /\[(warning|error)\]/.test(l)),
      [],
      'nothing failed, so nothing is a warning or an error',
    );
  });

  it('logs a failed connect: its sign-in call, and where and as whom it failed', async () => {
    const start = (await logged().catch(() => '')).length;
    await assert.rejects(
      connect(probe, sandboxUrl, 'soap11', 'nobody', { password: 'not-the-password' }),
      /Not authenticated \(unknown user or API key, or wrong password\)/,
    );
    const lines = await until('the refused connect in the log', async () => {
      const lines = await linesSince(start);
      return lines.some((l) => l.includes(`Connect to ${sandboxUrl} as nobody failed: `)) ? lines : undefined;
    });
    assert.ok(
      lines.some((l) => /\[info\] GetUploadedFileDetails \(datedA\) over soap11: MailWsError -3003 \(not authenticated/.test(l)),
      'the sign-in call has its line',
    );
    assert.match(
      lines.find((l) => l.includes('Connect to '))!,
      /\[warning\] Connect to .* as nobody failed: .*-3003/,
    );
    // Nothing listens there: the call never reached a service.
    const nowhere = 'http://127.0.0.1:9';
    await assert.rejects(connect(probe, nowhere, 'soap11', 'nobody', { password: 'not-the-password' }));
    await until(
      'the connect that reached nothing in the log',
      async () =>
        (await linesSince(start)).some((l) => /\[warning\] Connect to http:\/\/127\.0\.0\.1:9 as nobody failed: .*did not reach/.test(l)) ||
        undefined,
    );
    assert.equal(probe.account?.username, 'demo', 'still connected as before');
  });
});
