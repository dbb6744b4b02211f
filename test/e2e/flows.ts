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
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { freePort, installExtension, launchChromium, startCodeServer } from '../../scripts/vscode/code-server.mjs';
import { startGateway, type Gateway } from './gateway';
import { buildProbe, PROBE_COMMAND_TITLE, type ProbeInput, type ProbeReport } from './probe';
import { until, Workbench } from './workbench';

const root = resolve(__dirname, '..', '..');
export const SHOTS = join(root, 'dist-test', 'e2e');

interface Step {
  readonly name: string;
  readonly run: (wb: Workbench) => Promise<void>;
}

/**
 * The run's folders (the workspace the workbench opens, the probe extension's files), and what
 * steps find for later ones: where the sandbox listens, the gateway in front of it.
 */
let run: { readonly workspace: string; readonly probe: ReturnType<typeof buildProbe>; sandboxUrl?: string; gateway?: Gateway };

const steps: Step[] = [
  {
    name: 'use the local sandbox from the welcome view',
    run: async (wb) => {
      await wb.openContainer('Mailroom');
      await wb.page.getByRole('button', { name: 'Use the local sandbox' }).click();
      await wb.page.getByRole('button', { name: 'Send Current Document as Letter' }).waitFor();
      await wb.pane('Stored Files').filter({ hasText: 'Nothing is stored on the service yet' }).waitFor();
    },
  },
  {
    name: 'send the Markdown letter from the command palette',
    run: async (wb) => {
      await wb.openFile('letter.md');
      await wb.page.locator('.editor-instance .view-lines', { hasText: 'Dear Jane' }).waitFor();
      await wb.command('Mailroom: Send Current Document as Letter');
      await wb.row('Mailers', 'letter.md').waitFor({ timeout: 30_000 });
      const id = await idOf(wb.row('Mailers', 'letter.md'));
      const sent = wb.notification(`as mailer ${id} (Development mode)`);
      await sent.waitFor();
      for (const button of ['Show Details', 'Preview PDF']) await sent.locator('.monaco-button', { hasText: button }).waitFor();
    },
  },
  {
    name: 'a letter just sent offers Cancel Delivery',
    run: async (wb) => {
      const items = await wb.menuItems(wb.row('Mailers', 'letter.md'));
      assert.ok(items.includes('Cancel Delivery'), `the menu offers ${items.join(', ')}`);
      // The menu stays open for the picture; the next step closes it.
    },
  },
  {
    name: 'a PDF preview opened before printing says it waits, its tab titled with the ID',
    run: async (wb) => {
      await wb.page.keyboard.press('Escape');
      const id = await idOf(wb.row('Mailers', 'letter.md'));
      await wb.contextMenu(wb.row('Mailers', 'letter.md'), 'Preview PDF');
      await wb.tab(`PDF · letter.md · ${id}`).waitFor();
      const frame = await wb.webviewFrame('#status', /not available yet/);
      assert.match(
        (await frame.locator('#status').textContent()) ?? '',
        /shows the PDF by itself when the mailer reaches Waiting For Delivery/,
      );
      assert.equal(await frame.locator('#page').isVisible(), false, 'no page is drawn yet');
      await wb.page.mouse.move(800, 600); // off the row, whose hover would cover the tree in the picture
    },
  },
  {
    name: 'Track Mailer IDs with an ID the service does not know says so and lists nothing',
    run: async (wb) => {
      await wb.command(`Mailroom: ${title('commands.trackIds.title')}`);
      await wb.answer('9999999');
      await wb.notification(/9999999 is not tracked/).waitFor();
      assert.equal(await wb.rows('Mailers').filter({ hasText: '9999999' }).count(), 0, 'the unknown ID is not in the tree');
    },
  },
  {
    name: 'the waiting preview draws the printed PDF by itself',
    run: async (wb) => {
      // Left open and in sight since it was opened before printing: nothing is clicked here.
      const frame = await wb.webviewFrame('#page-text');
      const text = await until(
        'the page to be drawn',
        async () => {
          const words = await frame.locator('#page-text').textContent();
          return words?.includes('Jane Doe') ? words : undefined;
        },
        60_000,
      );
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
    name: 'Show Details opens its own panel in words, which stays when a Markdown file is opened',
    run: async (wb) => {
      const id = await idOf(wb.row('Mailers', 'letter.md'));
      await wb.contextMenu(wb.row('Mailers', 'letter.md'), 'Show Details');
      const tab = wb.tab(`Mailer ${id} · letter.md`);
      await tab.waitFor();
      const shown = async () => (await (await wb.webviewFrame('h1', 'letter.md')).locator('main').textContent()) ?? '';
      const words = await shown();
      for (const said of ['Letter', 'Printed on one side', 'No. 10 double-window envelope', "account's time"])
        assert.ok(words.includes(said), `the details say "${said}": ${words}`);
      assert.match(words, /Price\s*\$\d+\.\d\d/);
      assert.doesNotMatch(words, /PrintSimplex|Env#10|Letter24#/);
      // As a Markdown preview it was replaced by the next Markdown file to get focus.
      await wb.openFile('README.md');
      await wb.page.locator('.editor-instance .view-lines', { hasText: 'sample workspace' }).waitFor();
      await tab.click();
      assert.match(await shown(), /Printed on one side/, 'the details are still shown');
    },
  },
  {
    name: 'the letter moves to Completed without a click, no longer offers Cancel Delivery, copies its ID, opens its details on a click',
    run: async (wb) => {
      const row = wb.row('Mailers', /letter\.md.*Completed/);
      await row.waitFor({ timeout: 90_000 });
      const items = await wb.menuItems(row);
      await wb.page.keyboard.press('Escape');
      assert.ok(items.includes('Show Details') && !items.includes('Cancel Delivery'), `the menu offers ${items.join(', ')}`);
      const id = await idOf(row);
      await wb.contextMenu(row, 'Copy ID');
      await wb.statusBarItem(`copied mailer ID ${id}`).waitFor();
      // A click on the row opens its details, shown again as they are now.
      await wb.command('View: Close All Editors');
      await row.click();
      await wb.tab(`Mailer ${id} · letter.md`).waitFor();
      await wb.webviewFrame('td', /^Completed.*\(status/);
      // Done with the letter: its tabs (the details as of when they were opened) go, as a person closes them.
      await wb.command('View: Close All Editors');
    },
  },
  {
    name: 'upload the PDF from the explorer to Stored Files',
    run: async (wb) => {
      await wb.openContainer('Explorer');
      const csv = await wb.menuItems(wb.page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'people.csv' }).first());
      await wb.page.keyboard.press('Escape');
      assert.ok(!csv.some((item) => item.startsWith('Send Current Document')), `people.csv offers ${csv.join(', ')}`);
      await wb.contextMenu(
        wb.page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'price-list.pdf' }).first(),
        'Upload to Mail Service',
      );
      await wb.pick('User');
      await wb.answer("This spring's prices");
      await wb.notification(/price-list\.pdf is stored/).waitFor();
      await wb.openContainer('Mailroom');
      await wb.row('Stored Files', 'price-list.pdf').waitFor();
    },
  },
  {
    name: 'Preview Before Sending shows the proof with its findings, squiggled in the letter too',
    run: async (wb) => {
      await wb.openFile('to-sam.md');
      await wb.page.locator('.editor-instance .view-lines', { hasText: 'Dear Sam' }).waitFor();
      // The live diagnostics squiggle the city in the editor before anything is previewed.
      await wb.page.locator('.editor-instance .squiggly-error').first().waitFor();
      await wb.page
        .getByRole('button', { name: /Preview Before Sending/ })
        .first()
        .click();
      const frame = await wb.webviewFrame('#proof', /Findings \(2\)/);
      const findings = (await frame.locator('.findings').textContent()) ?? '';
      assert.match(findings, /-3113\s*error\s*City/);
      assert.match(findings, /-1018\s*warning\s*PostalCode/);
      // The service refuses a city that long at send (-3113): no send is offered that could never work.
      assert.equal(await frame.locator('#send').count(), 0, 'no Send This Letter');
      assert.match((await frame.locator('#refused').textContent()) ?? '', /The service would refuse this letter \(-3113/);
      assert.match((await frame.locator('#proof table').textContent()) ?? '', /SHA-256\s*[0-9a-f]{64}/);
      await wb.command('Notifications: Clear All Notifications');
      await until('the proof page drawn', async () =>
        (await frame.locator('#page-text').textContent())?.includes('Sam Poe') ? true : undefined,
      );
      await wb.page.mouse.move(800, 600);
    },
  },
  {
    name: 'in an 800 px window the proof draws its page across the editor, the facts below it; shown again, on the page it was on',
    run: async (wb) => {
      await wb.page.setViewportSize({ width: 800, height: 800 });
      try {
        const frame = await wb.webviewFrame('#proof', /Findings \(2\)/);
        const drawn = await until('the page drawn for the narrow editor', async () => {
          const layout = await frame.locator('body').evaluate(() => {
            const page = document.getElementById('page')!.getBoundingClientRect();
            const facts = document.getElementById('proof')!.getBoundingClientRect();
            return { width: document.documentElement.clientWidth, page: page.width, pageBottom: page.bottom, factsTop: facts.top };
          });
          // The layout follows the new width once the webview has been resized and redrawn.
          return layout.width < 700 && layout.page > 0 ? layout : undefined;
        });
        assert.ok(drawn.page >= 0.85 * (drawn.width - 32), `the page ${drawn.page} px wide in an editor ${drawn.width} px wide`);
        assert.ok(drawn.factsTop >= drawn.pageBottom, 'the facts below the page, not beside it');
        await wb.page.screenshot({ path: join(SHOTS, 'picture-proof-narrow.png') });
        // Turned to page 2, hidden behind its letter and shown again: the page made again opens where the reader was.
        await frame.locator('#next').click();
        await until('page 2', async () => ((await frame.locator('#page-number').textContent()) === '2 / 2' ? true : undefined));
        await wb.openFile('to-sam.md');
        await wb.page.locator('.editor-instance .view-lines', { hasText: 'Dear Sam' }).waitFor();
        await wb.tab('Proof · to-sam.md').click();
        await wb.webviewFrame('#page-number', '2 / 2');
      } finally {
        await wb.page.setViewportSize({ width: 1280, height: 800 });
      }
    },
  },
  {
    name: 'a proof hidden behind its letter says the letter changed, keeps Refresh, and sends the refreshed proof after a hide and a show',
    run: async (wb) => {
      const proofTab = 'Proof · to-ann.md';
      await wb.openFile('to-ann.md');
      await wb.page.locator('.editor-instance .view-lines', { hasText: 'Dear Ann' }).waitFor();
      await wb.page
        .getByRole('button', { name: /Preview Before Sending/ })
        .first()
        .click();
      const shown = async (selector: string) =>
        (await wb.webviewFrame(`body:has(.toolbar span:text-is("${proofTab}")) ${selector}`)).locator(selector);
      const first = (await (await shown('#send')).getAttribute('data-sha256')) ?? '';
      assert.match(first, /^[0-9a-f]{64}$/);
      // The letter is edited in its own tab, in the same group: the proof's tab is hidden meanwhile.
      await wb.openFile('to-ann.md');
      await wb.page.locator('.editor-instance .view-lines', { hasText: 'Dear Ann' }).click();
      await wb.page.keyboard.press('Control+End');
      await wb.page.keyboard.type('\nP.S. The spring catalogue follows.\n');
      await wb.tab(proofTab).click();
      await shown('#stale:not([hidden])');
      await (await shown('#refresh')).click();
      const refreshed = await until('the refreshed proof', async () => {
        const sha = await (await shown('#send')).getAttribute('data-sha256');
        return sha && sha !== first ? sha : undefined;
      });
      assert.equal(await (await shown('#stale')).isHidden(), true, 'the refreshed proof is of the letter as it is');
      // Hidden and shown again: the page made again holds the refreshed proof, and sends it.
      await wb.openFile('to-ann.md');
      await wb.page.locator('.editor-instance .view-lines', { hasText: 'spring catalogue' }).waitFor();
      await wb.tab(proofTab).click();
      const send = await shown(`#send[data-sha256="${refreshed}"]`);
      await send.click();
      const row = wb.row('Mailers', 'to-ann.md');
      await row.waitFor({ timeout: 30_000 });
      const id = await idOf(row);
      await wb.notification(`as mailer ${id} (Development mode)`).waitFor();
      assert.equal(await wb.notification('the proof changed as you pressed').count(), 0, 'sent, not refused');
      // Sent: the proof says as what, and no longer offers the send; it offers the mailer's details.
      assert.match((await (await shown('#sent')).textContent()) ?? '', new RegExp(`Sent as mailer ${id}`));
      assert.equal(await (await shown('#proof')).locator('#send').count(), 0, 'no Send This Letter once sent');
      await (await shown('#show-details')).click();
      await wb.tab(`Mailer ${id} · to-ann.md`).waitFor();
    },
  },
  {
    name: 'previewing the letter again brings its one proof forward, a new proof to send',
    run: async (wb) => {
      await wb.openFile('to-ann.md');
      await wb.page.locator('.editor-instance .view-lines', { hasText: 'Dear Ann' }).waitFor();
      await wb.page
        .getByRole('button', { name: /Preview Before Sending/ })
        .first()
        .click();
      await wb.page.locator('.tabs-container .tab.active', { hasText: 'Proof · to-ann.md' }).waitFor();
      assert.equal(await wb.page.locator('.tabs-container .tab', { hasText: 'Proof · to-ann.md' }).count(), 1, 'one proof tab');
      await wb.webviewFrame('body:has(.toolbar span:text-is("Proof · to-ann.md")) #send');
      await wb.command('Notifications: Clear All Notifications');
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
      // Each item says who it goes to (issue 25, part 5).
      for (const item of ['Item 1 · Jane Doe, Springfield', 'Item 2 · Sam Roe, Shelbyville', 'Item 3 · Pat Poe, Jr., Springfield'])
        await wb.row('Mailers', item).waitFor();
    },
  },
  {
    name: "a batch's item shows its status first, and its menu cancels only the whole batch, the dialog's default keeping it",
    run: async (wb) => {
      const item = wb.row('Mailers', 'Item 2 · Sam Roe, Shelbyville');
      assert.match((await item.textContent()) ?? '', /^\s*Received · Item 2/, 'the status first, where a narrow view still shows it');
      await wb.contextMenu(item, 'Cancel Whole Batch…');
      const dialog = wb.page.locator('.monaco-dialog-box').first();
      await dialog.filter({ hasText: /cannot cancel item 2 \(Sam Roe, Shelbyville\) alone.*all 3 letters\?/ }).waitFor();
      // The primary button (the one not secondary), which Enter presses, is the safe answer.
      const primary = ((await dialog.locator('.monaco-button:not(.secondary)').first().textContent()) ?? '').trim();
      assert.equal(primary, 'Keep the Batch');
      await dialog.locator('.monaco-button', { hasText: 'Cancel All 3 Letters' }).waitFor();
      // Enter presses the default: the batch is kept.
      await wb.page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      await wb.row('Mailers', 'invite.html × people.csv').waitFor();
      assert.equal(
        await wb
          .rows('Mailers')
          .filter({ hasText: /invite\.html × people\.csv.*cancel/i })
          .count(),
        0,
        'not cancelled',
      );
    },
  },
  {
    name: "Filter Mailers finds a merge's item by its recipient, and shows only that item under its batch",
    run: async (wb) => {
      await filterByText(wb, 'sam roe');
      // The batch is the one mailer shown, for its item; its other items go.
      await wb
        .viewMessage('Mailers')
        .filter({ hasText: /Filtered by .*sam roe.*: 1 of/ })
        .waitFor();
      await wb.rows('Mailers').filter({ hasText: 'Item 1 · ' }).first().waitFor({ state: 'hidden' });
      await wb.row('Mailers', 'invite.html × people.csv').waitFor();
      await wb.row('Mailers', 'Item 2 · Sam Roe, Shelbyville').waitFor();
      assert.equal(await wb.rows('Mailers').filter({ hasText: 'Item 3 · ' }).count(), 0, "the batch's other items are not shown");
      await wb.page
        .getByRole('button', { name: title('commands.clearMailerFilter.title') })
        .first()
        .click();
      await wb.row('Mailers', 'Item 1 · Jane Doe, Springfield').waitFor();
    },
  },
  {
    name: "a batch's details show its items 100 at a time, Next and Previous paging through them",
    run: async (wb) => {
      await wb.command('Mailroom: Send Mail Merge…');
      await wb.pick('invite.html');
      await wb.pick('many.csv');
      await wb.pick('Send 150 letters in Development mode');
      const batch = wb.row('Mailers', 'invite.html × many.csv');
      await batch.waitFor({ timeout: 60_000 });
      // Once the mailers have settled (all Completed, in the sandbox's time): a right-click on a row the
      // view draws again at that moment, its status moving on, may run the menu's command on no row.
      await wb.statusBarItem('0 in process').waitFor({ timeout: 90_000 });
      await wb.contextMenu(batch, 'Show Details');
      // The panel's links are its only ones, and need no script: VS Code runs the command they name.
      const first = await wb.webviewFrame('h2', 'Batch items 1–100, more follow');
      const last = await wb.followLink(first, 'Next 100 items', 'h2', 'Batch items 101–150 of 150');
      assert.match((await last.locator('main').textContent()) ?? '', /Yes, 150 letters/);
      await wb.followLink(last, 'Previous 100 items', 'h2', 'Batch items 1–100, more follow');
      await wb.command('View: Close All Editors');
    },
  },
  {
    name: 'Filter Mailers keeps what matches, the view says so, and Clear Filter shows them all',
    run: async (wb) => {
      // A clean window for the picture: the proof and the messages of the steps before put away.
      await wb.command('View: Close All Editors');
      await wb.command('Notifications: Clear All Notifications');
      await filterByText(wb, 'letter');
      await wb
        .viewMessage('Mailers')
        .filter({ hasText: /Filtered by .*letter/ })
        .waitFor();
      await wb.row('Mailers', 'letter.md').waitFor();
      assert.equal(await wb.rows('Mailers').filter({ hasText: 'invite.html' }).count(), 0, 'the batch is filtered out');
      assert.equal(await wb.rows('Mailers').filter({ hasText: 'notes.txt' }).count(), 0, 'and the notes letter');
      await wb.page.mouse.move(800, 600);
      await wb.page.screenshot({ path: join(SHOTS, 'picture-filtered.png') });
      // A view's title actions show while the pointer is over it (or it has focus), as for a person.
      await wb.page.locator('.pane-header', { hasText: 'Mailers' }).first().hover();
      await wb.page
        .getByRole('button', { name: title('commands.clearMailerFilter.title') })
        .first()
        .click();
      await wb.row('Mailers', 'invite.html × people.csv').waitFor();
      await wb.viewMessage('Mailers').waitFor({ state: 'hidden', timeout: 15_000 });
    },
  },
  {
    name: "Connect to the sandbox's own address as demo keeps the Mailers",
    run: async (wb) => {
      // Where the sandbox listens is in Mailroom's log, where a person finds it.
      await wb.command(`Mailroom: ${title('commands.showLog.title')}`);
      // The log has run on since: its filter finds the line. VS Code may draw the filter again as the
      // channel opens (a CI run saw it empty), so it is typed into until the log shows the line.
      const filter = wb.page.locator('.panel .viewpane-filter input:visible').first();
      const output = wb.page.locator('.panel .monaco-editor').first();
      const line = output.locator('.view-lines', { hasText: 'Sandbox listening on' });
      for (let tries = 0; !(await line.isVisible()); tries++) {
        assert.ok(tries < 20, "the log's filter finds where the sandbox listens");
        if ((await filter.inputValue()) !== 'Sandbox listening on') await filter.fill('Sandbox listening on');
        await line.waitFor({ timeout: 1000 }).catch(() => undefined);
      }
      const address = /Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(await wb.linesShown(output))?.[1];
      assert.ok(address, 'the log says where the sandbox listens');
      run.sandboxUrl = address;
      const before = (await wb.rows('Mailers').allTextContents()).length;
      await connect(wb, address);
      await wb.notification(`connected to ${address} as demo`).waitFor();
      for (const name of ['letter.md', 'notes.txt', 'invite.html × people.csv']) await wb.row('Mailers', name).waitFor();
      assert.equal((await wb.rows('Mailers').allTextContents()).length, before, 'the same rows as before');
    },
  },
  // Issue 25, parts 8 and 4 (extmisc): which account, and a status the user must act on.
  {
    name: "the status bar names the account where it says where mail goes, and Connect offers the running sandbox's address",
    run: async (wb) => {
      // The log's panel stays open, as the step before left it: the next step closes it.
      await wb.statusBarItem(/in process · Development · demo at the local sandbox/).waitFor();
      await wb.command(`Mailroom: ${title('commands.connect.title')}`);
      // Filled in and named in the prompt: Enter would add another user of the sandbox.
      await wb.shows({ prompt: `the local sandbox runs at ${run.sandboxUrl!}`, value: run.sandboxUrl! });
      await wb.page.waitForTimeout(400); // the quick input's fade-in, for the picture only
      await wb.page.screenshot({ path: join(SHOTS, 'picture-connect-offers-sandbox.png') });
      await wb.page.keyboard.press('Escape');
    },
  },
  {
    name: 'a Production letter with no funds is shown waiting for funds when it happens, and Set Funds… there lets it go on',
    run: async (wb) => {
      await wb.command(`Mailroom: ${title('commands.sandboxSetFunds.title')}`);
      await wb.answerTo("The balance of demo's account", '0');
      await wb.notification(/now has \$0\.00/).waitFor();
      await wb.command('Notifications: Clear All Notifications');
      await wb.command('Mailroom: Send Letter (Advanced)…');
      await wb.pickMany(['notes.txt']);
      await wb.pick('Jane Doe');
      await wb.pick('No reply address');
      await wb.pick('No perforation');
      await wb.pick('No reply envelope');
      await wb.pick('Default');
      await wb.pick('in Production mode');
      // On the sandbox the question says what the sandbox does, not "printed and mailed".
      await wb.page.locator('.monaco-dialog-box', { hasText: 'on the local sandbox? Nothing is printed or mailed' }).waitFor();
      await wb.dialogButton('Send in Production');
      const told = wb.notification(/is waiting for funds \(-990\)/);
      // Read by the usual polling pace though pushes arrive (the sandbox's -990 comes 5 s after the send).
      await told.waitFor({ timeout: 45_000 });
      const id = Number(/\((\d{7,})\) is waiting for funds/.exec((await told.textContent()) ?? '')?.[1]);
      assert.ok(id > 0, 'the message names the mailer');
      await wb.row('Mailers', new RegExp(`${id} · Not enough funds`)).waitFor();
      await wb.page.screenshot({ path: join(SHOTS, 'picture-waiting-for-funds.png') });
      await told.locator('.monaco-button', { hasText: 'Set Funds…' }).click();
      await wb.answerTo("The balance of demo's account", '25');
      await wb.notification(new RegExp(`It paid for mailer ${id}, which was waiting for funds`)).waitFor({ timeout: 30_000 });
      await wb.row('Mailers', new RegExp(`${id} · In Process`)).waitFor({ timeout: 30_000 });
      await wb.command('Notifications: Clear All Notifications');
    },
  },
  {
    // The installed .vsix runs in ExtensionMode.Production, as it does for everyone.
    name: 'another installed extension gets no exports, no say in the prompts and no results',
    run: async (wb) => {
      await wb.command('View: Hide Panel');
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
  {
    name: 'when the service does not answer, the status bar and the view say since when, and recover',
    run: async (wb) => {
      // Another way in to the same service, as through a company's proxy: an account of its own.
      const gateway = (run.gateway = await startGateway(run.sandboxUrl!));
      await connect(wb, gateway.url);
      await wb.notification(`connected to ${gateway.url} as demo`).waitFor();
      await wb.openFile('letter.md');
      await wb.page.locator('.editor-instance .view-lines', { hasText: 'Dear Jane' }).waitFor();
      await wb.command('Mailroom: Send Current Document as Letter');
      await wb.row('Mailers', 'letter.md').waitFor({ timeout: 30_000 });
      await wb.statusBarItem(/1 in process · Development/).waitFor();
      gateway.cut(true);
      await wb.command(`Mailroom: ${title('commands.refresh.title')}`);
      const warning = wb.statusBarItem(/1 in process · as of \d/);
      await warning.waitFor();
      await wb
        .viewMessage('Mailers')
        .filter({ hasText: /The service is not answering \(since .+\); what is shown is as of / })
        .waitFor();
      await warning.hover();
      await wb.page.locator('.monaco-hover', { hasText: `the service at ${new URL(gateway.url).host} is not answering` }).waitFor();
      await wb.page.waitForTimeout(400); // the hover's fade-in, for the picture only
      await wb.page.screenshot({ path: join(SHOTS, 'picture-not-answering.png') });
      gateway.cut(false);
      await wb.command(`Mailroom: ${title('commands.refresh.title')}`);
      await wb.notification(/the service answers again/).waitFor();
      await wb.statusBarItem(/1 in process · Development/).waitFor();
      // The status bar and the view's message are told apart: wait for the message to go, as a person sees it go.
      await wb.viewMessage('Mailers').waitFor({ state: 'hidden', timeout: 15_000 });
    },
  },
  {
    name: 'Send Postcard checks the address where it is typed, with Back to the field before',
    run: async (wb) => {
      await wb.command(`Mailroom: ${title('commands.sendPostcard.title')}`);
      for (const [step, row] of POSTCARD_PICKS) {
        await wb.asked(step);
        await wb.pick(row);
      }
      await wb.asked('Send Postcard: recipient');
      await wb.pick('New address');
      const refusal = wb.quickInputMessage();
      // The address on one line; an empty line asks it field by field.
      await wb.accept({ prompt: 'The address on one line', value: '' });
      await wb.accept({ prompt: 'Recipient (name)', value: '' });
      await wb.accept({ prompt: 'Company', value: '' });
      // Refused at the second of the two, and the form stays where it is.
      await refusal.filter({ hasText: /^A name or a company is needed/ }).waitFor();
      await wb.back();
      await wb.answerTo('Recipient (name)', 'Ann Lee');
      await wb.accept({ prompt: 'Company', value: '' });
      await wb.answerTo('Street address', '4 Elm St');
      await wb.accept({ prompt: 'Second address line', value: '' });
      await wb.answerTo('City', 'Capital City');
      await wb.answerTo('State', 'IL');
      await wb.answerTo('ZIP or postal code', '6270');
      // The ZIP's form is known to be wrong once the country is: none, the US.
      await wb.accept({ prompt: 'Country', value: '' });
      await refusal.filter({ hasText: '6270 is not a US ZIP code (12345 or 12345-6789)' }).waitFor();
    },
  },
  {
    name: 'a postcard the service refuses offers Edit and Retry, in words, with everything typed kept',
    run: async (wb) => {
      run.gateway!.refuseNext(/SendPostcardAndAddress/);
      await wb.back();
      await wb.shows({ prompt: 'ZIP or postal code', value: '6270' });
      await wb.answer('62703');
      await wb.accept({ prompt: 'Country', value: '' });
      await wb.pick('Send the postcard in Development mode');
      const refused = wb.notification(/What you gave is kept/);
      await refused.waitFor({ timeout: 30_000 });
      const words = (await refused.locator('.notification-list-item-message').textContent()) ?? '';
      assert.match(words, /^Mailroom could not send .*The service refused the request: .*The service is busy/);
      assert.doesNotMatch(words, /SendPostcardAndAddress|soap:Client/, 'no operation or fault code in the words');
      await refused.locator('.monaco-button', { hasText: 'Edit and Retry' }).click();
      // Asked again from the first step, each showing what was given: Enter on each sends it.
      for (const [step, row] of POSTCARD_PICKS) await wb.accept({ title: step, row });
      await wb.accept({ title: 'Send Postcard: recipient', row: 'New address' });
      await wb.accept({ prompt: 'The address on one line', value: '' });
      for (const [prompt, value] of POSTCARD_ADDRESS) await wb.accept({ prompt, value });
      await wb.accept({ title: 'Send Postcard', row: 'Send the postcard in Development mode' });
      await wb.row('Mailers', 'postcard-front.html').waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'an address typed on one line at the recipient pick is taken with Enter',
    run: async (wb) => {
      await wb.openFile('notes.txt');
      await wb.command('Mailroom: Send Current Document as Letter');
      await wb.asked('Send notes.txt: recipient');
      await wb.answer('Tess Typed, 8 Oak St, Springfield, IL 62701');
      await wb.notification(/sent notes\.txt to Tess Typed/).waitFor({ timeout: 30_000 });
    },
  },
  {
    name: "a merge's work-mode pick says what Production would cost before anything is sent",
    run: async (wb) => {
      await wb.command('Mailroom: Send Mail Merge…');
      await wb.pick('invite.html');
      await wb.pick('people.csv');
      // Development is free and says so; Production and Default, which may print, say the amount.
      await wb.quickPickRow('Send 3 letters in Development mode').waitFor();
      await wb.quickPickRow(/^Send 3 letters in Production mode \(about \$\d+\.\d\d\)/).waitFor();
      await wb.quickPickRow(/^Send 3 letters in Default mode \(about \$\d+\.\d\d\)/).waitFor();
      await wb.page.keyboard.press('Escape');
    },
  },
  {
    name: "a merge CSV's misnamed header is one problem, on the header, and the light bulb offers each rename once",
    run: async (wb) => {
      await wb.openFile('misnamed.csv');
      const editor = wb.page.locator('.editor-instance', { has: wb.page.locator('.view-lines', { hasText: 'Sam Roe' }) });
      await editor.locator('.view-lines').waitFor();
      // Marked on the header line only: no row is.
      await editor.locator('.squiggly-error').first().waitFor({ timeout: 30_000 });
      const lines = await editor
        .locator('.view-overlays > div')
        .evaluateAll((overlays) => overlays.map((o, i) => (o.querySelector('.squiggly-error') ? i : -1)).filter((i) => i >= 0));
      assert.deepEqual(lines, [0], 'squiggles on the header line only');
      await editor.locator('.view-lines').click({ position: { x: 5, y: 5 } });
      await wb.page.keyboard.press('Home');
      await wb.page.keyboard.press('Control+.');
      const fixes = wb.page.locator('.action-widget .monaco-list-row');
      await fixes.first().waitFor();
      const titles = (await fixes.allTextContents()).map((t) => t.trim());
      for (const rename of ['Rename "Name" to "AttentionLine1"', 'Rename "Street" to "Address1"', 'Rename "Zip" to "PostalCode"'])
        assert.equal(titles.filter((t) => t.includes(rename)).length, 1, `${rename} once in: ${titles.join('; ')}`);
      await wb.page.keyboard.press('Escape');
    },
  },
  {
    name: 'a Windows-1252 CSV shown as UTF-8 offers only Reopen with Encoding, which shows its names, the file untouched',
    run: async (wb) => {
      const path = join(run.workspace, 'accents.csv');
      const bytes = readFileSync(path);
      await wb.openFile('accents.csv');
      const editor = wb.page.locator('.editor-instance', { has: wb.page.locator('.view-lines', { hasText: '1 Main St' }) });
      await editor.locator('.squiggly-error').first().waitFor({ timeout: 30_000 });
      await editor.locator('.view-lines').click({ position: { x: 5, y: 5 } });
      // To the problem (the letter shown as U+FFFD), as Go to Next Problem takes a person there.
      await wb.page.keyboard.press('Control+Home');
      await wb.page.keyboard.press('F8');
      await wb.page.locator('.marker-widget').waitFor();
      await wb.page.keyboard.press('Escape');
      await wb.page.keyboard.press('Control+.');
      const fixes = wb.page.locator('.action-widget .monaco-list-row');
      await fixes.first().waitFor();
      const titles = (await fixes.allTextContents()).map((t) => t.trim()).filter(Boolean);
      // The menu's own section title aside, Mailroom's one fix is the reopening: no edit that would save the file wrongly.
      assert.deepEqual(
        titles.filter(
          (t) => t !== 'Quick Fix' && !/^Reopen with Encoding Windows-1252/.test(t) && !/Learn more|Configure|Disable/i.test(t),
        ),
        [],
        titles.join('; '),
      );
      await fixes.filter({ hasText: 'Reopen with Encoding Windows-1252' }).first().click();
      await wb.page.locator('.editor-instance .view-lines', { hasText: 'José Müller' }).waitFor({ timeout: 30_000 });
      assert.deepEqual(readFileSync(path), bytes, 'the file is as it was');
    },
  },
];

/** The postcard's picks: each step's title, the row chosen. */
const POSTCARD_PICKS: readonly (readonly [string, string])[] = [
  ['Send Postcard: the image side', 'postcard-front.html'],
  ['Send Postcard: the address side', 'postcard-back.html'],
  ['Send Postcard: image scaling', 'FitToPage'],
  ['Send Postcard: size', 'Default'],
  ['Send Postcard: colour', 'Black'],
  ['Send Postcard: mailing priority', 'Default'],
];

/** The postcard's address as typed in the end: each box's prompt, its value. */
const POSTCARD_ADDRESS: readonly (readonly [string, string])[] = [
  ['Recipient (name)', 'Ann Lee'],
  ['Company', ''],
  ['Street address', '4 Elm St'],
  ['Second address line', ''],
  ['City', 'Capital City'],
  ['State', 'IL'],
  ['ZIP or postal code', '62703'],
  ['Country', ''],
];

/** The words of the manifest (package.nls.json), as the workbench shows them: the first key there is. */
function title(...keys: string[]): string {
  const words = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
  const key = keys.find((k) => words[k] !== undefined);
  if (!key) throw new Error(`package.nls.json has none of ${keys.join(', ')}`);
  return words[key]!;
}

/** The mailer ID a row shows. */
async function idOf(row: Locator): Promise<number> {
  const id = Number(/(\d{7,})/.exec((await row.textContent()) ?? '')?.[1]);
  assert.ok(id > 0, `an ID on the row: ${await row.textContent()}`);
  return id;
}

/** Filter Mailers… with a text alone: one input box (the rest of the filter stays as it was). */
async function filterByText(wb: Workbench, text: string): Promise<void> {
  await wb.command(`Mailroom: ${title('commands.filterMailers.title')}`);
  await wb.asked('Text found in the ID, the description or the recipient');
  // One input box: the text (accents and case ignored); status, work mode and days are the "…" menu's own command.
  await wb.answer(text);
}

/** Connect… as the demo user, through the command palette, with SOAP 1.1 and no API key. */
async function connect(wb: Workbench, address: string): Promise<void> {
  await wb.command(`Mailroom: ${title('commands.connect.title')}`);
  // Each answer once its box asks for it: the steps share one box, which a hasty answer would miss.
  await wb.answerTo('Base URL of the service', address);
  await wb.asked('binding');
  await wb.pick('SOAP 1.1');
  await wb.answerTo('Username', 'demo');
  await wb.answerTo('Password', 'demo');
  await wb.answerTo('API key', '');
}

/** What Mailroom logged (its output channel's file), kept beside the failed step's picture, its end shown. */
function logTail(state: string, kept: string): void {
  const logs = join(state, 'user', 'logs');
  const found = existsSync(logs)
    ? readdirSync(logs, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('Mailroom.log'))
    : [];
  for (const path of found) {
    cpSync(join(logs, path), kept);
    const lines = readFileSync(kept, 'utf8').trimEnd().split('\n');
    console.log(
      `    Mailroom.log (${kept}), its last lines:\n${lines
        .slice(-25)
        .map((line) => `      ${line}`)
        .join('\n')}`,
    );
  }
}

async function main(): Promise<number> {
  rmSync(SHOTS, { recursive: true, force: true });
  mkdirSync(SHOTS, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'mailroom-e2e-'));
  const workspace = join(scratch, 'sample');
  cpSync(join(root, 'test', 'sample'), workspace, { recursive: true });
  // The proof's letter: a city longer than the service takes (-3113), a ZIP code of another state (a warning).
  writeFileSync(
    join(workspace, 'to-sam.md'),
    '---\nto: Sam Poe, 9 Elm St, Springfield Township of Sangamon County, IL 90210\n---\n\nDear Sam,\n\nThe proof shows what would be printed.\n',
  );
  // The hidden proof's letter: one that passes, to be edited, refreshed and sent from its proof.
  writeFileSync(
    join(workspace, 'to-ann.md'),
    '---\nto: Ann Lee, 4 Elm St, Springfield, IL 62701\n---\n# Dear Ann\n\nYour order shipped today.\n',
  );
  // A merge's data whose header names the address fields otherwise (Name, Street, Zip), beside its template.
  writeFileSync(join(workspace, 'misnamed.html'), '<p>Dear {{AttentionLine1}},</p>');
  writeFileSync(
    join(workspace, 'misnamed.csv'),
    'Name,Street,City,State,Zip\nJane Doe,1 Main St,Springfield,IL,62701\nSam Roe,2 Side St,Shelbyville,IL,62565\n',
  );
  // A merge of more items than a page of its details shows.
  writeFileSync(
    join(workspace, 'many.csv'),
    [
      'AttentionLine1,Address1,City,State,PostalCode',
      ...Array.from({ length: 150 }, (_, i) => `Guest ${i + 1},${i + 1} Main St,Springfield,IL,62701`),
      '',
    ].join('\n'),
  );
  // A merge's data as a spreadsheet on Windows saves it: Windows-1252, which VS Code shows as UTF-8.
  writeFileSync(
    join(workspace, 'accents.csv'),
    Buffer.from('AttentionLine1,Address1,City,State,PostalCode\nJos\xe9 M\xfcller,1 Main St,Springfield,IL,62701\n', 'latin1'),
  );
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
  const server = await startCodeServer({
    state: join(scratch, 'state'),
    port: await freePort(),
    settings,
    env: { XDG_STATE_HOME: join(scratch, 'xdg-state') },
  });
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
        logTail(join(scratch, 'state'), `${shot}-FAILED.log`);
        failed++;
        break;
      }
    }
  } finally {
    await browser.close();
    await run.gateway?.close();
    server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(failed ? '\ne2e: failed' : `\ne2e: ${steps.length} steps passed`);
  return failed ? 1 : 0;
}

void main().then((code) => (process.exitCode = code));
