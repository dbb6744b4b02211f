/**
 * Driving the VS Code workbench (code-server in Chromium) the way a person does: the command
 * palette, quick picks, tree rows, context menus, dialogs and webviews, by what they show.
 */
import type { Frame, Locator, Page } from 'playwright-core';

/** A step of a quick input: a pick (its title, the row highlighted) or an input box (its prompt, its value). */
export type QuickInputStep = { readonly title: string; readonly row: string } | { readonly prompt: string; readonly value: string };

export class Workbench {
  constructor(readonly page: Page) {}

  /** F1, the command's title, Enter. */
  async command(title: string): Promise<void> {
    await this.quickOpen(`>${title}`, title);
  }

  /** Opens a workspace file by name, as the quick open's file search finds it. */
  async openFile(name: string): Promise<void> {
    await this.quickOpen(name, name);
  }

  private async quickOpen(text: string, row: string): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.page.keyboard.press('F1');
    const input = this.page.locator('.quick-input-widget input.input');
    await input.waitFor();
    await input.fill(text);
    // Enter runs the focused row: under load the list may show the row before it is sorted first.
    await this.page.locator('.quick-input-widget .monaco-list-row.focused', { hasText: row }).waitFor();
    await this.page.keyboard.press('Enter');
  }

  quickPickRow(text: string | RegExp): Locator {
    return this.page.locator('.quick-input-widget .monaco-list-row', { hasText: text }).first();
  }

  /** Chooses the quick pick's row that shows this text. */
  async pick(text: string | RegExp): Promise<void> {
    const row = this.quickPickRow(text);
    await row.waitFor();
    await row.click();
  }

  /** Ticks rows of a many-choice quick pick, then presses OK. */
  async pickMany(texts: readonly string[]): Promise<void> {
    for (const text of texts) {
      const row = this.quickPickRow(text);
      await row.waitFor();
      await row.click();
    }
    await this.page.locator('.quick-input-widget', { hasText: `${texts.length} Selected` }).waitFor();
    await this.page.locator('.quick-input-widget .monaco-button', { hasText: 'OK' }).first().click();
  }

  /** Types an answer into the input box and accepts it. */
  async answer(text: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget input.input');
    await input.waitFor();
    await input.fill(text);
    await this.page.keyboard.press('Enter');
  }

  /** The quick input, once it shows this (its title, its prompt, a row, a message). */
  async asked(text: string | RegExp): Promise<Locator> {
    const widget = this.page.locator('.quick-input-widget', { hasText: text }).first();
    await widget.waitFor();
    return widget;
  }

  /** The quick input's message: its prompt, or why what is typed is refused. */
  quickInputMessage(): Locator {
    return this.page.locator('.quick-input-widget .quick-input-message').first();
  }

  /** The multi-step input's Back button, in its title bar. */
  async back(): Promise<void> {
    await this.page.locator('.quick-input-widget .quick-input-left-action-bar .action-label').first().click();
  }

  /**
   * Accepts what a step shows already, as a person going through a form again presses Enter: a
   * pick whose highlighted row has this text, or an input box whose prompt has this text and whose
   * value is this.
   */
  async accept(step: QuickInputStep): Promise<void> {
    await this.shows(step);
    await this.page.keyboard.press('Enter');
  }

  /** Waits until a step shows this: a pick's highlighted row, or an input box's value. */
  async shows(step: QuickInputStep): Promise<void> {
    if ('row' in step) {
      const widget = await this.asked(step.title);
      await widget.locator('.monaco-list-row.focused', { hasText: step.row }).waitFor();
    } else {
      await this.quickInputMessage().filter({ hasText: step.prompt }).waitFor();
      const input = this.page.locator('.quick-input-widget input.input');
      await until(`"${step.value}" in the box "${step.prompt}"`, async () =>
        (await input.inputValue()) === step.value ? true : undefined,
      );
    }
  }

  /** Types an answer into the input box whose prompt has this text, and accepts it. */
  async answerTo(prompt: string, text: string): Promise<void> {
    await this.quickInputMessage().filter({ hasText: prompt }).waitFor();
    await this.answer(text);
  }

  /** Opens a view container from the activity bar. */
  async openContainer(name: string): Promise<void> {
    const item = this.page.locator(`.activitybar .action-label[aria-label^="${name}"]`).first();
    await item.waitFor();
    const container = this.page.locator('.sidebar .composite.title', { hasText: new RegExp(name, 'i') });
    if (!(await container.isVisible().catch(() => false))) await item.click();
  }

  /** A view in the side bar, by its title. */
  pane(view: string): Locator {
    return this.page.locator('.sidebar .pane').filter({ has: this.page.locator('.pane-header', { hasText: view }) });
  }

  /** The rows of a view in the side bar, by the view's title. */
  rows(view: string): Locator {
    return this.pane(view).locator('.monaco-list-row');
  }

  row(view: string, text: string | RegExp): Locator {
    return this.rows(view).filter({ hasText: text }).first();
  }

  /**
   * Right-clicks a row and chooses a menu item with the keyboard (Arrow Down to it, Enter): the
   * workbench's menus do not act dependably on synthetic clicks.
   */
  async contextMenu(row: Locator, item: string): Promise<void> {
    await row.click({ button: 'right' });
    const items = this.page.locator('.context-view .action-item:not(.disabled) .action-label:not(.separator)');
    await items.filter({ hasText: item }).first().waitFor();
    const labels = (await items.allTextContents()).map((label) => label.trim());
    const index = labels.findIndex((label) => label.startsWith(item));
    if (index < 0) throw new Error(`the menu has no ${item}: ${labels.join(', ')}`);
    for (let i = 0; i <= index; i++) await this.page.keyboard.press('ArrowDown');
    const focused = (await this.page.locator('.context-view .action-item.focused').textContent())?.trim();
    if (!focused?.startsWith(item)) throw new Error(`the menu focused ${focused}, not ${item}`);
    await this.page.keyboard.press('Enter');
  }

  /** Right-clicks a row and answers the menu's enabled items; the menu stays open (Escape closes it). */
  async menuItems(row: Locator): Promise<string[]> {
    await row.click({ button: 'right' });
    const items = this.page.locator('.context-view .action-item:not(.disabled) .action-label:not(.separator)');
    await items.first().waitFor();
    return (await items.allTextContents()).map((label) => label.trim()).filter(Boolean);
  }

  /** An editor tab, by its title. */
  tab(title: string | RegExp): Locator {
    return this.page.locator('.tabs-container .tab', { hasText: title }).first();
  }

  /** A notification toast that shows this text. */
  notification(text: string | RegExp): Locator {
    return this.page.locator('.notification-toast', { hasText: text }).first();
  }

  /** A status bar item that shows this text. */
  statusBarItem(text: string | RegExp): Locator {
    return this.page.locator('.statusbar .statusbar-item', { hasText: text }).first();
  }

  /** The message a view of the side bar shows above its rows (TreeView.message). */
  viewMessage(view: string): Locator {
    return this.page
      .locator('.sidebar .pane')
      .filter({ has: this.page.locator('.pane-header', { hasText: view }) })
      .locator('.message')
      .first();
  }

  /** The text of the editor or panel lines shown now that match a pattern (Monaco draws spaces as U+00A0). */
  async linesShown(where: Locator): Promise<string> {
    return ((await where.locator('.view-lines').first().textContent()) ?? '').replace(/\u00a0/g, ' ');
  }

  /** Presses a button of a modal dialog. */
  async dialogButton(name: string): Promise<void> {
    const button = this.page.locator('.monaco-dialog-box .monaco-button', { hasText: name }).first();
    await button.waitFor();
    await button.click();
  }

  /** The webview frame that has this element (showing this text, if given), once it has. */
  async webviewFrame(selector: string, hasText?: string | RegExp, timeoutMs = 30_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      for (const frame of this.page.frames()) {
        if (
          await frame
            .locator(selector, hasText === undefined ? {} : { hasText })
            .count()
            .catch(() => 0)
        )
          return frame;
      }
      await this.page.waitForTimeout(250);
    }
    const shown = await Promise.all(
      this.page.frames().map((frame) =>
        frame
          .locator(selector)
          .allTextContents()
          .catch(() => []),
      ),
    );
    const seen = shown.flat().map((text) => JSON.stringify(text.trim()));
    throw new Error(
      `no webview shows ${selector}${hasText === undefined ? '' : ` with ${String(hasText)}`}; ${selector} shown: ${seen.join(', ') || 'none'}`,
    );
  }

  /**
   * Clicks a link of a webview until the page it leads to shows. A click that lands while VS Code
   * swaps the webview's frame (its page redrawn) does nothing, so it is clicked again: the links
   * this follows name their page, so a second click that did land leads to the same page.
   */
  async followLink(frame: Frame, link: string, selector: string, hasText: string | RegExp): Promise<Frame> {
    for (let tries = 1; ; tries++) {
      // A click on a frame already swapped out fails; what the page shows afterwards is what counts.
      await frame
        .locator('a', { hasText: link })
        .click({ timeout: 10_000 })
        .catch(() => undefined);
      try {
        return await this.webviewFrame(selector, hasText, 10_000);
      } catch (error) {
        if (tries >= 3) throw error;
      }
    }
  }
}

/** Waits until probe answers something other than undefined. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
