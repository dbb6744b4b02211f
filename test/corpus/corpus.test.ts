/**
 * One corpus, one verdict (issue 23, part 9): every file of test/corpus (letters in Markdown, HTML,
 * .docx and text; PDFs of each page size; CSVs of each kind a spreadsheet writes; addresses the
 * USPS has, has not, or has elsewhere) goes through the preflight, as `mailroom preflight` reads
 * it, and through a real send to a sandbox over HTTP by the client, as `mailroom send` and `merge`
 * read it; then the sandbox's clock moves on until the mailer is final. For each, the same code
 * (the final status, or the refusal, against the preflight's errors), the same sheets and the same
 * price (GetDetails, GetBatchDetails); and both are what the corpus's manifest says the service
 * does with the file, so that the two cannot agree on a wrong answer.
 */
import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  DocumentError,
  MailWsClient,
  MailWsError,
  letterDocument,
  letterDraft,
  mailMerge,
  mergeDataText,
  readAddressLine,
  type MailMerge,
  type RecipientAddress,
} from '../../src/client';
import { CSV_DELIMITER_NAMES, STATUS, csvRow, csvRowIndex, encodeCsv, type EnumValue } from '../../src/contract';
import { preflightLetter, preflightMerge, type Finding } from '../../src/printing';
import { mergeDataDiagnostics } from '../../src/printing/diagnostics';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { projectRoot } from '../helpers/tools';

interface LetterCase {
  readonly file: string;
  /** The recipient in one line, for a file that names none; none: sent without an address. */
  readonly to?: string;
  readonly mode?: 'Development' | 'Production';
  /** The status the service ends it at. */
  readonly ends: number;
  /** The status it ends at for an account that prints duplex, when that is another (half the sheets: -1065 or not). */
  readonly endsIfDuplex?: number;
  /** The other failures the preflight finds after the first, which the service never reaches (it ends at the first). */
  readonly alsoFails?: readonly number[];
  /** Its sheets and price (the sandbox's price list), simplex; and duplex, when that changes them. */
  readonly sheets: number;
  readonly price: number;
  readonly sheetsIfDuplex?: number;
  readonly priceIfDuplex?: number;
}

interface MergeCase {
  readonly template: string;
  readonly data: string;
  readonly encoding: string;
  /** The delimiter its header is read as separated by, when it is not a comma. */
  readonly delimiter?: 'semicolon' | 'tab';
  readonly mode?: 'Development' | 'Production';
  /** Each row's final status, in data order. */
  readonly ends?: readonly number[];
  /** The code the whole merge is refused with at send. */
  readonly refused?: number;
}

const corpus = join(projectRoot, 'test', 'corpus');
const manifest = JSON.parse(readFileSync(join(corpus, 'corpus.json'), 'utf8')) as {
  readonly letters: readonly LetterCase[];
  readonly merges: readonly MergeCase[];
};
const read = (file: string) => readFileSync(join(corpus, file));

/** Each file is sent by a user who prints simplex (a new account's) and by one who prints duplex, and preflighted so. */
const SIDES = ['Simplex', 'Duplex'] as const;
type Sides = (typeof SIDES)[number];

/** Long enough for any mailer to be final (Completed after 6 s; a failure when printed, at 4 s). */
const UNTIL_FINAL_MS = 60_000;
const completed = (mode: EnumValue<'WorkMode'>) => (mode === 'Production' ? STATUS.Completed : STATUS.CompletedInDevelopment);

/** The service codes of the preflight's errors, each once, in order: what the service would refuse or fail it with. */
const errorCodes = (findings: readonly Finding[]) => [...new Set(findings.filter((f) => f.severity === 'error').map((f) => f.code))];

/** The address as `mailroom preflight` reads it: the front matter's (as written), else the one-line recipient. */
function addressOf(to: Awaited<ReturnType<typeof letterDraft>>['to'], line: string | undefined): RecipientAddress | undefined {
  if (to) return 'line' in to ? readAddressLine(to.line).address : to.fields;
  return line === undefined ? undefined : readAddressLine(line).address;
}

