/**
 * Issue 31, items 4, 5 and 7, run as a person runs them: the built `mailroom` against a real sandbox.
 * Text in page 1's recipient box that is no address is -1045 before sending; a PDF over the
 * service's 2 MB is refused naming the limit; a US address without a ZIP code fails wherever it is
 * given, in Development as in Production, and the sandbox fails a mailer so addressed as the
 * preflight says. A misnamed header is said once, on the header, with its renames.
 */
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { mailroom, personAtSandbox, type CliRun } from '../helpers/cli';
import { JANE_DOE_LINES, pdfOfSizes } from '../helpers/documents';
import { SECRETS } from '../helpers/secrets';
import { closeEngines, printLetters } from '../../src/printing';

const PASSWORD = SECRETS[4]!;
/** What the issue's invoice.html put in the window: a date, a table's heading and a row. */
/** The status the sandbox's printer fails a Development letter of this PDF, sent without an address, with. */
async function sandboxFailure(pdf: Uint8Array): Promise<number | undefined> {
  const [printed] = (await printLetters([{ contents: [{ kind: 'file', type: 'pdf', data: pdf }], workMode: 'Development', duplex: false }]))
    .letters;
  return printed?.failure;
}

const INVOICE_LINES = ['Date: 14 February 2026', 'Item Qty Unit Amount', 'Sourdough loaf 12 $6.00 $72.00'];

