/**
 * Mailroom end to end, in a real browser: the packaged extension (.vsix) installed into
 * code-server, driven through the workbench the way a person would, with no test-only shortcuts.
 * Each step saves a screenshot in dist-test/e2e/; a failing step fails the run with its name and
 * a screenshot of the moment. `npm run screenshots` copies the pictures the README shows.
 *
 *     node --import tsx test/e2e/flows.ts
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { freePort, installExtension, launchChromium, startCodeServer } from '../../scripts/vscode/code-server.mjs';
import { buildProbe, PROBE_COMMAND_TITLE, type ProbeInput, type ProbeReport } from './probe';
import { until, Workbench } from './workbench';

const root = resolve(__dirname, '..', '..');
export const SHOTS = join(root, 'dist-test', 'e2e');

interface Step {
  readonly name: string;
  readonly run: (wb: Workbench) => Promise<void>;
}

/** The run's folders: the workspace the workbench opens, and the probe extension's files. */
let run: { readonly workspace: string; readonly probe: ReturnType<typeof buildProbe> };

const steps: Step[] = [
  {
    name: 'use the local sandbox from the welcome view',
    run: async (wb) => {
      await wb.openContainer('Mailroom');
      await wb.page.getByRole('button', { name: 'Use the local sandbox' }).click();
      await wb.page.getByRole('button', { name: 'Send Current Document as Letter' }).waitFor();
    },
  },
  {
    name: 'send the Markdown letter from the command palette',
    run: async (wb) => {
      await wb.openFile('letter.md');
      await wb.page.locator('.editor-instance .view-lines', { hasText: 'Dear Jane' }).waitFor();
      await wb.command('Mailroom: Send Current Document as Letter');
      await wb.row('Mailers', 'letter.md').waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'the letter moves to Completed without a click',
    run: async (wb) => {
      await wb.row('Mailers', /letter\.md.*Completed/).waitFor({ timeout: 90_000 });
    },
  },
  {
    name: 'preview the printed PDF',
    run: async (wb) => {
      await wb.contextMenu(wb.row('Mailers', 'letter.md'), 'Preview PDF');
      const frame = await wb.webviewFrame('#page-text');
      const text = await until('the page to be drawn', async () => {
        const words = await frame.locator('#page-text').textContent();
        return words?.includes('Jane Doe') ? words : undefined;
      });
      if (!/Springfield, IL 62701/.test(text)) throw new Error(`the address is not on the page: ${text}`);
      const inked = await frame.locator('#page').evaluate((canvas: HTMLCanvasElement) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark++;
        return dark;
      });
      if (inked < 100) throw new Error(`the canvas is blank (${inked} dark pixels)`);
    },
  },
  {
    name: 'upload the PDF from the explorer to Stored Files',
    run: async (wb) => {
      await wb.openContainer('Explorer');
      await wb.contextMenu(
        wb.page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'price-list.pdf' }).first(),
        'Upload to Mail Service',
      );
      await wb.pick('User');
      await wb.answer("This spring's prices");
      await wb.openContainer('Mailroom');
      await wb.row('Stored Files', 'price-list.pdf').waitFor();
    },
  },
  {
    name: 'send a letter in Production, confirm, then cancel it from the tree',
    run: async (wb) => {
      await wb.command('Mailroom: Send Letter (Advanced)…');
      await wb.pickMany(['notes.txt']);
      await wb.pick('Jane Doe');
      await wb.pick('No reply address');
      await wb.pick('No perforation');
      await wb.pick('No reply envelope');
      await wb.pick('Default');
      await wb.quickPickRow('in Production mode').waitFor();
      await wb.page.waitForTimeout(400); // the quick pick's fade-in, for the picture only
      await wb.page.screenshot({ path: join(SHOTS, 'picture-work-mode.png') });
      await wb.pick('in Production mode');
      await wb.dialogButton('Send in Production');
      const row = wb.row('Mailers', 'notes.txt');
      await row.waitFor({ timeout: 30_000 });
      // As a person would, once the send has finished (its progress gone, the tree settled).
      await wb.page.locator('.notification-toast', { hasText: 'sending notes.txt' }).waitFor({ state: 'hidden' });
      await wb.contextMenu(row, 'Cancel Delivery');
      await wb.dialogButton('Cancel Delivery');
      await wb.row('Mailers', /notes\.txt.*Actively canceled/).waitFor({ timeout: 30_000 });
      await wb.rows('Mailers').filter({ hasText: 'Failed or cancelled' }).first().waitFor();
    },
  },
  {
    name: 'a mail merge of the sample CSV makes a batch with one item per row',
    run: async (wb) => {
      await wb.command('Mailroom: Send Mail Merge…');
      await wb.pick('invite.html');
      await wb.pick('people.csv');
      await wb.pick('Send 3 letters in Development mode');
      const batch = wb.row('Mailers', 'invite.html × people.csv');
      await batch.waitFor({ timeout: 30_000 });
      await batch.locator('.monaco-tl-twistie').click();
      for (const item of ['Item 1', 'Item 2', 'Item 3']) await wb.row('Mailers', item).waitFor();
    },
  },
  {
    // The installed .vsix runs in ExtensionMode.Production, as it does for everyone.
    name: 'another installed extension gets no exports, no say in the prompts and no results',
    run: async (wb) => {
      const id = Number(/(\d{7,})/.exec((await wb.row('Mailers', 'letter.md').textContent()) ?? '')?.[1]);
      assert.ok(id > 0, "the letter's ID is on its row");
      const input: ProbeInput = { id, saveAs: join(run.workspace, 'probe-saved.pdf'), document: join(run.workspace, 'notes.txt') };
      writeFileSync(run.probe.input, JSON.stringify(input));
      const notes = await wb.rows('Mailers').filter({ hasText: 'notes.txt' }).count();
      await wb.command(PROBE_COMMAND_TITLE);
      // Where to save the PDF is asked of the person, not taken from the probe.
      const input1 = wb.page.locator('.quick-input-widget input.input');
      await until('the save dialog', async () =>
        (await input1.inputValue().catch(() => '')).endsWith(`mailer-${id}.pdf`) ? true : undefined,
      );
      await wb.page.keyboard.press('Escape');
      // So is the recipient of the send: the probe's address, Production and "confirmed" are not taken.
      await wb.page.locator('.quick-input-widget', { hasText: 'Send notes.txt: recipient' }).waitFor();
      await wb.page.keyboard.press('Escape');
      const report = await until("the probe's report", async () =>
        existsSync(run.probe.report) ? (JSON.parse(readFileSync(run.probe.report, 'utf8')) as ProbeReport) : undefined,
      );
      assert.deepEqual(
        {
          found: report.found,
          activated: report.activated,
          exports: report.exports,
          details: report.details,
          savePdf: report.savePdf,
          saved: report.saved,
          send: report.send,
        },
        {
          found: true,
          activated: { kind: 'undefined' },
          exports: { kind: 'undefined' },
          details: { kind: 'undefined' },
          savePdf: { kind: 'undefined' },
          saved: false,
          send: { kind: 'undefined' },
        },
      );
      assert.equal(await wb.rows('Mailers').filter({ hasText: 'notes.txt' }).count(), notes, 'nothing was sent');
    },
  },
];

