/**
 * The preflight on a thread of its own (src/printing/thread.ts), as the extension starts it: the
 * built dist/printing-worker.js. Its reports are the in-process preflight's, its PDF arrives
 * whole, the thread that asked keeps turning while it prints, and close() ends it (what it was
 * doing fails; a later request starts a new thread). Needs `npm run build`.
 *
 * Beside "the same as in-process", each answer is checked against figures worked out by hand, so
 * that a mistake both share is caught: `Paragraph N of the statement.` is one line, 30 to a page
 * (test/printing/measure.test.ts says why); each letter has its address page; one sheet a page;
 * the price is the sandbox's list (src/printing/pricing.ts): $0.55 a letter and $0.12 a sheet.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { frontMatterDiagnostics, mergeDataDiagnostics, preflightLetter, preflightMerge } from '../../src/printing';
import { PrintingThread } from '../../src/printing/thread';
import { projectRoot } from '../helpers/tools';
import { NO_ENGINES, withTextLayout } from '../helpers/engines';

const worker = join(projectRoot, 'dist', 'printing-worker.js');
const sample = join(projectRoot, 'test', 'sample');
const address = { AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '6270' };
const letter = (paragraphs: number) => ({
  type: 'html',
  data: Buffer.from(
    `<html><body>${Array.from({ length: paragraphs }, (_, i) => `<p>Paragraph ${i + 1} of the statement.</p>`).join('')}</body></html>`,
  ),
  address,
});
const settings = { workMode: 'Development' } as const;
const withoutPdf = <T extends { pdf?: Uint8Array }>({ pdf: _, ...rest }: T) => rest;

describe('the preflight on its own thread', function () {
  this.timeout(60_000);
  let thread: PrintingThread;
  // The thread and the figures worked out by hand, with the text layout on both sides (the
  // engines' drawing is tested against the engines themselves: test/printing/render-*.test.ts).
  withTextLayout();
  beforeEach(async () => {
    thread = new PrintingThread(worker);
    await thread.useEngines(NO_ENGINES);
  });
  afterEach(() => thread.close());

  it("answers a letter's preflight as the in-process one does, the PDF whole", async () => {
    const request = letter(3);
    const [there, here] = await Promise.all([thread.preflightLetter(request, settings), preflightLetter(request, settings)]);
    assert.deepEqual(withoutPdf(there), withoutPdf(here));
    // The address page and one of text: 2 sheets, $0.55 + 2 × $0.12; a ZIP code of four digits.
    assert.deepEqual(
      // The coded ones: the text layout also says, without a code, that it is an approximation.
      [there.ok, there.pages, there.sheets, there.price, there.findings.flatMap((f) => (f.code === undefined ? [] : [[f.code, f.field]]))],
      [false, 2, 2, 0.79, [[-1018, 'PostalCode']]],
      'ok, pages, sheets, price and findings, as worked out by hand',
    );
    assert.ok(there.pdf instanceof Uint8Array && there.pdf.length > 1000);
    assert.equal(Buffer.from(there.pdf.subarray(0, 5)).toString('latin1'), '%PDF-');
  });

  it("answers a merge's preflight as the in-process one does, several at once each to its own request", async () => {
    const merge = {
      type: 'html',
      template: readFileSync(join(sample, 'invite.html')),
      csv: readFileSync(join(sample, 'people.csv'), 'utf8'),
    };
    const [a, b, c] = await Promise.all([
      thread.preflightMerge(merge, settings),
      thread.preflightLetter(letter(1), settings),
      thread.preflightLetter(letter(200), settings),
    ]);
    assert.deepEqual(withoutPdf(a), withoutPdf(await preflightMerge(merge, settings)));
    // Three rows, each the address page and the invitation's one: 2 sheets, $0.79.
    assert.deepEqual(
      a.letters.map((l) => [l.row, l.pages, l.sheets, l.price]),
      [
        [1, 2, 2, 0.79],
        [2, 2, 2, 0.79],
        [3, 2, 2, 0.79],
      ],
      "each row's pages, sheets and price, as worked out by hand",
    );
    assert.deepEqual([a.ok, a.pages, a.sheets, a.price], [true, 6, 6, 2.37], "the merge's, all three rows'");
    assert.deepEqual([b.pages, b.sheets, b.price], [2, 2, 0.79], 'one paragraph: the address page and one of text');
    // 200 paragraphs: 7 pages of text (30 a page) and the address page, 8 sheets, one more than an envelope holds.
    assert.deepEqual([c.pages, c.sheets, c.price], [8, 8, 1.51], 'two hundred paragraphs');
    assert.deepEqual(
      // The coded ones: with no browser, a warning without a code says the pixels were not looked at.
      c.findings.flatMap((f) => (f.code === undefined ? [] : [f.code])),
      [-1018, -1065],
      'too many sheets (-1065)',
    );
  });

  it("checks a merge's CSV as the live diagnostics do, the same findings as in-process", async () => {
    const template = { type: 'html', data: readFileSync(join(sample, 'invite.html')) };
    const text = `${readFileSync(join(sample, 'people.csv'), 'utf8')}Sam Roe,,Shelbyville,IL,6256\n`;
    const there = await thread.mergeDataDiagnostics({ text, template });
    assert.deepEqual(there, mergeDataDiagnostics(text, template));
    // The row added: no street (its empty cell), and a ZIP code of four digits.
    assert.deepEqual(
      there.map((f) => [f.code, f.field, f.row, text.slice(f.span.start, f.span.end)]),
      [
        [-1045, 'Address1', 4, ''],
        [-1018, 'PostalCode', 4, '6256'],
      ],
      "the added row's findings, each on its cell",
    );
    assert.deepEqual(await thread.mergeDataDiagnostics({ text: 'Month,Total\nJanuary,3\n' }), [], 'no merge data, nothing');
  });

  it("checks a letter's front matter as the live diagnostics do, its address against the ZIP codes the printing bundle carries", async () => {
    const text = '---\nto: Jane Doe, 1 Main St, Chicago, IL 62701\n---\nHello\n';
    const there = await thread.frontMatterDiagnostics(text);
    assert.deepEqual(there, frontMatterDiagnostics(text));
    assert.deepEqual(
      there.map((f) => [f.code, f.severity, f.field, f.fixes.map((fix) => fix.kind === 'replace' && fix.value)]),
      [[-1018, 'warning', 'City', ['Springfield']]],
    );
  });

  it('keeps the asking thread turning while it prints a long letter', async () => {
    await thread.preflightLetter(letter(1), settings); // started and compiled first
    let turns = 0;
    const ticking = setInterval(() => turns++, 1);
    try {
      await thread.preflightLetter(letter(1500), settings);
    } finally {
      clearInterval(ticking);
    }
    // Counted, not timed: printed in this thread, no timer would fire until it was done.
    assert.ok(turns > 3, `the timer fired ${turns} times while the thread printed`);
  });

  it('fails what it was doing when closed, and starts afresh for the next request', async () => {
    // A merge that says how far it got: closed once the thread has told its first rows done, so that it is closed mid-work.
    const rows = Array.from({ length: 2000 }, (_, i) => `Person ${i + 1},${i + 1} Main St,Springfield,IL,62701`);
    const merge = {
      type: 'html',
      template: readFileSync(join(sample, 'invite.html')),
      csv: `AttentionLine1,Address1,City,State,PostalCode\n${rows.join('\n')}\n`,
    };
    let working!: () => void;
    const started = new Promise<void>((r) => (working = r));
    const pending = thread.preflightMerge(merge, settings, { progress: () => working() });
    await started;
    await thread.close();
    await assert.rejects(pending, /the printing thread ended/);
    const again = await thread.preflightLetter(letter(1), settings);
    assert.ok(again.pages >= 1);
    // Asked while the old thread is still ending: the new thread answers it; the old one's end is not its.
    const busy = thread.preflightLetter(letter(1500), settings);
    const closing = thread.close();
    const meanwhile = thread.preflightLetter(letter(1), settings);
    await assert.rejects(busy, /the printing thread ended/);
    await closing;
    assert.ok((await meanwhile).pages >= 1);
  });

  it("tells a merge's progress from the thread, and stops it there when asked (issue 24, part 1)", async () => {
    const rows = Array.from({ length: 700 }, (_, i) => `Person ${i + 1},${i + 1} Main St,Springfield,IL,62701`);
    const merge = {
      type: 'html',
      template: readFileSync(join(sample, 'invite.html')),
      csv: `AttentionLine1,Address1,City,State,PostalCode\n${rows.join('\n')}\n`,
    };
    const told: [number, number][] = [];
    const report = await thread.preflightMerge(merge, settings, { progress: (done, of) => told.push([done, of]) });
    assert.equal(report.rows, 700);
    assert.deepEqual(told, [
      [256, 700],
      [512, 700],
      [700, 700],
    ]);

    const stop = new AbortController();
    const stopped = thread.preflightMerge(merge, settings, { signal: stop.signal });
    // Sent at once after the request: the thread reads it when it next lets messages in, between two chunks of rows.
    stop.abort();
    await assert.rejects(stopped, /cancelled/);
    // The thread goes on answering.
    assert.equal((await thread.preflightLetter(letter(1), settings)).pages, 2);
  });
});