describe('addresses read and given, one rule (issue 31, items 4 and 5)', function () {
  this.timeout(120_000);
  const pat = personAtSandbox('Rules', PASSWORD, 'mailroom-address-rules-');
  const file = (name: string, content: string | Uint8Array) => {
    const path = join(pat.dir, name);
    writeFileSync(path, content);
    return path;
  };
  const run = (args: readonly string[]): Promise<CliRun> => mailroom(args, { env: pat.env() });
  const sentCount = () => pat.mailersListed();
  after(() => closeEngines());

  describe('item 4: what the window shows must be an address', () => {
    it('send without --to: body text in the box is -1045 before sending, in Development too; nothing is sent', async () => {
      const invoice = file('invoice.pdf', await pdfOfSizes([[612, 792]], { address: INVOICE_LINES }));
      const preflight = await run(['preflight', invoice, '--mode', 'Development']);
      assert.equal(preflight.code, 1, preflight.stdout);
      assert.match(preflight.stdout, /^error +-1045 /m);
      assert.match(
        preflight.stdout,
        /what the recipient box of page 1 holds is no address the service can read:\n {2}Date: 14 February 2026\n/,
      );
      assert.match(
        preflight.stdout,
        /Date: 14 February 2026 \/ Item Qty Unit Amount \/ Sourdough loaf 12 \$6\.00 \$72\.00.*which is not an address/,
      );
      assert.doesNotMatch(preflight.stdout, /Nothing would fail/);
      const sent = await run(['send', invoice, '--mode', 'Development']);
      assert.equal(sent.code, 2, sent.stderr);
      assert.match(
        sent.stderr,
        /invoice\.pdf cannot be sent:\n {2}error -1045: Failed: the address could not be extracted from the document\./,
      );
      assert.match(sent.stderr, /Nothing was sent/);
      assert.equal(sent.stdout, '');
      assert.equal(await sentCount(), 0);
    });

    it("an address in the box is sent, and a two-line or ZIP-less one is not: the sandbox's -1045 and the preflight's agree", async () => {
      const goodPdf = await pdfOfSizes([[612, 792]], { address: JANE_DOE_LINES });
      const sent = await run(['send', file('good.pdf', goodPdf), '--mode', 'Development']);
      assert.equal(sent.code, 0, sent.stderr);
      assert.equal(await sandboxFailure(goodPdf), undefined);
      for (const lines of [
        ['Jane Doe', 'Springfield, IL 62701'],
        ['Jane Doe', '1 Main St', 'Springfield, IL'],
      ]) {
        const pdf = await pdfOfSizes([[612, 792]], { address: lines });
        const refused = await run(['send', file('short.pdf', pdf), '--mode', 'Development']);
        assert.equal(refused.code, 2, `${lines.join(' / ')}: ${refused.stderr}`);
        assert.match(refused.stderr, /error -1045/);
        // The sandbox reads the same box by the same rule: printed, such a letter fails at -1045.
        assert.equal(await sandboxFailure(pdf), -1045, lines.join(' / '));
      }
      // A window address abroad: the city line, then the country.
      const abroad = await pdfOfSizes([[612, 792]], { address: ['Marie Curie', '1 rue de la Paix', '75002 Paris', 'France'] });
      assert.equal(await sandboxFailure(abroad), undefined);
      assert.equal(await sandboxFailure(await pdfOfSizes([[612, 792]], { address: INVOICE_LINES })), -1045);
      assert.equal(await sentCount(), 1);
    });

    it('a PDF over 2 MB is an error in preflight naming the limit, and send refuses it in any work mode', async () => {
      const doc = await PDFDocument.load(await pdfOfSizes([[612, 792]], { address: JANE_DOE_LINES }));
      await doc.attach(randomBytes(2_200_000), 'scan.bin', { mimeType: 'application/octet-stream' });
      const big = file('big.pdf', await doc.save());
      const preflight = await run(['preflight', big, '--mode', 'Development', '--json']);
      assert.equal(preflight.code, 1, preflight.stderr);
      const report = JSON.parse(preflight.stdout) as { findings: { code?: number; severity: string; message: string }[] };
      const over = report.findings.find((f) => /over the service's limit/.test(f.message));
      assert.equal(over?.severity, 'error');
      assert.match(over?.message ?? '', /limits a letter's printed PDF to 2 MB \(2,000,000 bytes\)/);
      for (const mode of ['Development', 'Production']) {
        const sent = await run(['send', big, '--to', 'Jane Doe, 1 Main St, Springfield, IL 62701', '--mode', mode, '--yes']);
        assert.equal(sent.code, 2, `${mode}: ${sent.stderr}`);
        assert.match(
          sent.stderr,
          /big\.pdf cannot be sent:\n {2}error -1025: .*over the service's limit: its documentation limits a letter's printed PDF to 2 MB/,
        );
      }
      assert.equal(await sentCount(), 0);
    });
  });

  describe('item 5: a US address without a ZIP code fails wherever it is given', () => {
    const letterPdf = async () => file('letter.pdf', await pdfOfSizes([[612, 792]]));

    it('--state TX without --postal-code is refused as --to without a ZIP is, in Development too', async () => {
      const pdf = await letterPdf();
      const flags = ['--attention-line1', 'Kim Lee', '--address1', '4 Elm St', '--city', 'Austin', '--state', 'TX'];
      const sent = await run(['send', pdf, ...flags, '--mode', 'Development']);
      assert.equal(sent.code, 2, sent.stderr);
      assert.match(sent.stderr, /A ZIP code is needed for a US address/);
      const line = await run(['send', pdf, '--to', 'Kim Lee, 4 Elm St, Austin, TX', '--mode', 'Development']);
      assert.equal(line.code, 2, line.stderr);
      const preflight = await run(['preflight', pdf, ...flags, '--mode', 'Development', '--json']);
      assert.equal(preflight.code, 1);
      const report = JSON.parse(preflight.stdout) as { findings: { code?: number; severity: string; field?: string }[] };
      assert.deepEqual(
        report.findings.filter((f) => f.severity === 'error').map((f) => [f.code, f.field]),
        [[-1018, 'PostalCode']],
      );
      const ok = await run(['send', pdf, ...flags, '--postal-code', '78701', '--mode', 'Development']);
      assert.equal(ok.code, 0, ok.stderr);
      assert.equal(await sentCount(), 1);
    });

    it('a merge row without a ZIP code is an error in preflight, in Development and Production; the sandbox fails that item at -1018', async () => {
      const template = file('invite.html', '<p>Dear {{AttentionLine1}},</p>');
      const csv = file(
        'people.csv',
        'AttentionLine1,Address1,City,State,PostalCode\r\nJane Doe,1 Main St,Springfield,IL,62701\r\nKim Lee,4 Elm St,Austin,TX,\r\n',
      );
      for (const mode of ['Development', 'Production']) {
        const preflight = await run(['preflight', template, '--data', csv, '--mode', mode, '--json']);
        assert.equal(preflight.code, 1, `${mode}: ${preflight.stdout}`);
        const report = JSON.parse(preflight.stdout) as { findings: { code?: number; severity: string; row?: number; message: string }[] };
        const errors = report.findings.filter((f) => f.severity === 'error');
        assert.deepEqual(
          errors.map((f) => [f.code, f.row]),
          [[-1018, 2]],
          mode,
        );
        assert.match(errors[0]!.message, /A ZIP code is needed for a US address/);
      }
      // The sandbox prints a letter so addressed failing at -1018, in either work mode: one rule.
      const to = { AttentionLine1: 'Kim Lee', Address1: '4 Elm St', City: 'Austin', State: 'TX' };
      for (const workMode of ['Development', 'Production'] as const) {
        const [printed] = (await printLetters([{ contents: [], address: to, workMode, duplex: false }])).letters;
        assert.equal(printed?.failure, -1018, workMode);
      }
    });
  });

  describe('item 7: a misnamed header is said once, with its fixes', () => {
    it('preflight --data: one -1045 on the header naming the renames, no row error, for 1,000 rows', async () => {
      const template = file('invite.html', '<p>Dear {{AttentionLine1}},</p>');
      const rows = Array.from({ length: 1000 }, (_, i) => `Person ${i + 1},${i + 1} Main St,Springfield,IL,62701`);
      const csv = file('people.csv', `Name,Street,City,State,Zip\r\n${rows.join('\r\n')}\r\n`);
      const preflight = await run(['preflight', template, '--data', csv, '--mode', 'Development']);
      assert.equal(preflight.code, 1, preflight.stderr);
      const lines = preflight.stdout.split('\n');
      const causes = lines.filter((line) => /^error +-1045 /.test(line));
      assert.equal(causes.length, 1, preflight.stdout.slice(0, 2000));
      assert.match(
        causes[0]!,
        /line 1.*The header has no column named Address1, none named AttentionLine1 or Company and none named PostalCode: .* Rename "Street" to "Address1", "Name" to "AttentionLine1" and "Zip" to "PostalCode"\./,
      );
      assert.equal(lines.filter((line) => /row \d+/.test(line)).length, 0, 'no row is named');
      // The columns the service refuses by their names (-3145) are said once each too.
      assert.equal(lines.filter((line) => /^error +-3145 /.test(line)).length, 3);
    });
  });

  describe('item 6: a merge whose addresses cannot be read is priced as unknown', () => {
    it('preflight says "price unknown", --json a null price; merge in Production never says $0.00', async () => {
      const template = file('invite.html', '<p>Dear {{AttentionLine1}},</p>');
      const rows = Array.from({ length: 20 }, (_, i) => `Person ${i + 1},${i + 1} Main St,Springfield,IL,62701`);
      const csv = file('people.csv', `Name,Street,City,State,Zip\n${rows.join('\n')}\n`);
      const preflight = await run(['preflight', template, '--data', csv, '--mode', 'Production']);
      assert.match(
        preflight.stdout,
        /^invite\.html × people\.csv: 20 letters, .*price unknown: no row's address can be read \(no column is named Address1, AttentionLine1 or Company, PostalCode\)/m,
      );
      assert.doesNotMatch(preflight.stdout, /\$0\.00/);
      const json = JSON.parse((await run(['preflight', template, '--data', csv, '--mode', 'Production', '--json'])).stdout) as {
        price: number | null;
        priceUnknown?: string;
      };
      assert.equal(json.price, null);
      assert.match(json.priceUnknown ?? '', /no row's address can be read/);
      const sent = await run(['merge', template, csv, '--mode', 'Production']);
      assert.notEqual(sent.code, 0, 'not sent without a yes');
      assert.doesNotMatch(sent.stderr, /\$0\.00/);
      assert.match(
        sent.stderr,
        /^Sending 20 letters from invite\.html and people\.csv \(price unknown\), in Production mode: printed, mailed and charged\.$/m,
      );
      assert.equal(sent.code, 3, 'a script is told to add --yes');
      assert.equal(await sentCount(), 0);
    });
  });

  describe('item 6: mailroom merge --only-passing', () => {
    it('writes the rows that pass beside the data, in its encoding (Windows-1252), and sends only them', async () => {
      const template = file('invite.html', '<p>Dear {{AttentionLine1}},</p>');
      const text =
        'AttentionLine1,Address1,City,State,PostalCode\r\n' +
        'José Müller,1 Main St,Springfield,IL,62701\r\n' +
        'Kim Lee,4 Elm St,Austin,TX,\r\n' +
        'Zoë Dupré,2 Oak St,Salem,OR,97301\r\n';
      const csv = file('people.csv', Buffer.from(text, 'latin1'));
      const sent = await run(['merge', template, csv, '--mode', 'Development', '--only-passing', '--json']);
      assert.equal(sent.code, 0, sent.stderr);
      assert.match(sent.stderr, /Sending the 2 rows that pass of 3 \(1 fails: 2\), written to .*people-passing\.csv \(Windows-1252\)/);
      const written = readFileSync(join(pat.dir, 'people-passing.csv'));
      assert.equal(
        written.toString('latin1'),
        'AttentionLine1,Address1,City,State,PostalCode\r\nJosé Müller,1 Main St,Springfield,IL,62701\r\nZoë Dupré,2 Oak St,Salem,OR,97301\r\n',
      );
      const id = (JSON.parse(sent.stdout) as { id: number }).id;
      const details = await run(['details', String(id), '--json']);
      assert.equal((JSON.parse(details.stdout) as { Items: unknown[] }).Items.length, 2, details.stdout);
      // Again: the file is there, and is not written over.
      const again = await run(['merge', template, csv, '--mode', 'Development', '--only-passing']);
      assert.equal(again.code, 2);
      assert.match(again.stderr, /people-passing\.csv is there already/);
      // A header that fails every row: nothing passes whatever rows are kept.
      const misnamed = file('misnamed.csv', 'Name,Street,City,State,Zip\nJane Doe,1 Main St,Springfield,IL,62701\n');
      const none = await run(['merge', template, misnamed, '--mode', 'Development', '--only-passing']);
      assert.equal(none.code, 2, none.stderr);
      assert.match(none.stderr, /Not sent: the merge fails whatever rows it keeps/);
    });
  });
});
