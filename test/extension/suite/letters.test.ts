/**
 * Sending letters from VS Code and following them in the Mailers view: the workspace's Markdown
 * letter, a text file cancelled in time, Production once confirmed, an advanced letter of two files,
 * a send whose answer never came, refreshing, saving the PDF, tracking IDs and stopping.
 * Each test sets up what it needs, so that any one of them runs alone (MAILROOM_TEST_GREP), in any order.
 */
import { strict as assert } from 'node:assert';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import * as vscode from 'vscode';
import type { MailroomProbe } from '../../../src/extension/probe';
import { groupOf } from '../../../src/extension/model/mailers';
import type { Answer } from './prompts';
import {
  aCompletedLetter,
  aLetter,
  assertNewMailer,
  detailsShown,
  inProduction,
  letterWasSent,
  listening,
  mailroomProbe,
  notes,
  onSandbox,
  person,
  previewOpened,
  run,
  send,
  sendNotes,
  track,
  trackedIds,
  treeGroups,
  typedAddress,
  workspace,
  connect,
  signOut,
  service,
} from './support';

describe('Sending letters and following them in the Mailers view', () => {
  let probe: MailroomProbe;

  before(async () => {
    probe = await mailroomProbe();
  });

  // Every question a test's commands asked was one it expected and answered.
  afterEach(() => person.settle());

  it('sends the Markdown letter to the address in its front matter; the mailer shows in process', async () => {
    await onSandbox(probe);
    const before = trackedIds(probe);
    const uri = vscode.Uri.joinPath(workspace(), 'letter.md');
    await vscode.window.showTextDocument(uri);
    const letter = await send([], 'mailroom.sendDocument');
    assertNewMailer(letter, before);
    letterWasSent(letter);
    const mailer = probe.mailers.get(letter)!;
    assert.equal(mailer.description, 'letter.md');
    assert.equal(groupOf(mailer), 'inProcess');
    assert.ok(treeGroups(probe).get('inProcess')!.includes(letter));
    const item = probe.mailersView.getTreeItem(probe.mailersView.nodeOf(letter)!);
    assert.equal(item.label, 'letter.md');
    assert.match(String(item.description), new RegExp(`^${letter} · (Received|In Process) · \\$\\d+\\.\\d\\d$`));
  });

  it('refreshes the mailer until it is completed', async () => {
    // Refreshed until the sandbox has printed and completed it.
    const letter = await aCompletedLetter(probe);
    assert.equal(probe.mailers.get(letter)!.status, -1002);
    assert.ok(treeGroups(probe).get('completed')!.includes(letter));
    assert.ok(!treeGroups(probe).get('inProcess')?.includes(letter));
  });

  it('saves the printed PDF where asked, and copies the ID', async () => {
    const letter = await aCompletedLetter(probe);
    const target = vscode.Uri.file(`${tmpdir()}/mailroom-saved-${letter}.pdf`);
    await run([{ save: target }], 'mailroom.savePdf', probe.mailersView.nodeOf(letter));
    const saved = Buffer.from(await vscode.workspace.fs.readFile(target));
    assert.equal(saved.subarray(0, 5).toString(), '%PDF-');
    await vscode.workspace.fs.delete(target);
    await vscode.commands.executeCommand('mailroom.copyId', probe.mailersView.nodeOf(letter));
    assert.equal(await vscode.env.clipboard.readText(), String(letter));
  });

  it('sends in Production once confirmed, shown as Production in the details', async () => {
    await onSandbox(probe);
    const address = { AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701' };
    const declined = await inProduction(() =>
      send([...typedAddress(probe, address), { confirm: false }], 'mailroom.sendDocument', notes()),
    );
    assert.equal(declined, undefined, 'not sent when the person says no');
    const id = await inProduction(() => sendNotes([...typedAddress(probe, address), { confirm: true }]));
    const details = await detailsShown(probe, id);
    assert.match(details.text, /Work mode: Production: printed, mailed and charged/);
    details.panel.dispose();
    await run([{ confirm: true }], 'mailroom.cancelDelivery', probe.mailersView.nodeOf(id));
    await vscode.commands.executeCommand('mailroom.stopTracking', probe.mailersView.nodeOf(id));
  });

  it('sends a text file and cancels it in time: it ends as cancelled', async () => {
    await onSandbox(probe);
    const before = trackedIds(probe);
    const id = await sendNotes(
      typedAddress(probe, { AttentionLine1: 'Sam Roe', Address1: '2 Side St', City: 'Shelbyville', State: 'IL', PostalCode: '62565' }),
    );
    assertNewMailer(id, before);
    assert.equal(groupOf(probe.mailers.get(id)!), 'inProcess');
    await run([{ confirm: false }], 'mailroom.cancelDelivery', probe.mailersView.nodeOf(id));
    assert.equal(groupOf(probe.mailers.get(id)!), 'inProcess', 'not cancelled when the person says no');
    await run([{ confirm: true }], 'mailroom.cancelDelivery', probe.mailersView.nodeOf(id));
    assert.equal(probe.mailers.get(id)!.status, -1005);
    assert.ok(treeGroups(probe).get('failed')!.includes(id));
  });

  it('tracks mailers by the ID syntax, and stops tracking', async () => {
    const letter = await aCompletedLetter(probe);
    await vscode.commands.executeCommand('mailroom.stopTracking', probe.mailersView.nodeOf(letter));
    assert.equal(probe.mailers.get(letter), undefined);
    await track(`${letter}-${letter}`);
    assert.equal(probe.mailers.get(letter)!.status, -1002);
    const count = probe.mailers.list().length;
    await person.answering([{ input: '5-3' }, { dismiss: true }], async () => {
      await vscode.commands.executeCommand('mailroom.trackIds');
      assert.equal(person.refusals.length, 1, 'the box refused the invalid ID string');
    });
    assert.equal(probe.mailers.list().length, count, 'nothing added for an invalid ID string');
  });

  it('acts only on mailers and attempts the user follows: a row made up elsewhere is ignored', async () => {
    const letter = await aLetter(probe);
    const row = { kind: 'mailer', mailer: { id: letter } };
    await vscode.commands.executeCommand('mailroom.stopTracking', row);
    await vscode.commands.executeCommand('mailroom.showDetails', row);
    assert.equal(probe.detailsOf(letter), undefined, 'no details of a mailer not followed');
    assert.equal(
      await previewOpened(probe, () => vscode.commands.executeCommand('mailroom.previewPdf', row)),
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
    assert.equal(probe.mailers.get(letter), undefined, 'and nothing followed because of it');
    await track(String(letter));
    await vscode.commands.executeCommand('mailroom.showDetails', row);
    const details = probe.detailsOf(letter)!;
    assert.match(details.text, new RegExp(`Mailer ID: ${letter}\n`));
    details.panel.dispose();
  });

  it('keeps a send whose answer never came as "outcome unknown", never resends it, and looks it up', async () => {
    const letter = await aLetter(probe);
    const sandboxUrl = probe.account!.endpoint;
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
      await connect(probe, proxyUrl, 'http-post', 'demo', { password: 'demo' });
      await track(String(letter));
      const before = person.notices.length;
      const address = { AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701' };
      const id = await inProduction(() => send([...typedAddress(probe, address), { confirm: true }], 'mailroom.sendDocument', notes()));
      assert.match(person.shown(before, 'warning').join('\n'), /the outcome of sending notes\.txt .* is unknown/);
      assert.equal(id, undefined, 'no ID: the answer never came');
      assert.equal(sent, 1, 'sent once, never again');
      const [attempt] = probe.mailers.attempts();
      assert.ok(attempt);
      assert.equal(attempt.description, 'notes.txt');
      const groups = probe.mailersView.getChildren();
      assert.equal(groups[0]!.kind, 'attempts', 'outcome unknown comes first');
      const [node] = probe.mailersView.getChildren(groups[0]);
      assert.equal(probe.mailersView.getTreeItem(node!).contextValue, 'attempt');
      const told = person.notices.length;
      await vscode.commands.executeCommand('mailroom.lookUpAttempt', node);
      const found = Number(/it is mailer (\d+)\./.exec(person.shown(told, 'info').join('\n'))?.[1]);
      assert.ok(found > letter, 'the mailer it made was found, and said');
      assert.deepEqual(probe.mailers.attempts(), []);
      assert.equal(probe.mailers.get(found)!.description, 'notes.txt');
      await run([{ confirm: true }], 'mailroom.cancelDelivery', probe.mailersView.nodeOf(found));
      assert.equal(sent, 1);
    } finally {
      proxy.close();
      await signOut();
      await vscode.commands.executeCommand('mailroom.useSandbox');
    }
  });

  it('sends two files as one advanced letter with a reply address, perforation and a reply envelope', async () => {
    await onSandbox(probe);
    const before = trackedIds(probe);
    const files = ['letter.md', 'notes.txt'].map((name) => vscode.Uri.joinPath(workspace(), name));
    const answers: Answer[] = [
      ...typedAddress(probe, { Company: 'Acme Corp', Address1: '9 Side St', City: 'Shelbyville', State: 'IL', PostalCode: '62565' }),
      ...typedAddress(probe, { Company: 'Mailroom', Address1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701' }, true),
      { pick: 'Top' },
      { pick: 'BottomThird' },
      { pick: 'Env9ReplySingleWindow' },
      { pick: 'Black' },
      { pick: /in Development mode/ },
    ];
    const id = await send(answers, 'mailroom.sendAdvanced', files[0], files);
    assertNewMailer(id, before);
    assert.equal(probe.mailers.get(id)!.description, 'letter.md + notes.txt');
    const client = service(probe);
    const [details] = (await client.datedA.GetDetailsExtended({ ID: String(id) })).Details;
    assert.equal(details!.MyDescription, 'letter.md + notes.txt');
  });
});