async function main(): Promise<number> {
  rmSync(SHOTS, { recursive: true, force: true });
  mkdirSync(SHOTS, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'mailroom-e2e-'));
  const workspace = join(scratch, 'sample');
  cpSync(join(root, 'test', 'sample'), workspace, { recursive: true });
  const vsix = join(scratch, 'mailroom.vsix');
  const vsce = join(root, 'node_modules', '.bin', 'vsce');
  execFileSync(vsce, ['package', '--no-dependencies', '--out', vsix], { cwd: root, stdio: 'pipe' });
  installExtension(join(scratch, 'state'), vsix);
  run = { workspace, probe: buildProbe(scratch, vsce) };
  installExtension(join(scratch, 'state'), run.probe.vsix);
  // A quiet workbench for the pictures: no welcome page, no chat.
  const settings = {
    'workbench.startupEditor': 'none',
    'chat.disableAIFeatures': true,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'workbench.tips.enabled': false,
  };
  const server = await startCodeServer({ state: join(scratch, 'state'), port: await freePort(), settings });
  const browser = await launchChromium();
  let failed = 0;
  try {
    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(20_000);
    await page.goto(`${server.url}/?folder=${encodeURI(workspace)}`);
    await page.locator('.monaco-workbench .activitybar').waitFor({ timeout: 60_000 });
    const wb = new Workbench(page);
    for (const [index, step] of steps.entries()) {
      const shot = join(SHOTS, `${String(index + 1).padStart(2, '0')}-${step.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`);
      const started = Date.now();
      try {
        await step.run(wb);
        await page.waitForTimeout(300); // let animations settle, for the picture only
        await page.screenshot({ path: `${shot}.png` });
        console.log(`  ✔ ${step.name} (${Date.now() - started} ms)`);
      } catch (error) {
        await page.screenshot({ path: `${shot}-FAILED.png` }).catch(() => undefined);
        console.log(`  ✘ ${step.name}: ${(error as Error).message.split('\n')[0]}\n    screenshot: ${shot}-FAILED.png`);
        failed++;
        break;
      }
    }
  } finally {
    await browser.close();
    server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(failed ? '\ne2e: failed' : `\ne2e: ${steps.length} steps passed`);
  return failed ? 1 : 0;
}

void main().then((code) => (process.exitCode = code));
