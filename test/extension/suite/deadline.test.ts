/**
 * The Mailers view's refresh against a service whose GetStatus answer never completes (a
 * loopback server in front of the in-process sandbox, trickling that answer a byte a second): the
 * refresh ends at the call's timeout (`mailroom.timeoutSeconds`, retries included) after one
 * attempt, and its failure names the endpoint and says the answer never completed, without the
 * query where HTTP GET carries the password. A new timeout applies to the calls begun after it.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { serviceByKey, serviceUrl } from '../../../src/contract';
import type { MailroomProbe } from '../../../src/extension/probe';
import { mailroomProbe, person, until, connect, signOut, refresh, sendNotes, stopTracking, typedAddress } from './support';
import { startTricklingServer, type TricklingServer } from '../../helpers/trickling-server';

const RECIPIENT = { AttentionLine1: 'Dana Slow', Address1: '4 Elm St', City: 'Springfield', State: 'IL', PostalCode: '62701' };
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const settings = () => vscode.workspace.getConfiguration('mailroom');
/** The start of a refresh's failure when GetStatus's answer never completed. */
const neverCompleted = (endpoint: string, seconds: number) =>
  new RegExp(`^GetStatus at ${escaped(endpoint)}: the answer never completed within the call's ${seconds} s timeout;`);

describe('Mailroom refresh against an answer that never completes', function () {
  // Before a call's timeout was its whole budget, a refresh here took three timeouts and their backoff.
  this.timeout(60_000);
  let probe: MailroomProbe;
  let server: TricklingServer | undefined;
  /** GetStatus answers trickle once a mailer is followed: the letter is sent and signed in for first. */
  let trickling = false;
  let tracked: number;

  before(async () => {
    probe = await mailroomProbe();
    await vscode.commands.executeCommand('mailroom.useSandbox');
    server = await startTricklingServer({
      trickles: (operation) => trickling && operation === 'GetStatus',
      upstream: probe.account!.endpoint,
    });
    await settings().update('timeoutSeconds', 2, vscode.ConfigurationTarget.Global);
    // No refresh on the view's own schedule while the test counts the attempts.
    await settings().update('refreshIntervalSeconds', 3600, vscode.ConfigurationTarget.Global);
    // A letter of demo's at this address, sent over SOAP; then the same account over HTTP GET, which puts
    // the password in the URL, follows it. Signing in goes through to the sandbox; only GetStatus trickles.
    await connect(probe, server.url, 'soap11', 'demo', { password: 'demo' });
    tracked = await sendNotes(typedAddress(probe, RECIPIENT));
    await connect(probe, server.url, 'http-get', 'demo', { password: 'demo' });
    // Whatever refresh an earlier suite left scheduled runs now, and the next waits an hour.
    await refresh();
    trickling = true;
  });

  after(async () => {
    await stopTracking(probe, tracked);
    await signOut();
    await server?.close();
    await settings().update('timeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    await settings().update('refreshIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
  });

  const endpoint = () => `${serviceUrl(server!.url, serviceByKey('datedA'))}/GetStatus`;
  const logged = async () =>
    Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(probe.logUri, 'Mailroom.log'))).toString('utf8');

  it('ends at the timeout after one attempt, its failure naming the endpoint', async () => {
    const before = server!.trickled.length;
    const status = probe.mailers.get(tracked)?.status;
    const shown = person.notices.length;
    const logStart = (await logged().catch(() => '')).length;
    await vscode.commands.executeCommand('mailroom.refresh');
    const [told] = person.shown(shown, 'error');
    assert.match(told ?? '', /^Mailroom could not refresh the mailers\. At 127\.0\.0\.1:\d+, the answer never completed/);
    assert.ok(!told!.includes('GetStatus'), `in words, without the operation's name: ${told}`);
    // What Show Log shows besides: the failure's technical account, naming the endpoint.
    const line = await until('the failed refresh in the log', async () =>
      (await logged())
        .slice(logStart)
        .split('\n')
        .find((l) => l.includes('Refresh failed')),
    );
    assert.match(/\[([^\]]*)\]$/.exec(line)?.[1] ?? line, neverCompleted(endpoint(), 2));
    assert.ok(!line.includes('?') && !/Password/i.test(line), 'no query, no password');
    assert.deepEqual(server!.trickled.slice(before), ['GetStatus'], 'one attempt, no retry after the deadline');
    assert.equal(probe.mailers.get(tracked)?.status, status, 'the mailer is still tracked, its status as it was');
  });

  it('gives the calls begun after a change of mailroom.timeoutSeconds the new budget', async () => {
    await settings().update('timeoutSeconds', 1, vscode.ConfigurationTarget.Global);
    const before = server!.trickled.length;
    const logStart = (await logged()).length;
    assert.ok(await refresh(), 'the refresh failed, and the person was told');
    // Its technical account, in the log: the endpoint's answer never completed within the new budget.
    const line = await until('the failed refresh in the log', async () =>
      (await logged())
        .slice(logStart)
        .split('\n')
        .find((l) => l.includes('Refresh failed')),
    );
    assert.match(/\[([^\]]*)\]$/.exec(line)?.[1] ?? line, neverCompleted(endpoint(), 1));
    assert.deepEqual(server!.trickled.slice(before), ['GetStatus']);
  });
});
