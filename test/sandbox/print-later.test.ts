/**
 * Printing on first need: a send keeps its mailer's print job (kept-content.ts) and answers its
 * sheets and price at once; GetPDF prints the job, dated the mailer's submission, into the very
 * bytes the printing layer makes for the same letter, every time and after a restart. The job
 * goes as a PDF would (a cancel, a failure, Security_KeepContentOnServer=False), and a job too
 * large to keep is printed at send into a blob, as before.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postalAddressOf, printLetters } from '../../src/printing';
import { MAX_KEPT_JOB } from '../../src/sandbox/operations/kept-content';
import { JANE_DOE, pageCount, samplePng } from '../helpers/documents';
import { httpCaller, soapCaller, startTestSandbox, type Call, type TestSandbox } from '../helpers/sandbox';
import { blobsOnDisk, journalRecords, storedState } from '../helpers/stored-state';
import { withTextLayout } from '../helpers/engines';

const demo = { Username: 'demo', Password: 'demo' };
type Pdf = { ResultCode: number; FileData?: Buffer };
type Details = { Details: { ID: number; Status: number; NumOfSheets: number; Price: number }[] };

/**
 * Two pages after the address page: the heading and 29 one-line paragraphs (11 pt, 21.45 pt each
 * with the space after it, test/printing/measure.test.ts says why), then the other 21.
 */
const TWO_PAGES = Buffer.from(`<h1>Statement</h1>${'<p>A line of the statement that goes on for a while.</p>'.repeat(50)}`);