describe('the corpus: one verdict from the preflight and the sandbox, for every file', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  /** demo, who prints as a new account does (simplex), and clerk, whom demo's API key sets to Duplex. */
  const clients = new Map<Sides, MailWsClient>();

  before(async () => {
    sandbox = await startTestSandbox();
    const demo = new MailWsClient({ endpoint: sandbox.url, credentials: { username: 'demo', password: 'demo', apiKey: 'demo-key' } });
    await demo.admin.SetUserSettings({ Username: 'clerk', Settings: [['Letters_PrintSides', 'Duplex']] });
    clients.set('Simplex', demo);
    clients.set('Duplex', new MailWsClient({ endpoint: sandbox.url, credentials: { username: 'clerk', password: 'clerk' } }));
  });
  after(async () => {
    for (const client of clients.values()) client.close();
    await sandbox.close();
  });

  it('holds every file it has in its manifest, and its manifest names only files it has', () => {
    const named = new Set([...manifest.letters.map((l) => l.file), ...manifest.merges.flatMap((m) => [m.template, m.data])]);
    const files = ['letters', 'pdfs', 'addresses', 'data', 'templates'].flatMap((folder) =>
      readdirSync(join(corpus, folder)).map((name) => `${folder}/${name}`),
    );
    assert.deepEqual(
      files.filter((f) => !named.has(f)),
      [],
      'files the manifest does not name',
    );
    assert.deepEqual(
      [...named].filter((f) => !files.includes(f)),
      [],
      'files the manifest names that are not there',
    );
  });

  for (const [sides, letter] of SIDES.flatMap((s) => manifest.letters.map((l) => [s, l] as const))) {
    const mode = letter.mode ?? 'Development';
    const ends = sides === 'Duplex' ? (letter.endsIfDuplex ?? letter.ends) : letter.ends;
    const duplex = sides === 'Duplex';
    it(`${letter.file}${letter.to ? ' (to Jane Doe)' : ''} in ${mode}, ${sides.toLowerCase()}: ends at ${ends}, the same sheets and price`, async () => {
      const client = clients.get(sides)!;
      const bytes = read(letter.file);
      // As `mailroom preflight` reads it.
      const draft = await letterDraft(basename(letter.file), bytes);
      const address = addressOf(draft.to, letter.to);
      const report = await preflightLetter(
        { type: draft.type, data: draft.data, ...(address ? { address } : {}) },
        { workMode: mode, duplex, colour: false },
      );
      const predicted = errorCodes(report.findings);
      assert.deepEqual(predicted, ends === completed(mode) ? [] : [ends, ...(letter.alsoFails ?? [])], JSON.stringify(report.findings));

      // As `mailroom send` reads it and sends it.
      const document = await letterDocument(basename(letter.file), bytes);
      const to = document.to ?? (letter.to === undefined ? undefined : readAddressLine(letter.to).address);
      const request = { MyDescription: basename(letter.file), FileExtension: document.type, FileBinaryData: document.data, WorkMode: mode };
      const id = to ? await client.simple.SendLetterAndAddressV2({ ...request, ...to }) : await client.simple.SendLetterV2(request);
      sandbox.advance(UNTIL_FINAL_MS);
      const [details] = (await client.datedA.GetDetails({ ID: String(id) })).Details;
      assert.equal(details!.Status, ends, `the sandbox's final status; the preflight's errors: ${predicted.join(', ') || 'none'}`);
      assert.equal(details!.NumOfSheets, report.sheets, 'sheets');
      assert.equal(details!.Price, report.price, 'price');
      assert.deepEqual(
        { sheets: report.sheets, price: report.price },
        duplex
          ? { sheets: letter.sheetsIfDuplex ?? letter.sheets, price: letter.priceIfDuplex ?? letter.price }
          : { sheets: letter.sheets, price: letter.price },
        'the sheets and price the manifest says',
      );
    });
  }

  for (const [sides, merge] of SIDES.flatMap((s) => manifest.merges.map((m) => [s, m] as const))) {
    const mode = merge.mode ?? 'Development';
    const duplex = sides === 'Duplex';
    const outcome =
      merge.refused === undefined
        ? `rows end at ${merge.ends!.join(', ')}, the same sheets and price`
        : `refused at ${merge.refused} by both`;
    it(`${merge.template} × ${merge.data} in ${mode}, ${sides.toLowerCase()}: read as ${merge.encoding}, ${outcome}`, async () => {
      const client = clients.get(sides)!;
      const template = read(merge.template);
      const type = merge.template.slice(merge.template.lastIndexOf('.') + 1);
      // As `mailroom preflight --data` reads it.
      const data = mergeDataText(basename(merge.data), read(merge.data));
      assert.equal(data.encoding, merge.encoding);
      assert.equal(CSV_DELIMITER_NAMES[data.delimiter], merge.delimiter ?? 'comma');
      const report = await preflightMerge({ type, template, csv: data.text }, { workMode: mode, duplex, colour: false });
      // As the editor's live diagnostics read it: the same errors, each on the same row, as the preflight's in Production (the editor does not know the work mode).
      const production =
        mode === 'Production' ? report : await preflightMerge({ type, template, csv: data.text }, { workMode: 'Production', duplex });
      const errors = (findings: readonly { severity: string; code?: number; row?: number }[]) =>
        [...new Set(findings.filter((f) => f.severity === 'error').map((f) => `${f.code ?? '-'} row ${f.row ?? '-'}`))].sort();
      assert.deepEqual(
        errors(mergeDataDiagnostics(data.text, { type, data: template })),
        errors(production.findings),
        'the live diagnostics',
      );
      // As `mailroom merge` reads it and sends it; a CSV it cannot read it refuses before sending (a usage mistake), and sent as it is the sandbox refuses it too.
      let batch: MailMerge | undefined;
      try {
        batch = mailMerge(basename(merge.template), template, basename(merge.data), read(merge.data));
        assert.equal(batch.csv, data.text, 'the text checked is the text sent');
      } catch (error) {
        if (!(error instanceof DocumentError) || merge.refused === undefined) throw error;
      }
      const send = () =>
        client.datedA.SendWordMailMerge_Compressed({
          MyDescription: `${basename(merge.template)} × ${basename(merge.data)}`,
          FileExtension: type,
          FileBinaryData: template,
          MergeData: batch?.mergeData ?? gzipSync(encodeCsv(data.text)),
          WorkMode: mode,
        });

      if (merge.refused !== undefined) {
        assert.deepEqual(errorCodes(report.findings), [merge.refused], JSON.stringify(report.findings));
        await assert.rejects(send(), (error: unknown) => error instanceof MailWsError && error.code === merge.refused && !error.local);
        return;
      }
      const ends = merge.ends!;
      // As Preview Merge Row reads it (the row index, each row parsed alone): the rows the merge sends, in order.
      const index = csvRowIndex(data.text);
      assert.deepEqual(
        Array.from({ length: index.count - 1 }, (_, i) => csvRow(data.text, index, i + 1)),
        batch!.rows,
        "Preview Merge Row's rows",
      );
      assert.deepEqual(
        report.findings.filter((f) => f.severity === 'error' && f.row === undefined),
        [],
        'nothing refuses the whole merge',
      );
      ends.forEach((end, i) =>
        assert.deepEqual(
          errorCodes(report.findings.filter((f) => f.row === i + 1)),
          end === completed(mode) ? [] : [end],
          `row ${i + 1}: ${JSON.stringify(report.findings)}`,
        ),
      );
      const { ResultCode: id } = await send();
      sandbox.advance(UNTIL_FINAL_MS);
      const details = await client.datedA.GetBatchDetails({ ID: id });
      assert.deepEqual(
        details.Items.map((item) => item.Status),
        ends,
        "the sandbox's final status of each row",
      );
      assert.deepEqual(
        details.Items.map((item) => [item.NumOfSheets, item.Price]),
        report.letters.map((l) => [l.sheets, l.price]),
        "each row's sheets and price",
      );
      assert.equal(details.Price, report.price, "the batch's price: its rows that print");
    });
  }
});
