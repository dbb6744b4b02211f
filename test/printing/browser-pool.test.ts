/**
 * The browser's pool of pages (engines/chromium.ts) under failure: a print that fails while
 * another waits for its page hands the waiter a fresh page, and the pool's counts stay true, so
 * that the next prints are served and none waits forever.
 */
import { strict as assert } from 'node:assert';
import { ChromiumEngine } from '../../src/printing/engines/chromium';
import { findEngine } from '../../src/printing/engines';

describe('The browser pool', function () {
  this.timeout(60_000);
  const found = findEngine('browser');
  let engine: ChromiumEngine;
  before(function () {
    if (!('path' in found)) this.skip();
    engine = new ChromiumEngine(found.path, 1);
  });
  after(() => engine?.close());

  it('gives a waiter a fresh page when the page it waited for failed, and serves every print after', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const failing = engine.withPage(async () => {
      await held;
      throw new Error('the print failed');
    });
    // The pool's one page is busy: this one waits for it.
    const waiting = engine.withPage(async (page) => page.isClosed());
    release();
    await assert.rejects(failing, /the print failed/);
    assert.equal(await waiting, false, 'the waiter got an open page, not the failed one');
    const prints = await Promise.all(
      [1, 2, 3].map((n) => engine.print({ html: `<p>Letter ${n}</p>` }).then((p) => Buffer.from(p.pdf).subarray(0, 5).toString())),
    );
    assert.deepEqual(prints, ['%PDF-', '%PDF-', '%PDF-']);
  });
});
