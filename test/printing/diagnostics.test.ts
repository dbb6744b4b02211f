/**
 * The editor's live diagnostics as text in, findings with offsets out: every code a front-matter
 * address and a merge's CSV can show, the exact text each is on, and the quick fixes' edits
 * applied to the text (the result read again must no longer have the finding).
 */
import { strict as assert } from 'node:assert';
import { parseCsv } from '../../src/contract';
import {
  csvDiagnostics,
  frontMatterDiagnostics,
  mergeDataDiagnostics,
  namesAddressColumn,
  preflightMerge,
  type TextEdit,
  type TextFinding,
} from '../../src/printing';

/** The text each finding is on. */
const on = (text: string, f: TextFinding) => text.slice(f.span.start, f.span.end);
const summary = (text: string, findings: readonly TextFinding[]) =>
  findings.map((f) => ({ code: f.code, severity: f.severity, field: f.field, on: on(text, f) }));

/** The edits applied, last first so that the offsets of the ones before stay true. */
function applied(text: string, edits: readonly TextEdit[]): string {
  return [...edits].sort((a, b) => b.start - a.start).reduce((t, e) => t.slice(0, e.start) + e.text + t.slice(e.end), text);
}

const letter = (frontMatter: string) => `---\ntitle: Hello\n${frontMatter}\n---\n# Dear Jane\n`;
const LONG_NAME = 'Jane Alexandra Montgomery-Featherstonehaugh Doe'; // 47 > 45

describe('live diagnostics: a front-matter address', () => {
  it('finds nothing in a good address, nor without a front matter or a to:', () => {
    assert.deepEqual(frontMatterDiagnostics(letter('to: Jane Doe, 1 Main St, Springfield, IL 62701')), []);
    assert.deepEqual(frontMatterDiagnostics('# no front matter\nto: x'), []);
    assert.deepEqual(frontMatterDiagnostics(letter('subject: none')), []);
  });

  it('puts a one-line field too long on its own part of the line, with the service code and words, and trims it', () => {
    const text = letter(`to: "${LONG_NAME}, 1 Main St, Springfield, IL 62701"`);
    const findings = frontMatterDiagnostics(text);
    assert.deepEqual(summary(text, findings), [{ code: -3120, severity: 'error', field: 'AttentionLine1', on: LONG_NAME }]);
    assert.match(findings[0]!.message, /^AttentionLine1 .*\. The name is 47 characters long; the service takes at most 45\.$/i);
    const [fix] = findings[0]!.fixes;
    assert.equal(fix?.kind, 'trim');
    const fixed = applied(text, fix.edits);
    assert.equal(fixed, letter(`to: "${LONG_NAME.slice(0, 45)}, 1 Main St, Springfield, IL 62701"`));
    assert.deepEqual(frontMatterDiagnostics(fixed), []);
  });

  it('finds the city, the state, the ZIP code each on its part, even when parts repeat elsewhere in the line', () => {
    const city = 'Springfield Township of the Very Long Name'; // 42 > 30
    const text = letter(`to: Springfield Corp, 1 Main St, ${city}, il 6270`);
    assert.deepEqual(summary(text, frontMatterDiagnostics(text)), [
      { code: -3113, severity: 'error', field: 'City', on: city },
      { code: -1018, severity: 'error', field: 'PostalCode', on: '6270' },
    ]);
  });

  it('fails a ZIP code of another state, or one that does not exist, at the ZIP code: -1018 as Production meets it', () => {
    for (const [line, words] of [
      [
        'Springfield, IL 90210',
        /ZIP code 90210 is Beverly Hills, CA: not in IL\. Check the ZIP code and the state\. The service fails the letter\.$/,
      ],
      ['Springfield, IL 21399', /21399 is not a ZIP code the USPS has\. The service fails the letter\.$/],
    ] as const) {
      const text = letter(`to: Jane Doe, 1 Main St, ${line}`);
      const findings = frontMatterDiagnostics(text);
      assert.deepEqual(summary(text, findings), [{ code: -1018, severity: 'error', field: 'PostalCode', on: line.slice(-5) }]);
      assert.match(findings[0]!.message, /^Failed: the US address could not be verified\. /);
      assert.match(findings[0]!.message, words);
      assert.deepEqual(findings[0]!.fixes, []);
    }
  });

  it("warns of a city the ZIP code does not serve, naming the ZIP code's city, and changes it to that", () => {
    const text = letter('to: Jane Doe, 1 Main St, Los Angeles, CA 90210-1234');
    const findings = frontMatterDiagnostics(text);
    assert.deepEqual(summary(text, findings), [{ code: -1018, severity: 'warning', field: 'City', on: 'Los Angeles' }]);
    assert.match(
      findings[0]!.message,
      /^Failed: the US address could not be verified\. It may be: ZIP code 90210 is Beverly Hills's, .*write Beverly Hills/,
    );
    assert.deepEqual(
      findings[0]!.fixes.map((f) => f.kind === 'replace' && [f.field, f.value]),
      [['City', 'Beverly Hills']],
    );
    const fixed = applied(text, findings[0]!.fixes[0]!.edits);
    assert.equal(fixed, letter('to: Jane Doe, 1 Main St, Beverly Hills, CA 90210-1234'));
    assert.deepEqual(frontMatterDiagnostics(fixed), []);
  });

  it('changes an indented City in its quotes, and offers no change a single-quoted value could not hold', () => {
    const text = letter('to:\n  AttentionLine1: Jane Doe\n  Address1: 1 Main St\n  City: "los angeles"\n  State: CA\n  PostalCode: 90210');
    const [found] = frontMatterDiagnostics(text);
    assert.equal(on(text, found!), 'los angeles');
    const fixed = applied(text, found!.fixes[0]!.edits);
    assert.ok(fixed.includes('  City: "Beverly Hills"\n'));
    assert.deepEqual(frontMatterDiagnostics(fixed), []);

    // 83814 is Coeur d'Alene's: an apostrophe would end a single-quoted value.
    const quoted = letter("to:\n  AttentionLine1: Jane Doe\n  Address1: 1 Main St\n  City: 'Boise'\n  State: ID\n  PostalCode: 83814");
    const [boise] = frontMatterDiagnostics(quoted);
    assert.equal(boise?.field, 'City');
    assert.match(boise.message, /ZIP code 83814 is Coeur D'Alene's/);
    assert.deepEqual(boise.fixes, []);
  });

  it('takes the names a ZIP code goes by: its own, in any case and abbreviated, and those of its area; ZIP+4; other countries unchecked', () => {
    for (const line of [
      'St. Louis, MO 63130',
      'SAINT LOUIS, MO 63130',
      'Flushing, NY 11375',
      'Forest Hills, NY 11375-5555',
      'Winston-Salem, NC 27101',
      'Ft Worth, TX 76102',
      'Mt. Vernon, NY 10550',
      'Washington, DC 20500',
      'APO, AE 09001',
      'Hagatna, GU 96910',
      'Frisco, TX 75036',
    ]) {
      assert.deepEqual(frontMatterDiagnostics(letter(`to: Jane Doe, 1 Main St, ${line}`)), [], line);
    }
    assert.deepEqual(frontMatterDiagnostics(letter('to: Jane Doe, 1 Main St, 75001 Paris, France')), []);
  });

  it('says what was understood of a line that does not read as an address, on the whole line, without a code', () => {
    const text = letter('to: Jane Doe, 1 Main St, Springfield');
    const findings = frontMatterDiagnostics(text);
    assert.deepEqual(summary(text, findings), [
      { code: undefined, severity: 'error', field: undefined, on: 'Jane Doe, 1 Main St, Springfield' },
    ]);
    assert.match(
      findings[0]!.message,
      /does not read as an address\. .*Understood: name "Jane Doe", street address "1 Main St", city "Springfield"\./,
    );
  });

  it("puts the indented form's findings on each field's value, missing fields on the whole to:, and trims a quoted value inside its quotes", () => {
    const text = letter(`to:\n  AttentionLine1: "${LONG_NAME}"\n  City: Springfield\n  State: IL\n  ZIP: 1234`);
    const findings = frontMatterDiagnostics(text);
    assert.deepEqual(summary(text, findings), [
      { code: -3120, severity: 'error', field: 'AttentionLine1', on: LONG_NAME },
      {
        code: -4006,
        severity: 'error',
        field: 'Address1',
        on: `to:\n  AttentionLine1: "${LONG_NAME}"\n  City: Springfield\n  State: IL\n  ZIP: 1234`,
      },
      { code: -1018, severity: 'error', field: 'PostalCode', on: '1234' },
    ]);
    const fixed = applied(text, findings[0]!.fixes[0]!.edits);
    assert.ok(fixed.includes(`  AttentionLine1: "${LONG_NAME.slice(0, 45)}"\n`));
    assert.deepEqual(
      frontMatterDiagnostics(fixed).map((f) => f.code),
      [-4006, -1018],
    );
  });

  it('finds a field holding a line break (-1045, as the printer fails it) and a tab or zero-width character (a warning), on the value', () => {
    const text = letter(
      'to:\n  AttentionLine1: "Jane\\tDoe"\n  Company: "Acme\\u200B"\n  Address1: "1 Main St\\nApt 2"\n  City: Springfield\n  State: IL\n  PostalCode: "62701"',
    );
    assert.deepEqual(summary(text, frontMatterDiagnostics(text)), [
      { code: -1045, severity: 'error', field: 'Address1', on: '"1 Main St\\nApt 2"' },
      { code: undefined, severity: 'warning', field: 'AttentionLine1', on: '"Jane\\tDoe"' },
      { code: undefined, severity: 'warning', field: 'Company', on: '"Acme\\u200B"' },
    ]);
  });

  it('finds -4007 and -4008 for a city and a name left out, with CRLF line ends', () => {
    const text = '---\r\nto:\r\n  Address1: 1 Main St\r\n  PostalCode: 62701\r\n---\r\nBody';
    assert.deepEqual(
      frontMatterDiagnostics(text).map((f) => [f.code, f.field, on(text, f)]),
      [
        [-4008, 'Company', 'to:\r\n  Address1: 1 Main St\r\n  PostalCode: 62701'],
        [-4007, 'City', 'to:\r\n  Address1: 1 Main St\r\n  PostalCode: 62701'],
      ],
    );
  });
});

