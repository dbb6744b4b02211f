/**
 * `mailroom preflight` over the built command line: every finding, with the service's code and
 * words, every exit code, the proof, and, for letters and a merge that pass, the sheets and price
 * it predicts against what a real sandbox reports in GetDetails (GetBatchDetails for a batch's
 * items) after the real send of the same files. The preflights run with the endpoint pointing at
 * a port nothing listens on and no credentials: they must need neither.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mailroom, type CliRun, ENGINES_ON } from '../helpers/cli';
import { JANE_DOE_LINES, encryptedPdf, pageCount, pdfOfSizes, sampleDocx, samplePdf } from '../helpers/documents';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { pdfPages, projectRoot } from '../helpers/tools';

interface Finding {
  code?: number;
  severity: 'error' | 'warning';
  message: string;
  field?: string;
  row?: number;
  line?: number;
  pages?: number[];
}
interface Report {
  ok: boolean;
  pages: number;
  sheets: number;
  price: number;
  priceFrom: string;
  findings: Finding[];
  addressRead?: string[];
  letters?: { row: number; line: number; pages: number; sheets: number; price: number }[];
}

const JANE = 'Jane Doe, 1 Main St, Springfield, IL 62701';
/** Nothing listens here, and there are no credentials: a preflight that called the service would fail. */
// The proof is the subject here: drawn by the engines on the machine, as a user's is.
const OFFLINE = { MAILROOM_ENDPOINT: 'http://127.0.0.1:9', ...ENGINES_ON };
const sample = (name: string) => join(projectRoot, 'test', 'sample', name);

