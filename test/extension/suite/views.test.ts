/**
 * The views a person reads, in a real VS Code: Show Details in an editor of its own, titled with
 * the mailer's ID and written in words, and a PDF preview opened before printing that shows the
 * PDF by itself once the mailer is printed, titled so that two letters never share a title.
 * Letters are sent through the client itself (no scripted prompts) and followed as the Mailers
 * view follows them; each test sets up what it needs.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomProbe } from '../../../src/extension/probe';
import { detailsShown, mailroomProbe, onSandbox as onSandboxAs, previewShown, run, until, service, refresh, stopTracking } from './support';

const workspace = () => vscode.workspace.workspaceFolders![0]!.uri;
const sample = async (name: string) => Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(workspace(), name)));
const ADDRESS = { AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701' };

/** Raw values of the reports, which must never stand alone where a person reads. */
const RAW = ['PrintSimplex', 'PrintDuplex', 'Env#10WhiteDoubleWindow', 'Postcard_4_25X6', 'Letter24#BondWhite', 'USFirstClass'];

/** The number of editor tabs of webviews of a view type of ours with this title, once the workbench has shown the change. */
async function tabCount(viewType: string, label: string, expected: number): Promise<number> {
  const count = () => tabsOf(viewType).filter((t) => t.label === label).length;
  await until(`${expected} tab(s) titled ${label}`, async () => (count() === expected ? true : undefined), 5).catch(() => undefined);
  return count();
}

/** The editor tabs of webviews of a view type of ours. */
function tabsOf(viewType: string): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(viewType));
}

