/**
 * Mailroom inside a real VS Code extension host (code-server), against the sandbox it starts
 * in-process: activation, connecting, sending the workspace's Markdown letter, the Mailers tree
 * after sends, refresh and cancel, tracking IDs, the secrets stored and cleared, and nothing
 * left behind by previews and reconnections. Each test sets up what it needs (connected to the
 * sandbox, a letter of its own), so that any one of them runs alone (MAILROOM_TEST_GREP).
 */
import { strict as assert } from 'node:assert';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as vscode from 'vscode';
import type { RecipientAddress } from '../../../src/client';
import { MAILROOM_COMMANDS } from '../../../src/extension/commands/ids';
import type { MailroomApi } from '../../../src/extension/extension';
import { groupOf } from '../../../src/extension/model/mailers';
import type { MailersNode } from '../../../src/extension/views/mailers-tree';
import { PdfPreview } from '../../../src/extension/views/pdf-preview';
import { pdfPages } from '../../helpers/tools';
import type { Answer } from './prompts';
import {
  EXTENSION_ID,
  inProduction,
  mailroomApi,
  onSandbox as onSandboxAs,
  notes,
  person,
  previewOpened,
  previewShown,
  detailsShown,
  run,
  send,
  sendNotes,
  sentSince,
  track,
  typedAddress,
  until,
  workspace,
} from './support';

function treeGroups(api: MailroomApi): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const group of api.tree.getChildren()) {
    if (group.kind !== 'group') continue;
    groups.set(
      group.group,
      api.tree.getChildren(group).map((n) => (n as Extract<MailersNode, { kind: 'mailer' }>).mailer.id),
    );
  }
  return groups;
}

/** A mailer the service made just now: an ID no mailer tracked before the send had. */
function assertNewMailer(id: number | undefined, before: ReadonlySet<number>): asserts id is number {
  assert.ok(Number.isInteger(id) && id! > 0, `a mailer ID, not ${id}`);
  assert.ok(!before.has(id!), `mailer ${id} is new`);
}

