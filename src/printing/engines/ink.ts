/**
 * Where a PDF's pages put ink, found on their pixels as GOV.UK Notify checks a letter before
 * printing it: what the printer would cut or hide is what is drawn there, whatever drew it (text,
 * a picture, a rule, a form field), which no reading of the PDF's contents says as surely.
 *
 * The pages are drawn by pdf.js in the kept headless browser (chromium.ts), on a page of its own
 * with scripts on (ink-page.ts): the extension ships no native canvas, and the browser is already
 * there for the engines. That page keeps pdf.js loaded between calls; it is served from memory and
 * Mailroom's own files only, and reaches nothing else.
 */
import { readFile } from 'node:fs/promises';
import type { Page, Route } from 'playwright-core';
import type { Box } from '../envelope';
import { assetPath } from '../assets';
import type { ChromiumEngine } from './chromium';
import { INK_ORIGIN, INK_PAGE_HTML } from './ink-page';

/** A page's size as it is shown (turned as its /Rotate says), in points. */
export interface PageShown {
  readonly width: number;
  readonly height: number;
}

/** A region of a page to look for ink in, in points from the page's top-left as shown. */
export interface InkRegion extends Box {
  /** Ink inside these does not count. */
  readonly except?: readonly Box[];
  /** Only the ink that is not text counts: the page's pictures, rules and shapes. */
  readonly textless?: boolean;
}

/** What ink.ts found on a page: for each region asked about, in the order asked, the box of its ink, or none. */
export interface PageInk {
  /** 1-based, as the PDF numbers its pages. */
  readonly page: number;
  readonly shown: PageShown;
  readonly ink: readonly (Box | undefined)[];
}

/**
 * Pixels a point: a page of Letter is drawn 612 × 792. Enough that a line of 8 pt type is a few
 * pixels high, and a 1/4 pt rule still darkens the pixels it crosses past the ink level.
 */
export const INK_SCALE = 1;
/** A channel below this, over white, is ink; above it, the pale fringe anti-aliasing leaves round shapes, or paper. */
export const INK_LEVEL = 235;

/** Mailroom's own files the page loads, by the path it asks for: pdf.js, its worker, its standard fonts. */
function served(path: string): string | undefined {
  const file = /^\/pdfjs\/(pdf\.min\.mjs|pdf\.worker\.min\.mjs|standard_fonts\/[\w.-]+)$/.exec(path)?.[1];
  return file && assetPath(`media/pdfjs/${file}`, file.startsWith('standard_fonts/') ? `pdfjs-dist/${file}` : `pdfjs-dist/build/${file}`);
}

/** The PDF being looked at, served to the page from memory. */
let current: { readonly id: string; readonly data: Uint8Array } | undefined;
let nextId = 1;

async function serve(route: Route): Promise<void> {
  const url = new URL(route.request().url());
  if (url.origin !== INK_ORIGIN) return route.abort('blockedbyclient');
  if (url.pathname === '/') return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: INK_PAGE_HTML });
  if (current && url.pathname === `/pdf/${current.id}`) {
    return route.fulfill({ status: 200, contentType: 'application/pdf', body: Buffer.from(current.data) });
  }
  const file = served(url.pathname);
  const body = file ? await readFile(file).catch(() => undefined) : undefined;
  if (!body) return route.fulfill({ status: 404, body: '' });
  return route.fulfill({ status: 200, contentType: file!.endsWith('.mjs') ? 'text/javascript' : 'application/octet-stream', body });
}

async function prepare(page: Page): Promise<void> {
  await page.route('**/*', serve);
  await page.goto(`${INK_ORIGIN}/`, { waitUntil: 'load' });
  await page.waitForFunction(() => (globalThis as { inkReady?: boolean }).inkReady === true);
}

/**
 * The ink of each page of `pdf` inside the regions `regionsOf` gives for it (from its number and
 * its size as shown; none: the page is not drawn). Pages of any size and turn: regions are on the
 * page as it is shown. One PDF at a time goes through the browser's ink page.
 *
 * `drawing` is called once the browser has the PDF and draws its pages, which needs nothing more
 * of this thread until they are done: a caller's own work then runs beside the drawing, not before
 * it (the ink page's requests are answered on this thread, so work begun earlier would hold them).
 */
export async function findInk(
  browser: ChromiumEngine,
  pdf: Uint8Array,
  regionsOf: (page: number, shown: PageShown) => readonly InkRegion[],
  drawing?: () => void,
): Promise<PageInk[]> {
  return browser.withScriptPage(prepare, async (page) => {
    const id = String(nextId++);
    current = { id, data: pdf };
    try {
      const sizes = await page.evaluate(
        (url) => (globalThis as unknown as { inkOpen(url: string): Promise<[number, number][]> }).inkOpen(url),
        `/pdf/${id}`,
      );
      const shown = sizes.map(([width, height]) => ({ width, height }));
      const regions = shown.map((size, i) => regionsOf(i + 1, size).map(plain));
      const finding = page.evaluate(
        ([asked, scale, level]) =>
          (
            globalThis as unknown as {
              inkFind(regions: readonly (readonly InkRegion[])[], scale: number, level: number): Promise<(Box | null)[][]>;
            }
          ).inkFind(asked, scale, level),
        [regions, INK_SCALE, INK_LEVEL] as const,
      );
      // Once the call has left for the browser (a turn of the event loop), this thread is free.
      if (drawing) setImmediate(drawing);
      const found = await finding;
      return shown.map((size, i) => ({ page: i + 1, shown: size, ink: (found[i] ?? []).map((box) => box ?? undefined) }));
    } finally {
      current = undefined;
      await page.evaluate(() => (globalThis as unknown as { inkClose(): Promise<void> }).inkClose()).catch(() => undefined);
    }
  });
}

/** A region as plain data for the page (no frozen constants' prototypes, nothing but numbers). */
function plain(region: InkRegion): InkRegion {
  const { left, top, width, height } = region;
  return {
    left,
    top,
    width,
    height,
    ...(region.textless ? { textless: true } : {}),
    ...(region.except ? { except: region.except.map(({ left, top, width, height }) => ({ left, top, width, height })) } : {}),
  };
}