describe('sandbox printing on first need', function () {
  this.timeout(60_000);
  // The keeping of a print job, with letters small enough to keep: drawn by the text layout, since
  // an engine's PDF of the same HTML is larger than a job kept in the journal (kept-content.ts).
  withTextLayout();
  let dataDir: string;
  let sandbox: TestSandbox;
  let call: Call;
  const start = async (now?: () => number) => {
    sandbox = await startTestSandbox({ dataDir, ...(now ? { now } : {}) });
    call = httpCaller(sandbox.url, 'http-post');
  };
  const restart = async () => {
    const { now } = sandbox;
    await sandbox.close();
    await start(now);
  };
  const pdfOf = async (id: number) => {
    const pdf = (await call('simple', 'GetPDF', { ...demo, ID: id })) as Pdf;
    assert.equal(pdf.ResultCode, -3000, `the PDF of ${id}`);
    return pdf.FileData!;
  };
  const letter = (data: Buffer, extra: Record<string, unknown> = {}) =>
    call('simple', 'SendLetterAndAddressV2', {
      ...demo,
      MyDescription: 'later',
      FileExtension: 'html',
      FileBinaryData: data,
      WorkMode: 'Development',
      ...JANE_DOE,
      ...extra,
    }) as Promise<number>;
  const jobOf = (id: number) => {
    const records = journalRecords(dataDir).filter((r) => r.t === 'mailer' && r.mailer.id === id);
    return records.map((r) => (r.t === 'mailer' ? { job: r.mailer.job !== undefined, pdf: r.mailer.pdf !== undefined } : undefined));
  };

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mailroom-later-'));
    await start();
  });
  afterEach(async () => {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the sheets and price at once, writes nothing but the journal, and later prints what the printing layer prints', async () => {
    const submitted = sandbox.now();
    const id = await letter(TWO_PAGES);
    assert.deepEqual(blobsOnDisk(dataDir), [], 'no PDF was written for the send');
    assert.deepEqual(jobOf(id), [{ job: true, pdf: false }], 'the journal holds its print job');

    const expected = await printLetters(
      [
        {
          contents: [{ kind: 'file', type: 'html', data: TWO_PAGES }],
          address: postalAddressOf(JANE_DOE),
          workMode: 'Development',
          duplex: false,
        },
      ],
      { printedAt: new Date(submitted) },
    );
    assert.deepEqual(expected.letters, [{ pages: 3, sheets: 3, failures: [] }], 'the address page and two of text');
    const details = ((await call('datedA', 'GetDetails', { ...demo, ID: String(id) })) as Details).Details[0]!;
    // The sandbox's price list (src/printing/pricing.ts): $0.55 a letter and $0.12 a sheet.
    assert.deepEqual([details.NumOfSheets, details.Price], [3, 0.91], 'answered at the send: 3 sheets, $0.55 + 3 × $0.12');

    sandbox.advance(60_000);
    const printed = await pdfOf(id);
    assert.deepEqual(printed, Buffer.from(expected.pdf), "the printing layer's bytes, dated the submission");
    assert.equal(await pageCount(printed), details.NumOfSheets);
    assert.deepEqual(await pdfOf(id), printed, 'the same PDF when asked again');
    await restart();
    assert.deepEqual(await pdfOf(id), printed, 'and after a restart');
    assert.deepEqual(blobsOnDisk(dataDir), [], 'printing it kept nothing on disk');
  });

  it('keeps a postcard as a job too, printed on its two sides when asked', async () => {
    const id = (await soapCaller(sandbox.url, 'soap11')('simple', 'SendPostcardAndAddress', {
      ...demo,
      MyDescription: 'card',
      ImageSideFileType: 'png',
      ImageSideBinaryData: samplePng(),
      ImageSideScaling: 'FitToPage',
      AddressSideFileType: 'html',
      AddressSideBinaryData: Buffer.from('<p>Wish you were here</p>'),
      WorkMode: 'Development',
      PrintColor: 'FullColor',
      PostcardSize: 'Postcard_4_25X6',
      MailingPriority: 'FirstClass',
      ...JANE_DOE,
    })) as number;
    assert.ok(id > 0, `sent: ${id}`);
    assert.deepEqual(jobOf(id), [{ job: true, pdf: false }]);
    sandbox.advance(60_000);
    const printed = await pdfOf(id);
    assert.equal(await pageCount(printed), 2);
    await restart();
    assert.deepEqual(await pdfOf(id), printed);
  });

  it('drops the job as it would the PDF: cancelled, failing, or no longer kept once final', async () => {
    const cancelled = await letter(TWO_PAGES);
    assert.equal(await call('datedA', 'CancelDelivery', { ...demo, ID: cancelled }), -3000);
    // Not mailable (-1018: a ZIP that is not one): no status ever serves its PDF, so nothing is kept.
    const failing = await letter(TWO_PAGES, { PostalCode: 'ABCDE' });
    assert.deepEqual(jobOf(failing), [{ job: false, pdf: false }]);
    const settings = [['Security_KeepContentOnServer', 'False']];
    assert.equal(
      await soapCaller(sandbox.url, 'soap11')('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'demo', Settings: settings }),
      -3000,
    );
    const unkept = await letter(TWO_PAGES);
    const kept = await call('simple', 'SendLetterV2', {
      ...demo,
      MyDescription: 'clerk keeps content',
      FileExtension: 'html',
      FileBinaryData: TWO_PAGES,
      WorkMode: 'Development',
      Username: 'clerk',
      Password: 'clerk',
    });
    sandbox.advance(4000); // printed, not final
    await pdfOf(unkept);
    sandbox.advance(60_000); // final
    assert.deepEqual(await call('simple', 'GetPDF', { ...demo, ID: unkept }), { ResultCode: -3020 });
    assert.deepEqual(await call('simple', 'GetPDF', { ...demo, ID: cancelled }), { ResultCode: -3020 });
    await sandbox.close();
    const state = await storedState(dataDir); // a restart: the compaction leaves the state as it is
    const jobs = state.mailers.filter((m) => m.job !== undefined).map((m) => m.id);
    assert.deepEqual(jobs, [kept], 'only the job whose PDF can still be asked for');
    await start(sandbox.now);
  });

  it('prints a letter whose job is too large to keep at send, into a blob, as before', async () => {
    const large = Buffer.from(`<p>${'Hello '.repeat(MAX_KEPT_JOB / 6)}</p>`);
    const id = await letter(large);
    const blobs = blobsOnDisk(dataDir);
    assert.equal(blobs.length, 1, 'its PDF');
    assert.deepEqual(jobOf(id), [{ job: false, pdf: true }]);
    sandbox.advance(60_000);
    assert.deepEqual(await pdfOf(id), readFileSync(join(dataDir, 'blobs', blobs[0]!)));
  });
});