/** A loopback server on a free port. */
async function listening(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('Mailroom in VS Code', () => {
  let api: MailroomApi;
  const tracked = () => new Set(api.mailers.list().map((m) => m.id));

  const newAddress = (address: RecipientAddress, offered?: boolean) => typedAddress(api, address, offered);

  const onSandbox = () => onSandboxAs(api);

  let letterSent: Promise<number> | undefined;
  /** The workspace's Markdown letter, sent once for the tests that need a mailer of their own, and tracked. */
  async function aLetter(): Promise<number> {
    await onSandbox();
    letterSent ??= (async () => {
      await vscode.window.showTextDocument(vscode.Uri.joinPath(workspace(), 'letter.md'));
      const id = await send([], 'mailroom.sendDocument');
      assert.ok(id, 'the letter was sent');
      return id;
    })();
    const id = await letterSent;
    if (!api.mailers.get(id)) await track(String(id));
    return id;
  }

  /** The letter, once the sandbox has printed and completed it. */
  async function aCompletedLetter(): Promise<number> {
    const id = await aLetter();
    await until(
      'the letter to complete',
      async () => {
        await api.refresher.refresh();
        return groupOf(api.mailers.get(id)!) === 'completed' ? true : undefined;
      },
      60,
    );
    return id;
  }

  /** Change User Settings… with these answers: the service took them, as the person is told. */
  async function changeUserSettings(answers: readonly Answer[]): Promise<void> {
    const before = person.notices.length;
    await run(answers, 'mailroom.changeUserSettings');
    assert.match(person.shown(before).join('\n'), /^Mailroom: \w+'s [\w, ]+ changed\.$/);
  }

  before(async () => {
    api = await mailroomApi();
  });

  // Every question a test's commands asked was one it expected and answered.
  afterEach(() => person.settle());

  it('activates with its commands, not yet connected', async () => {
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
    assert.equal(api.accounts.account, undefined);
    assert.deepEqual(api.tree.getChildren(), []);
  });

  it('uses the local sandbox, signed in as demo, with the secrets in SecretStorage', async () => {
    await api.signIn.signOut();
    await vscode.commands.executeCommand('mailroom.useSandbox');
    const account = api.accounts.account!;
    assert.equal(account.sandbox, true);
    assert.equal(account.username, 'demo');
    assert.match(account.endpoint, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual(await api.secrets.held(account), { password: true, apiKey: true });
    const client = await api.clients.client();
    await assert.rejects(client.datedA.GetUploadedFileDetails({}), /-3163/, 'authenticated: no stored files yet');
  });

  it('sends the Markdown letter to the address in its front matter; the mailer shows in process', async () => {
    await onSandbox();
    const before = tracked();
    const uri = vscode.Uri.joinPath(workspace(), 'letter.md');
    await vscode.window.showTextDocument(uri);
    const letter = await send([], 'mailroom.sendDocument');
    assertNewMailer(letter, before);
    letterSent ??= Promise.resolve(letter);
    const mailer = api.mailers.get(letter)!;
    assert.equal(mailer.description, 'letter.md');
    assert.equal(groupOf(mailer), 'inProcess');
    assert.ok(treeGroups(api).get('inProcess')!.includes(letter));
    const item = api.tree.getTreeItem(api.tree.nodeOf(letter)!);
    assert.equal(item.label, 'letter.md');
    assert.match(String(item.description), new RegExp(`^${letter} · (Received|In Process) · \\$\\d+\\.\\d\\d$`));
  });

  it('refreshes the mailer until it is completed', async () => {
    const letter = await aLetter();
    await until(
      'the letter to complete',
      async () => {
        await api.refresher.refresh();
        return groupOf(api.mailers.get(letter)!) === 'completed' ? true : undefined;
      },
      60,
    );
    assert.equal(api.mailers.get(letter)!.status, -1002);
    assert.ok(treeGroups(api).get('completed')!.includes(letter));
    assert.ok(!treeGroups(api).get('inProcess')?.includes(letter));
  });

  it('saves the printed PDF where asked, and copies the ID', async () => {
    const letter = await aCompletedLetter();
    const target = vscode.Uri.file(`${tmpdir()}/mailroom-saved-${letter}.pdf`);
    await run([{ save: target }], 'mailroom.savePdf', api.tree.nodeOf(letter));
    const saved = Buffer.from(await vscode.workspace.fs.readFile(target));
    assert.equal(saved.subarray(0, 5).toString(), '%PDF-');
    await vscode.workspace.fs.delete(target);
    await vscode.commands.executeCommand('mailroom.copyId', api.tree.nodeOf(letter));
    assert.equal(await vscode.env.clipboard.readText(), String(letter));
  });

  it('sends in Production once confirmed, shown as Production in the details', async () => {
    await onSandbox();
    const address = { AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701' };
    const declined = await inProduction(() => send([...newAddress(address), { confirm: false }], 'mailroom.sendDocument', notes()));
    assert.equal(declined, undefined, 'not sent when the person says no');
    const id = await inProduction(() => sendNotes([...newAddress(address), { confirm: true }]));
    const details = await detailsShown(api, id);
    assert.match(details.text, /Work mode: Production: printed, mailed and charged/);
    details.panel.dispose();
    await run([{ confirm: true }], 'mailroom.cancelDelivery', api.tree.nodeOf(id));
    await vscode.commands.executeCommand('mailroom.stopTracking', api.tree.nodeOf(id));
  });

  it('previews the printed PDF: pdf.js draws the address page and gives its words', async () => {
    const letter = await aCompletedLetter();
    const preview = await previewShown(api, letter);
    const state = await until(
      'the first page to be drawn',
      async () => (preview.lastState?.type === 'rendered' || preview.lastState?.type === 'failed' ? preview.lastState : undefined),
      40,
    );
    assert.equal(state.type, 'rendered', JSON.stringify(state));
    if (state.type !== 'rendered') return;
    assert.equal(state.pages, 2, 'the address page and the letter');
    assert.match(state.text, /Jane Doe/);
    assert.match(state.text, /Springfield, IL 62701/);
    preview.panel.dispose();
  });

  it('keeps the preview strict: a nonce for its one script, nothing remote, no inline script', async () => {
    const letter = await aLetter();
    const preview = await previewShown(api, letter);
    const html = preview.panel.webview.html;
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1]!;
    assert.match(csp, /default-src 'none'/);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1]!;
    assert.ok(!csp.includes('unsafe-inline') && !csp.includes('unsafe-eval'), csp);
    assert.ok(!/https?:/.test(csp.split(preview.panel.webview.cspSource).join('')), "only the webview's own resources");
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1);
    assert.match(scripts[0]![1]!, new RegExp(`nonce="${nonce.replace(/[+/=]/g, (c) => `\\${c}`)}"`));
    assert.equal(scripts[0]![2]!.trim(), '', 'no inline script');
    // The one script, as shipped, opens PDFs with pdf.js's eval turned off.
    const extensionUri = vscode.extensions.getExtension(EXTENSION_ID)!.extensionUri;
    const shipped = Buffer.from(
      await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, 'dist', 'media', 'preview.js')),
    ).toString();
    assert.match(shipped, /isEvalSupported:\s*(false|!1)/);
    preview.panel.dispose();
  });

  it('shows a malformed PDF as an error, not a blank page', async () => {
    const extensionUri = vscode.extensions.getExtension(EXTENSION_ID)!.extensionUri;
    const preview = PdfPreview.show(extensionUri, 'broken', async () => Buffer.from('%PDF-1.7\nthis is not a PDF at all\n%%EOF'));
    const state = await until('the preview to answer', async () => preview.lastState, 30);
    assert.equal(state.type, 'failed', JSON.stringify(state));
    preview.panel.dispose();
  });

  it('shows a PDF not printed yet as not available, with a retry', async () => {
    await onSandbox();
    const id = await sendNotes(
      newAddress({ AttentionLine1: 'Pat Poe', Address1: '3 Far Rd', City: 'Ogdenville', State: 'OR', PostalCode: '97301' }),
    );
    const preview = await previewShown(api, id);
    const state = await until('the preview to answer', async () => preview.lastState, 30);
    assert.equal(state.type, 'unavailable');
    assert.match((state as { reason: string }).reason, /not available yet/);
    preview.panel.dispose();
    await vscode.commands.executeCommand('mailroom.stopTracking', api.tree.nodeOf(id));
  });

  it('sends a text file and cancels it in time: it ends as cancelled', async () => {
    await onSandbox();
    const before = tracked();
    const id = await sendNotes(
      newAddress({ AttentionLine1: 'Sam Roe', Address1: '2 Side St', City: 'Shelbyville', State: 'IL', PostalCode: '62565' }),
    );
    assertNewMailer(id, before);
    assert.equal(groupOf(api.mailers.get(id)!), 'inProcess');
    await run([{ confirm: false }], 'mailroom.cancelDelivery', api.tree.nodeOf(id));
    assert.equal(groupOf(api.mailers.get(id)!), 'inProcess', 'not cancelled when the person says no');
    await run([{ confirm: true }], 'mailroom.cancelDelivery', api.tree.nodeOf(id));
    assert.equal(api.mailers.get(id)!.status, -1005);
    assert.ok(treeGroups(api).get('failed')!.includes(id));
  });

  it('tracks mailers by the ID syntax, and stops tracking', async () => {
    const letter = await aCompletedLetter();
    await vscode.commands.executeCommand('mailroom.stopTracking', api.tree.nodeOf(letter));
    assert.equal(api.mailers.get(letter), undefined);
    await track(`${letter}-${letter}`);
    assert.equal(api.mailers.get(letter)!.status, -1002);
    const count = api.mailers.list().length;
    await person.answering([{ input: '5-3' }, { dismiss: true }], async () => {
      await vscode.commands.executeCommand('mailroom.trackIds');
      assert.equal(person.refusals.length, 1, 'the box refused the invalid ID string');
    });
    assert.equal(api.mailers.list().length, count, 'nothing added for an invalid ID string');
  });

  it('acts only on mailers and attempts the user follows: a row made up elsewhere is ignored', async () => {
    const letter = await aLetter();
    const row = { kind: 'mailer', mailer: { id: letter } };
    await vscode.commands.executeCommand('mailroom.stopTracking', row);
    await vscode.commands.executeCommand('mailroom.showDetails', row);
    assert.equal(api.detailsOf(letter), undefined, 'no details of a mailer not followed');
    assert.equal(
      await previewOpened(api, () => vscode.commands.executeCommand('mailroom.previewPdf', row)),
      undefined,
      'no preview of a mailer not followed',
    );
    const attempt = {
      kind: 'attempt',
      attempt: { key: 'made-up', description: 'letter.md', sentAt: Date.now(), workMode: 'Development', afterId: letter - 1 },
    };
    const told = person.notices.length;
    await vscode.commands.executeCommand('mailroom.lookUpAttempt', attempt);
    assert.deepEqual(person.shown(told), [], 'no look-up of an attempt not kept');
    assert.equal(api.mailers.get(letter), undefined, 'and nothing followed because of it');
    await track(String(letter));
    await vscode.commands.executeCommand('mailroom.showDetails', row);
    const details = api.detailsOf(letter)!;
    assert.match(details.text, new RegExp(`Mailer ID: ${letter}\n`));
    details.panel.dispose();
  });

  it('registers every command of the typed list; a failing one shows words in the log, not a rejection', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      MAILROOM_COMMANDS.filter((id) => !registered.has(id)),
      [],
      'listed in commands/ids.ts but not registered',
    );
    await onSandbox();
    const logged = async () =>
      Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(api.logUri, 'Mailroom.log'))).toString('utf8');
    // A letter not printed yet: its PDF is refused with a result code.
    const fresh = await sendNotes(
      newAddress({ AttentionLine1: 'Kim Poe', Address1: '7 Low Rd', City: 'Ogdenville', State: 'OR', PostalCode: '97301' }),
    );
    assert.equal(await vscode.commands.executeCommand('mailroom.savePdf', api.tree.nodeOf(fresh)), undefined);
    await until(
      'the refused PDF in the log',
      async () => /Mailroom could not save the PDF\. .*\[GetPDF answered -3\d{3}: \w/.test(await logged()) || undefined,
    );
    await run([{ confirm: true }], 'mailroom.cancelDelivery', api.tree.nodeOf(fresh));
    // A failure of the extension's own (a setting), not the service's, says what to do.
    const settings = vscode.workspace.getConfiguration('mailroom');
    await api.signIn.signOut();
    await settings.update('sandboxUrl', 'http://example.com:8317', vscode.ConfigurationTarget.Global);
    try {
      assert.equal(await vscode.commands.executeCommand('mailroom.useSandbox'), undefined);
      await until(
        'the refused setting in the log',
        async () => /Mailroom could not use the local sandbox\. mailroom\.sandboxUrl must be a loopback/.test(await logged()) || undefined,
      );
      assert.equal(api.accounts.account, undefined);
    } finally {
      await settings.update('sandboxUrl', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('uploads a file to the service, lists it, sends it as a letter, and deletes it', async () => {
    await onSandbox();
    const before = tracked();
    const uri = vscode.Uri.joinPath(workspace(), 'letterhead.html');
    await run([{ pick: 'User' }, { input: 'Our letterhead' }], 'mailroom.uploadFile', uri);
    const [node] = api.storedFiles.getChildren();
    assert.ok(node);
    assert.equal(node.file.FileName, 'letterhead.html');
    assert.equal(api.storedFiles.getTreeItem(node).description, 'User · Our letterhead');
    await run([{ pick: 'User' }, { input: 'again' }, { confirm: false }], 'mailroom.uploadFile', uri);
    assert.equal(
      api.storedFiles.getTreeItem(api.storedFiles.getChildren()[0]!).description,
      'User · Our letterhead',
      'not replaced without leave',
    );
    const id = await send(
      newAddress({ Company: 'Acme Corp', Address1: '9 Side St', City: 'Shelbyville', State: 'IL', PostalCode: '62565' }),
      'mailroom.sendStoredFile',
      node,
    );
    assertNewMailer(id, before);
    assert.equal(api.mailers.get(id)!.description, 'letterhead.html');
    await run([{ confirm: true }], 'mailroom.deleteStoredFile', node);
    assert.deepEqual(api.storedFiles.getChildren(), []);
  });

  it('sends a postcard with its image and address sides, and remembers the address', async () => {
    await onSandbox();
    const before = tracked();
    const address = { AttentionLine1: 'Ann Lee', Address1: '4 Elm St', City: 'Capital City', State: 'IL', PostalCode: '62703' };
    const id = await send(
      [
        { pick: 'postcard-back.html' },
        { pick: 'FitToPage' },
        { pick: 'Default' },
        { pick: 'FullColor' },
        { pick: 'FirstClass' },
        ...newAddress(address),
        { pick: /in Development mode/ },
      ],
      'mailroom.sendPostcard',
      vscode.Uri.joinPath(workspace(), 'postcard-front.html'),
    );
    assertNewMailer(id, before);
    assert.equal(api.mailers.get(id)!.description, 'Postcard: postcard-front.html');
    const details = await detailsShown(api, id);
    assert.match(details.text, /Kind: Postcard\n/);
    assert.match(details.text, /Work mode: Development: /);
    details.panel.dispose();
    assert.deepEqual(api.addresses.recent()[0], address);
  });

  it('sends a mail merge of the sample CSV: a batch with one item per row, shown in the tree and in its details', async () => {
    await onSandbox();
    const before = tracked();
    const numbered = person.numbered.length;
    const id = await send(
      [{ pick: 'people.csv' }, { pick: /in Development mode/ }],
      'mailroom.sendMailMerge',
      vscode.Uri.joinPath(workspace(), 'invite.html'),
    );
    assertNewMailer(id, before);
    // The template was given: the CSV and the work mode are the command's two questions, counted as one (issue 25, part 10).
    assert.deepEqual(person.numbered.slice(numbered), ['1/2', '2/2']);
    const mailer = api.mailers.get(id)!;
    assert.equal(mailer.description, 'invite.html × people.csv');
    assert.equal(mailer.isBatch, true);
    const node = api.tree.nodeOf(id)!;
    assert.equal(api.tree.getTreeItem(node).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const items = await api.tree.getChildren(node);
    assert.deepEqual(
      items.map((n) => (n.kind === 'item' ? n.item.ItemID : n.kind)),
      [1, 2, 3],
    );
    assert.equal(api.tree.getTreeItem(items[0]!).label, 'Received · Item 1 · Jane Doe, Springfield');
    await vscode.commands.executeCommand('mailroom.showDetails', node);
    const details = api.detailsOf(id)!;
    assert.match(details.text, /Batch items \(3\)/);
    assert.match(details.text, /Mail merge batch: Yes, 3 letters/);
    details.panel.dispose();
  });

  it('shows the amount in the work-mode pick, and a merge no row of which has an address as "price unknown", never $0.00 (issue 31, item 6)', async () => {
    await onSandbox();
    const data = vscode.Uri.joinPath(workspace(), 'merge-misnamed.csv');
    await vscode.workspace.fs.writeFile(
      data,
      Buffer.from('Name,Street,City,State,Zip\nJane Doe,1 Main St,Springfield,IL,62701\nSam Roe,2 Side St,Shelbyville,IL,62565\n'),
    );
    try {
      const before = tracked();
      const from = person.notices.length;
      // The pick's item is matched whole: the amount is in it, and it is no $0.00.
      await person.answering([{ pick: 'merge-misnamed.csv' }, { pick: /^Send 2 letters in Production mode \(price unknown\)$/ }], () =>
        vscode.commands.executeCommand<void>('mailroom.sendMailMerge', vscode.Uri.joinPath(workspace(), 'invite.html')),
      );
      const stopped = person.notices.slice(from).find((n) => n.severity === 'error');
      assert.match(
        stopped?.message ?? '',
        /would fail \(Production mode\): 5 errors; the first: -3145 \(Name\)/,
        JSON.stringify(person.notices.slice(from)),
      );
      assert.deepEqual(stopped?.buttons, ['Open Proof'], 'no Send Anyway in Production');
      assert.deepEqual(tracked(), before, 'nothing sent');
      // The sample CSV, whose rows have their addresses: the amount, in dollars.
      await person.answering(
        [{ pick: 'people.csv' }, { pick: /^Send 3 letters in Production mode \(about \$\d+\.\d\d\)$/ }, { dismiss: true }],
        () => vscode.commands.executeCommand<void>('mailroom.sendMailMerge', vscode.Uri.joinPath(workspace(), 'invite.html')),
      );
      assert.deepEqual(tracked(), before, 'the Production question dismissed: nothing sent');
    } finally {
      await vscode.workspace.fs.delete(data);
    }
  });

  it('offers Send the 2 Rows That Pass for a merge with a failing row: written beside the data in its encoding, and only they are sent (issue 31, item 6)', async () => {
    await onSandbox();
    const data = vscode.Uri.joinPath(workspace(), 'merge-some-fail.csv');
    const written = vscode.Uri.joinPath(workspace(), 'merge-some-fail-passing.csv');
    const text =
      'AttentionLine1,Address1,City,State,PostalCode\r\nJosé Müller,1 Main St,Springfield,IL,62701\r\nKim Lee,4 Elm St,Austin,TX,\r\nZoë Dupré,2 Oak St,Salem,OR,97301\r\n';
    await vscode.workspace.fs.writeFile(data, Buffer.from(text, 'latin1'));
    try {
      const before = tracked();
      const from = person.notices.length;
      person.pressWhenShown(
        /would fail \(Development mode\): 1 error; the first: -1018 \(row 2, PostalCode\)/,
        'Send the 2 Rows That Pass',
      );
      await person.answering([{ pick: 'merge-some-fail.csv' }, { pick: /in Development mode/ }], () =>
        vscode.commands.executeCommand<void>('mailroom.sendMailMerge', vscode.Uri.joinPath(workspace(), 'invite.html')),
      );
      const stopped = person.notices.slice(from).find((n) => n.severity === 'error');
      assert.deepEqual(stopped?.buttons, ['Open Proof', 'Send Anyway', 'Send the 2 Rows That Pass']);
      assert.equal(
        Buffer.from(await vscode.workspace.fs.readFile(written)).toString('latin1'),
        'AttentionLine1,Address1,City,State,PostalCode\r\nJosé Müller,1 Main St,Springfield,IL,62701\r\nZoë Dupré,2 Oak St,Salem,OR,97301\r\n',
        'the rows that pass, in Windows-1252 as the source',
      );
      const id = sentSince(from);
      assertNewMailer(id, before);
      const items = await api.tree.getChildren(api.tree.nodeOf(id)!);
      assert.equal(items.length, 2, 'only the rows that pass');
    } finally {
      await vscode.workspace.fs.delete(data);
      await vscode.workspace.fs.delete(written).then(undefined, () => undefined);
    }
  });

  it('sends a mail merge of a CSV a spreadsheet saved in Windows-1252: said which it was read as, the names printed right', async () => {
    await onSandbox();
    const data = vscode.Uri.joinPath(workspace(), 'merge-windows-1252.csv');
    const text =
      'AttentionLine1,Address1,City,State,PostalCode\r\nJosé Müller,1 Main St,Springfield,IL,62701\r\nZoë Çelik,2 Side St,Shelbyville,IL,62565\r\n';
    await vscode.workspace.fs.writeFile(data, Buffer.from(text, 'latin1'));
    try {
      const before = tracked();
      let asked: string[] = [];
      const from = person.notices.length;
      await person.answering([{ pick: 'merge-windows-1252.csv' }, { pick: /in Development mode/ }], async () => {
        await vscode.commands.executeCommand<void>('mailroom.sendMailMerge', vscode.Uri.joinPath(workspace(), 'invite.html'));
        asked = [...person.asked];
      });
      const id = sentSince(from);
      assertNewMailer(id, before);
      assert.ok(
        asked.some((title) => /merge-windows-1252\.csv \(fields: .*; read as Windows-1252\)/.test(title)),
        asked.join('\n'),
      );
      const client = await api.clients.client();
      // The PDF is there once the batch is printed: seconds on the sandbox's schedule.
      const pdf = await until(
        'the batch printed',
        () =>
          client.simple.GetPDF({ ID: id }).then(
            (r): Buffer | undefined => r.FileData,
            () => undefined,
          ),
        60,
      );
      const printed = pdfPages(pdf)
        .map((p) => p.text)
        .join('\n');
      assert.ok(printed.includes('José Müller') && printed.includes('Zoë Çelik'), printed);
    } finally {
      await vscode.workspace.fs.delete(data);
    }
  });

  it('sends two files as one advanced letter with a reply address, perforation and a reply envelope', async () => {
    await onSandbox();
    const before = tracked();
    const files = ['letter.md', 'notes.txt'].map((name) => vscode.Uri.joinPath(workspace(), name));
    const answers: Answer[] = [
      ...newAddress({ Company: 'Acme Corp', Address1: '9 Side St', City: 'Shelbyville', State: 'IL', PostalCode: '62565' }),
      ...newAddress({ Company: 'Mailroom', Address1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701' }, true),
      { pick: 'Top' },
      { pick: 'BottomThird' },
      { pick: 'Env9ReplySingleWindow' },
      { pick: 'Black' },
      { pick: /in Development mode/ },
    ];
    const id = await send(answers, 'mailroom.sendAdvanced', files[0], files);
    assertNewMailer(id, before);
    assert.equal(api.mailers.get(id)!.description, 'letter.md + notes.txt');
    const client = await api.clients.client();
    const [details] = (await client.datedA.GetDetailsExtended({ ID: String(id) })).Details;
    assert.equal(details!.MyDescription, 'letter.md + notes.txt');
  });

  it("changes a user's settings as an administrator, refusing values the service would refuse", async () => {
    await onSandbox();
    const changed = [
      { input: 'clerk' },
      { pick: 'Letters_PrintSides' },
      { pick: 'Duplex' },
      { pick: 'General_Timezone' },
      { input: 'America/Chicago' },
      { pick: /Apply 2 settings/ },
    ];
    const before = person.notices.length;
    await run(changed, 'mailroom.changeUserSettings');
    assert.deepEqual(person.shown(before), ["Mailroom: clerk's Letters_PrintSides, General_Timezone changed."]);
    await person.answering(
      [{ input: 'clerk' }, { pick: 'General_Timezone' }, { input: 'Mars/Olympus Mons' }, { dismiss: true }],
      async () => {
        const told = person.notices.length;
        await vscode.commands.executeCommand('mailroom.changeUserSettings');
        assert.deepEqual(person.shown(told), [], 'nothing sent, nothing said');
        assert.equal(person.refusals.length, 1);
        assert.match(
          person.refusals[0]!,
          /Not a valid value \(an IANA time zone, like America\/Chicago\); the service would answer -3\d{3}/,
        );
      },
    );
  });

  it('keeps a send whose answer never came as "outcome unknown", never resends it, and looks it up', async () => {
    const letter = await aLetter();
    const sandboxUrl = api.accounts.account!.endpoint;
    // In front of the sandbox: sends reach it, but their answers are cut off.
    const proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const upstream = httpRequest(`${sandboxUrl}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
          if (/\/Send/.test(req.url ?? '')) {
            answer.resume();
            answer.on('end', () => res.socket?.destroy());
            return;
          }
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        });
        upstream.end(Buffer.concat(chunks));
      });
    });
    const proxyUrl = await listening(proxy);
    let sent = 0;
    proxy.on('request', (req) => void (/\/Send/.test(req.url ?? '') && sent++));
    try {
      await api.signIn.connect(proxyUrl, 'http-post', 'demo', { password: 'demo' });
      await track(String(letter));
      const before = person.notices.length;
      const address = { AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701' };
      const id = await inProduction(() => send([...newAddress(address), { confirm: true }], 'mailroom.sendDocument', notes()));
      assert.match(person.shown(before, 'warning').join('\n'), /the outcome of sending notes\.txt .* is unknown/);
      assert.equal(id, undefined, 'no ID: the answer never came');
      assert.equal(sent, 1, 'sent once, never again');
      const [attempt] = api.mailers.attempts();
      assert.ok(attempt);
      assert.equal(attempt.description, 'notes.txt');
      const groups = api.tree.getChildren();
      assert.equal(groups[0]!.kind, 'attempts', 'outcome unknown comes first');
      const [node] = api.tree.getChildren(groups[0]);
      assert.equal(api.tree.getTreeItem(node!).contextValue, 'attempt');
      const told = person.notices.length;
      await vscode.commands.executeCommand('mailroom.lookUpAttempt', node);
      const found = Number(/it is mailer (\d+)\./.exec(person.shown(told, 'info').join('\n'))?.[1]);
      assert.ok(found > letter, 'the mailer it made was found, and said');
      assert.deepEqual(api.mailers.attempts(), []);
      assert.equal(api.mailers.get(found)!.description, 'notes.txt');
      await run([{ confirm: true }], 'mailroom.cancelDelivery', api.tree.nodeOf(found));
      assert.equal(sent, 1);
    } finally {
      proxy.close();
      await api.signIn.signOut();
      await vscode.commands.executeCommand('mailroom.useSandbox');
    }
  });

  it('connects to an account only with the right password, keeping it in SecretStorage', async () => {
    await aLetter();
    const demos = [...tracked()];
    assert.ok(demos.length > 0, 'demo follows mailers');
    const endpoint = api.accounts.account!.endpoint;
    await assert.rejects(api.signIn.connect(endpoint, 'http-post', 'clerk', { password: 'wrong' }), /-3003/);
    assert.equal(api.accounts.account!.username, 'demo', 'still signed in as before');
    const account = await api.signIn.connect(endpoint, 'http-post', 'clerk', { password: 'clerk' });
    assert.deepEqual(await api.secrets.held(account), { password: true, apiKey: false });
    assert.equal(api.tree.getChildren().length, 0, 'clerk has tracked nothing');
    await assert.rejects(
      (await api.clients.client()).datedA.GetUploadedFileDetails({}),
      /-3163/,
      'signed in as clerk, who has no stored files',
    );
    await api.signIn.signOut();
    // A password that was used, and then signed out: nowhere in state, settings or the tree.
    const secret = 'Tz8-vault-x1';
    await api.signIn.connect(endpoint, 'soap11', 'demo', { password: 'demo', apiKey: 'demo-key' });
    const newPassword = (user: string) => [{ input: user }, { pick: 'Security_Password' }, { input: secret }, { pick: /Apply 1 setting/ }];
    await changeUserSettings(newPassword('clerk'));
    const clerk = await api.signIn.connect(endpoint, 'soap11', 'clerk', { password: secret });
    await track('1021984');
    const kept = JSON.stringify(api.globalState.keys().map((key) => [key, api.globalState.get(key)]));
    const settings = JSON.stringify(vscode.workspace.getConfiguration('mailroom'));
    const rows = JSON.stringify(
      api.tree
        .getChildren()
        .flatMap((g) => [
          api.tree.getTreeItem(g),
          ...(g.kind === 'group' ? api.tree.getChildren(g).map((n) => api.tree.getTreeItem(n)) : []),
        ]),
    );
    for (const [where, text] of [
      ['global state', kept],
      ['settings', settings],
      ['the Mailers tree', rows],
    ])
      assert.ok(!text!.includes(secret), `the password is in ${where}`);
    assert.deepEqual(await api.secrets.held(clerk), { password: true, apiKey: false }, 'only in SecretStorage');
    await api.signIn.signOut();
    assert.deepEqual(await api.secrets.held(clerk), { password: false, apiKey: false });
    await vscode.commands.executeCommand('mailroom.useSandbox');
    assert.deepEqual([...tracked()], demos, "demo's mailers are back");
    assert.ok(api.tree.getChildren().length > 0);
  });

  it('fails an HTTP GET call, whose URL carries the password, without the password in the output channel or the error shown', async () => {
    await onSandbox();
    const sandboxUrl = api.accounts.account!.endpoint;
    const secret = 'Gx7-get-url-2Hq';
    const leaks = (text: string) => text.includes(secret) || text.includes(encodeURIComponent(secret));
    // "other" (an administrator of its own account) takes a password no other word looks like.
    await api.signIn.connect(sandboxUrl, 'soap11', 'other', { password: 'other', apiKey: 'other-key' });
    // A letter of other's own, to follow.
    const othersLetter = await (
      await api.clients.client()
    ).simple.SendLetterAndAddressV2({
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
    const logFile = vscode.Uri.joinPath(api.logUri, 'Mailroom.log');
    const logged = async () => Buffer.from(await vscode.workspace.fs.readFile(logFile)).toString('utf8');
    try {
      await api.signIn.connect(proxyUrl, 'http-get', 'other', { password: secret });
      assert.ok(
        urls.some((url) => url.includes(`Password=${encodeURIComponent(secret)}`)),
        'the sign-in went over GET, the password in its URL',
      );
      await track(String(othersLetter));
      cut = true;
      urls.length = 0;
      await api.refresher.refresh();
      // GetPDF fails before the person is asked where to save it.
      await vscode.commands.executeCommand('mailroom.savePdf', api.tree.nodeOf(othersLetter));
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
      await assert.rejects((await api.clients.client()).simple.GetPDF({ ID: othersLetter }), (error: Error) => {
        assert.match(error.message, /GetPDF/);
        for (const text of [error.message, String(error.stack), JSON.stringify(error)])
          assert.ok(!leaks(text), 'the password is in the error');
        return true;
      });
    } finally {
      proxy.close();
      await api.signIn.signOut();
    }
  });

  it('opens and closes PDF previews and reconnects 20 times: nothing piles up', async function () {
    // Counts, not speed: 21 rounds of previews and sign-ins take a while on a busy machine.
    this.timeout(240_000);
    const letter = await aLetter();
    const endpoint = api.accounts.account!.endpoint;
    const ourPanels = () =>
      vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.includes('mailroom.pdfPreview'));
    const cycle = async () => {
      const preview = await previewShown(api, letter);
      await until('the preview to answer', async () => preview.lastState, 30);
      assert.ok(api.previews.includes(preview));
      // Closed as a person closes it: its tab.
      const [tab] = ourPanels();
      assert.ok(tab, 'the preview is a tab');
      await vscode.window.tabGroups.close(tab);
      await until('the closed preview to leave the list', async () => (api.previews.includes(preview) ? undefined : true));
      // Reconnected twice, each time with a call over the new client.
      await vscode.commands.executeCommand('mailroom.signOut');
      await api.signIn.connect(endpoint, 'http-post', 'demo', { password: 'demo' });
      await api.storedFiles.refresh();
      await vscode.commands.executeCommand('mailroom.signOut');
      await vscode.commands.executeCommand('mailroom.useSandbox');
      await api.storedFiles.refresh();
    };
    const measure = () => {
      const { timers, ...alive } = api.alive();
      // The refresher keeps at most one timer, set only while a mailer is in process.
      assert.ok(timers <= 1, `${timers} timers`);
      return { ...alive, previews: api.previews.length, panels: ourPanels().length };
    };
    await cycle();
    const once = measure();
    assert.deepEqual({ previews: once.previews, panels: once.panels }, { previews: 0, panels: 0 });
    for (let i = 0; i < 20; i++) await cycle();
    assert.deepEqual(measure(), once, 'what is alive after 21 cycles, against after 1');
  });

  it('signs out: the account and its secrets are gone, another listed account active, and none once all are signed out of', async () => {
    await aLetter();
    assert.notDeepEqual(api.tree.getChildren(), []);
    const account = api.accounts.account!;
    const key = (a: { endpoint: string; username: string; sandbox: boolean } | undefined) =>
      a && `${a.sandbox}|${a.endpoint}|${a.username}`;
    await vscode.commands.executeCommand('mailroom.signOut');
    assert.notEqual(key(api.accounts.account), key(account));
    assert.ok(!api.accounts.listed.some((a) => key(a) === key(account)), 'off the list');
    assert.deepEqual(await api.secrets.held(account), { password: false, apiKey: false });
    while (api.accounts.account) await vscode.commands.executeCommand('mailroom.signOut');
    assert.deepEqual(api.accounts.listed, []);
    assert.deepEqual(api.tree.getChildren(), []);
  });
});