describe("live diagnostics: a front matter's own findings", () => {
  it('renames an unknown key to the nearest known one, and the renamed text has nothing to say', () => {
    const text = '---\ntitel: Hello\nTo: Jane Doe, 1 Main St, Springfield, IL 62701\n---\n# Dear Jane\n';
    const findings = frontMatterDiagnostics(text);
    assert.deepEqual(summary(text, findings), [
      { code: undefined, severity: 'warning', field: undefined, on: 'titel' },
      { code: undefined, severity: 'warning', field: undefined, on: 'To' },
    ]);
    const [title, to] = findings as [TextFinding, TextFinding];
    assert.deepEqual(title.fixes, [{ kind: 'rename', from: 'titel', to: 'title', edits: [{ ...title.span, text: 'title' }] }]);
    const fixed = applied(applied(text, to.fixes[0]!.edits), title.fixes[0]!.edits);
    assert.equal(fixed, '---\ntitle: Hello\nto: Jane Doe, 1 Main St, Springfield, IL 62701\n---\n# Dear Jane\n');
    assert.deepEqual(frontMatterDiagnostics(fixed), []);
  });

  it('renames an unknown field of to: and then checks the address it completes', () => {
    const text = letter('to:\n  Name: Jane Doe\n  Street: 1 Main St\n  Cty: Springfield\n  State: IL\n  Zip: 62701');
    const findings = frontMatterDiagnostics(text);
    assert.deepEqual(
      summary(text, findings).map((f) => [f.code, f.severity, f.on]),
      [
        [undefined, 'error', 'Cty'],
        [-4007, 'error', 'to:\n  Name: Jane Doe\n  Street: 1 Main St\n  Cty: Springfield\n  State: IL\n  Zip: 62701'],
      ],
    );
    const fixed = applied(text, findings[0]!.fixes[0]!.edits);
    assert.ok(fixed.includes('\n  City: Springfield\n'));
    assert.deepEqual(frontMatterDiagnostics(fixed), []);
  });

  it('puts a key written twice on the second, with the first as its related place', () => {
    const text = letter('to: Jane Doe, 1 Main St, Springfield, IL 62701\ntitle: Again');
    const [finding, ...more] = frontMatterDiagnostics(text);
    assert.deepEqual(more, []);
    assert.equal(finding?.severity, 'error');
    assert.equal(on(text, finding), 'title');
    assert.equal(finding.span.start, text.lastIndexOf('title'));
    assert.deepEqual(
      finding.related?.map((r) => [text.slice(r.span.start, r.span.end), r.span.start, r.message]),
      [['title', text.indexOf('title'), '"title" first written here']],
    );
    assert.match(finding.message, /^"title" is written twice, on lines 2 and 4/);
  });

  it('puts a front matter never closed on its opening ---, and YAML that does not parse where it breaks', () => {
    const open = '---\nto: Jane Doe, 1 Main St, Springfield, IL 62701\n# Dear Jane\n';
    assert.deepEqual(summary(open, frontMatterDiagnostics(open)), [{ code: undefined, severity: 'error', field: undefined, on: '---' }]);
    const broken = letter('to: Attn: Jane Doe, 1 Main St, Springfield, IL 62701');
    const [finding, ...more] = frontMatterDiagnostics(broken);
    assert.deepEqual(more, [], 'no address findings from YAML that does not parse');
    assert.equal(on(broken, finding!), 'Attn: Jane Doe, 1 Main St, Springfield, IL 62701');
    assert.match(finding!.message, /put the value in quotes/);
  });

  it('finds each part of a to: written as a list on its own line, and a ZIP code kept as written', () => {
    const text = letter(`to:\n  - ${LONG_NAME}\n  - 1 Main St\n  - Boston, MA 2134`);
    assert.deepEqual(summary(text, frontMatterDiagnostics(text)), [
      { code: -3120, severity: 'error', field: 'AttentionLine1', on: LONG_NAME },
      { code: -1018, severity: 'error', field: 'PostalCode', on: '2134' },
    ]);
    assert.deepEqual(frontMatterDiagnostics(letter('to:\n  - Jane Doe\n  - 1 Main St\n  - Boston, MA 02134')), []);
    assert.deepEqual(
      frontMatterDiagnostics(letter('to:\n  name: Jane Doe\n  street: 1 Main St\n  city: Boston\n  state: MA\n  zip: 02134')),
      [],
    );
  });

  it('changes a ZIP code whose leading zeros were dropped, or a ZIP+4 without its hyphen, to the one the USPS has, in a line or a field', () => {
    for (const [md, zip, to] of [
      ['---\nto: Jane Doe, 1 Main St, Boston, MA 2134\n---\nHi\n', '2134', '02134'],
      [
        '---\nto:\n  name: Jane Doe\n  street: 1 Main St\n  city: Boston\n  state: MA\n  zip: 021341234\n---\nHi\n',
        '021341234',
        '02134-1234',
      ],
    ] as const) {
      const [found, ...more] = frontMatterDiagnostics(md);
      assert.deepEqual(more, []);
      assert.equal(found?.code, -1018);
      assert.equal(on(md, found), zip);
      assert.match(found.message, new RegExp(`${to} is Allston, MA's`));
      const fix = found.fixes.find((x) => x.kind === 'replace');
      assert.ok(fix, 'a change offered');
      assert.deepEqual(frontMatterDiagnostics(applied(md, fix.edits)), []);
    }
  });

  it('offers no trim where the text is not the value itself (an escape in double quotes)', () => {
    const text = letter(
      `to:\n  AttentionLine1: "${LONG_NAME} \\u00e9"\n  Address1: 1 Main St\n  City: Springfield\n  State: IL\n  PostalCode: 62701`,
    );
    const [finding, ...more] = frontMatterDiagnostics(text);
    assert.deepEqual(more, []);
    assert.equal(finding?.code, -3120);
    assert.deepEqual(finding.fixes, []);
  });
});

