/**
 * The browser print engine: a headless Chromium-based browser (the one on the machine, found by
 * find.ts), driven through playwright-core, prints HTML to PDF as the browser's own print does.
 * One browser is kept between prints, with a pool of pages, so that a proof costs a print and not
 * a start; it closes itself after a while idle, and a browser that dies is started again at the
 * next print.
 *
 * A document is loaded from an address of its own that goes nowhere (`https://letter.invalid/`):
 * its page comes from memory, its relative pictures and style sheets from the folder it was
 * written in (`base`) and nowhere outside it, and every other request is refused, so a letter
 * reaches no network and no other file. Scripts do not run: what is printed is what the HTML
 * says. What it asked for and did not get is said (`missing`).
 */
import { readFile, realpath } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { assetPath } from '../assets';
import { engineEnvironment } from './environment';

/** An HTML document to print, and the folder its relative addresses are read from (none: it loads nothing but itself). */
export interface HtmlDocument {
  readonly html: string;
  readonly base?: string;
  /** The paper, in points, edge to edge (a postcard's side); none: Letter within the printable area's margins. */
  readonly paper?: Paper;
}

/** A sheet of paper in points, printed to its edges. */
export interface Paper {
  readonly width: number;
  readonly height: number;
}

export interface BrowserPrint {
  readonly pdf: Uint8Array;
  /** The addresses it asked for and did not get (a picture not beside it, a file outside its folder, the network). */
  readonly missing: readonly string[];
}

/** Page margins where a document does not set its own: the service's printable area (0.5 in, 0.6 in on the right). */
export const DEFAULT_MARGINS = { top: '0.5in', right: '0.6in', bottom: '0.5in', left: '0.5in' } as const;

const ORIGIN = 'https://letter.invalid';
/**
 * Pages printed of a document at most: past 7 sheets a letter fails (-1065) whatever follows, so
 * a document of thousands of pages is printed only this far, which is enough to say so.
 */
export const MAX_DRAWN_PAGES = 61;
/** A browser left idle this long is closed; the next print starts it again. */
const IDLE_MS = 60_000;
/** The switches a headless browser needs here: no sandbox as root, and nothing fetched behind its back. */
export const SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--disable-dev-shm-usage',
];

type Playwright = typeof import('playwright-core');

let playwright: Playwright | undefined;
/** playwright-core as shipped beside the bundles (esbuild.mjs copies it: it cannot be bundled), else the installed package. */
function driver(): Playwright {
  const resolveFile: (request: string) => string = require;
  return (playwright ??= resolveFile(assetPath('playwright-core/index.js', 'playwright-core')) as unknown as Playwright);
}

/** A document being printed, and what it asked for and did not get. */
interface Job {
  readonly html: string;
  readonly base: string | undefined;
  readonly missing: string[];
}

/** Whether `path` is `folder` itself or inside it, once links are followed. */
async function inside(folder: string, path: string): Promise<string | undefined> {
  try {
    const [root, real] = await Promise.all([realpath(folder), realpath(path)]);
    const rel = relative(root, real);
    return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel) && !rel.startsWith(`..${sep}`)) ? real : undefined;
  } catch {
    return undefined;
  }
}