describe('mailroom preflight', function () {
  this.timeout(60_000);
  let dir: string;
  const file = (name: string, content: string | Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const preflight = (...args: string[]): Promise<CliRun> => mailroom(['preflight', ...args], { env: OFFLINE });
  /** The JSON report, and the exit code it came with. */
  const report = async (...args: string[]): Promise<{ code: number | null; report: Report }> => {
    const run = await preflight(...args, '--json');
    assert.notEqual(run.code, 2, run.stderr);
    return { code: run.code, report: JSON.parse(run.stdout) as Report };
  };
  /** The service's codes of the findings of a severity (a warning about how something prints has none). */
  const codes = (r: Report, severity: 'error' | 'warning' = 'error') =>
    r.findings.filter((f) => f.severity === severity && f.code !== undefined).map((f) => f.code);

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mailroom-preflight-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  describe('a letter that passes', () => {
    it('Markdown with a front-matter address: exit 0, no finding, its pages, sheets and price, and the price list it is from', async () => {
      const { code, report: r } = await report(sample('letter.md'), '--mode', 'Development');
      assert.equal(code, 0);
      assert.deepEqual(r.findings, []);
      assert.equal(r.ok, true);
      assert.equal(r.pages, 2, 'the address page and one page of text');
      assert.equal(r.sheets, 2);
      assert.equal(r.price, 0.79, '$0.55 + 2 × $0.12');
      assert.match(r.priceFrom, /sandbox's price list.*estimate/);
      const text = await preflight(sample('letter.md'), '--mode', 'Development');
      assert.equal(text.code, 0, text.stderr);
      assert.match(text.stdout, /^letter\.md: 2 pages on 2 sheets, \$0\.79, printed in Development mode$/m);
      assert.match(text.stdout, /The price is from the sandbox's price list: an estimate of what the real service charges\./);
      assert.match(text.stdout, /^Nothing would fail\.$/m);
    });

    it('--proof writes the PDF as the service prints it: the address in the window, the mark only in Development', async () => {
      const proof = join(dir, 'proof.pdf');
      const pdf = await samplePdf(3, 'Statement');
      assert.equal((await preflight(file('statement.pdf', pdf), '--to', JANE, '--mode', 'Development', '--proof', proof)).code, 0);
      const development = pdfPages(readFileSync(proof));
      assert.equal(development.length, 4);
      assert.ok(development[0]!.text.includes('Springfield, IL 62701'));
      assert.ok(development[3]!.text.includes('Statement 3'));
      assert.ok(development.every((page) => page.text.includes('DEVELOPMENT - NOT MAILED')));
      assert.equal((await preflight(file('statement.pdf', pdf), '--to', JANE, '--mode', 'Production', '--proof', proof)).code, 0);
      assert.ok(pdfPages(readFileSync(proof)).every((page) => !page.text.includes('DEVELOPMENT')));
    });
  });

  describe('findings, each with the service code and words, and exit 1', () => {
    /** The expected codes of the facts' table (service-facts.md, Part A), one over-long value per field. */
    const LIMITS: readonly [flag: string, field: string, max: number, code: number][] = [
      ['--city', 'City', 30, -3113],
      ['--state', 'State', 30, -3114],
      ['--company', 'Company', 45, -3117],
      ['--address1', 'Address1', 45, -3118],
      ['--address2', 'Address2', 45, -3119],
      ['--attention-line1', 'AttentionLine1', 45, -3120],
      ['--attention-line2', 'AttentionLine2', 45, -3121],
      ['--attention-line3', 'AttentionLine3', 45, -3122],
      ['--postal-code', 'PostalCode', 15, -3123],
      ['--country', 'Country', 30, -3124],
    ];
    for (const [flag, field, max, code] of LIMITS) {
      it(`${field} longer than ${max}: ${code}`, async () => {
        const { code: exit, report: r } = await report(sample('price-list.pdf'), '--to', JANE, flag, 'x'.repeat(max + 1));
        assert.equal(exit, 1);
        assert.equal(r.ok, false);
        const found = r.findings.find((f) => f.code === code);
        assert.ok(found, JSON.stringify(r.findings));
        assert.equal(found.severity, 'error');
        assert.equal(found.field, field);
        assert.match(found.message, new RegExp(`^${field} longer than ${max}\\. .*${max + 1} characters long`));
      });
    }

    it('missing fields: -4006 (street), -4007 (city), -4008 (name or company)', async () => {
      const street = await report(
        sample('price-list.pdf'),
        '--attention-line1',
        'Jane Doe',
        '--city',
        'Springfield',
        '--postal-code',
        '62701',
      );
      assert.equal(street.code, 1);
      assert.deepEqual(codes(street.report), [-4006]);
      assert.match(street.report.findings[0]!.message, /^missing field: Address1\. A street address is needed\.$/);
      const letter = file(
        'to-fields.md',
        '---\nto:\n  AttentionLine1: Jane Doe\n  Address1: 1 Main St\n  State: IL\n  Zip: 62701\n---\nHello\n',
      );
      const city = await report(letter);
      assert.equal(city.code, 1);
      assert.deepEqual(codes(city.report), [-4007]);
      assert.equal(city.report.findings[0]!.field, 'City');
      const nobody = await report(
        sample('price-list.pdf'),
        '--address1',
        '1 Main St',
        '--city',
        'Springfield',
        '--state',
        'IL',
        '--postal-code',
        '62701',
      );
      assert.equal(nobody.code, 1);
      assert.deepEqual(codes(nobody.report), [-4008]);
      assert.match(nobody.report.findings[0]!.message, /^missing field: AttentionLine1 or Company\. /);
    });

    it('-1018: a US ZIP code not of the form, from --to or from a front matter; the country flag mends it', async () => {
      const zip = await report(sample('price-list.pdf'), '--to', 'Jane Doe, 1 Main St, Springfield, IL 6270');
      assert.equal(zip.code, 1);
      assert.deepEqual(codes(zip.report), [-1018]);
      assert.equal(zip.report.findings[0]!.field, 'PostalCode');
      assert.match(zip.report.findings[0]!.message, /^Failed: the US address could not be verified\. 6270 is not a US ZIP code/);
      const letter = file('bad-zip.md', '---\nto: Jane Doe, 1 Main St, Springfield, IL 627011\n---\nHello\n');
      assert.deepEqual(codes((await report(letter)).report), [-1018]);
      const abroad = await report(letter, '--country', 'Canada');
      assert.equal(abroad.code, 0, JSON.stringify(abroad.report.findings));
    });

    it('-1025: a file that cannot be read as its type says, .pdf or .docx', async () => {
      for (const name of ['broken.pdf', 'broken.docx']) {
        const { code, report: r } = await report(file(name, 'this is not what the name says'), '--to', JANE);
        assert.equal(code, 1, name);
        assert.deepEqual(codes(r), [-1025], name);
        assert.match(r.findings[0]!.message, /^Failed: the document could not be processed\. /);
      }
    });

    it('-1045: no address and nothing to find one in, or text in the box that is no address (issue 31, item 4)', async () => {
      const empty = await report(file('blank.html', '<html><body><script>x()</script></body></html>'));
      assert.equal(empty.code, 1);
      assert.deepEqual(codes(empty.report), [-1045]);
      assert.match(empty.report.findings[0]!.message, /^Failed: the address could not be extracted from the document\. /);
      const text = await report(sample('price-list.pdf'));
      assert.equal(text.code, 1, 'text that is no address is an error, not a warning');
      assert.deepEqual(codes(text.report), [-1045]);
      assert.deepEqual(codes(text.report, 'warning'), []);
      assert.match(
        text.report.findings[0]!.message,
        /which is not an address\. .*An address there is a name line, a street line, and a last line of city, state and ZIP code/,
      );
      const said = await preflight(sample('price-list.pdf'));
      assert.equal(said.code, 1);
      assert.doesNotMatch(said.stdout, /Nothing would fail/);
      // What the service would read there: the price list's lines as far as the box reaches, which are no address.
      assert.match(text.report.addressRead?.[0] ?? '', /^Letters, black and white \.+ \$0\.62/);
      assert.equal(text.report.addressRead?.length, 3);
    });

    it('no address given: shows what the service reads from the recipient box of page 1, a PDF or a laid-out Markdown letter', async () => {
      const pdf = file('addressed-in-box.pdf', await pdfOfSizes([[612, 792]], { address: JANE_DOE_LINES }));
      const run = await preflight(pdf);
      assert.equal(run.code, 0, run.stdout);
      assert.match(
        run.stdout,
        /^No address is given: the service would read this one from the recipient box of page 1:\n {2}Jane Doe\n {2}1 Main St\n {2}Springfield, IL 62701$/m,
      );
      // Laid out as Markdown is for paper (src/contract/paper.ts): each address one paragraph of lines, the recipient's in the box.
      const lines = (address: readonly string[]) => address.join('\\\n');
      const markdown = file(
        'no-to.md',
        `${[lines(['Mailroom Tests', '1 Test Way', 'Testville, IL 62702']), '22 November 2026', 'Our ref. 42', lines(JANE_DOE_LINES), '&nbsp;', 'Dear Jane,'].join('\n\n')}\n`,
      );
      const { code, report: r } = await report(markdown);
      assert.equal(code, 0, JSON.stringify(r.findings));
      assert.deepEqual(r.addressRead, JANE_DOE_LINES);
      const empty = await report(file('empty-box.pdf', await samplePdf(1)));
      assert.equal(empty.code, 1);
      assert.deepEqual(empty.report.addressRead, []);
      assert.deepEqual(codes(empty.report), [-1045]);
    });

    it('-1021: pages that are not US Letter, named with their sizes and pages', async () => {
      const { code, report: r } = await report(
        file(
          'mixed.pdf',
          await pdfOfSizes([
            [612, 792],
            [595.28, 841.89],
            [612, 1008],
          ]),
        ),
        '--to',
        JANE,
      );
      assert.equal(code, 1);
      assert.deepEqual(codes(r), [-1021]);
      const [finding] = r.findings;
      assert.deepEqual(finding!.pages, [3, 4], 'as the proof numbers them, after its address page');
      assert.match(
        finding!.message,
        /Page 2 of the document \(the proof's page 3\) is A4, 8\.27 × 11\.69 in; page 3 of the document \(the proof's page 4\) is US Legal, 8\.5 × 14 in\./,
      );
      const landscape = await report(file('landscape.pdf', await pdfOfSizes([[792, 612]])), '--to', JANE);
      assert.equal(landscape.code, 0, 'a Letter page turned is printed turned');
    });

    it('-1025: an encrypted PDF, in words', async () => {
      const run = await preflight(file('locked.pdf', await encryptedPdf()), '--to', JANE);
      assert.equal(run.code, 1);
      assert.match(run.stdout, /^error {3}-1025 {2}Failed: the document could not be processed\. The PDF is encrypted/m);
    });

    it('-1065: more than 7 sheets (a new account prints on one side); 7 fit', async () => {
      const { code, report: r } = await report(file('long.pdf', await samplePdf(7)), '--to', JANE);
      assert.equal(code, 1);
      assert.equal(r.pages, 8);
      assert.equal(r.sheets, 8);
      assert.deepEqual(codes(r), [-1065]);
      assert.match(
        r.findings[0]!.message,
        /^Failed: too many sheets for the envelope .*\. It prints on 8 sheets; a No\. 10 envelope holds 7\.$/,
      );
      const six = await report(file('six.pdf', await samplePdf(6)), '--to', JANE);
      assert.equal(six.code, 0, 'seven sheets fit');
    });

    it('-4005: an empty file', async () => {
      const { code, report: r } = await report(file('empty.pdf', ''), '--to', JANE);
      assert.equal(code, 1);
      assert.ok(codes(r).includes(-4005), JSON.stringify(r.findings));
    });

    it('every finding at once, in the text output too', async () => {
      const run = await preflight(
        file('all.pdf', await samplePdf(8)),
        '--to',
        'Jane Doe, 1 Main St, Springfield, IL 6270',
        '--city',
        'x'.repeat(31),
      );
      assert.equal(run.code, 1);
      assert.match(run.stdout, /^error {3}-3113 {2}City: City longer than 30\. /m);
      assert.match(run.stdout, /^error {3}-1018 {2}PostalCode: Failed: the US address could not be verified\. /m);
      assert.match(run.stdout, /^error {3}-1065 {2}Failed: too many sheets/m);
      assert.match(run.stdout, /^warning Mailroom {2}The font “Helvetica” is not embedded in the PDF \(pages 2–9\)/m);
      assert.match(run.stdout, /^Would fail: 3 errors, 1 warning\.$/m);
    });

    it("the address check: a ZIP code that does not exist or is another state's fails at -1018 in Production, warns in Development", async () => {
      for (const [to, words] of [
        ['Jane Doe, 1 Main St, Springfield, IL 21301', /21301 is not a ZIP code the USPS has\./],
        ['Jane Doe, 1 Main St, Springfield, CA 62701', /ZIP code 62701 is Springfield, IL: not in CA\./],
      ] as const) {
        const production = await report(sample('price-list.pdf'), '--to', to, '--mode', 'Production');
        assert.equal(production.code, 1, to);
        assert.deepEqual(codes(production.report), [-1018]);
        assert.equal(production.report.findings[0]!.field, 'PostalCode');
        assert.match(production.report.findings[0]!.message, /^Failed: the US address could not be verified\. /);
        assert.match(production.report.findings[0]!.message, words);
        const development = await report(sample('price-list.pdf'), '--to', to, '--mode', 'Development');
        assert.equal(development.code, 0, to);
        assert.deepEqual(codes(development.report), []);
        assert.deepEqual(codes(development.report, 'warning'), [-1018]);
        assert.match(development.report.findings[0]!.message, /In Production the service fails the letter/);
      }
    });

    it("the address check: a city the ZIP code does not serve is a warning naming the ZIP code's city, in either mode (exit 0)", async () => {
      const { code, report: r } = await report(
        sample('price-list.pdf'),
        '--to',
        'Jane Doe, 1 Main St, Los Angeles, CA 90210',
        '--mode',
        'Production',
      );
      assert.equal(code, 0);
      assert.deepEqual(codes(r, 'warning'), [-1018]);
      const [warning] = r.findings;
      assert.equal(warning!.field, 'City');
      assert.match(warning!.message, /ZIP code 90210 is Beverly Hills's/);
      // One that passes, through the command line (the kinds that pass are the address check's unit test).
      const fine = 'Jane Doe, 1 Main St, Beverly Hills, CA 90210-1234';
      const found = (await report(sample('price-list.pdf'), '--to', fine, '--mode', 'Production')).report.findings;
      // price-list.pdf's Helvetica is not embedded: a warning of its own, without a code.
      assert.deepEqual(
        found.filter((f) => f.code !== undefined),
        [],
        fine,
      );
    });
  });

  describe('a mail merge', () => {
    const template = () => file('invite.html', '<h1>Dear {{AttentionLine1}}</h1><p>{{Body}}</p>');

    it('unused columns -3145 and template fields without a column -3144, on the header line', async () => {
      const csv = file(
        'columns.csv',
        'AttentionLine1,Address1,City,State,PostalCode,Colour\nJane Doe,1 Main St,Springfield,IL,62701,red\n',
      );
      const { code, report: r } = await report(template(), '--data', csv);
      assert.equal(code, 1);
      assert.deepEqual(
        r.findings.map((f) => [f.code, f.field, f.line]),
        [
          [-3145, 'Colour', 1],
          [-3144, 'Body', 1],
        ],
      );
      assert.match(r.findings[0]!.message, /^merge data has a field that is not in the template\. /);
      assert.match(r.findings[1]!.message, /^invalid merge data\. /);
    });

    it("each row's finding names its data row and its CSV line (a quoted field may span lines)", async () => {
      const csv = file(
        'rows.csv',
        [
          'AttentionLine1,Address1,City,State,PostalCode,Body',
          'Jane Doe,1 Main St,Springfield,IL,62701,"Two\nlines"',
          '',
          'Sam Roe,,Shelbyville,IL,62565,hello',
          'Pat Poe,3 Far Rd,Ogdenville,IL,6270,hello',
          `Lee Loe,4 Near Rd,Capital City,CA,62702,"${'A long letter. '.repeat(4000)}"`,
        ].join('\n'),
      );
      const { code, report: r } = await report(template(), '--data', csv);
      assert.equal(code, 1);
      assert.deepEqual(
        r.findings.map((f) => [f.code, f.severity, f.row, f.line, f.field]),
        [
          [-1045, 'error', 2, 5, 'Address1'],
          [-1018, 'error', 3, 6, 'PostalCode'],
          [-1018, 'warning', 4, 7, 'PostalCode'],
          [-1065, 'error', 4, 7, undefined],
        ],
      );
      assert.match(r.findings[0]!.message, /^Failed: the address could not be extracted from the document\. A street address is needed\.$/);
      assert.deepEqual(
        r.letters!.map((l) => [l.row, l.line]),
        [
          [1, 2],
          [2, 5],
          [3, 6],
          [4, 7],
        ],
      );
      const text = await preflight(template(), '--data', csv);
      assert.match(text.stdout, /^error {3}-1045 {2}row 2 \(line 5\), Address1: /m);
    });

    it('-3144: CSV that is not well formed (with its line), or has no data row', async () => {
      const broken = await report(template(), '--data', file('broken.csv', 'AttentionLine1,Body\nJane,"open\nnever closed\n'));
      assert.equal(broken.code, 1);
      assert.deepEqual(
        broken.report.findings.map((f) => [f.code, f.line]),
        [[-3144, 2]],
      );
      const header = await report(template(), '--data', file('header.csv', 'AttentionLine1,Body\n'));
      assert.deepEqual(codes(header.report), [-3144]);
    });

    it("-3144: rows whose cells are not as many as the header's columns, short or long, each with its row and line", async () => {
      const csv = file(
        'ragged.csv',
        [
          'AttentionLine1,Address1,City,State,PostalCode,Body',
          'Jane Doe,1 Main St,Springfield,IL,62701,Hello',
          'Sam Roe,2 Side St,Shelbyville',
          '',
          'Pat Poe,3 Far Rd,Ogdenville,IL,62702,Hi,and,more',
          'Lee Loe,4 Near Rd,Capital City,IL,62703,Hey,,',
        ].join('\r\n'),
      );
      const { code, report: r } = await report(template(), '--data', csv);
      assert.equal(code, 1);
      assert.deepEqual(
        r.findings.map((f) => [f.code, f.severity, f.row, f.line]),
        [
          [-3144, 'error', 2, 3],
          [-3144, 'error', 3, 5],
          [-3144, 'error', 4, 6],
        ],
      );
      assert.match(r.findings[0]!.message, /^invalid merge data\. Row 2 has 3 cells; the header has 6 columns\./);
      assert.match(r.findings[1]!.message, /Row 3 has 8 cells; the header has 6 columns\./);
      assert.match(r.findings[2]!.message, /The cells past the header's last column are empty: remove them\./);
      const text = await preflight(template(), '--data', csv);
      assert.match(text.stdout, /^error {3}-3144 {2}row 2 \(line 3\): invalid merge data\. Row 2 has 3 cells/m);
      assert.match(text.stdout, /^Would fail: 3 errors\.$/m);
    });

    it('-1045: an address cell holding a line break, with its row and line; a line break in a field of the template is fine', async () => {
      const csv = file(
        'broken.csv',
        'AttentionLine1,Address1,City,State,PostalCode,Body\r\nJane Doe,"1 Main St\r\nApt 2",Springfield,IL,62701,"Two\r\nlines"\r\n',
      );
      const { code, report: r } = await report(template(), '--data', csv);
      assert.equal(code, 1);
      assert.deepEqual(
        r.findings.map((f) => [f.code, f.severity, f.row, f.line, f.field]),
        [[-1045, 'error', 1, 2, 'Address1']],
      );
      assert.match(r.findings[0]!.message, /Address1 holds a line break: .* Join its lines: "1 Main St Apt 2"\.$/);
    });

    it('a CSV whose bytes do not follow its byte order mark is a usage mistake that says where (exit 2)', async () => {
      const csv = file(
        'marked.csv',
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('AttentionLine1\nJos'), Buffer.from([0xe9, 0x0a])]),
      );
      const run = await preflight(template(), '--data', csv);
      assert.equal(run.code, 2, run.stdout);
      assert.match(run.stderr, /marked\.csv is not CSV: its byte order mark says UTF-8, but byte 22 is not UTF-8 \(line 2\)/);
    });

    it('-3004: a .docx template that cannot be read', async () => {
      const { code, report: r } = await report(file('broken.docx', 'not a zip'), '--data', file('one.csv', 'AttentionLine1\nJane\n'));
      assert.equal(code, 1);
      assert.deepEqual(codes(r), [-3004]);
    });
  });

  describe('usage mistakes: exit 2', () => {
    const cases: readonly [string, () => string[], RegExp][] = [
      ['no file', () => [], /Name one file to check/],
      ['two files', () => [sample('letter.md'), sample('notes.txt')], /Name one file to check/],
      ['a file that does not exist', () => [join(dir, 'nowhere.pdf')], /Cannot read the letter .*no such file/],
      ['a picture', () => [file('photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]))], /not \.png/],
      ['a --mode the service has not', () => [sample('letter.md'), '--mode', 'Test'], /--mode takes .*not "Test"/],
      [
        // The global options are every command's (src/cli/arguments.ts); one of another command's is not.
        'an option of another command',
        () => [sample('letter.md'), '--port', '8317'],
        /--port is not an option of mailroom preflight/,
      ],
      [
        'a --to that does not read as an address',
        () => [sample('price-list.pdf'), '--to', 'Jane Doe, 1 Main St, Springfield'],
        /does not read as an address/,
      ],
      [
        'a front matter that does not read as an address',
        () => [file('unread.md', '---\nto: Jane Doe, Springfield\n---\nHi\n')],
        /front matter's to: .*does not read as an address/,
      ],
      [
        'address flags with --data',
        () => [sample('invite.html'), '--data', sample('people.csv'), '--to', JANE],
        /addresses come from its CSV/,
      ],
      ['a template the merge does not take', () => [sample('price-list.pdf'), '--data', sample('people.csv')], /a mail-merge template is/],
    ];
    for (const [what, args, message] of cases) {
      it(what, async () => {
        const run = await preflight(...args());
        assert.equal(run.code, 2, run.stdout);
        assert.match(run.stderr, message);
        assert.equal(run.stdout, '');
      });
    }
  });

  describe('predicts what the sandbox reports after the real send', () => {
    let sandbox: TestSandbox;
    const env = () => ({ MAILROOM_ENDPOINT: sandbox.url, MAILROOM_USER: 'demo' });
    const cli = async (...args: string[]) => {
      const run = await mailroom(args, { env: env() });
      assert.equal(run.code, 0, run.stderr);
      return run.stdout;
    };
    const details = async (id: string) => {
      const result = JSON.parse(await cli('call', 'GetDetails', '--param', `ID=${id.trim()}`)) as {
        Details: { Price: number; NumOfSheets: number; WorkMode: string }[];
      };
      return result.Details[0]!;
    };

    before(async () => {
      sandbox = await startTestSandbox();
    });
    after(() => sandbox.close());

    const letters: readonly [string, () => Promise<string[]>][] = [
      ['Markdown with a front matter', async () => [sample('letter.md')]],
      ['a 5-page PDF to --to', async () => [file('five.pdf', await samplePdf(5)), '--to', JANE]],
      ['a PDF with no address', async () => [file('in-box.pdf', await pdfOfSizes([[612, 792]], { address: JANE_DOE_LINES }))]],
      [
        'HTML over several pages',
        async () => [
          file('long.html', `<h1>Report</h1>${'<p>A paragraph of the report, long enough to wrap. </p>'.repeat(150)}`),
          '--to',
          JANE,
        ],
      ],
      ['a .docx', async () => [file('two.docx', sampleDocx(['# Notice', 'First page.'])), '--to', JANE]],
      [
        'text, from address flags',
        async () => [
          sample('notes.txt'),
          '--attention-line1',
          'Jane Doe',
          '--address1',
          '1 Main St',
          '--city',
          'Springfield',
          '--state',
          'IL',
          '--postal-code',
          '62701',
        ],
      ],
    ];
    for (const [what, args] of letters) {
      for (const mode of ['Development', 'Production']) {
        it(`a letter, ${what}, in ${mode}: the same sheets and price as GetDetails`, async () => {
          const given = await args();
          const { code, report: r } = await report(...given, '--mode', mode);
          assert.equal(code, 0, JSON.stringify(r.findings));
          const id = await cli('send', ...given, '--mode', mode, '--yes');
          const sent = await details(id);
          assert.equal(sent.WorkMode, mode);
          assert.deepEqual([r.sheets, r.price], [sent.NumOfSheets, sent.Price]);
        });
      }
    }

    it('a ZIP code that does not exist: refused by send in Production as preflight fails it; sent in Development with the warning', async () => {
      const to = 'Jane Doe, 1 Main St, Springfield, IL 21301';
      const refused = await mailroom(['send', sample('notes.txt'), '--to', to, '--mode', 'Production', '--yes'], { env: env() });
      assert.equal(refused.code, 2);
      assert.match(
        refused.stderr,
        /The recipient cannot be sent to: Failed: the US address could not be verified\. 21301 is not a ZIP code the USPS has\. The service fails the letter\./,
      );
      assert.equal(refused.stdout, '', 'nothing sent');
      const sent = await mailroom(['send', sample('notes.txt'), '--to', to, '--mode', 'Development'], { env: env() });
      assert.equal(sent.code, 0, sent.stderr);
      assert.match(sent.stderr, /^warning -1018: Failed: the US address could not be verified\. 21301 is not a ZIP code/m);
      assert.equal((await details(sent.stdout)).WorkMode, 'Development');
    });

    it('a merge: each letter and the whole batch, as GetBatchDetails and GetDetails report them', async () => {
      const template = file('merge.html', '<h1>Dear {{AttentionLine1}}</h1><p>{{Body}}</p>');
      const csv = file(
        'merge.csv',
        [
          'AttentionLine1,Address1,City,State,PostalCode,Body',
          'Jane Doe,1 Main St,Springfield,IL,62701,Short.',
          `Sam Roe,2 Side St,Shelbyville,IL,62565,"${'A longer letter. '.repeat(600)}"`,
          `Pat Poe,3 Far Rd,Springfield,IL,62702,"${'A longer letter still. '.repeat(1200)}"`,
        ].join('\n'),
      );
      const { code, report: r } = await report(template, '--data', csv, '--mode', 'Development');
      assert.equal(code, 0, JSON.stringify(r.findings));
      assert.ok(new Set(r.letters!.map((l) => l.sheets)).size === 3, `letters of three lengths: ${JSON.stringify(r.letters)}`);
      const id = (await cli('merge', template, csv, '--mode', 'Development')).trim();
      const batch = JSON.parse(await cli('call', 'GetBatchDetails', '--param', `ID=${id}`, '--param', 'ItemID=')) as {
        Items: { ItemID: number; NumOfSheets: number; Price: number }[];
      };
      assert.deepEqual(
        r.letters!.map((l) => [l.row, l.sheets, l.price]),
        batch.Items.map((i) => [i.ItemID, i.NumOfSheets, i.Price]),
      );
      const sent = await details(id);
      assert.deepEqual([r.sheets, r.price], [sent.NumOfSheets, sent.Price]);
    });

    describe('a CSV as a spreadsheet saves it, in each encoding, CRLF line ends: previewed and merged with the right names', () => {
      const ROWS = [
        'AttentionLine1,Address1,City,State,PostalCode,Greeting',
        'José Müller,1 Main St,Springfield,IL,62701,Grüß Gott',
        '"Zoë Çelik, Jr.",2 Side St,Shelbyville,IL,62565,Señora – welcome',
      ];
      const TEXT = `${ROWS.join('\r\n')}\r\n`;
      /** Windows-1252 as a spreadsheet writes it: Latin-1's bytes, and the code page's own for the en dash. */
      const windows1252 = (text: string) => Buffer.from([...text].map((c) => (c === '–' ? 0x96 : c.charCodeAt(0))));
      const utf16le = Buffer.from(TEXT, 'utf16le');
      const saved: readonly [encoding: string, bytes: Buffer][] = [
        ['UTF-8', Buffer.from(TEXT, 'utf8')],
        ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT, 'utf8')])],
        ['UTF-16LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le])],
        ['UTF-16BE with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(utf16le.map((_, i, b) => b[i ^ 1]!))])],
        ['Windows-1252', windows1252(TEXT)],
      ];
      const NAMES = ['José Müller', 'Zoë Çelik, Jr.', 'Grüß Gott', 'Señora – welcome'];

      for (const [encoding, bytes] of saved) {
        it(encoding, async () => {
          const template = file('greeting.html', '<h1>{{Greeting}}, {{AttentionLine1}}</h1><p>Thank you.</p>');
          const csv = file(`people-${encoding.replace(/\W+/g, '-')}.csv`, bytes);
          const proof = join(dir, `proof-${encoding.replace(/\W+/g, '-')}.pdf`);
          const { code, report: r } = await report(template, '--data', csv, '--mode', 'Development', '--proof', proof);
          assert.equal(code, 0, JSON.stringify(r.findings));
          assert.equal((r as Report & { encoding: string }).encoding, encoding);
          const previewed = pdfPages(readFileSync(proof))
            .map((p) => p.text)
            .join('\n');
          for (const name of NAMES) assert.ok(previewed.includes(name), `the proof shows ${name}: ${previewed}`);
          const text = await preflight(template, '--data', csv, '--mode', 'Development');
          assert.match(text.stdout, new RegExp(`^people-.*\\.csv read as ${encoding}.*; the merge sends it as UTF-8\\.$`, 'm'));
          if (encoding === 'Windows-1252')
            assert.match(text.stdout, /read as Windows-1252 \(it is not UTF-8: read as a spreadsheet on Windows saves it\)/);

          const sent = await mailroom(['merge', template, csv, '--mode', 'Development'], { env: env() });
          assert.equal(sent.code, 0, sent.stderr);
          assert.match(sent.stderr, new RegExp(`read as ${encoding}`));
          const id = sent.stdout.trim();
          const batch = JSON.parse(await cli('call', 'GetBatchDetails', '--param', `ID=${id}`, '--param', 'ItemID=')) as {
            Items: { ItemID: number; NumOfSheets: number; Price: number }[];
          };
          assert.deepEqual(
            r.letters!.map((l) => [l.row, l.sheets, l.price]),
            batch.Items.map((i) => [i.ItemID, i.NumOfSheets, i.Price]),
          );
          sandbox.advance(60_000);
          const printed = join(dir, `printed-${encoding.replace(/\W+/g, '-')}.pdf`);
          await cli('pdf', id, '-o', printed);
          const pages = pdfPages(readFileSync(printed)).map((p) => p.text);
          for (const name of NAMES) assert.ok(pages.join('\n').includes(name), `the sandbox printed ${name}`);
          assert.deepEqual(
            pages,
            pdfPages(readFileSync(proof)).map((p) => p.text),
            'the proof is what the sandbox printed',
          );
          if (encoding === 'Windows-1252') {
            const json = JSON.parse(await cli('merge', template, csv, '--mode', 'Development', '--json')) as { encoding: string };
            assert.equal(json.encoding, 'Windows-1252', '--json says it too');
          }
        });
      }
    });

    describe('a CSV separated by semicolons (decimal commas) or by tabs (Unicode Text): read with its delimiter, sent as commas', () => {
      const ROWS = [
        ['AttentionLine1', 'Address1', 'City', 'State', 'PostalCode', 'Amount'],
        ['Doe, Jane', '1 Main St, Apt 2', 'Springfield', 'IL', '62701', '1,50'],
        ['"Poe; Pat"', '3 Far Rd', 'Springfield', 'IL', '62702', '12,00'],
      ];
      const saved: readonly [delimiter: string, encoding: string, bytes: Buffer][] = [
        ['semicolon', 'UTF-8', Buffer.from(`${ROWS.map((r) => r.join(';')).join('\r\n')}\r\n`, 'utf8')],
        [
          'tab',
          'UTF-16LE with BOM',
          Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${ROWS.map((r) => r.join('\t')).join('\r\n')}\r\n`, 'utf16le')]),
        ],
      ];
      for (const [delimiter, encoding, bytes] of saved) {
        it(`${delimiter}s, ${encoding}`, async () => {
          const template = file('owed.html', '<h1>Dear {{AttentionLine1}}</h1><p>You owe {{Amount}} dollars.</p>');
          const csv = file(`owed-${delimiter}.csv`, bytes);
          const { code, report: r } = await report(template, '--data', csv, '--mode', 'Development');
          assert.equal(code, 0, JSON.stringify(r.findings));
          assert.deepEqual(
            [(r as Report & { encoding: string }).encoding, (r as Report & { delimiter: string }).delimiter, r.letters!.length],
            [encoding, delimiter, 2],
          );
          const text = await preflight(template, '--data', csv, '--mode', 'Development');
          assert.match(
            text.stdout,
            new RegExp(
              `^owed-${delimiter}\\.csv read as ${encoding}, separated by ${delimiter}s; the merge sends it as UTF-8 separated by commas\\.$`,
              'm',
            ),
          );
          const sent = await mailroom(['merge', template, csv, '--mode', 'Development'], { env: env() });
          assert.equal(sent.code, 0, sent.stderr);
          assert.match(sent.stderr, new RegExp(`read as ${encoding}, separated by ${delimiter}s`));
          const id = sent.stdout.trim();
          const batch = JSON.parse(await cli('call', 'GetBatchDetails', '--param', `ID=${id}`, '--param', 'ItemID=')) as {
            Items: { ItemID: number; NumOfSheets: number; Price: number }[];
          };
          assert.deepEqual(
            r.letters!.map((l) => [l.row, l.sheets, l.price]),
            batch.Items.map((i) => [i.ItemID, i.NumOfSheets, i.Price]),
          );
          sandbox.advance(60_000);
          const printed = join(dir, `owed-${delimiter}.pdf`);
          await cli('pdf', id, '-o', printed);
          const pages = pdfPages(readFileSync(printed)).map((p) => p.text);
          // Each item's recipient as in the file (a comma inside a cell is the cell's, not a column's end), and its letter.
          for (const [name, street, owed] of [
            ['Doe, Jane', '1 Main St, Apt 2', 'You owe 1,50 dollars'],
            ['Poe; Pat', '3 Far Rd', 'You owe 12,00 dollars'],
          ] as const) {
            assert.ok(
              pages.some((page) => page.includes(name) && page.includes(street)),
              `${name}, ${street}: ${pages.join('\n---\n')}`,
            );
            assert.ok(
              pages.some((page) => page.includes(owed)),
              owed,
            );
          }
          const json = JSON.parse(await cli('merge', template, csv, '--mode', 'Development', '--json')) as {
            encoding: string;
            delimiter: string;
          };
          assert.deepEqual([json.encoding, json.delimiter], [encoding, delimiter], '--json says both');
        });
      }
    });

    it("what preflight refuses the sandbox refuses: rows whose cells are not the header's, at -3144 with the same row and line", async () => {
      const template = file('short.html', '<h1>Dear {{AttentionLine1}}</h1>');
      const csv = file(
        'short.csv',
        'AttentionLine1,Address1,City,State,PostalCode\r\nJane Doe,1 Main St,Springfield,IL,62701\r\n"Sam\r\nRoe",2 Side St\r\n',
      );
      const { code, report: r } = await report(template, '--data', csv, '--mode', 'Development');
      assert.equal(code, 1);
      assert.deepEqual(
        r.findings.map((f) => [f.code, f.row, f.line]),
        [[-3144, 2, 3]],
      );
      const sent = await mailroom(['merge', template, csv, '--mode', 'Development'], { env: env() });
      assert.equal(sent.code, 1, sent.stdout);
      assert.match(sent.stderr, /-3144.*row 2 \(line 3\) has 2 cells; the header has 5 columns/);
    });

    it('an address cell with a line break: the letter preflight fails at -1045 is the batch item the sandbox fails at -1045', async () => {
      const template = file('broken.html', '<h1>Dear {{AttentionLine1}}</h1>');
      const csv = file(
        'broken-cell.csv',
        'AttentionLine1,Address1,City,State,PostalCode\r\nJane Doe,1 Main St,Springfield,IL,62701\r\nSam Roe,"2 Side St\r\nApt 4",Shelbyville,IL,62565\r\n',
      );
      const { report: r } = await report(template, '--data', csv, '--mode', 'Development');
      assert.deepEqual(
        r.findings.map((f) => [f.code, f.row, f.line, f.field]),
        [[-1045, 2, 3, 'Address1']],
      );
      const id = (await cli('merge', template, csv, '--mode', 'Development')).trim();
      sandbox.advance(60_000);
      const statuses = JSON.parse(await cli('call', 'GetBatchStatus', '--param', `ID=${id}`, '--param', 'ItemID=')) as {
        Statuses: { Status: number }[];
      };
      assert.deepEqual(
        statuses.Statuses.map((s) => s.Status === -1045),
        [false, true],
        JSON.stringify(statuses),
      );
      const sent = await details(id);
      assert.deepEqual([r.sheets, r.price], [sent.NumOfSheets, sent.Price]);
    });

    it('the proof is the PDF the sandbox prints for the same letter, page for page', async () => {
      const proof = join(dir, 'same.pdf');
      assert.equal((await preflight(sample('letter.md'), '--mode', 'Development', '--proof', proof)).code, 0);
      const id = (await cli('send', sample('letter.md'), '--mode', 'Development')).trim();
      sandbox.advance(60_000);
      const printed = join(dir, 'printed.pdf');
      await cli('pdf', id, '-o', printed);
      assert.ok(existsSync(printed));
      assert.deepEqual(
        pdfPages(readFileSync(proof)).map((p) => p.text),
        pdfPages(readFileSync(printed)).map((p) => p.text),
      );
      assert.equal(await pageCount(readFileSync(proof)), await pageCount(readFileSync(printed)));
    });
  });
});
