/**
 * The Mailroom output channel as VS Code writes it (the log file under the extension's log
 * folder): a warning the refresh expects (-3115, "no data", for a followed mailer the service has
 * nothing on, as after a sandbox started afresh) keeps its one line, at info level and named as the
 * warning it is, never as an error, and is not asked again; a failed connect is logged, whoever
 * asked for it.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { NO_PERMISSIONS_STATUS } from '../../../src/contract';
import type { MailroomProbe } from '../../../src/extension/probe';
import { startHangingProxy, type HangingProxy } from '../../helpers/hanging-proxy';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox';
import { mailroomProbe, until, connect, signOut, refresh, sendNotes, stopTracking, typedAddress } from './support';

const CYCLES = 3;
const RECIPIENT = { AttentionLine1: 'Lee Gone', Address1: '5 Oak St', City: 'Springfield', State: 'IL', PostalCode: '62701' };

describe('Mailroom output log', () => {
  let probe: MailroomProbe;
  let sandboxUrl: string;
  let proxy: HangingProxy;
  let own: TestSandbox;
  /** A letter followed here that the service no longer has: it answers -3115 for it. */
  let forgotten: number;
  const logged = async () =>
    Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(probe.logUri, 'Mailroom.log'))).toString('utf8');
  /** The log's lines written since `offset` characters. */
  const linesSince = async (offset: number) => (await logged().catch(() => '')).slice(offset).split('\n');

  before(async () => {
    probe = await mailroomProbe();
    if (!probe.account?.sandbox) await vscode.commands.executeCommand('mailroom.useSandbox');
    sandboxUrl = probe.account!.endpoint;
    // A sandbox of its own behind a proxy, as an account of its own (another address): it follows no mailer
    // of the other suites, whose visible IDs would keep the service from answering -3115 for the whole query.
    // On the wall clock, as the extension's own records are.
    own = await startTestSandbox({ now: Date.now });
    proxy = await startHangingProxy(own.url);
    await connect(probe, proxy.url, 'soap11', 'demo', { password: 'demo' });
    forgotten = await sendNotes(typedAddress(probe, RECIPIENT));
    // The sandbox started afresh at the same address, as after its data was deleted: the letter is followed, and unknown there.
    await own.close();
    own = await startTestSandbox({ now: Date.now, port: own.port });
  });

  after(async () => {
    await stopTracking(probe, forgotten);
    await signOut();
    await proxy.close();
    await own.close();
  });

  it('keeps one info line for the -3115 a refresh expects, never an error, and asks no more of a mailer the service has nothing on', async () => {
    const start = (await logged().catch(() => '')).length;
    const asked = proxy.requests.length;
    for (let i = 0; i < CYCLES; i++) assert.equal(await refresh(), undefined, 'a refresh that finds nothing has not failed');
    const noData = (line: string) => line.includes('-3115');
    const lines = await until('the line of the call that found nothing', async () => {
      const lines = await linesSince(start);
      return lines.some(noData) ? lines : undefined;
    });
    assert.deepEqual(
      lines.filter(noData).map((line) => line.replace(/^.*?\[/, '[').replace(/\d+ ms$/, 'N ms')),
      ['[info] GetStatus (datedA) over soap11: -3115 (warning: the query returned no data), N ms'],
      'one call in all: the first cycle learns that the service has nothing on it',
    );
    assert.deepEqual(
      proxy.requests.slice(asked).map((r) => r.operation),
      ['GetStatus'],
      'the service was asked once',
    );
    assert.equal(probe.mailers.get(forgotten)?.status, NO_PERMISSIONS_STATUS, 'still followed, shown as the service answers for it');
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