describe('Mailroom views in VS Code', () => {
  let probe: MailroomProbe;

  before(async () => {
    probe = await mailroomProbe();
  });

  const onSandbox = () => onSandboxAs(probe);

  /** A letter sent now, named `letter.md` as the workspace's letter is, and followed in the Mailers view. */
  async function sendLetter(): Promise<number> {
    await onSandbox();
    const client = service(probe);
    const id = await client.simple.SendLetterAndAddressV2({
      MyDescription: 'letter.md',
      FileExtension: 'html',
      FileBinaryData: await sample('invite.html'),
      WorkMode: 'Development',
      ...ADDRESS,
    });
    // Tracked as a person tracks a mailer sent elsewhere: by its ID, named as the service keeps it.
    await run([{ input: String(id) }], 'mailroom.trackIds');
    return id;
  }

  it('shows details in an editor of their own, titled with the ID, in words, still open after a Markdown file is opened', async () => {
    const id = await sendLetter();
    const details = await detailsShown(probe, id);
    const title = `Mailer ${id} · letter.md`;
    assert.equal(details.panel.title, title);
    assert.equal(await tabCount('mailroom.details', title, 1), 1, 'one tab with the ID in its title');

    const html = details.panel.webview.html;
    for (const words of ['Letter', 'Printed on one side', 'No. 10 double-window envelope', 'Black and white', 'Development: processed']) {
      assert.ok(html.includes(words), `"${words}" on the page`);
    }
    const price = probe.mailers.get(id)!.price!;
    assert.ok(html.includes(`$${price.toFixed(2)}`), 'the price in dollars');
    for (const raw of RAW) assert.ok(!html.includes(raw), `no ${raw} on the page`);
    assert.ok(!/<script/i.test(html), 'no script');
    assert.match(details.text, /Sides: Printed on one side/);
    assert.match(details.text, /Submitted: .+ \(account's time\)/, 'times with their zone');

    // A Markdown file opened and previewed: the details stay where they are.
    const markdown = vscode.Uri.joinPath(workspace(), 'letter.md');
    await vscode.window.showTextDocument(markdown);
    await vscode.commands.executeCommand('markdown.showPreview', markdown).then(undefined, () => undefined);
    await vscode.window.showTextDocument(markdown, { preview: true });
    // The Markdown preview's own tab as the marker that the opening is done, not a fixed second.
    await until('the Markdown preview', async () => (tabsOf('markdown.preview').length > 0 ? true : undefined));
    assert.equal(await tabCount('mailroom.details', title, 1), 1, 'the details are still open');
    assert.equal(details.panel.title, title);

    // Shown again: the same panel, revealed, not a second one.
    const again = await detailsShown(probe, id);
    assert.equal(again, details);
    await until('the details revealed', async () => (details.panel.active ? true : undefined));
    assert.equal(await tabCount('mailroom.details', title, 1), 1);
    details.panel.dispose();
    assert.equal(await tabCount('mailroom.details', title, 0), 0, 'closed with its panel');
  });

  it("shows a postcard's details in words", async () => {
    await onSandbox();
    const client = service(probe);
    const id = await client.simple.SendPostcardAndAddress({
      MyDescription: 'Postcard: postcard-front.html',
      ImageSideFileType: 'html',
      ImageSideBinaryData: await sample('postcard-front.html'),
      ImageSideScaling: 'FitToPage',
      AddressSideFileType: 'html',
      AddressSideBinaryData: await sample('postcard-back.html'),
      WorkMode: 'Development',
      PrintColor: 'FullColor',
      PostcardSize: 'Postcard_4_25X6',
      MailingPriority: 'FirstClass',
      ...ADDRESS,
    });
    await run([{ input: String(id) }], 'mailroom.trackIds');
    const details = await detailsShown(probe, id);
    assert.equal(details.panel.title, `Mailer ${id} · Postcard: postcard-front.html`);
    const html = details.panel.webview.html;
    for (const words of ['Postcard', '4.25 × 6 inch postcard', 'Full colour']) assert.ok(html.includes(words), `"${words}" on the page`);
    for (const raw of [...RAW, 'FullColor']) assert.ok(!html.includes(raw), `no ${raw} on the page`);
    details.panel.dispose();
    await stopTracking(probe, id);
  });

  it('shows the PDF by itself once the mailer is printed, in a preview opened before, saying what it waits for', async function () {
    // Printing takes 20 seconds on the in-process sandbox: room for that and for a slow host.
    this.timeout(120_000);
    const id = await sendLetter();
    const preview = await previewShown(probe, id);
    const waiting = await until('the preview to answer', async () => preview.lastState, 30);
    assert.equal(waiting.type, 'unavailable', JSON.stringify(waiting));
    assert.match((waiting as { reason: string }).reason, /when the mailer reaches Waiting For Delivery/);
    // Only the refresher runs from here (as on its own schedule): the command is not run again.
    const drawn = await until(
      'the PDF to be drawn by itself',
      async () => {
        if (preview.lastState?.type === 'rendered' || preview.lastState?.type === 'failed') return preview.lastState;
        await refresh();
        return undefined;
      },
      90,
    );
    assert.equal(drawn.type, 'rendered', JSON.stringify(drawn));
    const status = probe.mailers.get(id)!.status!;
    assert.ok(status === -995 || status === -1002, `printed: ${status}`);
    assert.match((drawn as { text: string }).text, /Jane Doe/);
    preview.panel.dispose();
    await stopTracking(probe, id);
  });

  it('titles two previews of letters of one name apart, by their IDs', async () => {
    const [first, second] = [await sendLetter(), await sendLetter()];
    const previews = [await previewShown(probe, first), await previewShown(probe, second)];
    assert.deepEqual(
      previews.map((p) => p.panel.title),
      [`PDF · letter.md · ${first}`, `PDF · letter.md · ${second}`],
    );
    for (const id of [first, second])
      assert.equal(await tabCount('mailroom.pdfPreview', `PDF · letter.md · ${id}`, 1), 1, `the tab of ${id}`);
    for (const preview of previews) preview.panel.dispose();
    for (const id of [first, second]) await stopTracking(probe, id);
  });

  it('closes a waiting preview without leaving its listener behind', async () => {
    const id = await sendLetter();
    const before = probe.alive().listeners;
    const preview = await previewShown(probe, id);
    await until('the preview to answer', async () => preview.lastState, 30);
    assert.ok(probe.alive().listeners > before, 'the preview follows the mailers');
    preview.panel.dispose();
    await until('the listener to go', async () => (probe.alive().listeners === before ? true : undefined));
    await stopTracking(probe, id);
  });
});
