/**
 * Feedback pushes from an account of the service, to the public URL the user names
 * (mailroom.feedback.publicUrl). The account here is the sandbox's "other" reached through a
 * loopback proxy, so the extension takes it for a real account (no sandbox registration of its
 * own); the "public" URL is loopback too, standing in for the user's tunnel to the receiver's port.
 */
import { strict as assert } from 'node:assert';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { MailWsClient } from '../../../src/client';
import type { FeedbackPush } from '../../../src/client/push-receiver';
import { OK } from '../../../src/contract';
import { accountName } from '../../../src/extension/account-name';
import type { MailroomProbe } from '../../../src/extension/probe';
import {
  mailroomProbe,
  onSandbox,
  person,
  run,
  sendNotes,
  settings,
  typedAddress,
  until,
  connect,
  signOut,
  service,
  refresh,
} from './support';

async function listening(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listening(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What Receive Feedback Pushes… says once the service took the registration. */
const registered = (url: string) =>
  new RegExp(`^Mailroom: feedback pushes of other now go to ${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')};`, 'm');

/** A push as anyone on the internet could post it to the public URL. */
async function post(url: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(url, { method: 'POST', body: new URLSearchParams(fields) });
  return response.text();
}

describe('Feedback pushes from an account, at a public URL', () => {
  let probe: MailroomProbe;
  let proxy: Server | undefined;
  let proxyUrl: string;
  let otherAdmin: MailWsClient | undefined;
  const password = 'Pub-push-other-5Tn';

  before(async () => {
    probe = await mailroomProbe();
    await onSandbox(probe);
    const sandboxUrl = probe.account!.endpoint;
    // "other" takes a password of this suite's own, whatever the suites before set it to.
    otherAdmin = new MailWsClient({ endpoint: sandboxUrl, credentials: { username: 'other', apiKey: 'other-key' } });
    assert.equal(await otherAdmin.admin.SetUserSettings({ Username: 'other', Settings: [['Security_Password', password]] }), OK);
    proxy = createServer((req, res) => {
      req.pipe(
        httpRequest(`${sandboxUrl}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        }),
      );
    });
    proxyUrl = `http://127.0.0.1:${await listening(proxy)}`;
  });

  afterEach(() => person.settle());

  after(async () => {
    for (const name of ['feedback.publicUrl', 'feedback.localPort', 'refreshIntervalSeconds']) {
      await settings().update(name, undefined, vscode.ConfigurationTarget.Global);
    }
    if (probe.account?.endpoint === proxyUrl) await signOut();
    await onSandbox(probe);
    // However the test ended, "other" no longer pushes to a port nothing listens on.
    await otherAdmin?.admin.SetUserSettings({ Username: 'other', Settings: [['Feedback_FeedbackType', 'None']] });
    proxy?.close();
  });

  it('registers only when asked and confirmed, believes only its own Auth, updates the tree without a poll, and stops', async function () {
    this.timeout(120_000);
    await connect(probe, proxyUrl, 'soap11', 'other', { password, apiKey: 'other-key' });
    const account = probe.account!;
    assert.equal(account.sandbox, false, 'an account of "the service", not the sandbox');

    // Off by default: the command says what to set.
    const shown = person.notices.length;
    await run([], 'mailroom.receiveFeedbackPushes');
    assert.match(person.shown(shown).join('\n'), /Set mailroom\.feedback\.publicUrl first/);
    assert.equal(await probe.publicPushes.url(), undefined, 'nothing listens');

    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}/mailroom-push`;
    await settings().update('feedback.localPort', port, vscode.ConfigurationTarget.Global);
    await settings().update('feedback.publicUrl', publicUrl, vscode.ConfigurationTarget.Global);

    // Declined: nothing changes on the service, nothing is kept.
    await run([{ confirm: false }], 'mailroom.receiveFeedbackPushes');
    assert.equal(await probe.pushRegistration(account), undefined);

    // A wrong API key: the service's refusal in words; nothing kept, nothing left listening.
    // Kept by connecting again with it: the password is right, the key is not checked until it is used.
    await connect(probe, proxyUrl, 'soap11', 'other', { password, apiKey: 'not-other-key' });
    const refused = person.notices.length;
    await run([{ confirm: true }], 'mailroom.receiveFeedbackPushes');
    assert.match(person.shown(refused, 'error').join('\n'), /could not register for feedback pushes\. Not authenticated .*API key/);
    assert.equal(await probe.pushRegistration(account), undefined);
    assert.equal(await probe.publicPushes.url(), undefined);
    await connect(probe, proxyUrl, 'soap11', 'other', { password, apiKey: 'other-key' });

    // Confirmed, after reading what changes where.
    person.answer({ confirm: true });
    const registering = person.notices.length;
    await vscode.commands.executeCommand('mailroom.receiveFeedbackPushes');
    const question = person.asked.join('\n');
    person.settle();
    assert.match(person.shown(registering, 'info').join('\n'), registered(publicUrl));
    assert.match(question, new RegExp(`other's feedback settings at ${proxyUrl}`));
    assert.match(question, /unencrypted/, 'an http URL is said to be plain');
    const registration = await probe.pushRegistration(account);
    assert.equal(registration?.url, publicUrl);
    assert.match(registration?.auth ?? '', /^[0-9a-f]{48}$/);
    assert.equal(await probe.publicPushes.url(), `http://127.0.0.1:${port}/`);

    // No refresh on the view's own schedule: only a push can tell the tree the letter completed.
    await settings().update('refreshIntervalSeconds', 3600, vscode.ConfigurationTarget.Global);
    await refresh();
    const pushes: FeedbackPush[] = [];
    const arriving = probe.publicPushes.onDidArrive((push) => pushes.push(push));
    let id = 0;
    try {
      id = await sendNotes(
        typedAddress(probe, { AttentionLine1: 'Pia Public', Address1: '9 Oak St', City: 'Ogdenville', State: 'OR', PostalCode: '97301' }),
      );
      assert.ok(id > 0);
      // A push forged by someone who found the URL: answered, not believed.
      assert.equal(
        await post(publicUrl, { ID: String(id), ItemID: '0', Auth: 'guessed', Status: '-1018', StatusTime: '2026-01-01T00:00:00' }),
        '0',
      );
      const client = service(probe, { username: 'other', password, apiKey: 'other-key' });
      await until(
        'the sandbox to complete the letter',
        async () => ((await client.datedA.GetStatus({ ID: String(id) })).Statuses[0]?.Status === -1002 ? true : undefined),
        60,
      );
      await until('the Mailers view to show it completed', async () => (probe.mailers.get(id)?.status === -1002 ? true : undefined), 20);
      assert.ok(
        pushes.some((p) => p.ID === id && p.Status === -1002 && p.Auth === registration?.auth),
        'the service’s push told it',
      );
      assert.ok(!pushes.some((p) => p.Auth === 'guessed'), 'the forged push was not taken in');
      const log = Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(probe.logUri, 'Mailroom.log'))).toString('utf8');
      assert.match(log, new RegExp(`Feedback pushes of other at ${proxyUrl} go to ${publicUrl}`));
      assert.ok(!log.includes(registration.auth), 'the Auth value is not logged');
    } finally {
      arriving.dispose();
    }

    // While another account is shown, even a true push is not taken in: that account's view is not
    // its news. Back on "other", the next one is (and, in order, shows the first was dropped).
    const auth = registration.auth;
    await onSandbox(probe);
    assert.equal(
      await post(publicUrl, { ID: String(id), ItemID: '0', Auth: auth, Status: '-1018', StatusTime: '2026-01-01T00:00:00' }),
      '0',
    );
    await run([{ pick: accountName(account) }], 'mailroom.switchAccount');
    const later: FeedbackPush[] = [];
    const arrivingLater = probe.publicPushes.onDidArrive((push) => later.push(push));
    try {
      assert.equal(
        await post(publicUrl, { ID: String(id), ItemID: '0', Auth: auth, Status: '-1002', StatusTime: '2026-01-01T00:00:00' }),
        '0',
      );
      await until('the push of the account shown', async () => (later.length > 0 ? true : undefined));
      assert.deepEqual(
        later.map((p) => p.Status),
        [-1002],
        'the push that came while the sandbox was shown was dropped',
      );
    } finally {
      arrivingLater.dispose();
    }

    // Turned off here, the receiver stops; turned on again, it listens again from what SecretStorage
    // kept (as after a restart), without registering again.
    await settings().update('feedback.publicUrl', undefined, vscode.ConfigurationTarget.Global);
    await until('the receiver to stop', async () => ((await probe.publicPushes.url()) === undefined ? true : undefined));
    await settings().update('feedback.publicUrl', publicUrl, vscode.ConfigurationTarget.Global);
    assert.equal(await until('the receiver to listen again', () => probe.publicPushes.url()), `http://127.0.0.1:${port}/`);
    assert.equal((await probe.pushRegistration(account))?.auth, auth, 'the same Auth');
    // A workspace cannot send the account's pushes elsewhere.
    await assert.rejects(
      Promise.resolve(settings().update('feedback.publicUrl', 'http://elsewhere.invalid/', vscode.ConfigurationTarget.Workspace)),
    );

    // Stop: asked first (it ends any feedback the account has), then the service is told, the Auth forgotten, the port let go.
    await run([{ confirm: false }], 'mailroom.stopFeedbackPushes');
    assert.equal((await probe.pushRegistration(account))?.auth, auth, 'declined: kept');
    const stopping = person.notices.length;
    await run([{ confirm: true }], 'mailroom.stopFeedbackPushes');
    assert.match(
      person.shown(stopping, 'info').join('\n'),
      /the service no longer sends the feedback of other; the Mailers view polls as before/,
    );
    assert.equal(await probe.pushRegistration(account), undefined);
    assert.equal(await probe.publicPushes.url(), undefined);
    await assert.rejects(post(publicUrl, { ID: '1', Status: '-1002' }), 'nothing listens on the port');

    // Registered again, then signed out of: the Auth is forgotten with the other secrets and the port let go.
    const again = person.notices.length;
    await run([{ confirm: true }], 'mailroom.receiveFeedbackPushes');
    assert.match(person.shown(again, 'info').join('\n'), registered(publicUrl));
    assert.ok(await probe.publicPushes.url());
    await signOut();
    await until('the receiver to stop', async () => ((await probe.publicPushes.url()) === undefined ? true : undefined));
    assert.equal(await probe.pushRegistration(account), undefined);
  });
});
