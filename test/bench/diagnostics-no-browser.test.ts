/**
 * The live diagnostics never start a browser nor a word processor (issue 30, part 6): they run as a
 * person types, and a print engine's start costs a second or more. The printing thread is asked as
 * src/extension/live-diagnostics.ts asks it (a merge CSV with its HTML or .docx template, a Markdown
 * letter's front matter), with MAILROOM_BROWSER and MAILROOM_OFFICE naming a program that only
 * writes down that it was started; it must not have been. Then a proof on the same thread starts
 * it, which shows the recorder would have told. Needs `npm run build` (npm test builds).
 */
import * as assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PrintingThread } from '../../src/printing/thread';
import { sampleDocx } from '../helpers/documents';

const root = resolve(__dirname, '..', '..');

const CSV = [
  'AttentionLine1,Address1,City,State,PostalCode,FirstName,Amount',
  ...Array.from({ length: 200 }, (_, i) => `Person ${i},${i + 1} Main St,Springfield,IL,${i % 50 === 0 ? '6270' : '62701'},Person,${i}.00`),
].join('\n');

const LETTER = `---\ntitle: Your order\nto: Jane Doe, Acme Corp, 1 Main St, Suite 200, Springfield, IL 62701\n---\n# Dear Jane\n\nThank you for your order.\n`;

describe('the live diagnostics', function () {
  this.timeout(60_000);
  let dir: string;
  let log: string;
  let thread: PrintingThread;
  const saved = { browser: process.env.MAILROOM_BROWSER, office: process.env.MAILROOM_OFFICE };

  before(() => {
    assert.ok(existsSync(join(root, 'dist', 'printing-worker.js')), 'this test needs the build: npm run build');
    dir = mkdtempSync(join(tmpdir(), 'mailroom-no-browser-'));
    log = join(dir, 'started.log');
    const recorder = join(dir, 'engine.sh');
    writeFileSync(recorder, `#!/bin/sh\necho "started: $*" >> '${log}'\nexit 1\n`);
    chmodSync(recorder, 0o755);
    // The thread's environment is a copy of this one taken when it starts (its first request).
    process.env.MAILROOM_BROWSER = recorder;
    process.env.MAILROOM_OFFICE = recorder;
    thread = new PrintingThread(join(root, 'dist', 'printing-worker.js'));
  });

  after(async () => {
    await thread.close();
    for (const [name, value] of [
      ['MAILROOM_BROWSER', saved.browser],
      ['MAILROOM_OFFICE', saved.office],
    ] as const)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    rmSync(dir, { recursive: true, force: true });
  });

  it('of a merge CSV and a letter’s front matter start no browser and no word processor', async () => {
    const html = { type: 'html', data: new TextEncoder().encode('<p>Dear {{FirstName}}, you owe <b>{{Amount}}</b>.</p>') };
    const docx = { type: 'docx', data: new Uint8Array(sampleDocx(['Dear {{FirstName}},', 'you owe {{Amount}}.'])) };
    const csvFindings = await thread.mergeDataDiagnostics({ text: CSV, template: html });
    assert.ok(csvFindings.length > 0, 'the CSV was checked (its ZIP codes not of the form are findings)');
    await thread.mergeDataDiagnostics({ text: CSV, template: docx });
    await thread.mergeDataDiagnostics({ text: CSV });
    await thread.frontMatterDiagnostics(LETTER);
    assert.equal(existsSync(log) ? readFileSync(log, 'utf8') : '', '', 'the live diagnostics started an engine');
  });

  it('while a proof on the same thread starts the browser, as the recorder tells', async () => {
    const report = await thread.preflightLetter(
      { type: 'html', data: new TextEncoder().encode('<p>Dear Jane</p>') },
      { workMode: 'Development' },
    );
    assert.ok(report.drawnBy?.approximation, 'the recorder is no browser: the proof says it is an approximation');
    assert.match(existsSync(log) ? readFileSync(log, 'utf8') : '', /started/);
  });
});
