/**
 * Mailroom inside a real VS Code extension host (code-server), against the sandbox it starts
 * in-process: activation, connecting, sending the workspace's Markdown letter, the Mailers tree
 * after sends, refresh and cancel, tracking IDs, and the secrets stored and cleared.
 */
import { strict as assert } from 'node:assert';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as vscode from 'vscode';
import type { MailroomApi } from '../../../src/extension/extension';
import { groupOf } from '../../../src/extension/model/mailers';
import type { MailersNode } from '../../../src/extension/views/mailers-tree';
import { PdfPreview } from '../../../src/extension/views/pdf-preview';

const workspace = () => vscode.workspace.workspaceFolders![0]!.uri;

async function until<T>(what: string, probe: () => Promise<T | undefined>, seconds = 20): Promise<T> {
  for (let i = 0; i < seconds * 4; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`gave up waiting for ${what}`);
}

function treeGroups(api: MailroomApi): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const group of api.tree.getChildren()) {
    if (group.kind !== 'group') continue;
    groups.set(group.group, api.tree.getChildren(group).map((n) => (n as Extract<MailersNode, { kind: 'mailer' }>).mailer.id));
  }
  return groups;
}

describe('Mailroom in VS Code', () => {
  let api: MailroomApi;

  before(async () => {
    const extension = vscode.extensions.getExtension<MailroomApi>('mailroom.mailroom');
    assert.ok(extension, 'the extension is installed in development mode');
    api = await extension.activate();
  });

  it('activates with its commands, not yet connected', async () => {
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['mailroom.useSandbox', 'mailroom.connect', 'mailroom.sendDocument', 'mailroom.refresh', 'mailroom.trackIds', 'mailroom.cancelDelivery', 'mailroom.signOut']) {
      assert.ok(commands.includes(id), id);
    }
    assert.equal(api.connection.account, undefined);
    assert.deepEqual(api.tree.getChildren(), []);
  });

  it('uses the local sandbox, signed in as demo, with the secrets in SecretStorage', async () => {
    await vscode.commands.executeCommand('mailroom.useSandbox');
    const account = api.connection.account!;
    assert.equal(account.sandbox, true);
    assert.equal(account.username, 'demo');
    assert.match(account.endpoint, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual(await api.connection.secretsOf(account), { password: true, apiKey: true });
    const client = await api.connection.client();
    await assert.rejects(client.datedA.GetUploadedFileDetails({}), /-3163/, 'authenticated: no stored files yet');
  });

  let letter = 0;
  it('sends the Markdown letter to the address in its front matter; the mailer shows in process', async () => {
    const uri = vscode.Uri.joinPath(workspace(), 'letter.md');
    await vscode.window.showTextDocument(uri);
    letter = (await vscode.commands.executeCommand<number>('mailroom.sendDocument'))!;
    assert.ok(letter > 0, 'a mailer ID');
    const mailer = api.mailers.get(letter)!;
    assert.equal(mailer.description, 'letter.md');
    assert.equal(groupOf(mailer), 'inProcess');
    assert.deepEqual(treeGroups(api).get('inProcess'), [letter]);
    const item = api.tree.getTreeItem(api.tree.nodeOf(letter)!);
    assert.equal(item.label, 'letter.md');
    assert.match(String(item.description), new RegExp(`^${letter} · (Received|In Process) · \\$\\d+\\.\\d\\d$`));
  });

  it('refreshes the mailer until it is completed', async () => {
    await until('the letter to complete', async () => {
      await api.refresher.refresh();
      return groupOf(api.mailers.get(letter)!) === 'completed' ? true : undefined;
    }, 60);
    assert.equal(api.mailers.get(letter)!.status, -1002);
    assert.deepEqual(treeGroups(api).get('completed'), [letter]);
  });

  it('saves the printed PDF where asked, and copies the ID', async () => {
    const target = vscode.Uri.file(`${tmpdir()}/mailroom-saved-${letter}.pdf`);
    await vscode.commands.executeCommand('mailroom.savePdf', api.tree.nodeOf(letter), target);
    const saved = Buffer.from(await vscode.workspace.fs.readFile(target));
    assert.equal(saved.subarray(0, 5).toString(), '%PDF-');
    await vscode.workspace.fs.delete(target);
    await vscode.commands.executeCommand('mailroom.copyId', api.tree.nodeOf(letter));
    assert.equal(await vscode.env.clipboard.readText(), String(letter));
  });

  it('sends in Production once confirmed, shown as Production in the details', async () => {
    const id = (await vscode.commands.executeCommand<number>('mailroom.sendDocument', vscode.Uri.joinPath(workspace(), 'notes.txt'), {
      address: { AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701' },
      workMode: 'Production',
      confirmed: true,
    }))!;
    const markdown = await vscode.commands.executeCommand<string>('mailroom.showDetails', api.tree.nodeOf(id));
    assert.match(markdown!, /\| WorkMode \| Production \|/);
    await vscode.commands.executeCommand('mailroom.cancelDelivery', api.tree.nodeOf(id), true);
    await vscode.commands.executeCommand('mailroom.stopTracking', api.tree.nodeOf(id));
  });

  it('previews the printed PDF: pdf.js draws the address page, not blank', async () => {
    const preview = (await vscode.commands.executeCommand<PdfPreview>('mailroom.previewPdf', api.tree.nodeOf(letter)))!;
    const state = await until('the first page to be drawn', async () => (preview.lastState?.type === 'rendered' || preview.lastState?.type === 'failed' ? preview.lastState : undefined), 40);
    assert.equal(state.type, 'rendered', JSON.stringify(state));
    if (state.type !== 'rendered') return;
    assert.equal(state.pages, 2, 'the address page and the letter');
    assert.equal(state.blank, false);
    assert.match(state.text, /Jane Doe/);
    assert.match(state.text, /Springfield, IL 62701/);
    preview.panel.dispose();
  });

  it('keeps the preview strict: a nonce for its one script, nothing remote, no inline script', async () => {
    const preview = (await vscode.commands.executeCommand<PdfPreview>('mailroom.previewPdf', api.tree.nodeOf(letter)))!;
    const html = preview.panel.webview.html;
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1]!;
    assert.match(csp, /default-src 'none'/);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1]!;
    assert.ok(!csp.includes('unsafe-inline') && !csp.includes('unsafe-eval'), csp);
    assert.ok(!/https?:/.test(csp.split(preview.panel.webview.cspSource).join('')), 'only the webview\'s own resources');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1);
    assert.match(scripts[0]![1]!, new RegExp(`nonce="${nonce.replace(/[+/=]/g, (c) => `\\${c}`)}"`));
    assert.equal(scripts[0]![2]!.trim(), '', 'no inline script');
    // The one script, as shipped, opens PDFs with pdf.js's eval turned off.
    const extensionUri = vscode.extensions.getExtension('mailroom.mailroom')!.extensionUri;
    const shipped = Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, 'dist', 'media', 'preview.js'))).toString();
    assert.match(shipped, /isEvalSupported:\s*(false|!1)/);
    preview.panel.dispose();
  });

  it('shows a malformed PDF as an error, not a blank page', async () => {
    const extensionUri = vscode.extensions.getExtension('mailroom.mailroom')!.extensionUri;
    const preview = PdfPreview.show(extensionUri, 'broken', async () => Buffer.from('%PDF-1.7\nthis is not a PDF at all\n%%EOF'));
    const state = await until('the preview to answer', async () => preview.lastState, 30);
    assert.equal(state.type, 'failed', JSON.stringify(state));
    preview.panel.dispose();
  });

  it('shows a PDF not printed yet as not available, with a retry', async () => {
    const id = (await vscode.commands.executeCommand<number>('mailroom.sendDocument', vscode.Uri.joinPath(workspace(), 'notes.txt'), {
      address: { AttentionLine1: 'Pat Poe', Address1: '3 Far Rd', City: 'Ogdenville' },
    }))!;
    const preview = (await vscode.commands.executeCommand<PdfPreview>('mailroom.previewPdf', api.tree.nodeOf(id)))!;
    const state = await until('the preview to answer', async () => preview.lastState, 30);
    assert.equal(state.type, 'unavailable');
    assert.match((state as { reason: string }).reason, /not available yet/);
    preview.panel.dispose();
    await vscode.commands.executeCommand('mailroom.stopTracking', api.tree.nodeOf(id));
  });

  it('sends a text file and cancels it in time: it ends as cancelled', async () => {
    const id = (await vscode.commands.executeCommand<number>('mailroom.sendDocument', vscode.Uri.joinPath(workspace(), 'notes.txt'), {
      address: { AttentionLine1: 'Sam Roe', Address1: '2 Side St', City: 'Shelbyville' },
    }))!;
    assert.ok(id > letter);
    await vscode.commands.executeCommand('mailroom.cancelDelivery', api.tree.nodeOf(id), true);
    assert.equal(api.mailers.get(id)!.status, -1005);
    assert.deepEqual(treeGroups(api).get('failed'), [id]);
  });

  it('tracks mailers by the ID syntax, and stops tracking', async () => {
    await vscode.commands.executeCommand('mailroom.stopTracking', api.tree.nodeOf(letter));
    assert.equal(api.mailers.get(letter), undefined);
    await vscode.commands.executeCommand('mailroom.trackIds', `${letter}-${letter}`);
    assert.equal(api.mailers.get(letter)!.status, -1002);
    await vscode.commands.executeCommand('mailroom.trackIds', '5-3');
    assert.equal(api.mailers.list().length, 2, 'nothing added for an invalid ID string');
  });

  it('uploads a file to the service, lists it, sends it as a letter, and deletes it', async () => {
    const uri = vscode.Uri.joinPath(workspace(), 'letterhead.html');
    assert.equal(await vscode.commands.executeCommand('mailroom.uploadFile', uri, { permissions: 'User', description: 'Our letterhead', overwrite: false }), true);
    const [node] = api.storedFiles.getChildren();
    assert.ok(node);
    assert.equal(node.file.FileName, 'letterhead.html');
    assert.equal(api.storedFiles.getTreeItem(node).description, 'User · Our letterhead');
    assert.equal(await vscode.commands.executeCommand('mailroom.uploadFile', uri, { permissions: 'User', description: 'again', overwrite: false }), false, 'not replaced without leave');
    const id = await vscode.commands.executeCommand<number>('mailroom.sendStoredFile', node, { address: { Company: 'Acme Corp', Address1: '9 Side St', City: 'Shelbyville' } });
    assert.ok(id && id > letter);
    assert.equal(api.mailers.get(id)!.description, 'letterhead.html');
    await vscode.commands.executeCommand('mailroom.deleteStoredFile', node, true);
    assert.deepEqual(api.storedFiles.getChildren(), []);
  });

  it('sends a postcard with its image and address sides, and remembers the address', async () => {
    const address = { AttentionLine1: 'Ann Lee', Address1: '4 Elm St', City: 'Capital City', State: 'IL', PostalCode: '62703' };
    const id = await vscode.commands.executeCommand<number>('mailroom.sendPostcard', vscode.Uri.joinPath(workspace(), 'postcard-front.html'), {
      addressSide: vscode.Uri.joinPath(workspace(), 'postcard-back.html'),
      scaling: 'FitToPage', size: 'Default', color: 'FullColor', priority: 'FirstClass', workMode: 'Development', address,
    });
    assert.ok(id && id > letter);
    assert.equal(api.mailers.get(id)!.description, 'Postcard: postcard-front.html');
    const markdown = await vscode.commands.executeCommand<string>('mailroom.showDetails', api.tree.nodeOf(id));
    assert.match(markdown!, /\| MailerType \| Postcard \|/);
    assert.match(markdown!, /\| WorkMode \| Development \|/);
    assert.deepEqual(api.addresses.recent()[0], address);
  });

  it('sends a mail merge of the sample CSV: a batch with one item per row, shown in the tree and in its details', async () => {
    const id = (await vscode.commands.executeCommand<number>('mailroom.sendMailMerge', vscode.Uri.joinPath(workspace(), 'invite.html'), {
      data: vscode.Uri.joinPath(workspace(), 'people.csv'),
      workMode: 'Development',
    }))!;
    assert.ok(id > letter);
    const mailer = api.mailers.get(id)!;
    assert.equal(mailer.description, 'invite.html × people.csv');
    assert.equal(mailer.isBatch, true);
    const node = api.tree.nodeOf(id)!;
    assert.equal(api.tree.getTreeItem(node).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const items = await api.tree.getChildren(node);
    assert.deepEqual(items.map((n) => (n.kind === 'item' ? n.item.ItemID : n.kind)), [1, 2, 3]);
    assert.equal(api.tree.getTreeItem(items[0]!).label, 'Item 1');
    const markdown = await vscode.commands.executeCommand<string>('mailroom.showDetails', node);
    assert.match(markdown!, /## Batch items \(3\)/);
    assert.match(markdown!, /\| IsBatch \| yes \|/);
  });

  it('sends two files as one advanced letter with a reply address, perforation and a reply envelope', async () => {
    const files = ['letter.md', 'notes.txt'].map((name) => vscode.Uri.joinPath(workspace(), name));
    const id = await vscode.commands.executeCommand<number>('mailroom.sendAdvanced', files[0], files, {
      address: { Company: 'Acme Corp', Address1: '9 Side St', City: 'Shelbyville', State: 'IL', PostalCode: '62565' },
      replyAddress: { Company: 'Mailroom', Address1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701' },
      stampingLocation: 'Top', perforation: 'BottomThird', replyEnvelope: 'Env9ReplySingleWindow', color: 'Black', workMode: 'Development',
    });
    assert.ok(id && id > letter);
    assert.equal(api.mailers.get(id)!.description, 'letter.md + notes.txt');
    const client = await api.connection.client();
    const [details] = (await client.datedA.GetDetailsExtended({ ID: String(id) })).Details;
    assert.equal(details!.MyDescription, 'letter.md + notes.txt');
  });

  it('changes a user\'s settings as an administrator, refusing values the service would refuse', async () => {
    assert.equal(await vscode.commands.executeCommand('mailroom.changeUserSettings', { username: 'clerk', settings: [['Letters_PrintSides', 'Duplex'], ['General_Timezone', 'America/Chicago']] }), -3000);
    assert.equal(await vscode.commands.executeCommand('mailroom.changeUserSettings', { username: 'clerk', settings: [['Letters_PrintSides', 'Sideways']] }), undefined);
  });

  it('keeps a send whose answer never came as "outcome unknown", never resends it, and looks it up', async () => {
    const sandboxUrl = api.connection.account!.endpoint;
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
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    let sent = 0;
    proxy.on('request', (req) => void (/\/Send/.test(req.url ?? '') && sent++));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      await api.connection.connect(proxyUrl, 'http-post', 'demo', { password: 'demo' });
      await vscode.commands.executeCommand('mailroom.trackIds', String(letter));
      const id = await vscode.commands.executeCommand<number>('mailroom.sendDocument', vscode.Uri.joinPath(workspace(), 'notes.txt'), {
        address: { AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield' },
        workMode: 'Production',
        confirmed: true,
      });
      assert.equal(id, undefined, 'no ID: the answer never came');
      assert.equal(sent, 1, 'sent once, never again');
      const [attempt] = api.mailers.attempts();
      assert.ok(attempt);
      assert.equal(attempt.description, 'notes.txt');
      const groups = api.tree.getChildren();
      assert.equal(groups[0]!.kind, 'attempts', 'outcome unknown comes first');
      const [node] = api.tree.getChildren(groups[0]!) as MailersNode[];
      assert.equal(api.tree.getTreeItem(node!).contextValue, 'attempt');
      const found = await vscode.commands.executeCommand<number>('mailroom.lookUpAttempt', node);
      assert.ok(found && found > letter, 'the mailer it made was found');
      assert.deepEqual(api.mailers.attempts(), []);
      assert.equal(api.mailers.get(found)!.description, 'notes.txt');
      await vscode.commands.executeCommand('mailroom.cancelDelivery', api.tree.nodeOf(found), true);
      assert.equal(sent, 1);
    } finally {
      proxy.close();
      await api.connection.signOut();
      await vscode.commands.executeCommand('mailroom.useSandbox');
    }
  });

  it('connects to an account only with the right password, keeping it in SecretStorage', async () => {
    const endpoint = api.connection.account!.endpoint;
    await assert.rejects(api.connection.connect(endpoint, 'http-post', 'clerk', { password: 'wrong' }), /-3003/);
    assert.equal(api.connection.account!.username, 'demo', 'still signed in as before');
    const account = await api.connection.connect(endpoint, 'http-post', 'clerk', { password: 'clerk' });
    assert.deepEqual(await api.connection.secretsOf(account), { password: true, apiKey: false });
    assert.equal(api.tree.getChildren().length, 0, 'clerk has tracked nothing');
    await (await api.connection.client()).datedA.GetUploadedFileDetails({}).catch((e: Error) => assert.match(e.message, /-3163/));
    await api.connection.signOut();
    // A password that was used, and then signed out: nowhere in state, settings or the tree.
    const secret = 'Tz8-vault-x1';
    await api.connection.connect(endpoint, 'soap11', 'demo', { password: 'demo', apiKey: 'demo-key' });
    assert.equal(await vscode.commands.executeCommand('mailroom.changeUserSettings', { username: 'clerk', settings: [['Security_Password', secret]] }), -3000);
    const clerk = await api.connection.connect(endpoint, 'soap11', 'clerk', { password: secret });
    await vscode.commands.executeCommand('mailroom.trackIds', '1021984');
    const kept = JSON.stringify(api.globalState.keys().map((key) => [key, api.globalState.get(key)]));
    const settings = JSON.stringify(vscode.workspace.getConfiguration('mailroom'));
    const rows = JSON.stringify(api.tree.getChildren().flatMap((g) => [api.tree.getTreeItem(g), ...(g.kind === 'group' ? (api.tree.getChildren(g) as MailersNode[]).map((n) => api.tree.getTreeItem(n)) : [])]));
    for (const [where, text] of [['global state', kept], ['settings', settings], ['the Mailers tree', rows]]) assert.ok(!text!.includes(secret), `the password is in ${where}`);
    assert.deepEqual(await api.connection.secretsOf(clerk), { password: true, apiKey: false }, 'only in SecretStorage');
    await api.connection.signOut();
    assert.deepEqual(await api.connection.secretsOf(clerk), { password: false, apiKey: false });
    await vscode.commands.executeCommand('mailroom.useSandbox');
    assert.ok(api.tree.getChildren().length > 0, 'demo\'s mailers are back');
  });

  it('signs out: the account and its secrets are gone', async () => {
    const account = api.connection.account!;
    await vscode.commands.executeCommand('mailroom.signOut');
    assert.equal(api.connection.account, undefined);
    assert.deepEqual(await api.connection.secretsOf(account), { password: false, apiKey: false });
    assert.deepEqual(api.tree.getChildren(), []);
  });
});
