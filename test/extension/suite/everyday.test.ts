/**
 * What a person sees, clicks and reads in everyday use (issue 14): menus offered only when they
 * can work, mailers kept with the account they belong to, IDs the service does not know kept out,
 * and messages in words.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomProbe } from '../../../src/extension/probe';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ASKED } from '../../../src/extension/commands/address-input';
import type { Answer } from './prompts';
import {
  EXTENSION_ID,
  mailroomProbe,
  onSandbox as onSandboxAs,
  notes,
  person,
  run,
  send,
  sendNotes,
  sentSince,
  settings,
  typedAddress,
  until,
  workspace,
  connect,
  forgetAttempts,
  service,
  stopTracking,
} from './support';

interface MenuItem {
  readonly command: string;
  readonly when?: string;
}

/** Whether the Mailers view's context menu offers `command` on a row of this contextValue, by the manifest's own clause. */
function offersOnRow(command: string, contextValue: string | undefined): boolean {
  const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { menus: Record<string, MenuItem[]> } };
  const when = manifest.contributes.menus['view/item/context']!.find((item) => item.command === command)?.when ?? '';
  const row = /viewItem == ([\w.]+)/.exec(when)?.[1];
  assert.ok(row, `a clause naming one row kind: ${when}`);
  return contextValue === row;
}

