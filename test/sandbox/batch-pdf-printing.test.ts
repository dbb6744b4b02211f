/**
 * A batch's PDF printed apart (operations/merge-printer.ts): the built sandbox (`mailroom sandbox`)
 * prints a merge's PDF on a thread of its own on first need, and a GetPDF that it cannot answer
 * within its wait (`--print-wait`, shortened here) answers -3020, "not available now: still
 * processing", while the print goes on; once printed, GetPDF answers the PDF. The print is held
 * at its hold point (printed, not yet in place) for as long as the test needs, so that the
 * answers while it is being printed are certain, and the command line's `pdf --wait` is seen
 * waiting for it, saying so, and saving it once it comes.
 */
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callControl } from '../../src/sandbox/control/client';
import { cliPath, suiteEnv } from '../helpers/cli';
import { gzipText, pageCount } from '../helpers/documents';
import { startHeldSandbox, type HeldSandbox } from '../helpers/held-sandbox';
import { httpCaller } from '../helpers/sandbox';

const demo = { Username: 'demo', Password: 'demo' };
const ROWS = 30;
const csv = ['AttentionLine1,Address1,City,State,PostalCode']
  .concat(Array.from({ length: ROWS }, (_, i) => `Guest ${i + 1},${i + 1} Main St,Springfield,IL,62701`))
  .join('\n');

type Pdf = { ResultCode: number; FileData?: Buffer };

describe('sandbox: a batch’s PDF printed apart', function () {
  this.timeout(120_000);
  let dir: string;
  let held: HeldSandbox | undefined;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'mailroom-batch-pdf-'))));
  afterEach(async () => {
    await held?.kill();
    held = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers -3020 while the PDF is being printed and the PDF once printed; mailroom pdf --wait waits, saying so', async () => {
    held = await startHeldSandbox(join(dir, 'data'), ['merge-printing'], ['--print-wait', '0.2']);
    const call = httpCaller(held.url, 'http-post');
    const sent = (await call('datedA', 'SendWordMailMerge_Compressed', {
      ...demo,
      MyDescription: `${ROWS}-row merge`,
      FileExtension: 'html',
      FileBinaryData: Buffer.from('<p>Dear {{AttentionLine1}},</p><p>See you there.</p>'),
      MergeData: gzipText(csv),
      WorkMode: 'Development',
    })) as { ResultCode: number };
    const id = sent.ResultCode;
    assert.ok(id > 0, `the merge is answered: ${id}`);
    await callControl(held.url, 'advance', { duration: '1d' }); // printed and Completed: its PDF may be asked for

    const first = (await call('simple', 'GetPDF', { ...demo, ID: id })) as Pdf;
    assert.equal(first.ResultCode, -3020, 'not available now: still processing');
    assert.equal(first.FileData, undefined);
    await held.reached('merge-printing');
    const again = (await call('simple', 'GetPDF', { ...demo, ID: id })) as Pdf;
    assert.equal(again.ResultCode, -3020, 'asked again while it is still being printed: -3020 again, not a second print');

    const output = join(dir, 'batch.pdf');
    const cli = spawn(process.execPath, [cliPath, 'pdf', String(id), '-o', output, '--wait'], {
      env: {
        PATH: process.env.PATH,
        ...suiteEnv(),
        XDG_CONFIG_HOME: join(dir, 'config'),
        MAILROOM_ENDPOINT: held.url,
        MAILROOM_USER: 'demo',
        MAILROOM_PASSWORD: 'demo',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    cli.stdout.on('data', (d) => (stdout += d));
    const waiting = new Promise<void>((resolve) =>
      cli.stderr.on('data', (d) => {
        stderr += d;
        if (stderr.includes(`Waiting for the PDF of ${id}: the service is still printing it`)) resolve();
      }),
    );
    const exited = new Promise<number | null>((resolve) => cli.on('close', resolve));
    await Promise.race([waiting, exited.then((code) => assert.fail(`mailroom pdf ended (${code}) before it said it waits: ${stderr}`))]);
    assert.doesNotMatch(stderr, /no longer keeps/, 'a PDF being printed is not said deleted');

    held.release();
    let pdf: Pdf;
    for (;;) {
      pdf = (await call('simple', 'GetPDF', { ...demo, ID: id })) as Pdf;
      if (pdf.ResultCode !== -3020) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(pdf.ResultCode, -3000, `the PDF, once printed: ${held.stderr()}`);
    assert.ok(pdf.FileData && (await pageCount(pdf.FileData)) >= ROWS * 2, 'every row’s letter, each with its address page');

    assert.equal(await exited, 0, `mailroom pdf --wait saves it: ${stderr}`);
    assert.match(stdout, new RegExp(`Saved the PDF of ${id} to `));
    assert.ok(readFileSync(output).equals(pdf.FileData), 'the PDF the service answered');
  });
});
