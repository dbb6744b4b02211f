/**
 * When the service does not answer (a loopback proxy in front of the in-process sandbox, made to
 * hang as a server behind a dropped VPN does: it takes the requests and never answers): the status
 * bar item turns to a warning with the time of the last good refresh, the Mailers view's message
 * says the service is not answering and since when, the refresh backs off, a send made meanwhile
 * ends at its deadline as "outcome unknown" and is sent once; released, the view comes back by
 * itself, with news from the service, and says so once.
 *
 * No timed assertion on the extension's speed: the backoff is shown by counting the requests that
 * reach the proxy against what the normal interval would have made in the same time.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { serviceByKey, serviceUrl } from '../../../src/contract';
import type { MailroomProbe } from '../../../src/extension/probe';
import { groupOf } from '../../../src/extension/model/mailers';
import { clockTime } from '../../../src/extension/model/service-health';
import { startHangingProxy, type HangingProxy } from '../../helpers/hanging-proxy';
import { mailroomProbe, person, send, until, connect, signOut, refresh, forgetAttempts } from './support';

const INTERVAL_SECONDS = 2;
const TIMEOUT_SECONDS = 1;
const WARNING_BACKGROUND = 'statusBarItem.warningBackground';
const settings = () => vscode.workspace.getConfiguration('mailroom');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Any of the ways a time between two instants may be shown. */
const anyOf = (times: readonly number[], options: { seconds?: boolean; zone?: boolean } = {}) =>
  `(${[...new Set(times.map((t) => clockTime(t, { locale: vscode.env.language, now: Date.now(), ...options })))].map(escaped).join('|')})`;

