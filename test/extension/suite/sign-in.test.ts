/**
 * Signing in and out in a real VS Code extension host: the commands once activated, the local
 * sandbox, connecting to an account only with its password, the secrets kept in SecretStorage and
 * out of the output channel, and signing out of every account. Each test sets up what it needs
 * (the accounts signed in, their passwords), whatever the suites before left, so that any one of
 * them runs alone (MAILROOM_TEST_GREP), in any order.
 */
import { strict as assert } from 'node:assert';
import { createServer, request as httpRequest } from 'node:http';
import * as vscode from 'vscode';
import { MailWsClient } from '../../../src/client';
import { OK } from '../../../src/contract';
import { MAILROOM_COMMANDS } from '../../../src/extension/commands/ids';
import type { MailroomProbe } from '../../../src/extension/probe';
import {
  aLetter,
  changeUserSettings,
  listening,
  mailroomProbe,
  noStoredFiles,
  onSandbox,
  person,
  run,
  sendNotes,
  signOutOfAll,
  track,
  trackedIds,
  typedAddress,
  until,
  connect,
  signOut,
  service,
  refresh,
  stopTracking,
  refreshFiles,
} from './support';

describe("Signing in and out: the sandbox, an account's password, the secrets", () => {
  let probe: MailroomProbe;

  before(async () => {
    probe = await mailroomProbe();
  });

  // Every question a test's commands asked was one it expected and answered.
  afterEach(() => person.settle());

  it('activates with its commands, not yet connected', async () => {
    // Not connected: signed out of whatever accounts the suites before signed in to.
    await signOutOfAll(probe);
    const commands = await vscode.commands.getCommands(true);
    for (const id of [
      'mailroom.useSandbox',
      'mailroom.connect',
      'mailroom.sendDocument',
      'mailroom.refresh',
      'mailroom.trackIds',
      'mailroom.cancelDelivery',
      'mailroom.signOut',
    ]) {
      assert.ok(commands.includes(id), id);
    }
    assert.equal(probe.account, undefined);
    assert.deepEqual(probe.mailersView.getChildren(), []);
  });

  it('uses the local sandbox, signed in as demo, with the secrets in SecretStorage', async () => {
    // demo stores no files, whatever the suites before stored.
    await onSandbox(probe);
    await noStoredFiles(probe);
    await signOut();
    await vscode.commands.executeCommand('mailroom.useSandbox');
    const account = probe.account!;
    assert.equal(account.sandbox, true);
    assert.equal(account.username, 'demo');
    assert.match(account.endpoint, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual(await probe.secretsHeld(account), { password: true, apiKey: true });
    // Stored Files lists what the service answers with the secrets kept: none yet (-3163), not a failed sign-in.
    await refreshFiles();
    assert.equal(probe.storedFilesView.nothingStored, true, 'authenticated: no stored files yet');
  });

  it('registers every command of the typed list; a failing one shows words in the log, not a rejection', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      MAILROOM_COMMANDS.filter((id) => !registered.has(id)),
      [],
      'listed in commands/ids.ts but not registered',
    );
    // Signed in to demo alone: once signed out of it, no account is active.
    await signOutOfAll(probe);
    await onSandbox(probe);
    const logged = async () =>
      Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(probe.logUri, 'Mailroom.log'))).toString('utf8');
    // A letter not printed yet: its PDF is refused with a result code.
    const fresh = await sendNotes(
      typedAddress(probe, { AttentionLine1: 'Kim Poe', Address1: '7 Low Rd', City: 'Ogdenville', State: 'OR', PostalCode: '97301' }),
    );
    assert.equal(await vscode.commands.executeCommand('mailroom.savePdf', probe.mailersView.nodeOf(fresh)), undefined);
    await until(
      'the refused PDF in the log',
      async () => /Mailroom could not save the PDF\. .*\[GetPDF answered -3\d{3}: \w/.test(await logged()) || undefined,
    );
    await run([{ confirm: true }], 'mailroom.cancelDelivery', probe.mailersView.nodeOf(fresh));
    // A failure of the extension's own (a setting), not the service's, says what to do.
    const settings = vscode.workspace.getConfiguration('mailroom');
    await signOut();
    await settings.update('sandboxUrl', 'http://example.com:8317', vscode.ConfigurationTarget.Global);
    try {
      assert.equal(await vscode.commands.executeCommand('mailroom.useSandbox'), undefined);
      await until(
        'the refused setting in the log',
        async () => /Mailroom could not use the local sandbox\. mailroom\.sandboxUrl must be a loopback/.test(await logged()) || undefined,
      );
      assert.equal(probe.account, undefined);
    } finally {
      await settings.update('sandboxUrl', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('connects to an account only with the right password, keeping it in SecretStorage', async () => {
    // clerk's password is "clerk", and clerk follows no mailer, whatever the suites before did as clerk
    // (demo administers clerk; what an account follows outlasts signing out of it).
    await onSandbox(probe);
    await service(probe).admin.SetUserSettings({ Username: 'clerk', Settings: [['Security_Password', 'clerk']] });
    await connect(probe, probe.account!.endpoint, 'http-post', 'clerk', { password: 'clerk' });
    for (const { id } of probe.mailers.list()) await stopTracking(probe, id);
    await signOut();
    await aLetter(probe);
    const demos = [...trackedIds(probe)];
    assert.ok(demos.length > 0, 'demo follows mailers');
    const endpoint = probe.account!.endpoint;
    await assert.rejects(
      connect(probe, endpoint, 'http-post', 'clerk', { password: 'wrong' }),
      /Not authenticated \(unknown user or API key, or wrong password\)/,
    );
    assert.equal(probe.account!.username, 'demo', 'still signed in as before');
    const account = await connect(probe, endpoint, 'http-post', 'clerk', { password: 'clerk' });
    assert.deepEqual(await probe.secretsHeld(account), { password: true, apiKey: false });
    assert.equal(probe.mailersView.getChildren().length, 0, 'clerk has tracked nothing');
    await refreshFiles();
    assert.equal(probe.storedFilesView.nothingStored, true, 'signed in as clerk, who has no stored files');
    await signOut();
    // A password that was used, and then signed out: nowhere in state, settings or the tree.
    const secret = 'Tz8-vault-x1';
    await connect(probe, endpoint, 'soap11', 'demo', { password: 'demo', apiKey: 'demo-key' });
    const newPassword = (user: string) => [{ input: user }, { pick: 'Security_Password' }, { input: secret }, { pick: /Apply 1 setting/ }];
    await changeUserSettings(newPassword('clerk'));
    const clerk = await connect(probe, endpoint, 'soap11', 'clerk', { password: secret });
    await track('1021984');
    const kept = JSON.stringify(probe.globalStateKept());
    const settings = JSON.stringify(vscode.workspace.getConfiguration('mailroom'));
    const rows = JSON.stringify(
      probe.mailersView
        .getChildren()
        .flatMap((g) => [
          probe.mailersView.getTreeItem(g),
          ...(g.kind === 'group' ? probe.mailersView.getChildren(g).map((n) => probe.mailersView.getTreeItem(n)) : []),
        ]),
    );
    for (const [where, text] of [
      ['global state', kept],
      ['settings', settings],
      ['the Mailers tree', rows],
    ])
      assert.ok(!text!.includes(secret), `the password is in ${where}`);
    assert.deepEqual(await probe.secretsHeld(clerk), { password: true, apiKey: false }, 'only in SecretStorage');
    await signOut();
    assert.deepEqual(await probe.secretsHeld(clerk), { password: false, apiKey: false });
    await vscode.commands.executeCommand('mailroom.useSandbox');
    assert.deepEqual([...trackedIds(probe)], demos, "demo's mailers are back");
    assert.ok(probe.mailersView.getChildren().length > 0);
  });

  it('fails an HTTP GET call, whose URL carries the password, without the password in the output channel or the error shown', async () => {
    await onSandbox(probe);
    const sandboxUrl = probe.account!.endpoint;
    const secret = 'Gx7-get-url-2Hq';
    const leaks = (text: string) => text.includes(secret) || text.includes(encodeURIComponent(secret));
    // "other" (an administrator of its own account) signs in with "other", whatever the suites before set it to …
    const otherAdmin = new MailWsClient({ endpoint: sandboxUrl, credentials: { username: 'other', apiKey: 'other-key' } });
    assert.equal(await otherAdmin.admin.SetUserSettings({ Username: 'other', Settings: [['Security_Password', 'other']] }), OK);
    // … and takes a password no other word looks like.
    await connect(probe, sandboxUrl, 'soap11', 'other', { password: 'other', apiKey: 'other-key' });
    // A letter of other's own, to follow.
    const othersLetter = await service(probe, { username: 'other', password: 'other', apiKey: 'other-key' }).simple.SendLetterAndAddressV2({
      MyDescription: 'For other',
      FileExtension: 'html',
      FileBinaryData: Buffer.from('<p>Hello</p>'),
      WorkMode: 'Development',
      AttentionLine1: 'Ann Lee',
      Address1: '4 Elm St',
      City: 'Capital City',
    });
    const newPassword = [{ input: 'other' }, { pick: 'Security_Password' }, { input: secret }, { pick: /Apply 1 setting/ }];
    await changeUserSettings(newPassword);
    // In front of the sandbox: it passes the sign-in through, then cuts every connection it is asked on.
    let cut = false;
    const urls: string[] = [];
    const proxy = createServer((req, res) => {
      urls.push(req.url ?? '');
      if (cut) return void req.socket.destroy();
      httpRequest(`${sandboxUrl}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      }).end();
    });
    const proxyUrl = await listening(proxy);
    const logFile = vscode.Uri.joinPath(probe.logUri, 'Mailroom.log');
    const logged = async () => Buffer.from(await vscode.workspace.fs.readFile(logFile)).toString('utf8');
    try {
      await connect(probe, proxyUrl, 'http-get', 'other', { password: secret });
      assert.ok(
        urls.some((url) => url.includes(`Password=${encodeURIComponent(secret)}`)),
        'the sign-in went over GET, the password in its URL',
      );
      await track(String(othersLetter));
      cut = true;
      urls.length = 0;
      await refresh();
      // GetPDF fails before the person is asked where to save it.
      await vscode.commands.executeCommand('mailroom.savePdf', probe.mailersView.nodeOf(othersLetter));
      assert.ok(
        urls.some((url) => url.startsWith('/2009-02-26/MailWS.asmx/GetStatus?') && url.includes(encodeURIComponent(secret))),
        'the refresh asked over GET',
      );
      assert.ok(
        urls.some((url) => url.startsWith('/MailWS.asmx/GetPDF?') && url.includes(encodeURIComponent(secret))),
        'the PDF was asked for over GET',
      );
      // The output channel as VS Code wrote it: the failed refresh, and the error shown for the PDF.
      const text = await until('the failures in the output channel', async () => {
        const text = await logged().catch(() => '');
        return /Refresh failed: .*GetStatus/.test(text) && /\[error\] Mailroom could not save the PDF\. .*\[GetPDF/.test(text)
          ? text
          : undefined;
      });
      assert.ok(!leaks(text), 'the password is in the output channel');
      assert.ok(!/Password=/.test(text), 'a request URL is in the output channel');
      // The client's own error, as the extension's client makes it (over GET, through the cut proxy).
      const client = service(probe, { username: 'other', password: secret }, proxyUrl, 'http-get');
      await assert.rejects(client.simple.GetPDF({ ID: othersLetter }), (error: Error) => {
        assert.match(error.message, /GetPDF/);
        for (const text of [error.message, String(error.stack), JSON.stringify(error)])
          assert.ok(!leaks(text), 'the password is in the error');
        return true;
      });
    } finally {
      proxy.close();
      await signOut();
    }
  });

  it('signs out: the account and its secrets are gone, another listed account active, and none once all are signed out of', async () => {
    await aLetter(probe);
    assert.notDeepEqual(probe.mailersView.getChildren(), []);
    const account = probe.account!;
    const key = (a: { endpoint: string; username: string; sandbox: boolean } | undefined) =>
      a && `${a.sandbox}|${a.endpoint}|${a.username}`;
    await vscode.commands.executeCommand('mailroom.signOut');
    assert.notEqual(key(probe.account), key(account));
    assert.ok(!probe.accounts.some((a) => key(a) === key(account)), 'off the list');
    assert.deepEqual(await probe.secretsHeld(account), { password: false, apiKey: false });
    while (probe.account) await vscode.commands.executeCommand('mailroom.signOut');
    assert.deepEqual(probe.accounts, []);
    assert.deepEqual(probe.mailersView.getChildren(), []);
  });
});