describe('Mailroom in everyday use', () => {
  let probe: MailroomProbe;

  before(async () => {
    probe = await mailroomProbe();
  });

  afterEach(() => person.settle());

  const onSandbox = () => onSandboxAs(probe);
  const rowOf = (id: number) => probe.mailersView.getTreeItem(probe.mailersView.nodeOf(id)!);

  it('offers Cancel Delivery only while the service would accept it, and says in words when the status moved on', async function () {
    this.timeout(90_000);
    await onSandbox();
    // No refresh on the view's own schedule: the tree keeps what it was told at the send.
    await settings().update('refreshIntervalSeconds', 3600, vscode.ConfigurationTarget.Global);
    try {
      const id = await sendNotes(
        typedAddress(probe, { AttentionLine1: 'Lee Moe', Address1: '5 Oak St', City: 'Ogdenville', State: 'OR', PostalCode: '97301' }),
      );
      assert.ok(offersOnRow('mailroom.cancelDelivery', rowOf(id).contextValue), 'offered while Received');
      const client = service(probe);
      const status = async () => (await client.datedA.GetStatus({ ID: String(id) })).Statuses[0]?.Status;
      await until('the service to hand the letter to the postal service', async () => ((await status()) === -995 ? true : undefined), 60);
      assert.ok(offersOnRow('mailroom.cancelDelivery', rowOf(id).contextValue), 'the tree does not know yet');
      const before = person.notices.length;
      await run([{ confirm: true }], 'mailroom.cancelDelivery', probe.mailersView.nodeOf(id));
      const told = person.shown(before).join('\n');
      // Waiting For Delivery lasts 5 s here: on a slow machine the letter may have completed since.
      const moved = '(it is Waiting For Delivery now, handed to the postal service|it has already ended \\(Completed)';
      assert.match(told, new RegExp(`mailer ${id} can no longer be cancelled: ${moved}`));
      assert.ok(!/-3022|CancelDelivery|command failed/i.test(told), told);
      assert.ok([-995, -1002].includes(probe.mailers.get(id)!.status!), 'the tree was refreshed');
      assert.ok(!offersOnRow('mailroom.cancelDelivery', rowOf(id).contextValue), 'no longer offered');
    } finally {
      await settings().update('refreshIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it("keeps an account's mailers whichever way one signs in to it: Connect… to the sandbox's URL shows them", async () => {
    await onSandbox();
    const id = await sendNotes(
      typedAddress(probe, { AttentionLine1: 'Roy Loe', Address1: '8 Bay St', City: 'Ogdenville', State: 'OR', PostalCode: '97301' }),
    );
    const followed = () => probe.mailers.list().map((m) => m.id);
    const mine = followed();
    assert.ok(mine.includes(id));
    const endpoint = probe.account!.endpoint;
    const answers = [{ input: `${endpoint}/` }, { pick: /SOAP 1\.2/ }, { input: 'demo' }, { input: 'demo' }, { input: '' }];
    await run(answers, 'mailroom.connect');
    assert.equal(probe.account?.username, 'demo');
    assert.equal(probe.account?.binding, 'soap12');
    assert.deepEqual(followed(), mine, "the sandbox's demo follows what it followed, not an empty tree");
    assert.ok(probe.mailersView.nodeOf(id), 'and the tree shows them');
    // Another user of the same service follows its own (clerk's password as demo, its administrator, sets it).
    await service(probe).admin.SetUserSettings({ Username: 'clerk', Settings: [['Security_Password', 'clerk-again']] });
    await connect(probe, endpoint, 'soap11', 'clerk', { password: 'clerk-again' });
    assert.ok(!followed().includes(id));
    await vscode.commands.executeCommand('mailroom.useSandbox');
    assert.deepEqual(followed(), mine);
  });

  it('does not track an ID the service does not know for this account, and says so in words', async () => {
    await onSandbox();
    const before = person.notices.length;
    const unknown = 99_999_999;
    await run([{ input: String(unknown) }], 'mailroom.trackIds');
    assert.equal(probe.mailers.get(unknown), undefined, 'not tracked');
    assert.equal(probe.mailersView.nodeOf(unknown), undefined, 'not in the tree');
    const told = person.shown(before, 'warning').join('\n');
    assert.match(told, new RegExp(`mailer ${unknown} is not tracked: the service knows no such mailer of this account`));
    assert.ok(!/-3001|No Permissions/.test(told), told);
    // Of a range, only the mailers the account has.
    const mine = await sendNotes(
      typedAddress(probe, { AttentionLine1: 'Ida Ray', Address1: '9 Elm St', City: 'Ogdenville', State: 'OR', PostalCode: '97301' }),
    );
    await stopTracking(probe, mine);
    await run([{ input: `${mine}-${mine + 2}` }], 'mailroom.trackIds');
    assert.ok(probe.mailers.get(mine), 'the mailer of the range that exists');
    // Tracked by its ID, it is named as the service keeps it (its MyDescription), not by its number alone.
    assert.equal(probe.mailers.get(mine)?.description, 'notes.txt');
    assert.equal(probe.mailers.get(mine + 1), undefined);
    assert.match(person.shown(before, 'warning').join('\n'), new RegExp(`2 of the 3 IDs are not tracked \\(${mine + 1}, ${mine + 2}\\)`));
  });

  it('checks a postcard address field by field where it is typed, with Back on every step and nothing typed lost', async () => {
    await onSandbox();
    const sides: Answer[] = [
      { pick: 'postcard-back.html' },
      { pick: 'FitToPage' },
      { pick: 'Default' },
      { pick: 'Black' },
      { pick: 'Default' },
    ];
    const recent: Answer[] = probe.recentAddresses().length > 0 ? [{ pick: /New address/ }] : [];
    const answers: Answer[] = [
      ...sides,
      ...recent,
      { input: '' }, // an empty line: every field, one by one
      { input: '' }, // no name…
      { input: '' }, // …and no company: refused here, at the second of the two
      { back: true }, // back to the name, and give one
      { input: 'Ann Lee' },
      { input: '' },
      { input: '4 Elm St' },
      { input: '' },
      { input: 'Capital City' },
      { input: 'IL' },
      { input: '6270' }, // a ZIP code of the wrong form…
      { input: '' }, // …refused once the country is known (none: the US)
      { back: true },
      { input: '62703' },
      { input: '' },
      { pick: /in Development mode/ },
    ];
    const from = person.notices.length;
    await person.answering(answers, async () => {
      await vscode.commands.executeCommand('mailroom.sendPostcard', vscode.Uri.joinPath(workspace(), 'postcard-front.html'));
      assert.equal(person.refusals.length, 2, person.refusals.join(' | '));
      assert.match(person.refusals[0]!, /^A name or a company is needed/);
      assert.match(person.refusals[1]!, /^6270 is not a US ZIP code \(12345 or 12345-6789\)/);
      // Going back showed each field with what was typed in it.
      assert.ok(person.opened.includes('6270'), `the ZIP box reopened with 6270: ${person.opened.join(', ')}`);
    });
    assert.ok(sentSince(from), 'sent once the address was whole');
    assert.deepEqual(probe.recentAddresses()[0], {
      AttentionLine1: 'Ann Lee',
      Address1: '4 Elm St',
      City: 'Capital City',
      State: 'IL',
      PostalCode: '62703',
    });
  });

  it('offers Edit and Retry when a send was refused for sure, asking again with every answer kept; never after a 504', async () => {
    await onSandbox();
    const sandboxUrl = probe.account!.endpoint;
    // In front of the sandbox: the next send is refused (a soap:Client fault: nothing was made) or
    // answered 504 by a gateway (the send may have been made); everything else passes.
    let next: 'refuse' | 'gateway' | undefined = 'refuse';
    const answered: string[] = [];
    const proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        if (next && /SendLetterAndAddressV2/.test(String(req.headers['soapaction'] ?? ''))) {
          answered.push(next);
          const fault =
            '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>The request was refused. ---&gt; The service is busy.</faultstring></soap:Fault></soap:Body></soap:Envelope>';
          if (next === 'refuse') res.writeHead(500, { 'Content-Type': 'text/xml; charset=utf-8' }).end(fault);
          else res.writeHead(504, { 'Content-Type': 'text/html' }).end('<html><head><title>504 Gateway Time-out</title></head></html>');
          next = undefined;
          return;
        }
        httpRequest(`${sandboxUrl}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        }).end(body);
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      await connect(probe, proxyUrl, 'soap11', 'demo', { password: 'demo' });
      const address = { AttentionLine1: 'Bo Ray', Address1: '6 Pine St', City: 'Ogdenville', State: 'OR', PostalCode: '97301' };
      const typed = typedAddress(probe, address);
      person.pressWhenShown(/could not send notes\.txt\..*What you gave is kept/s, 'Edit and Retry');
      const before = person.notices.length;
      // Asked again, the person presses Enter on each question: what they gave is what is shown.
      const again = typed.map((): Answer => ({ enter: true }));
      await person.answering([...typed, ...again], async () => {
        await vscode.commands.executeCommand('mailroom.sendDocument', notes());
        // The line (empty: field by field), then each field.
        const boxes = ASKED.length + 1;
        assert.deepEqual(
          person.opened.slice(boxes),
          ['', ...ASKED.map(([f]) => (address as Record<string, string>)[f] ?? '')],
          'asked again with what was typed',
        );
      });
      assert.deepEqual(answered, ['refuse']);
      assert.ok(sentSince(before), 'sent on the second try');
      assert.deepEqual(probe.recentAddresses()[0], address, 'to the address typed the first time');
      const told = person.shown(before, 'error').join('\n');
      assert.match(told, /Mailroom could not send notes\.txt\. The service refused the request: The request was refused/);
      assert.ok(!/SendLetterAndAddressV2/.test(told), told);

      // A gateway's 504 may come after the mailer was made: kept as outcome unknown, never offered again.
      next = 'gateway';
      const attempts = probe.mailers.attempts().length;
      const shown = person.notices.length;
      assert.equal(await send(typedAddress(probe, address), 'mailroom.sendDocument', notes()), undefined, 'no mailer said to be sent');
      assert.deepEqual(answered, ['refuse', 'gateway']);
      assert.equal(probe.mailers.attempts().length, attempts + 1, 'kept as an attempt to look up');
      const after = person.notices.slice(shown);
      assert.ok(!after.some((n) => n.buttons.includes('Edit and Retry')), 'no Edit and Retry after a 504');
      assert.ok(
        after.some((n) =>
          /the outcome of sending notes\.txt.* is unknown \(The service, or a gateway in front of it, answered HTTP 504/.test(n.message),
        ),
        JSON.stringify(after),
      );
      await forgetAttempts(probe);
    } finally {
      proxy.close();
      await vscode.commands.executeCommand('mailroom.useSandbox');
    }
  });

  it('tells a failed connect in words and offers Try Again with the URL and username filled in, not the password', async () => {
    await onSandbox();
    const endpoint = probe.account!.endpoint;
    const before = person.notices.length;
    person.pressWhenShown(/could not connect/, 'Try Again');
    const connect = (password: string): Answer[] => [
      { input: endpoint },
      { pick: /SOAP 1\.1/ },
      { input: 'demo' },
      { input: password },
      { input: '' },
    ];
    await person.answering([...connect('Qx4-not-it'), ...connect('demo')], async () => {
      await vscode.commands.executeCommand('mailroom.connect');
      assert.deepEqual(person.opened.slice(4), [endpoint, 'demo', '', ''], 'the URL and username again; the password and key anew');
    });
    const told = person.shown(before, 'error');
    assert.equal(told.length, 1, told.join('\n'));
    assert.match(
      told[0]!,
      new RegExp(`^Mailroom could not connect to ${endpoint.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} as demo\\. Not authenticated`),
    );
    assert.ok(!/GetUploadedFileDetails|-3003/.test(told[0]!), told[0]);
    assert.equal(probe.account?.username, 'demo', 'connected on the second try');
  });

  it('ends a send with a line naming the new mailer, whose Show Details opens its details', async () => {
    await onSandbox();
    const before = person.notices.length;
    person.pressWhenShown(/^Mailroom: sent notes\.txt/, 'Show Details');
    const id = await sendNotes(
      typedAddress(probe, { AttentionLine1: 'Eve Ames', Address1: '2 Oak St', City: 'Ogdenville', State: 'OR', PostalCode: '97301' }),
    );
    const said = person.notices.slice(before).filter((n) => n.severity === 'info' && n.message.includes(`mailer ${id}`));
    assert.equal(said.length, 1, 'said once');
    assert.equal(said[0]!.message, `Mailroom: sent notes.txt to Eve Ames, Ogdenville as mailer ${id} (Development mode).`);
    assert.deepEqual(said[0]!.buttons, ['Show Details', 'Preview PDF']);
    const tab = await until('the details to open', async () =>
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label.startsWith(`Mailer ${id} ·`)),
    );
    await vscode.window.tabGroups.close(tab);
  });
});
