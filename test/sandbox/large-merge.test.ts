/**
 * Merges the sandbox takes without stopping (issue 24, part 2): a mail merge is measured at send
 * (each item's sheets, price and failure) a slice of rows at a time, letting other callers in
 * between, and printed when its PDF is first needed from its job, kept as a blob (its template and
 * MergeData as sent), into a blob of its own that a second GetPDF and a restart find printed, and
 * that is answered as it is read, the same bytes over every binding. Its PDF has the pages the
 * printing layer prints for the same rows, with the
 * pages its items said; a row without an address still fails at -1045; the batch survives a
 * restart and a SIGKILL once answered; a report of its thousands of items is streamed. How quickly other callers are answered is the benchmark's
 * to say (test/bench/merge-callers.ts); here, that they are, at a point where the merge is held
 * half measured.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mergeRows, mergeTemplate, printMerge } from '../../src/printing';
import type { MailerRecord } from '../../src/sandbox/store/records';
import { callControl } from '../../src/sandbox/control/client';
import { Store } from '../../src/sandbox/store/store';
import { STREAMED_ITEMS } from '../../src/sandbox/wire/streamed-xml';
import { gzipText, pageCount } from '../helpers/documents';
import { startHeldSandbox, type HeldSandbox } from '../helpers/held-sandbox';
import { callerFor, httpCaller, startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { pageTexts } from '../helpers/pdf-pages';
import { blobsOnDisk, journalRecords, namedBlobs, storedState } from '../helpers/stored-state';

const demo = { Username: 'demo', Password: 'demo' };
const TEMPLATE = Buffer.from('<p>Dear {{AttentionLine1}},</p><p>{{Note}}</p>');
const HEADER = ['AttentionLine1', 'Address1', 'City', 'State', 'PostalCode', 'Note'];
/**
 * About 78 lines as Chromium lays it out (its default 16 px serif, about 100 characters a line in
 * the printable width): more than the 52 a page holds, fewer than two pages'. A short note's letter
 * is its address page and one page (2 sheets, simplex); a long note's, the address page and two (3
 * sheets).
 */
const LONG_NOTE = 'A long note that goes on. '.repeat(300).trim();

interface Row {
  readonly cells: readonly string[];
  readonly sheets: number;
  readonly fails: boolean;
}

/** Every seventh row has a long note; every fiftieth from the 13th has no street, and fails at -1045. */
function rowsOf(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const long = i % 7 === 0;
    const fails = i % 50 === 13;
    return {
      cells: [`Guest ${i + 1}`, fails ? '' : `${i + 1} Main St`, 'Springfield', 'IL', '62701', long ? LONG_NOTE : 'See you there.'],
      sheets: long ? 3 : 2,
      fails,
    };
  });
}