describe('live diagnostics: a mail merge CSV', () => {
  const template = { fields: ['FirstName', 'Amount'] };
  const header = 'AttentionLine1,Address1,City,State,PostalCode,FirstName,Amount';

  it('finds nothing in good rows, and tells a merge CSV by an address column', () => {
    const csv = `${header}\nJane Doe,1 Main St,Springfield,IL,62701,Jane,10\n`;
    assert.deepEqual(csvDiagnostics(csv, template), []);
    assert.equal(namesAddressColumn(csv), true);
    assert.equal(namesAddressColumn('\uFEFF"Name", "Zipcode"\n'), true);
    assert.equal(namesAddressColumn('date,amount\n2026-01-01,3\n'), false);
  });

  it('puts -1045 on the empty street cell of a row with no address, and -1018 on the ZIP code cell, with the row', () => {
    const csv = `${header}\r\nJane Doe,1 Main St,Springfield,IL,62701,Jane,10\r\nJohn Roe,,Springfield,IL,62701,John,5\r\nAl Poe,2 Elm St,Springfield,IL,6270,Al,1\r\n`;
    const findings = csvDiagnostics(csv, template);
    assert.deepEqual(
      findings.map((f) => [f.code, f.severity, f.field, f.row, f.span.start, on(csv, f)]),
      [
        [-1045, 'error', 'Address1', 2, csv.indexOf('John Roe,') + 'John Roe,'.length, ''],
        [-1018, 'error', 'PostalCode', 3, csv.indexOf('6270,Al'), '6270'],
      ],
    );
    assert.match(findings[0]!.message, /A street address is needed/);
  });

  it('warns of a tab or a zero-width character in an address cell, on the cell, as the merge preflight does', async () => {
    const csv = `${header}\nJane\u200bDoe,1 Main St,Springfield,IL,62701,Jane,10\n"John Roe","2\tElm St",Springfield,IL,62701,John,5\n`;
    const findings = csvDiagnostics(csv, template);
    assert.deepEqual(
      findings.map((f) => [f.code, f.severity, f.field, f.row, on(csv, f)]),
      [
        [undefined, 'warning', 'AttentionLine1', 1, 'Jane\u200bDoe'],
        [undefined, 'warning', 'Address1', 2, '"2\tElm St"'],
      ],
    );
    assert.match(
      findings[1]!.message,
      /^Address1 holds a character the envelope does not show as typed: U\+0009 \(a tab\)\. A tab prints as a space/,
    );
    const report = await preflightMerge(
      { type: 'html', template: Buffer.from('<p>Dear {{FirstName}}, you owe {{Amount}}.</p>'), csv },
      { workMode: 'Development' },
    );
    assert.deepEqual(
      report.findings.filter((f) => /does not show as typed/.test(f.message)).map((f) => [f.field, f.row, f.line]),
      [
        ['AttentionLine1', 1, 2],
        ['Address1', 2, 3],
      ],
    );
  });

  it('warns of a character no printing font draws in a printed cell, on the cell, in the preflight’s words (issue 23 part 5)', async () => {
    // An emoji in a name, a CJK city, a Hebrew word in a field the template prints; an accented name and a column the letter does not print say nothing.
    const csv =
      `${header},Note\n` +
      `Jane 😀 Doe,1 Main St,Springfield,IL,62701,José,10,🎉\n` +
      `John Roe,2 Elm St,東京,IL,62701,שלום,5,plain\n` +
      `Zoë Ångström,3 Oak Ave,Springfield,IL,62701,Zoë,7,x\n`;
    const findings = csvDiagnostics(csv, template).filter((f) => /cannot draw/.test(f.message));
    assert.deepEqual(
      findings.map((f) => [f.code, f.severity, f.field, f.row, on(csv, f)]),
      [
        [undefined, 'warning', 'AttentionLine1', 1, 'Jane 😀 Doe'],
        [undefined, 'warning', 'City', 2, '東京'],
        [undefined, 'warning', 'FirstName', 2, 'שלום'],
      ],
    );
    const report = await preflightMerge(
      {
        type: 'html',
        template: Buffer.from('<p>Dear {{FirstName}}, you owe {{Amount}}.</p>'),
        csv: csv.replace(/,Note\n/, '\n').replace(/,(🎉|plain|x)\n/g, '\n'),
      },
      { workMode: 'Development' },
    );
    const preflight = report.findings.filter((f) => /cannot draw/.test(f.message));
    assert.deepEqual(
      findings.map((f) => [f.field, f.row, f.message]),
      preflight.map((f) => [f.field, f.row, f.message]),
      'the same findings, in the same words, as `mailroom preflight --data`',
    );
    assert.match(findings[0]!.message, /“😀” \(U\+1F600\) in AttentionLine1/);
    // Without a template, every column is one a letter may print.
    assert.deepEqual(
      csvDiagnostics(csv)
        .filter((f) => /cannot draw/.test(f.message))
        .map((f) => [f.field, f.row]),
      [
        ['AttentionLine1', 1],
        ['Note', 1],
        ['City', 2],
        ['FirstName', 2],
      ],
    );
  });

  it("warns of a city cell its ZIP code does not serve and changes it to the ZIP code's city, keeping the quoting right", () => {
    const csv = `${header}\nJane Doe,1 Main St,"Los Angeles",CA,90210,Jane,10\nJohn Roe,2 Elm St,Springfield,IL,62701,John,5\n`;
    const findings = csvDiagnostics(csv, template);
    assert.deepEqual(
      findings.map((f) => [f.code, f.severity, f.field, f.row, on(csv, f)]),
      [[-1018, 'warning', 'City', 1, '"Los Angeles"']],
    );
    assert.equal(findings[0]!.fixes[0]?.kind, 'replace');
    const fixed = applied(csv, findings[0]!.fixes[0].edits);
    assert.equal(fixed, csv.replace('"Los Angeles"', '"Beverly Hills"'));
    assert.deepEqual(csvDiagnostics(fixed, template), []);
  });

  it("fails a row whose ZIP code does not exist or is another state's at its ZIP code cell (an error: Production)", () => {
    const csv = `${header}\nJane Doe,1 Main St,Springfield,IL,21399,Jane,10\nJohn Roe,2 Elm St,Springfield,CA,62701,John,5\n`;
    assert.deepEqual(summary(csv, csvDiagnostics(csv, template)), [
      { code: -1018, severity: 'error', field: 'PostalCode', on: '21399' },
      { code: -1018, severity: 'error', field: 'PostalCode', on: '62701' },
    ]);
  });

  it('puts -1045 once on the header when the address columns are not there at all, not on every row (issue 31, item 7)', () => {
    const csv = 'FirstName,Amount\nJane,10\nJohn,12\n';
    assert.deepEqual(summary(csv, csvDiagnostics(csv, template)), [
      { code: -1045, severity: 'error', field: 'Address1', on: 'FirstName,Amount' },
    ]);
    assert.match(
      csvDiagnostics(csv, template)[0]!.message,
      /The header has no column named Address1, none named City, none named AttentionLine1 or Company and none named PostalCode: .*every letter of the merge fails\. Add columns named Address1, City, AttentionLine1 \(or Company\) and PostalCode\.$/,
    );
  });

  it('warns of a cell too long and trims it, keeping the quoting right', () => {
    const long = `${LONG_NAME}, "the third"`;
    const csv = `${header}\n"${long.replace(/"/g, '""')}",1 Main St,Springfield,IL,62701,Jane,10\n`;
    const findings = csvDiagnostics(csv, template);
    assert.deepEqual(
      findings.map((f) => [f.code, f.severity, f.field]),
      [[-3120, 'warning', 'AttentionLine1']],
    );
    assert.equal(on(csv, findings[0]!), `"${long.replace(/"/g, '""')}"`);
    assert.deepEqual(
      findings[0]!.fixes[0]!.edits.map((e) => e.text),
      ['"Jane Alexandra Montgomery-Featherstonehaugh D"'],
      'quoted as the cell was, though what is kept would not need it',
    );
    const fixed = applied(csv, findings[0]!.fixes[0]!.edits);
    assert.equal(parseCsv(fixed)[1]![0], long.slice(0, 45).trimEnd());
    assert.equal(parseCsv(fixed)[1]!.length, 7, 'the row still has its seven cells');
    assert.deepEqual(csvDiagnostics(fixed, template), []);
  });

  it('trims a cell whose kept text holds a comma or a quote to a cell that still reads as that text (RFC 4180 quoting kept)', () => {
    const rows = [
      // Quoted, and what is kept holds a comma and doubled quotes.
      '"Doe, Jane ""JJ"" Alexandra Montgomery-Featherstonehaugh",1 Main St,Springfield,IL,62701,Jane,10',
      // Not quoted (a quote inside a cell is read as it is): kept, it must be quoted.
      'Jane "JJ" Alexandra Montgomery-Featherstonehaugh Doe,2 Elm St,Springfield,IL,62701,Jane,10',
      // What is kept ends in a quote.
      '"Jane Alexandra Montgomery-Featherstonehaugh ""JJ"" Doe",3 Oak Ave,Springfield,IL,62701,Jane,10',
      // What is kept ends in a comma (a city is 30 characters at most).
      'Ann Poe,4 Elm St,"Springfield, Sangamon County, Illinois",IL,62701,Ann,1',
    ];
    const csv = `${header}\r\n${rows.join('\r\n')}\r\n`;
    const findings = csvDiagnostics(csv, template);
    assert.deepEqual(
      findings.map((f) => [f.code, f.field, f.row, f.fixes.map((x) => x.kind)]),
      [
        [-3120, 'AttentionLine1', 1, ['trim']],
        [-3120, 'AttentionLine1', 2, ['trim']],
        [-3120, 'AttentionLine1', 3, ['trim']],
        [-3113, 'City', 4, ['trim']],
        // A county in the City is no city of 62701's: the address check's warning, with its own fix.
        [-1018, 'City', 4, ['replace']],
      ],
    );
    const edits = findings.filter((f) => f.fixes[0]!.kind === 'trim').map((f) => f.fixes[0]!.edits);
    assert.deepEqual(
      edits.map((e) => e.map((edit) => edit.text)),
      [
        ['"Doe, Jane ""JJ"" Alexandra Montgomery-Featherst"'],
        ['"Jane ""JJ"" Alexandra Montgomery-Featherstoneha"'],
        ['"Jane Alexandra Montgomery-Featherstonehaugh """'],
        ['"Springfield, Sangamon County,"'],
      ],
      'each trimmed cell written as RFC 4180 writes it: quoted, its quotes doubled',
    );
    const fixed = applied(csv, edits.flat());
    const read = parseCsv(fixed);
    assert.deepEqual(
      read.slice(1).map((row) => [row.length, row[0], row[2]]),
      [
        [7, 'Doe, Jane "JJ" Alexandra Montgomery-Featherst', 'Springfield'],
        [7, 'Jane "JJ" Alexandra Montgomery-Featherstoneha', 'Springfield'],
        [7, 'Jane Alexandra Montgomery-Featherstonehaugh "', 'Springfield'],
        [7, 'Ann Poe', 'Springfield, Sangamon County,'],
      ],
      'read back: the trimmed text, and every row still has its seven cells',
    );
    assert.deepEqual(
      csvDiagnostics(fixed, template).map((f) => [f.code, f.field, f.row]),
      [[-1018, 'City', 4]],
      'nothing left to trim: only the City the ZIP code does not serve',
    );
  });

  it('puts -3145 on the header cell of a column the template does not use, and -3144 on the header line with a column added', () => {
    const csv = `\uFEFFAttentionLine1,Address1,City,State,PostalCode,Nickname\nJane Doe,1 Main St,Springfield,IL,62701,JJ\n"John Roe","2 Elm\nSt",Springfield\nAnn Poe,3 Oak Ave,Salem,OR,97301,Annie,beyond the header\n`;
    const findings = csvDiagnostics(csv, template);
    assert.deepEqual(summary(csv, findings), [
      { code: -3145, severity: 'error', field: 'Nickname', on: 'Nickname' },
      { code: -3144, severity: 'error', field: 'FirstName', on: 'AttentionLine1,Address1,City,State,PostalCode,Nickname' },
      { code: -3144, severity: 'error', field: 'Amount', on: 'AttentionLine1,Address1,City,State,PostalCode,Nickname' },
      // The short and the long row are refused too (their own tests below); the added column keeps them as they are.
      { code: -3144, severity: 'error', field: undefined, on: '"John Roe","2 Elm\nSt",Springfield' },
      { code: -3144, severity: 'error', field: undefined, on: ',beyond the header' },
    ]);
    const fix = findings[1]!.fixes[0]!;
    assert.equal(fix.kind, 'add-column');
    const rows = parseCsv(applied(csv, fix.edits).slice(1));
    assert.deepEqual(rows[0], ['AttentionLine1', 'Address1', 'City', 'State', 'PostalCode', 'Nickname', 'FirstName']);
    assert.deepEqual(rows[1], ['Jane Doe', '1 Main St', 'Springfield', 'IL', '62701', 'JJ', '']);
    assert.deepEqual(rows[2], ['John Roe', '2 Elm\nSt', 'Springfield', '', '', '', '']);
    assert.deepEqual(
      rows[3],
      ['Ann Poe', '3 Oak Ave', 'Salem', 'OR', '97301', 'Annie', '', 'beyond the header'],
      "a cell beyond the header's columns stays beyond the new one",
    );
    assert.deepEqual(
      csvDiagnostics(applied(csv, fix.edits), template).map((f) => [f.code, f.field, f.row]),
      [
        [-3145, 'Nickname', undefined],
        [-3144, 'Amount', undefined],
        [-1045, 'Address1', 2],
        // No ZIP code: one rule for every address (issue 31, item 5).
        [-1018, 'PostalCode', 2],
        [-3144, undefined, 3],
      ],
      "the short row, padded to the header's columns, is read: its street holds a line break",
    );
    assert.deepEqual(
      csvDiagnostics(csv).map((f) => [f.code, f.row]),
      [
        [-3144, 2],
        [-3144, 3],
      ],
      'without the template, no header findings',
    );
  });

  it('offers to rename a column close to a field the template or the address needs: Town to City, Zip to PostalCode, Name to AttentionLine1 (issue 25, part 6)', () => {
    const csv = `Name,Address1,Town,State,"Zip",FristName,Amount\nJane Doe,1 Main St,Springfield,IL,62701,Jane,10\n`;
    const findings = csvDiagnostics(csv, template);
    const renames = (f: TextFinding) => f.fixes.filter((x) => x.kind === 'rename').map((x) => `${x.from} -> ${x.to}`);
    assert.deepEqual(
      findings.map((f) => [f.code, f.field, on(csv, f), renames(f)]),
      [
        [-3145, 'Name', 'Name', ['Name -> AttentionLine1']],
        [-3145, 'Town', 'Town', ['Town -> City']],
        [-3145, 'Zip', '"Zip"', ['Zip -> PostalCode']],
        [-3145, 'FristName', 'FristName', ['FristName -> FirstName']],
        [-3144, 'FirstName', csv.split('\n')[0], ['FristName -> FirstName']],
        // The address columns no column is named as: once, on the header, with every rename (issue 31, item 7).
        [-1045, 'City', csv.split('\n')[0], ['Town -> City', 'Name -> AttentionLine1', 'Zip -> PostalCode']],
      ],
    );
    // The -3144's rename comes before its add-column, which would leave every row's cell empty.
    assert.deepEqual(
      findings[4]!.fixes.map((x) => x.kind),
      ['rename', 'add-column'],
    );
    // Each rename applied in turn (the quoting kept), the CSV has nothing left to say.
    let fixed = csv;
    for (const field of ['Name', 'Town', 'Zip', 'FristName']) {
      const f = csvDiagnostics(fixed, template).find((x) => x.field === field)!;
      fixed = applied(fixed, f.fixes[0]!.edits);
    }
    assert.equal(fixed.split('\n')[0], 'AttentionLine1,Address1,City,State,"PostalCode",FirstName,Amount');
    assert.deepEqual(csvDiagnostics(fixed, template), []);
    // Without the template, the address's own findings offer it too.
    const plain = 'AttentionLine1,Address1,Town,State,PostalCode\nJane Doe,1 Main St,Springfield,IL,62701\n';
    assert.deepEqual(
      csvDiagnostics(plain).map((f) => [f.code, f.field, renames(f)]),
      [[-1045, 'City', ['Town -> City']]],
    );
    // A column no field is near, or a column the merge reads, is never offered.
    const other = `${header},Notes\nJane Doe,1 Main St,Springfield,IL,62701,Jane,10,x\n`;
    assert.deepEqual(csvDiagnostics(other, template).flatMap(renames), []);
  });

  it('puts a CSV that is not well formed on the line it breaks on', () => {
    const csv = `${header}\nJane Doe,1 Main St,Springfield,IL,62701,Jane,10\n"John "Roe",2 Elm St\nlast line\n`;
    const findings = csvDiagnostics(csv, template);
    assert.deepEqual(summary(csv, findings), [{ code: -3144, severity: 'error', field: undefined, on: '"John "Roe",2 Elm St' }]);
    assert.match(findings[0]!.message, /The CSV is not well formed: unexpected text after a quoted field/);
  });

  it('reads a CSV separated by semicolons or tabs as the same CSV with commas: the same findings on the same text, fixes in its delimiter', () => {
    const commas =
      'AttentionLine1,Address1,City,State,PostalCode,FirstName\r\nJane Doe,1 Main St,Springfield,IL,62701,Jane\r\n' +
      'John Roe,,Springfield,IL,6270,John\r\n"Al Poe","2 Elm St\nApt 2",Springfield,IL,62701,Al\r\n';
    const seen = (text: string, delimiter: string) =>
      csvDiagnostics(text, template).map((f) => ({
        ...summary(text, [f])[0]!,
        row: f.row,
        span: f.span,
        fixes: f.fixes.map((fix) => ({ kind: fix.kind, edits: fix.edits.map((e) => ({ ...e, text: e.text.replaceAll(delimiter, ',') })) })),
      }));
    const expected = seen(commas, ',');
    assert.deepEqual(
      expected.map((f) => [f.code, f.field, f.fixes.map((fix) => fix.kind)]),
      [
        [-3144, 'Amount', ['add-column']],
        [-1045, 'Address1', []],
        [-1018, 'PostalCode', []],
        [-1045, 'Address1', ['join-lines']],
      ],
    );
    for (const [delimiter, bom] of [
      [';', ''],
      ['\t', '\uFEFF'],
    ] as const) {
      const csv = bom + commas.replaceAll(',', delimiter);
      assert.equal(namesAddressColumn(csv), true, 'a merge CSV the editor checks');
      const found = seen(csv, delimiter);
      assert.deepEqual(
        found,
        expected.map((f) => ({
          ...f,
          on: f.on.replaceAll(',', delimiter),
          span: { start: f.span.start + bom.length, end: f.span.end + bom.length },
          fixes: f.fixes.map((fix) => ({
            ...fix,
            edits: fix.edits.map((e) => ({ ...e, start: e.start + bom.length, end: e.end + bom.length })),
          })),
        })),
        JSON.stringify(delimiter),
      );
      assert.deepEqual(
        summary(csv, mergeDataDiagnostics(csv)),
        summary(commas, mergeDataDiagnostics(commas)).map((f) => ({ ...f, on: f.on.replaceAll(',', delimiter) })),
        'without the template: the same as with commas',
      );
    }
  });

  it('writes a quick fix on a semicolon CSV in its own delimiter and quoting: a comma in a cell stays unquoted', () => {
    const street = '1 Main Street, Apartment 22, Building Seven, North Wing';
    const csv = `AttentionLine1;Address1;City;State;PostalCode;FirstName\r\nJane Doe;${street};Springfield;IL;62701;Jane\r\n"Doe; John";2 Elm St;Springfield;IL;62701;"1,50"\r\n`;
    const findings = csvDiagnostics(csv, template);
    const trim = findings.find((f) => f.field === 'Address1')!;
    assert.equal(on(csv, trim), street);
    const [fix] = trim.fixes;
    assert.equal(fix?.kind, 'trim');
    assert.doesNotMatch(fix.edits[0]!.text, /"/);
    assert.match(fix.edits[0]!.text, /^1 Main Street, Apartment 22, /);
    assert.deepEqual(parseCsv(applied(csv, fix.edits))[1], ['Jane Doe', fix.edits[0]!.text, 'Springfield', 'IL', '62701', 'Jane']);
    const add = findings.find((f) => f.field === 'Amount')!.fixes[0]!;
    assert.equal(add.kind, 'add-column');
    assert.deepEqual(parseCsv(applied(csv, add.edits)), [
      ['AttentionLine1', 'Address1', 'City', 'State', 'PostalCode', 'FirstName', 'Amount'],
      ['Jane Doe', street, 'Springfield', 'IL', '62701', 'Jane', ''],
      ['Doe; John', '2 Elm St', 'Springfield', 'IL', '62701', '1,50', ''],
    ]);
  });

  it('puts -3144 on the second of a column named twice, with or without the template, and skips rows of empty cells', () => {
    const csv = 'AttentionLine1,Address1,City,State,PostalCode, City \r\nJane Doe,1 Main St,Springfield,IL,62701,Chicago\r\n,,,,,\r\n';
    for (const findings of [csvDiagnostics(csv, template), mergeDataDiagnostics(csv)]) {
      assert.deepEqual(
        findings.filter((f) => f.code === -3144 && f.field === 'City').map((f) => [f.field, on(csv, f)]),
        [['City', ' City ']],
      );
      assert.match(findings.find((f) => f.field === 'City')!.message, /The column "City" is named twice \(columns 3 and 6\)/);
      assert.deepEqual(
        findings.filter((f) => f.row === 2),
        [],
        'no row of empty cells is a letter without an address',
      );
    }
  });

  it('says columns without a name once, on the stray commas, and removes them when every row is empty there', async () => {
    const { preflightMerge } = await import('../../src/printing');
    const html = new TextEncoder().encode('<p>Dear {{FirstName}}, you owe {{Amount}}.</p>');
    const csv = `${header},,\r\nJane Doe,1 Main St,Springfield,IL,62701,Jane,10,,\r\n"Sam Roe",2 Side St,Shelbyville,IL,62565,Sam,5,,\r\n`;
    const findings = csvDiagnostics(csv, template);
    assert.deepEqual(summary(csv, findings), [{ code: -3145, severity: 'error', field: '', on: ',,' }]);
    assert.match(findings[0]!.message, /^merge data has a field that is not in the template\. Columns 8, 9 have no name in the header/);
    const report = await preflightMerge({ type: 'html', template: html, csv }, { workMode: 'Production' });
    assert.deepEqual(
      report.findings.map((f) => [f.code, f.message]),
      findings.map((f) => [f.code, f.message]),
      'the preflight says the same, once',
    );
    const [fix] = findings[0]!.fixes;
    assert.equal(fix?.kind, 'remove-columns');
    const mended = applied(csv, fix.edits);
    assert.equal(
      mended,
      `${header}\r\nJane Doe,1 Main St,Springfield,IL,62701,Jane,10\r\n"Sam Roe",2 Side St,Shelbyville,IL,62565,Sam,5\r\n`,
    );
    assert.deepEqual(csvDiagnostics(mended, template), []);
    // A value under a column without a name is the user's to place: no removal offered.
    const valued = `${header},\nJane Doe,1 Main St,Springfield,IL,62701,Jane,10,note\n`;
    assert.deepEqual(csvDiagnostics(valued, template)[0]!.fixes, []);
  });

  it('says the ZIP code a cell most likely is (leading zeros a spreadsheet dropped, a ZIP+4 without its hyphen) and changes it to that', async () => {
    const { preflightMerge } = await import('../../src/printing');
    const html = new TextEncoder().encode('<p>Dear {{FirstName}}, you owe {{Amount}}.</p>');
    const csv = `${header}\nJane Doe,1 Main St,Boston,MA,2134,Jane,10\nSam Roe,2 Side St,Boston,MA,"021341234",Sam,5\nAl Poe,3 Far Rd,Houston,TX,7102,Al,1\n`;
    const findings = csvDiagnostics(csv, template);
    assert.deepEqual(
      findings.map((f) => [f.code, f.row, on(csv, f), f.fixes.flatMap((x) => x.edits.map((e) => e.text))]),
      [
        [-1018, 1, '2134', ['02134']],
        [-1018, 2, '"021341234"', ['"02134-1234"']],
        [-1018, 3, '7102', []],
      ],
    );
    assert.match(findings[0]!.message, /2134 is not a US ZIP code .* Its leading zeros dropped\? 02134 is Allston, MA's: write 02134/);
    assert.match(findings[1]!.message, /Written with its hyphen, 02134-1234 is Allston, MA's ZIP\+4\.$/);
    const report = await preflightMerge({ type: 'html', template: html, csv }, { workMode: 'Production' });
    assert.deepEqual(
      report.findings.map((f) => f.message),
      findings.map((f) => f.message),
      'mailroom preflight --data says the same',
    );
    // From the last: each fix's offsets are the text's before any other is applied.
    const mended = findings.reduceRight((text, f) => (f.fixes[0] ? applied(text, f.fixes[0].edits) : text), csv);
    assert.deepEqual(
      csvDiagnostics(mended, template).map((f) => f.row),
      [3],
    );
  });

  it('says a column that is a field but for its capitals or spaces is to be renamed, in the preflight too, and renames it', async () => {
    const { preflightMerge } = await import('../../src/printing');
    const html = new TextEncoder().encode('<p>Dear {{FirstName}}, you owe {{Amount}}.</p>');
    const csv = 'attentionline1,Address1,CITY,State,Postal Code,firstname,Amount\nJane Doe,1 Main St,Springfield,IL,62701,Jane,10\n';
    const findings = csvDiagnostics(csv, template).filter((f) => f.code === -3145);
    assert.deepEqual(
      findings.map((f) => [f.field, f.message.match(/Rename it "(\w+)"/)?.[1], f.fixes.map((x) => x.kind === 'rename' && x.to)]),
      [
        ['attentionline1', 'AttentionLine1', ['AttentionLine1']],
        ['CITY', 'City', ['City']],
        ['Postal Code', 'PostalCode', ['PostalCode']],
        ['firstname', 'FirstName', ['FirstName']],
      ],
    );
    const report = await preflightMerge({ type: 'html', template: html, csv }, { workMode: 'Production' });
    assert.deepEqual(
      report.findings.filter((f) => f.code === -3145).map((f) => f.message),
      findings.map((f) => f.message),
    );
  });

  it('says a column whose name holds semicolons may be a CSV separated by them (a header cell with a comma outside quotes)', () => {
    const csv = 'AttentionLine1;Address1;City, Town;State;PostalCode\nJane Doe;1 Main St;"Springfield, IL";IL;62701\n';
    const findings = csvDiagnostics(csv, template).filter((f) => f.code === -3145);
    assert.ok(findings.length > 0);
    for (const f of findings)
      assert.match(
        f.message,
        /Its name holds semicolons: if they separate the columns, quote the header's cell holding a comma \(the header's delimiter is a comma when it holds one outside quotes\)/,
      );
  });

  it('says a header alone needs a data row', () => {
    assert.deepEqual(summary(header, csvDiagnostics(header, template)), [{ code: -3144, severity: 'error', field: undefined, on: header }]);
  });
});

describe('live diagnostics: a CSV whose every row fails', () => {
  it('marks the first 1,000 rows with findings, then says on the next row where checking stopped', () => {
    // A ZIP code of four digits (a spreadsheet's dropped zero) in every row: every row fails at -1018.
    const lines = ['AttentionLine1,Address1,City,State,PostalCode'];
    for (let i = 1; i <= 1500; i++) lines.push(`Person ${i},${i} Main St,Springfield,IL,2108`);
    const text = `${lines.join('\n')}\n`;
    const found = csvDiagnostics(text);
    assert.equal(found.length, 1001);
    assert.deepEqual([...new Set(found.slice(0, 1000).map((f) => f.code))], [-1018]);
    assert.deepEqual(
      found.slice(0, 1000).map((f) => f.row),
      Array.from({ length: 1000 }, (_, i) => i + 1),
    );
    const last = found[1000]!;
    assert.equal(last.code, undefined, 'no service code: Mailroom’s own word');
    assert.equal(last.severity, 'warning');
    assert.equal(last.row, 1001);
    assert.equal(text.slice(last.span.start, last.span.end), 'Person 1001,1001 Main St,Springfield,IL,2108');
    assert.match(last.message, /rows from 1,001 on are not checked here.*mailroom preflight --data/);
    // A CSV with no more than that many rows failing is checked to its end, with no such word.
    assert.ok(!csvDiagnostics(lines.slice(0, 1001).join('\n')).some((f) => f.code === undefined));
  });
});

describe("live diagnostics: rows whose cells are not the header's, and a line break in an address cell", () => {
  const header = 'AttentionLine1,Address1,City,State,PostalCode';
  const jane = 'Jane Doe,1 Main St,Springfield,IL,62701';
  const fixed = (csv: string, f: TextFinding) => applied(csv, f.fixes[0]!.edits);

  it('puts -3144 on a short row, naming its row and line, with no fix where which cells are missing cannot be known', () => {
    const csv = `${header}\r\n${jane}\r\nSam Roe,2 Side St,Shelbyville\r\n`;
    const findings = csvDiagnostics(csv);
    assert.deepEqual(
      findings.map((f) => [f.code, f.severity, f.row, on(csv, f), f.fixes.length]),
      [[-3144, 'error', 2, 'Sam Roe,2 Side St,Shelbyville', 0]],
    );
    assert.match(findings[0]!.message, /^invalid merge data\. Row 2 has 3 cells; the header has 5 columns\. Which cells are missing/);
  });

  it("puts -3144 on a long row's cells past the header, and removes them when they are empty (stray trailing commas)", () => {
    const csv = `${header}\r\n${jane},,\r\nSam Roe,2 Side St,Shelbyville,IL,62565,extra,cells\r\n`;
    const findings = csvDiagnostics(csv);
    assert.deepEqual(
      findings.map((f) => [f.code, f.row, on(csv, f), f.fixes.map((x) => x.kind)]),
      [
        [-3144, 1, ',,', ['remove-cells']],
        [-3144, 2, ',extra,cells', []],
      ],
    );
    assert.match(
      findings[0]!.message,
      /Row 1 has 7 cells; the header has 5 columns\. The cells past the header's last column are empty: remove them\./,
    );
    assert.match(findings[1]!.message, /a comma inside a cell that is not quoted\?/);
    const mended = fixed(csv, findings[0]!);
    assert.equal(mended, `${header}\r\n${jane}\r\nSam Roe,2 Side St,Shelbyville,IL,62565,extra,cells\r\n`);
    assert.deepEqual(
      csvDiagnostics(mended).map((f) => f.row),
      [2],
    );
  });

  it('joins a row split by a line break in a cell that is not quoted, from either half', () => {
    const csv = `${header}\n${jane}\nSam Roe,2 Side St\nApt 4,Shelbyville,IL,62565\n`;
    const findings = csvDiagnostics(csv);
    assert.deepEqual(
      findings.map((f) => [f.code, f.row, on(csv, f), f.fixes.map((x) => x.kind)]),
      [
        [-3144, 2, 'Sam Roe,2 Side St', ['join-lines']],
        [-3144, 3, 'Apt 4,Shelbyville,IL,62565', ['join-lines']],
      ],
    );
    assert.match(
      findings[0]!.message,
      /Rows 2 and 3 are one row split by a line break inside a cell that is not quoted: join the two lines/,
    );
    for (const f of findings) {
      assert.equal(fixed(csv, f), `${header}\n${jane}\nSam Roe,2 Side St Apt 4,Shelbyville,IL,62565\n`);
      assert.deepEqual(csvDiagnostics(fixed(csv, f)), []);
    }
    const apart = `${header}\n${jane}\nSam Roe,2 Side St\n\nApt 4,Shelbyville,IL,62565\n`;
    assert.deepEqual(
      csvDiagnostics(apart).map((f) => [f.row, f.fixes.length]),
      [
        [2, 0],
        [3, 0],
      ],
      'a blank line between the halves: not plainly one row',
    );
  });

  it('puts -1045 on an address cell holding a quoted line break, and joins its lines, quoting kept, with CRLF too', () => {
    for (const eol of ['\n', '\r\n']) {
      const csv = `${header},Body${eol}Jane Doe,"1 Main St${eol}Apt 2",Springfield,IL,62701,"Two${eol}lines"${eol}`;
      const findings = csvDiagnostics(csv);
      assert.deepEqual(
        findings.map((f) => [f.code, f.severity, f.field, f.row, on(csv, f), f.fixes.map((x) => x.kind)]),
        [[-1045, 'error', 'Address1', 1, `"1 Main St${eol}Apt 2"`, ['join-lines']]],
        'the Body cell may hold a line break: it is no address field',
      );
      assert.match(
        findings[0]!.message,
        /^Failed: the address could not be extracted from the document\. Address1 holds a line break: the service reads each address field as one line\. Join its lines: "1 Main St Apt 2"\.$/,
      );
      const mended = fixed(csv, findings[0]!);
      assert.equal(mended, `${header},Body${eol}Jane Doe,"1 Main St Apt 2",Springfield,IL,62701,"Two${eol}lines"${eol}`);
      assert.deepEqual(csvDiagnostics(mended), []);
    }
  });

  it('reads a joined ZIP code for its other checks: only the line break is said', () => {
    const csv = `${header}\nJane Doe,1 Main St,Springfield,IL,"62701\n"\n`;
    assert.deepEqual(
      csvDiagnostics(csv).map((f) => [f.code, f.field]),
      [[-1045, 'PostalCode']],
    );
  });
});

describe('live diagnostics and mailroom preflight --data say the same', () => {
  it('has every finding of the preflight that its text shows, with the same code, words, field and row', async () => {
    const { preflightMerge } = await import('../../src/printing');
    const html = new TextEncoder().encode('<p>Dear {{FirstName}}, you owe {{Amount}}.</p>');
    const csv =
      'AttentionLine1,Address1,City,State,PostalCode,FirstName,Nickname\n' +
      'Jane Doe,1 Main St,Springfield,IL,62701,Jane,JJ\n' +
      'John Roe,,Springfield,IL,62701,John,J\n' +
      `${LONG_NAME},2 Elm St,Springfield,IL,90210,Al,A\n` +
      'Sam Roe,"3 Side St\nApt 4",Shelbyville,IL,62565,Sam,S\n' +
      'Pat Poe,4 Far Rd,Ogdenville\n' +
      'Lee Loe,5 Near Rd,Capital City,IL,62702,Lee,L,,\n';
    // The editor says what mailing the letters meets: Production's findings.
    const report = await preflightMerge({ type: 'html', template: html, csv }, { workMode: 'Production' });
    const live = csvDiagnostics(csv, { fields: ['FirstName', 'Amount'] });
    const said = (f: { code?: number; message: string; field?: string; row?: number }) => [f.code, f.message, f.field, f.row];
    assert.ok(report.findings.length >= 8);
    assert.deepEqual(
      report.findings.filter((f) => f.row! >= 4).map((f) => [f.code, f.row, f.line]),
      [
        [-1045, 4, 5],
        [-3144, 5, 7],
        [-3144, 6, 8],
      ],
    );
    assert.deepEqual(live.map(said), report.findings.map(said));
  });
});
