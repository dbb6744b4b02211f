/**
 * The preflight on a thread of its own (src/printing/thread.ts), as the extension starts it: the
 * built dist/printing-worker.js. Its reports are the in-process preflight's, its PDF arrives
 * whole, the thread that asked keeps turning while it prints, and close() ends it (what it was
 * doing fails; a later request starts a new thread). Needs `npm run build`.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { frontMatterDiagnostics, mergeDataDiagnostics, preflightLetter, preflightMerge } from '../../src/printing';
import { PrintingThread } from '../../src/printing/thread';
import { projectRoot } from '../helpers/tools';

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
  beforeEach(() => (thread = new PrintingThread(worker)));
  afterEach(() => thread.close());

  it("answers a letter's preflight as the in-process one does, the PDF whole", async () => {
    const request = letter(3);
    const [there, here] = await Promise.all([thread.preflightLetter(request, settings), preflightLetter(request, settings)]);
    assert.deepEqual(withoutPdf(there), withoutPdf(here));
    assert.ok(there.findings.some((f) => f.code === -1018 && f.field === 'PostalCode'));
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
    assert.equal(a.letters.length, 3);
    assert.ok(c.pages > b.pages, `${c.pages} > ${b.pages}`);
  });

  it("checks a merge's CSV as the live diagnostics do, the same findings as in-process", async () => {
    const template = { type: 'html', data: readFileSync(join(sample, 'invite.html')) };
    const text = `${readFileSync(join(sample, 'people.csv'), 'utf8')}Sam Roe,,Shelbyville,IL,6256\n`;
    const there = await thread.mergeDataDiagnostics({ text, template });
    assert.deepEqual(there, mergeDataDiagnostics(text, template));
    assert.ok(there.some((f) => f.code === -1045));
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
    const pending = thread.preflightLetter(letter(1500), settings);
    await new Promise((r) => setTimeout(r, 50));
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
});