describe('Mailroom when the service does not answer', function () {
  this.timeout(240_000);
  let probe: MailroomProbe;
  let proxy: HangingProxy;
  let sandboxUrl: string;
  const letter = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'letter.md');
  const logged = async () =>
    Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(probe.logUri, 'Mailroom.log'))).toString('utf8');

  /** The mailer's status as the sandbox has it now, asked directly (HTTP GET), not through the proxy. */
  async function statusInSandbox(id: number): Promise<number> {
    const url = `${serviceUrl(sandboxUrl, serviceByKey('datedA'))}/GetStatus?Username=demo&Password=demo&ID=${id}`;
    const answer = await (await fetch(url)).text();
    const status = /<Status>(-?\d+)<\/Status>/.exec(answer)?.[1];
    assert.ok(status, `a status in ${answer}`);
    return Number(status);
  }

  before(async () => {
    probe = await mailroomProbe();
    if (!probe.account?.sandbox) await vscode.commands.executeCommand('mailroom.useSandbox');
    sandboxUrl = probe.account!.endpoint;
    proxy = await startHangingProxy(sandboxUrl);
    await settings().update('refreshIntervalSeconds', INTERVAL_SECONDS, vscode.ConfigurationTarget.Global);
    // An account of its own (the proxy's address): only this suite's mailers are in process there.
    await connect(probe, proxy.url, 'soap11', 'demo', { password: 'demo' });
  });

  after(async () => {
    proxy.release();
    await forgetAttempts(probe);
    await signOut();
    await proxy.close();
    await settings().update('refreshIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    await settings().update('timeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
  });

  it('warns in the status bar and the view, backs off, fails a send at its deadline, and recovers by itself, once', async () => {
    const item = probe.statusBar;
    const view = probe.mailersView;
    const logStart = (await logged().catch(() => '')).length;
    await vscode.window.showTextDocument(letter());
    const id = await send([], 'mailroom.sendDocument');
    assert.ok(id, 'the letter was sent');
    // Short deadlines from now on (a new budget applies to the calls begun after it), so that a hung
    // refresh ends soon; the send above had the usual one.
    await settings().update('timeoutSeconds', TIMEOUT_SECONDS, vscode.ConfigurationTarget.Global);

    // A good refresh, whose end is known to lie between these two instants.
    const before = Date.now();
    assert.equal(await refresh(), undefined);
    const after = Date.now();
    proxy.hang();
    const hungFrom = proxy.requests.length;
    const seen = probe.mailers.get(id)!.status;
    assert.equal(groupOf(probe.mailers.get(id)!), 'inProcess', 'the letter is in process');
    assert.match(item.text, /^\$\(mail\) 1 in process · /);
    assert.equal(item.backgroundColor, undefined);
    assert.equal(view.message, undefined);

    await until('the warning in the status bar', async () => (item.backgroundColor?.id === WARNING_BACKGROUND ? true : undefined), 60);
    assert.match(item.text, new RegExp(`^\\$\\(warning\\) 1 in process · as of ${anyOf([before, after])}$`));
    assert.match(
      item.tooltip,
      new RegExp(
        `^Mailroom: the service at ${escaped(new URL(proxy.url).host)} is not answering \\(since .+\\)\\. The Mailers view shows what it answered at ${anyOf([before, after], { seconds: true, zone: true })}, the last good refresh\\.`,
      ),
    );
    assert.match(
      view.message ?? '',
      new RegExp(
        `^The service is not answering \\(since .+\\); what is shown is as of ${anyOf([before, after], { seconds: true })}\\. Mailroom keeps asking on its own\\.$`,
      ),
    );
    assert.equal(probe.mailers.get(id)!.status, seen, 'the view still shows what the service said last');

    // A send meanwhile: one request, unanswered, ends at its deadline as "outcome unknown", never sent again.
    const attempts = probe.mailers.attempts().length;
    const sends = () => proxy.requests.slice(hungFrom).filter((r) => r.operation.startsWith('Send')).length;
    assert.equal(await send([], 'mailroom.sendDocument'), undefined, 'no mailer said to be sent: no answer came');
    assert.equal(probe.mailers.attempts().length, attempts + 1, 'kept as an attempt to look up');
    assert.equal(sends(), 1, 'sent once');

    // The backoff: refreshes keep coming, fewer than the normal interval would make.
    const held = () => proxy.requests.slice(hungFrom).filter((r) => r.held && r.operation === 'GetStatus');
    const [first, second, third] = await until(
      'three refreshes while the service hangs',
      async () => (held().length >= 3 ? held() : undefined),
      180,
    );
    const span = third!.at - first!.at;
    const every = (INTERVAL_SECONDS * (vscode.window.state.focused ? 1 : 4) + TIMEOUT_SECONDS) * 1000;
    // Doubling waits (interval × 2, × 4 after the first two failures) put two refreshes where the
    // normal interval would have made 14 / 3 ≈ 4.7; without a backoff it would be 2 in 6 s.
    assert.ok(
      span / every >= 4,
      `2 refreshes after the first in ${span} ms; one every ${every} ms would have made ${(span / every).toFixed(1)}, a backoff leaves room for at least 4`,
    );
    assert.ok(third!.at - second!.at > second!.at - first!.at, 'each wait longer than the one before');
    assert.equal(sends(), 1, 'the send was not repeated');

    // The service moved on meanwhile; released, the view catches up by itself.
    await until('news in the sandbox', async () => ((await statusInSandbox(id)) !== seen ? true : undefined), 60);
    proxy.release();
    await until('the status bar back to normal', async () => (item.backgroundColor === undefined ? true : undefined), 180);
    assert.match(item.text, /^\$\(mail\) \d+ in process · /);
    assert.equal(view.message, undefined);
    assert.notEqual(probe.mailers.get(id)!.status, seen, 'the tree shows the news');
    const recovered = /the service answers again \(it did not from .+ to .+\); the Mailers view is current\./;
    await until('the recovery in the log', async () =>
      (await logged()).slice(logStart).match(new RegExp(recovered, 'g'))?.length ? true : undefined,
    );
    // One more good refresh says nothing more.
    assert.equal(await refresh(), undefined);
    const text = (await logged()).slice(logStart);
    assert.equal(text.match(new RegExp(recovered, 'g'))?.length, 1, 'said once');
    assert.equal(text.match(/The service is not answering/g)?.length, 1, 'the outage logged as an error once, not per cycle');
    assert.equal(person.notices.filter((n) => n.severity === 'info' && recovered.test(n.message)).length, 1, 'and shown once');
  });

  it('shows a refresh waiting at once, and the service not answering a few seconds past its usual answer time, not after the whole budget (issue 25, part 9)', async () => {
    const item = probe.statusBar;
    // The usual budget of a call (60 s): the warning must not wait for it.
    await settings().update('timeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    proxy.release();
    await vscode.window.showTextDocument(letter());
    const id = await send([], 'mailroom.sendDocument');
    assert.ok(id, 'the letter was sent');
    assert.equal(await refresh(), undefined, 'a good refresh: the usual answer time is known');
    assert.equal(probe.mailersView.busy, false);
    await until('the status bar as usual', async () => (item.backgroundColor === undefined ? true : undefined), 60);

    proxy.hang();
    let settled = false;
    const refreshing = refresh().finally(() => (settled = true));
    // At once: within the turns of the host's loop that start the command, before any timer could run.
    for (let turn = 0; turn < 20 && !probe.mailersView.busy; turn++) await new Promise((r) => setImmediate(r));
    assert.equal(probe.mailersView.busy, true, "the view's progress shows at once");
    await until('the warning in the status bar', async () => (item.backgroundColor?.id === WARNING_BACKGROUND ? true : undefined), 60);
    // The marker: the refresh still waits on its call, held at the proxy, whose budget is 60 s.
    assert.equal(settled, false, 'said while the refresh still waits, not when its call gives up');
    assert.ok(proxy.holding > 0, 'its request is still held unanswered');
    assert.equal(probe.mailersView.busy, true);
    assert.match(probe.mailersView.message ?? '', /^The service is not answering \(since /);
    assert.match(await logged(), /Refresh waiting: No answer within \d+ s; it usually answers within \d+ ms\./);

    // The connection dropped and the service back: the read is tried again and answered.
    proxy.release();
    proxy.drop();
    assert.equal(await refreshing, undefined, 'the refresh got its answers in the end');
    assert.equal(probe.mailersView.busy, false, 'no progress left');
    await until('the status bar back to normal', async () => (item.backgroundColor === undefined ? true : undefined), 60);
  });
});