export class ChromiumEngine {
  private started: Promise<{ browser: Browser; documents: BrowserContext }> | undefined;
  private readonly idle: Page[] = [];
  /** Takers waiting for a page, each already counted busy. */
  private readonly waiting: { give: (page: Page) => void; fail: (error: unknown) => void }[] = [];
  private pages = 0;
  private busy = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  /** The document each page of the pool is printing, by its page: its requests are served from it. */
  private readonly jobs = new Map<Page, Job>();
  /** Mailroom's own page with scripts on (withScriptPage), kept with what it loaded; and the use before the next one's. */
  private scriptPage: Promise<Page> | undefined;
  private scriptQueue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly path: string,
    private readonly poolSize = Math.max(1, Math.min(4, availableParallelism())),
  ) {}

  /** The browser's name and version as it says them ("Chromium 156.0.8078.108"), starting it if need be. */
  async version(): Promise<string> {
    const { browser } = await this.start();
    return `${/edge/i.test(this.path) ? 'Microsoft Edge' : /chrome\b|chrome\.exe/i.test(this.path) ? 'Chrome' : 'Chromium'} ${browser.version()}`;
  }

  /** The document printed to PDF, on Letter unless its CSS `@page` says otherwise. */
  async print(document: HtmlDocument): Promise<BrowserPrint> {
    const job: Job = { html: document.html, base: document.base, missing: [] };
    return this.withPage(async (page) => {
      // One address for every document, so that nothing of the printing (a document without a
      // title is titled by its address) differs from one print of it to the next.
      this.jobs.set(page, job);
      try {
        await page.goto(`${ORIGIN}/`, { waitUntil: 'load' });
        const paper = document.paper;
        const pdf = await page.pdf({
          ...(paper ? { width: `${paper.width / 72}in`, height: `${paper.height / 72}in` } : { format: 'Letter' }),
          preferCSSPageSize: true,
          printBackground: true,
          margin: paper ? {} : DEFAULT_MARGINS,
          pageRanges: `1-${MAX_DRAWN_PAGES}`,
        });
        return { pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength), missing: job.missing };
      } finally {
        this.jobs.delete(page);
      }
    });
  }

  /** Runs `use` on a page of the pool, waiting for one when all are busy. */
  async withPage<T>(use: (page: Page) => Promise<T>): Promise<T> {
    const page = await this.takePage();
    let healthy = true;
    try {
      return await use(page);
    } catch (error) {
      healthy = false;
      throw error;
    } finally {
      this.givePage(page, healthy);
    }
  }

  /**
   * Runs `use` on a page of its own with scripts on, for Mailroom's own code (ink.ts's pdf.js) and
   * never a letter: in a context apart from the documents', made once by `prepare` (its routes, its
   * address) and kept with what it loaded, so that the next use finds it warm. One use at a time.
   */
  async withScriptPage<T>(prepare: (page: Page) => Promise<void>, use: (page: Page) => Promise<T>): Promise<T> {
    const turn = this.scriptQueue.then(async () => {
      clearTimeout(this.idleTimer);
      this.busy++;
      try {
        const page = await (this.scriptPage ??= this.newScriptPage(prepare));
        return await use(page).catch((error: unknown) => {
          // A page that failed may be in any state: the next use makes another.
          this.scriptPage = undefined;
          void page
            .context()
            .close()
            .catch(() => undefined);
          throw error;
        });
      } finally {
        this.givePage(undefined, true);
      }
    });
    this.scriptQueue = turn.catch(() => undefined);
    return turn;
  }

  private async newScriptPage(prepare: (page: Page) => Promise<void>): Promise<Page> {
    try {
      const { browser } = await this.start();
      const context = await browser.newContext({ javaScriptEnabled: true });
      const page = await context.newPage();
      await prepare(page);
      return page;
    } catch (error) {
      this.scriptPage = undefined;
      throw error;
    }
  }

  /** Closes the browser; the next print starts it again. */
  async close(): Promise<void> {
    const started = this.started;
    this.started = undefined;
    this.idle.length = 0;
    this.pages = 0;
    this.scriptPage = undefined;
    clearTimeout(this.idleTimer);
    if (started) await (await started.catch(() => undefined))?.browser.close().catch(() => undefined);
  }

  private start(): Promise<{ browser: Browser; documents: BrowserContext }> {
    return (this.started ??= (async () => {
      const browser = await driver().chromium.launch({
        executablePath: this.path,
        args: [...SWITCHES],
        handleSIGINT: false,
        env: engineEnvironment(),
      });
      browser.on('disconnected', () => {
        if (this.started && this.idle.length + this.busy > 0) void this.close();
        this.started = undefined;
        this.scriptPage = undefined;
      });
      const documents = await browser.newContext({ javaScriptEnabled: false, offline: false });
      await documents.route('**/*', (route) => this.serve(route));
      return { browser, documents };
    })().catch((error: unknown) => {
      this.started = undefined;
      throw error;
    }));
  }

  /** A document's own page from memory, its relative files from its folder, nothing else. */
  private async serve(route: Route): Promise<void> {
    const request = route.request();
    const url = new URL(request.url());
    const job = this.jobs.get(request.frame().page());
    if (!job) {
      await route.abort('blockedbyclient');
      return;
    }
    if (url.origin !== ORIGIN) {
      job.missing.push(request.url());
      await route.abort('blockedbyclient');
      return;
    }
    const rest = url.pathname.split('/').slice(1);
    if (request.isNavigationRequest() && rest.length === 1 && rest[0] === '') {
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: job.html });
      return;
    }
    const file = job.base ? await inside(job.base, resolve(job.base, ...rest.map(decodeURIComponent))) : undefined;
    const body = file ? await readFile(file).catch(() => undefined) : undefined;
    if (body) {
      await route.fulfill({ status: 200, body });
      return;
    }
    job.missing.push(decodeURIComponent(rest.join('/')));
    await route.fulfill({ status: 404, body: '' });
  }

  /** A page of the pool, counted busy until it is given back; not counted when none could be had. */
  private async takePage(): Promise<Page> {
    clearTimeout(this.idleTimer);
    this.busy++;
    try {
      const { documents } = await this.start();
      const idle = this.idle.pop();
      if (idle) return idle;
      if (this.pages < this.poolSize) {
        this.pages++;
        return await documents.newPage().catch((error: unknown) => {
          this.pages--;
          throw error;
        });
      }
      return await new Promise<Page>((give, fail) => this.waiting.push({ give, fail }));
    } catch (error) {
      this.busy--;
      throw error;
    }
  }

  /**
   * A page given back (none: the script page's use ended), to the next waiting or the pool; the
   * idle timer set when nothing is busy. A waiter was counted busy when it began to wait.
   */
  private givePage(page: Page | undefined, healthy: boolean): void {
    this.busy--;
    const next = page && this.waiting.shift();
    if (!page) {
      // The script page is kept apart from the pool.
    } else if (!healthy) {
      // A page that failed mid-print may be in any state: a new one takes its place.
      this.pages--;
      void page.close().catch(() => undefined);
      if (next) this.freshPageFor(next);
    } else if (next) {
      next.give(page);
    } else {
      this.idle.push(page);
    }
    if (this.busy === 0) {
      this.idleTimer = setTimeout(() => void this.close(), IDLE_MS);
      this.idleTimer.unref();
    }
  }

  /** A new page for a waiter, in place of one that failed; the waiter is told when none can be made. */
  private freshPageFor(waiter: { give: (page: Page) => void; fail: (error: unknown) => void }): void {
    this.pages++;
    this.start()
      .then(({ documents }) => documents.newPage())
      .then(waiter.give, (error: unknown) => {
        this.pages--;
        waiter.fail(error);
      });
  }
}