const csvOf = (rows: readonly Row[]) =>
  [HEADER, ...rows.map((r) => r.cells)]
    .map((cells) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
    .join('\n');

const mergeRequest = (rows: readonly Row[]) => ({
  ...demo,
  MyDescription: `${rows.length}-row merge`,
  FileExtension: 'html',
  FileBinaryData: TEMPLATE,
  MergeData: gzipText(csvOf(rows)),
  WorkMode: 'Development',
});

type Details = { ResultCode: number; NumOfSheets: number; Items: { ItemID: number; Status: number; NumOfSheets: number; Price: number }[] };
type Pdf = { ResultCode: number; FileData?: Buffer };

/** The batch's PDF as a waiting client asks for it: again after each -3020 (the sandbox still prints it, past its wait). */
async function printedPdf(call: ReturnType<typeof httpCaller>, id: number): Promise<Pdf> {
  for (;;) {
    const pdf = (await call('datedA', 'GetPDF', { ...demo, ID: id })) as Pdf;
    if (pdf.ResultCode !== -3020) return pdf;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('sandbox: large mail merges', function () {
  this.timeout(180_000);
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'mailroom-merge-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  describe('in this process', () => {
    let sandbox: TestSandbox;
    afterEach(() => sandbox?.close());

    it('measures at send, keeps the job as a blob, and prints on first need the PDF the printing layer prints, with the pages its items said', async () => {
      sandbox = await startTestSandbox({ dataDir });
      const call = httpCaller(sandbox.url, 'http-post');
      const rows = rowsOf(300); // several of the measuring's documents
      const sent = (await call('datedA', 'SendWordMailMerge_Compressed', mergeRequest(rows))) as {
        ResultCode: number;
        ResultDescription: string;
      };
      assert.equal(sent.ResultDescription, '300 letters queued; 6 without a usable address will fail');
      const id = sent.ResultCode;

      const [record] = journalRecords(dataDir).filter((r) => r.t === 'mailer' && r.mailer.id === id);
      assert.ok(record?.t === 'mailer');
      assert.equal(record.mailer.job?.kind, 'merge', 'the journal names the merge’s job');
      assert.equal(record.mailer.pdf, undefined, 'no PDF was printed at send');
      const blob = record.mailer.job.kind === 'merge' ? record.mailer.job.blob : '';
      assert.deepEqual(blobsOnDisk(dataDir), [blob], 'the job’s blob is on disk, and nothing else');
      assert.equal(record.mailer.items, undefined, 'the journal holds the items as runs');
      assert.ok(record.mailer.itemRuns && record.mailer.itemRuns.length < rows.length, 'fewer runs than items');
      assert.ok(JSON.stringify(record).length < 32 * rows.length, 'the record holds no template nor rows');

      const details = (await call('datedA', 'GetBatchDetails', { ...demo, ID: id, ItemID: '' })) as Details;
      assert.deepEqual(
        details.Items.map((item) => item.NumOfSheets),
        rows.map((r) => r.sheets),
        'each item’s sheets, as worked out by hand',
      );

      sandbox.advance(5000); // printed: the items that cannot be mailed have failed
      const printed = (await call('datedA', 'GetBatchDetails', { ...demo, ID: id, ItemID: '' })) as Details;
      assert.deepEqual(
        printed.Items.filter((item) => item.Status === -1045).map((item) => item.ItemID),
        rows.flatMap((r, i) => (r.fails ? [i + 1] : [])),
        'the rows without a street fail at -1045',
      );
      const pdf = await printedPdf(call, id);
      assert.equal(pdf.ResultCode, -3000);
      assert.equal(
        await pageCount(pdf.FileData!),
        rows.reduce((sum, r) => sum + r.sheets, 0),
        'the PDF holds the items’ pages',
      );
      const expected = await printMerge(
        mergeTemplate('html', TEMPLATE),
        mergeRows(
          HEADER,
          rows.map((r) => r.cells),
        ),
        { workMode: 'Development', duplex: false },
        { printedAt: new Date(record.mailer.submittedAt) },
      );
      // Printed a slice at a time into one file (printMergeInto): printMerge's pages, not its bytes.
      assert.deepEqual(
        await pageTexts(pdf.FileData!),
        await pageTexts(expected.pdf),
        'the pages the printing layer prints, dated the send',
      );
      const printedBlob = `${blob}.pdf`;
      assert.deepEqual(blobsOnDisk(dataDir), [blob, printedBlob].sort(), 'the printed PDF is kept as a blob beside the job');
      assert.ok(readFileSync(join(dataDir, 'blobs', printedBlob)).equals(pdf.FileData!), 'the blob holds the PDF answered');
      for (const binding of ['soap11', 'soap12', 'http-get'] as const)
        assert.ok(
          ((await callerFor(sandbox.url, binding)('datedA', 'GetPDF', { ...demo, ID: id })) as Pdf).FileData!.equals(pdf.FileData!),
          `the same bytes over ${binding}`,
        );
      assert.deepEqual(
        expected.letters.map((l) => [l.sheets, l.failure ?? 0]),
        printed.Items.map((item) => [item.NumOfSheets, item.Status === -1045 ? -1045 : 0]),
        'printing says what measuring said',
      );

      // A restart reads the job again: the same PDF, the same items.
      await sandbox.close();
      const { now } = sandbox;
      sandbox = await startTestSandbox({ dataDir, now });
      const again = httpCaller(sandbox.url, 'http-post');
      assert.ok(
        ((await again('datedA', 'GetPDF', { ...demo, ID: id })) as Pdf).FileData!.equals(pdf.FileData!),
        'the same PDF after a restart',
      );
      assert.deepEqual(await again('datedA', 'GetBatchDetails', { ...demo, ID: id, ItemID: '' }), printed);

      // A printed blob lost (a folder copied without it) is printed again, the same bytes.
      await sandbox.close();
      rmSync(join(dataDir, 'blobs', printedBlob));
      sandbox = await startTestSandbox({ dataDir, now });
      const reprinted = await printedPdf(httpCaller(sandbox.url, 'http-post'), id);
      assert.ok(reprinted.FileData!.equals(pdf.FileData!), 'printed again, the same PDF');
      assert.deepEqual(blobsOnDisk(dataDir), [blob, printedBlob].sort());
    });

    it('drops the merge’s job with its blob as a PDF would be dropped, and keeps none for a merge whose every row fails', async () => {
      sandbox = await startTestSandbox({ dataDir });
      const call = httpCaller(sandbox.url, 'http-post');
      const id = ((await call('datedA', 'SendWordMailMerge_Compressed', mergeRequest(rowsOf(3)))) as { ResultCode: number }).ResultCode;
      assert.equal(blobsOnDisk(dataDir).length, 1);
      assert.equal(await call('datedA', 'CancelDelivery', { ...demo, ID: id }), -3000);
      // The next request sweeps what is no longer needed.
      await call('datedA', 'GetStatus', { ...demo, ID: `${id}` });
      assert.deepEqual(blobsOnDisk(dataDir), [], 'the cancelled merge’s job is gone');
      assert.equal(((await call('datedA', 'GetPDF', { ...demo, ID: id })) as Pdf).ResultCode, -3020);

      const failing = rowsOf(14).slice(13); // its one row has no street
      const all = ((await call('datedA', 'SendWordMailMerge_Compressed', mergeRequest(failing))) as { ResultCode: number }).ResultCode;
      assert.ok(all > 0);
      assert.deepEqual(blobsOnDisk(dataDir), [], 'nothing is kept of a merge that will not print');
    });
  });

  it('keeps a batch of 100,000 items in the journal as a few runs, through a commit, a compaction and a restart', async () => {
    const store = await Store.open(dataDir);
    const items = Array.from({ length: 100_000 }, (_, i) => ({
      itemId: i + 1,
      price: i % 1000 === 999 ? 1.25 : 0.95,
      sheets: i % 1000 === 999 ? 3 : 2,
      ...(i % 25_000 === 7 ? { failure: -1045 } : {}),
    }));
    const mailer: MailerRecord = {
      id: store.allocateMailerId(),
      accountId: 'a',
      userId: 'u',
      mailerType: 'Letter',
      workMode: 'Development',
      submittedAt: 0,
      price: 0,
      sheets: 0,
      printColor: 'Black',
      printSides: 'PrintSimplex',
      funded: true,
      items,
    };
    try {
      await store.commit({ t: 'mailer', mailer, charged: 0, usedFiles: [] });
      const line = readFileSync(join(dataDir, 'journal.jsonl'), 'utf8').trim().split('\n').pop()!;
      // Runs: 100 of 999 items and 100 of one, with four failing items each cutting a run in three.
      assert.ok(line.length < 16 * 1024, `the journal line is ${line.length} bytes`);
      await store.compact();
    } finally {
      await store.close();
    }
    const again = await Store.open(dataDir);
    try {
      assert.deepEqual(again.mailers.get(mailer.id)?.items, items, 'the items, read back');
      assert.ok(statSync(join(dataDir, 'journal.jsonl')).size < 16 * 1024, 'the compacted journal stays small');
    } finally {
      await again.close();
    }
  });

  describe('in a process of its own (the built command line)', () => {
    let held: HeldSandbox | undefined;
    afterEach(async () => {
      await held?.kill();
      held = undefined;
    });

    it('answers another caller while a merge is held half measured, answers the merge, and keeps it through a SIGKILL once answered', async () => {
      held = await startHeldSandbox(dataDir, ['merge-measuring']);
      const call = httpCaller(held.url, 'http-post');
      const rows = rowsOf(STREAMED_ITEMS + 500); // its GetBatchStatus streamed (wire/streamed-xml.ts)
      const idle = (await call('datedA', 'GetStatus', { ...demo, ID: '1' })) as { ResultCode: number };
      assert.equal(idle.ResultCode, -3115, 'the sandbox answers');
      let answered = false;
      const merge = (call('datedA', 'SendWordMailMerge_Compressed', mergeRequest(rows)) as Promise<{ ResultCode: number }>).finally(
        () => (answered = true),
      );
      await held.reached('merge-measuring');
      // The merge waits, some of its rows measured: another caller is answered meanwhile.
      const other = (await call('datedA', 'GetStatus', { ...demo, ID: '1' })) as { ResultCode: number };
      assert.equal(other.ResultCode, -3115, 'another caller’s GetStatus is answered');
      assert.equal(answered, false, 'while the merge is still being taken');
      held.release();
      const id = (await merge).ResultCode;
      assert.ok(id > 0, `the merge is answered: ${id}`);
      const status = (await call('datedA', 'GetBatchStatus', { ...demo, ID: id, ItemID: '' })) as { Statuses: { ItemID: number }[] };
      assert.deepEqual(
        status.Statuses.map((s) => s.ItemID),
        rows.map((_, i) => i + 1),
        'every item, read back from the streamed answer',
      );

      await held.kill();
      held = undefined;
      const state = await storedState(dataDir);
      const batch = state.mailers.find((m) => m.id === id) as { items?: unknown[]; job?: { kind: string } } | undefined;
      assert.equal(batch?.items?.length, rows.length, 'the batch and its items survive the kill');
      assert.equal(batch.job?.kind, 'merge');
      assert.deepEqual(blobsOnDisk(dataDir), namedBlobs(state), 'its job’s blob is on disk, and no orphan');
    });

    it('answers a GetStatus sent while it measures a merge of a few thousand rows before it answers the merge, holding nothing (issue 32, part 6)', async () => {
      // No hold point: what is seen is the merge's own turns of the event loop (printing/merge.ts, turnTaker).
      held = await startHeldSandbox(dataDir, []);
      const call = httpCaller(held.url, 'http-post');
      const getStatus = () => call('datedA', 'GetStatus', { ...demo, ID: '1' }) as Promise<{ ResultCode: number }>;
      assert.equal((await getStatus()).ResultCode, -3115, 'the sandbox answers');
      const started = performance.now();
      let mergeAnswered: number | undefined;
      const merge = (call('datedA', 'SendWordMailMerge_Compressed', mergeRequest(rowsOf(4000))) as Promise<{ ResultCode: number }>).finally(
        () => (mergeAnswered = performance.now()),
      );
      // Another caller asks again and again, one question at a time, until the merge is answered.
      const asked: { sent: number; answered: number }[] = [];
      while (mergeAnswered === undefined) {
        const sent = performance.now();
        assert.equal((await getStatus()).ResultCode, -3115);
        asked.push({ sent, answered: performance.now() });
      }
      assert.ok((await merge).ResultCode > 0, 'the merge is answered');
      // A sandbox that took the merge without a turn of the event loop, all of it or a stretch of
      // it, would answer nothing asked in that stretch before the merge itself: those questions
      // wait behind it. So each quarter of the merge's time has a question answered before it.
      const took = mergeAnswered - started;
      const quarters = [0, 1, 2, 3].map(
        (q) =>
          asked.filter((a) => a.sent >= started + (q * took) / 4 && a.sent < started + ((q + 1) * took) / 4 && a.answered < mergeAnswered!)
            .length,
      );
      assert.ok(
        quarters.every((answered) => answered > 0),
        `GetStatus asked in each quarter of the merge's ${Math.round(took)} ms and answered before it: ${quarters.join(', ')} (${asked.length} asked)`,
      );
    });

    it('keeps no printed PDF of a batch the sandbox was reset under while its first GetPDF printed it', async () => {
      held = await startHeldSandbox(dataDir, ['merge-printing']);
      const call = httpCaller(held.url, 'http-post');
      const id = ((await call('datedA', 'SendWordMailMerge_Compressed', mergeRequest(rowsOf(40)))) as { ResultCode: number }).ResultCode;
      assert.ok(id > 0, `the merge is answered: ${id}`);
      await callControl(held.url, 'advance', { duration: '1d' }); // printed: its PDF may be asked for
      const pdf = call('simple', 'GetPDF', { ...demo, ID: id }).catch((error: unknown) => error);
      await held.reached('merge-printing');
      await callControl(held.url, 'reset', {});
      held.release();
      await pdf;
      assert.deepEqual(blobsOnDisk(dataDir), [], 'what the GetPDF printed after the reset is not kept, nor the job');
    });

    it('leaves no batch and no orphan when killed between saving the merge’s job and recording the batch', async () => {
      held = await startHeldSandbox(dataDir, ['blob-saved']);
      const call = httpCaller(held.url, 'http-post');
      void call('datedA', 'SendWordMailMerge_Compressed', mergeRequest(rowsOf(20))).catch(() => undefined);
      await held.reached('blob-saved');
      assert.equal(blobsOnDisk(dataDir).length, 1, 'the job is on disk');
      await held.kill();
      held = undefined;
      const state = await storedState(dataDir);
      assert.deepEqual(
        state.mailers.filter((m) => m.description === '20-row merge'),
        [],
        'an unanswered merge was never recorded',
      );
      assert.deepEqual(blobsOnDisk(dataDir), [], 'its job’s blob was an orphan, removed on start');
    });
  });
});
