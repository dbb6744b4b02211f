/**
 * A Markdown letter's front matter read as YAML: where it is (fences, a BOM, CRLF, `---` later in
 * the body), its recipient in each form YAML allows (one line, the contract's fields by name, a
 * list of lines), numbers kept as written, and every problem in words on the exact key, value or
 * fence: a front matter never closed, YAML's own syntax errors, keys and fields written twice,
 * unknown keys and fields with the nearest known, a field that is not text.
 */
import { strict as assert } from 'node:assert';
import {
  AddressError,
  editDistance,
  frontMatterFences,
  isLetterFrontMatter,
  lineAt,
  nearestFrontMatterKey,
  nearestRecipientField,
  recipientFieldNamed,
} from '../../src/contract';
import {
  FrontMatterError,
  locateFrontMatter,
  readFrontMatter,
  readFrontMatterAsWritten,
  type FrontMatterProblem,
} from '../../src/contract/front-matter';

/** Each problem as the editor shows it: severity, line, the text it is on, and the words. */
const problems = (text: string) =>
  locateFrontMatter(text).problems.map((p) => ({
    severity: p.severity,
    line: p.line,
    on: text.slice(p.span.start, p.span.end),
    ...(p.rename ? { rename: p.rename } : {}),
  }));
const only = (text: string): FrontMatterProblem => {
  const found = locateFrontMatter(text).problems;
  assert.equal(found.length, 1, JSON.stringify(found, null, 2));
  return found[0]!;
};

const JANE = 'Jane Doe, 1 Main St, Springfield, IL 62701';
const JANE_FIELDS = { AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701' };

describe('front matter: where it is', () => {
  it('is none unless the first line is --- alone; then runs to the next --- (or ...) alone on a line', () => {
    assert.equal(frontMatterFences('# Dear Jane\n---\nto: x\n---\n'), undefined);
    assert.equal(frontMatterFences('----\nto: x\n----\n'), undefined);
    assert.equal(frontMatterFences(' ---\nto: x\n---\n'), undefined);
    assert.equal(frontMatterFences(''), undefined);
    const text = '--- \nto: x\n---  \nBody\n';
    const fences = frontMatterFences(text)!;
    assert.equal(text.slice(fences.open.start, fences.open.end), '---');
    assert.equal(text.slice(fences.yaml.start, fences.yaml.end), 'to: x\n');
    assert.equal(text.slice(fences.close!.start, fences.close!.end), '---  ');
    assert.equal(text.slice(fences.body), 'Body\n');
    const dots = '---\nto: x\n...\nBody';
    assert.equal(dots.slice(frontMatterFences(dots)!.body), 'Body', "YAML's document end closes it too");
  });

  it("keeps a --- later in the body as the body's rule, and reads the body after the first closing line", () => {
    const text = `---\nto: ${JANE}\n---\n# Dear Jane\n\n---\n\nKind regards\n`;
    const read = readFrontMatter(text);
    assert.equal(read.body, '# Dear Jane\n\n---\n\nKind regards\n');
    assert.deepEqual(read.to, JANE_FIELDS);
  });

  it('reads an empty front matter, and one of comments only, as nothing at all', () => {
    assert.deepEqual(readFrontMatter('---\n---\nBody'), { body: 'Body', warnings: [] });
    assert.deepEqual(readFrontMatter('---\n\n---\nBody'), { body: 'Body', warnings: [] });
    assert.deepEqual(readFrontMatter('---\n# a note to self\n---\nBody'), { body: 'Body', warnings: [] });
    assert.deepEqual(readFrontMatter('---\n---'), { body: '', warnings: [] });
  });

  it('reads past a byte order mark and CRLF line ends, with the offsets of the text as it is', () => {
    const text = `\uFEFF---\r\nto: "${JANE}"\r\ntitle: Hi\r\n---\r\nBody\r\n`;
    const { to, body, problems: found } = locateFrontMatter(text);
    assert.deepEqual(found, []);
    assert.equal(body, 'Body\r\n');
    assert.ok(to && 'line' in to);
    assert.equal(text.slice(to.whole.start, to.whole.end), JANE, 'inside the quotes');
    const fields = `---\r\nto:\r\n  Name: Jane Doe\r\n  Street: 1 Main St\r\n  City: Springfield\r\n---\r\nBody`;
    const located = locateFrontMatter(fields).to;
    assert.ok(located && 'fields' in located);
    assert.equal(fields.slice(located.at.City!.start, located.at.City!.end), 'Springfield');
    assert.equal(
      fields.slice(located.whole.start, located.whole.end),
      'to:\r\n  Name: Jane Doe\r\n  Street: 1 Main St\r\n  City: Springfield',
    );
  });

  it("tells a letter by a to: key, in any case, closed or not; another tool's front matter is not one", () => {
    assert.equal(isLetterFrontMatter(`---\nto: ${JANE}\n---\n`), true);
    assert.equal(isLetterFrontMatter(`---\ntitle: x\nTo: ${JANE}\n---\n`), true);
    assert.equal(isLetterFrontMatter(`---\nto:\n  City: x\n`), true, 'never closed');
    assert.equal(isLetterFrontMatter('---\nlayout: post\ncategories: [a]\n---\n'), false);
    assert.equal(isLetterFrontMatter(`# Notes\nto: ${JANE}\n`), false);
    assert.equal(isLetterFrontMatter('---\ntitle: x\n---\nto: Jane\n'), false, 'a to: in the body is not the front matter');
  });

  it('counts lines from 1', () => {
    assert.equal(lineAt('a\nb\nc', 0), 1);
    assert.equal(lineAt('a\nb\nc', 2), 2);
    assert.equal(lineAt('a\nb\nc', 4), 3);
  });
});

describe('front matter: never closed', () => {
  it('is an error on the opening ---, and the letter is not read as the body', () => {
    const text = `---\nto: ${JANE}\n\n# Dear Jane\n\nYour order shipped.\n`;
    const problem = only(text);
    assert.equal(problem.severity, 'error');
    assert.equal(problem.line, 1);
    assert.equal(text.slice(problem.span.start, problem.span.end), '---');
    assert.match(problem.message, /^The front matter that opens here is never closed: end it with a line --- after its last key\./);
    assert.equal(locateFrontMatter(text).body, '');
    assert.throws(
      () => readFrontMatterAsWritten(text),
      (e: Error) => e instanceof FrontMatterError && /^line 1: The front matter that opens here is never closed/.test(e.message),
    );
  });

  it('says so when a --- further down is what closed it: the letter between is not YAML', () => {
    const text = `---\nto: ${JANE}\n\n# Dear Jane\nYour order shipped.\n\n---\nKind regards\n`;
    const [problem, ...more] = locateFrontMatter(text).problems;
    assert.deepEqual(more, []);
    assert.equal(problem?.line, 5);
    assert.equal(text.slice(problem.span.start, problem.span.end), 'Your order shipped.');
    assert.match(problem.message, /not YAML.*if the front matter ends before this line, close it there with ---/);
  });
});

describe('front matter: YAML as YAML reads it', () => {
  it("puts YAML's own syntax errors on their line, with what to do", () => {
    const colon = `---\ntitle: Hi\nto: Attn: Jane Doe, 1 Main St, Springfield, IL 62701\n---\nBody`;
    const problem = only(colon);
    assert.equal(problem.severity, 'error');
    assert.equal(problem.line, 3);
    assert.match(
      problem.message,
      /^The front matter is not YAML Mailroom can read: .*\(a value holding ": " reads as another key: put the value in quotes\)\.$/,
    );
    assert.throws(
      () => readFrontMatter(colon),
      (e: Error) => e instanceof FrontMatterError && /^line 3: /.test(e.message),
    );
    const quoted = `---\ntitle: Hi\nto: "Attn: Jane Doe, 1 Main St, Springfield, IL 62701"\n---\nBody`;
    assert.deepEqual(readFrontMatter(quoted).to, { ...JANE_FIELDS, AttentionLine1: 'Attn: Jane Doe' });
    const tab = '---\nto:\n\tCity: Springfield\n---\n';
    assert.match(only(tab).message, /YAML indents with spaces, not tabs/);
    assert.equal(only(tab).line, 3);
    assert.match(only('---\nto: "Jane Doe\n---\n').message, /^The front matter is not YAML Mailroom can read/);
  });

  it('refuses a front matter that is a list or text, not keys', () => {
    assert.deepEqual(problems('---\n- Jane Doe\n- 1 Main St\n---\n'), [{ severity: 'error', line: 2, on: '- Jane Doe\n- 1 Main St' }]);
    assert.match(only('---\n- Jane Doe\n---\n').message, /^The front matter is a list, not keys: name the recipient as "to: /);
    assert.match(only('---\nJane Doe\n---\n').message, /^The front matter is text, not keys/);
  });

  it('reads to: as one line, quoted or not, folded or literal over several lines', () => {
    assert.deepEqual(readFrontMatter(`---\nto: ${JANE}\n---\n`).to, JANE_FIELDS);
    assert.deepEqual(readFrontMatter(`---\nto: '${JANE}'\n---\n`).to, JANE_FIELDS);
    assert.deepEqual(readFrontMatter('---\nto: |\n  Jane Doe\n  1 Main St\n  Springfield, IL 62701\n---\n').to, JANE_FIELDS);
    assert.deepEqual(readFrontMatter('---\nto: >-\n  Jane Doe, 1 Main St,\n  Springfield, IL 62701\n---\n').to, JANE_FIELDS);
  });

  it('reads anchors, aliases and merge keys (<<: *name) in to:, its own fields first, and says nothing of the key holding the anchor', () => {
    const home = '---\nhome: &home\n  City: Springfield\n  State: IL\n  PostalCode: "62701"\n';
    assert.deepEqual(readFrontMatter(`${home}to:\n  <<: *home\n  AttentionLine1: Jane Doe\n  Address1: 1 Main St\n---\n`).to, JANE_FIELDS);
    assert.deepEqual(
      readFrontMatter(
        `${home}street: &street\n  Address1: 1 Main St\n  City: Chicago\nto:\n  City: Springfield\n  <<: [*street, *home]\n  name: Jane Doe\n---\n`,
      ).to,
      JANE_FIELDS,
      'a list of merges; City given in to: itself is kept',
    );
    assert.deepEqual(readFrontMatter(`---\njane: &jane ${JANE}\nto: *jane\n---\n`).to, JANE_FIELDS);
    assert.deepEqual(problems(`${home}to:\n  <<: *home\n  AttentionLine1: Jane Doe\n  Address1: 1 Main St\n---\n`), []);
    assert.deepEqual(problems(`---\nzip: &z "62701"\nto:\n  <<: *z\n  AttentionLine1: Jane Doe\n---\n`)[0], {
      severity: 'error',
      line: 4,
      on: '*z',
    });
  });

  it("reads to: as a list of the address's lines", () => {
    const text = '---\nto:\n  - Jane Doe\n  - Acme Corp\n  - 1 Main St\n  - Springfield, IL 62701\n---\nBody';
    assert.deepEqual(readFrontMatter(text).to, { ...JANE_FIELDS, Company: 'Acme Corp' });
    assert.deepEqual(readFrontMatter('---\nto: [Jane Doe, 1 Main St, "Springfield, IL 62701"]\n---\n').to, JANE_FIELDS);
    assert.deepEqual(
      problems('---\nto:\n  - Jane Doe\n  - {City: Springfield}\n---\n').map((p) => [p.severity, p.on]),
      [['error', '{City: Springfield}']],
    );
  });

  it('warns when " #" cut an unquoted address value short (YAML reads the rest as a comment), and not once quoted', () => {
    const text = '---\nto: Jane Doe, 1 Main St Apt #5, Springfield, IL 62701\n---\n';
    const problem = only(text);
    assert.equal(problem.severity, 'warning');
    assert.equal(text.slice(problem.span.start, problem.span.end), '#5, Springfield, IL 62701');
    assert.match(
      problem.message,
      /left out of the address: "#5, Springfield, IL 62701"\. If it is part of the address, put the value in quotes\./,
    );
    assert.deepEqual(problems('---\nto: "Jane Doe, 1 Main St Apt #5, Springfield, IL 62701"\n---\n'), []);
    assert.deepEqual(readFrontMatter('---\nto: "Jane Doe, 1 Main St Apt #5, Springfield, IL 62701"\n---\n').to, {
      ...JANE_FIELDS,
      Address1: '1 Main St Apt #5',
    });
    assert.deepEqual(problems(`---\ntitle: Hi # a comment of the person's own\nto: ${JANE}\n---\n`), [], 'only address values');
  });

  it('warns of a to: that names no one', () => {
    for (const empty of ['to:', 'to: ~', 'to: ""', 'to: []', 'to: {}']) {
      const problem = only(`---\n${empty}\n---\n`);
      assert.equal(problem.severity, 'warning', empty);
      assert.match(problem.message, /^to: names no one: the service then looks for the address in the letter itself/);
    }
  });
});

describe("front matter: to:'s fields", () => {
  it('takes every field by its contract name, and the names people write, in any case, with or without spaces', () => {
    const every = [
      'AttentionLine1: Jane Doe',
      'AttentionLine2: Accounts Payable',
      'AttentionLine3: Floor 3',
      'Company: Acme Corp',
      'Address1: 1 Main St',
      'Address2: Suite 200',
      'City: Springfield',
      'State: IL',
      'PostalCode: 62701',
      'Country: United States',
    ];
    assert.deepEqual(readFrontMatter(`---\nto:\n${every.map((l) => `  ${l}`).join('\n')}\n---\nBody`), {
      to: {
        AttentionLine1: 'Jane Doe',
        AttentionLine2: 'Accounts Payable',
        AttentionLine3: 'Floor 3',
        Company: 'Acme Corp',
        Address1: '1 Main St',
        Address2: 'Suite 200',
        City: 'Springfield',
        State: 'IL',
        PostalCode: '62701',
        Country: 'United States',
      },
      body: 'Body',
      warnings: [],
    });
    const natural =
      '---\nto:\n  name: Jane Doe\n  street: 1 Main St\n  address 2: Suite 200\n  city: Springfield\n  STATE: IL\n  Postal Code: 62701\n---\n';
    assert.deepEqual(readFrontMatter(natural).to, { ...JANE_FIELDS, Address2: 'Suite 200' });
    for (const zip of ['zip', 'Zip', 'ZIP', 'zipcode', 'zip_code', 'Zip-Code', 'postcode', 'postal_code']) {
      assert.equal(recipientFieldNamed(zip), 'PostalCode', zip);
    }
    assert.deepEqual(
      readFrontMatter('---\nto: {name: Jane Doe, street: 1 Main St, city: Springfield, state: IL, zip: 62701}\n---\n').to,
      JANE_FIELDS,
    );
  });

  it('keeps a ZIP code as written, quoted or not: YAML would read 02134 as the number 2134', () => {
    const boston = (zip: string) => `---\nto:\n  name: Jane Doe\n  street: 1 Main St\n  city: Boston\n  state: MA\n  zip: ${zip}\n---\n`;
    for (const zip of ['02134', '"02134"', "'02134'"]) assert.equal(readFrontMatter(boston(zip)).to?.PostalCode, '02134', zip);
    assert.equal(readFrontMatter(boston('02134-1234')).to?.PostalCode, '02134-1234');
    const written = readFrontMatterAsWritten(boston('0x10')).to;
    assert.deepEqual(written && 'fields' in written && written.fields.PostalCode, '0x10', 'a number YAML reads in hexadecimal, as written');
    assert.throws(
      () => readFrontMatter(boston('2134')),
      (e: Error) => e instanceof AddressError && /2134 is not a US ZIP code/.test(e.message),
      "a ZIP code that lost its zero is the address rules' -1018",
    );
    assert.equal(readFrontMatter(`---\nto: Jane Doe, 1 Main St, Boston, MA 02134\n---\n`).to?.PostalCode, '02134');
    // YAML 1.2 reads NO as text, YAML 1.1 as false: as written either way.
    const norway = '---\nto:\n  name: Ola Nordmann\n  street: Karl Johans gate 1\n  city: 0154 Oslo\n  country: NO\n---\n';
    assert.equal(readFrontMatter(norway).to?.Country, 'NO');
    assert.equal(
      readFrontMatter('---\nto:\n  name: Jane\n  street: 1 Main St\n  Address2: ~\n  city: Springfield\n  state: IL\n  zip: 62701\n---\n')
        .to?.Address2,
      undefined,
    );
  });

  it('refuses a field that is not an address field, naming the nearest, with a rename', () => {
    const text = '---\nto:\n  AttentionLine1: Jane Doe\n  Adress1: 1 Main St\n  City: Springfield\n---\n';
    const problem = only(text);
    assert.equal(problem.severity, 'error');
    assert.equal(problem.line, 4);
    assert.equal(text.slice(problem.span.start, problem.span.end), 'Adress1');
    assert.equal(problem.rename, 'Address1');
    assert.match(
      problem.message,
      /^"Adress1" is not an address field: did you mean Address1\? Under to:, Mailroom reads AttentionLine1, .*, Country/,
    );
    assert.throws(
      () => readFrontMatter(text),
      (e: Error) => e instanceof FrontMatterError && /^line 4: "Adress1" is not an address field/.test(e.message),
    );
    const far = only('---\nto:\n  AttentionLine1: Jane Doe\n  Floor: 3\n---\n');
    assert.equal(far.rename, undefined);
    assert.match(far.message, /^"Floor" is not an address field\. Under to:/);
  });

  it('refuses a field given twice, under two names too, naming both lines', () => {
    const text = '---\nto:\n  name: Jane Doe\n  street: 1 Main St\n  city: Springfield\n  PostalCode: 62701\n  zip: 62702\n---\n';
    const problem = only(text);
    assert.equal(problem.severity, 'error');
    assert.equal(text.slice(problem.span.start, problem.span.end), 'zip');
    assert.deepEqual(problem.other && [problem.other.line, text.slice(problem.other.span.start, problem.other.span.end)], [
      6,
      'PostalCode',
    ]);
    assert.equal(
      problem.message,
      'PostalCode is given twice under to:, on line 6 ("PostalCode") and line 7 ("zip"): Mailroom cannot tell which one is meant. Keep one.',
    );
  });

  it('refuses a field that is a list or keys rather than text', () => {
    const text = '---\nto:\n  name: Jane Doe\n  street:\n    - 1 Main St\n    - Suite 200\n  city: Springfield\n---\n';
    const problem = only(text);
    assert.equal(problem.severity, 'error');
    assert.equal(problem.message, 'Address1 under to: is a list; an address field is one line of text.');
    assert.equal(text.slice(problem.span.start, problem.span.end), '- 1 Main St\n    - Suite 200');
  });
});

describe('front matter: keys', () => {
  it('leaves the keys of other tools alone, in any case', () => {
    const text = `---\ntitle: Thanks\nTitle: Thanks\nDate: 2024-05-01\nauthor: Sam\ndescription: x\ntags: [a, b]\nkeywords: y\nlang: en\nlayout: letter\nsubject: Order\nto: ${JANE}\n---\n`;
    assert.deepEqual(problems(text), []);
  });

  it('warns of a key Mailroom does not know, naming the nearest known one to rename it to', () => {
    const text = `---\ntittle: Thanks\nTo: ${JANE}\n---\nBody`;
    assert.deepEqual(problems(text), [
      { severity: 'warning', line: 2, on: 'tittle', rename: 'title' },
      { severity: 'warning', line: 3, on: 'To', rename: 'to' },
    ]);
    const [title, to] = locateFrontMatter(text).problems;
    assert.equal(title!.message, '"tittle" is not a front-matter key Mailroom knows, and is left aside: did you mean "title"?');
    assert.equal(to!.key, 'To');
    // Warnings do not stop a send: the body is the letter, and there is no recipient.
    assert.deepEqual(readFrontMatterAsWritten(text).body, 'Body');
    assert.equal(readFrontMatterAsWritten(text).warnings.length, 2);
    assert.deepEqual(
      problems(`---\nrecipient: ${JANE}\n---\n`).map((p) => p.rename),
      ['to'],
      'a word people write for the recipient',
    );
  });

  it('names no key when none is near, nor one already written', () => {
    const far = only(`---\nto: ${JANE}\ninvoice: 42\n---\n`);
    assert.equal(far.rename, undefined);
    assert.match(
      far.message,
      /^"invoice" is not a front-matter key Mailroom knows, and is left aside\. Mailroom reads to: \(the recipient\) and leaves title, .* and layout to other tools\.$/,
    );
    assert.equal(only(`---\nto: ${JANE}\nTo: Sam Roe\n---\n`).rename, undefined, 'to is there already');
  });

  it('refuses a key written twice, naming both lines; two to: keys give no recipient', () => {
    const text = `---\nto: ${JANE}\ntitle: Hi\nto: Sam Roe, 2 Oak Ave, Shelbyville, IL 62565\n---\n`;
    const problem = only(text);
    assert.equal(problem.severity, 'error');
    assert.equal(problem.line, 4);
    assert.deepEqual(problem.other?.line, 2);
    assert.equal(problem.message, '"to" is written twice, on lines 2 and 4: Mailroom cannot tell which one is meant. Keep one.');
    assert.equal(locateFrontMatter(text).to, undefined);
    assert.throws(
      () => readFrontMatter(text),
      (e: Error) => e instanceof FrontMatterError && /^line 4: "to" is written twice/.test(e.message),
    );
    assert.equal(only('---\ntitle: a\ntitle: b\n---\n').line, 3, 'any key');
  });

  it('measures edits as a slip of the keyboard makes them', () => {
    assert.equal(editDistance('title', 'titel'), 1, 'two letters swapped');
    assert.equal(editDistance('to', 'too'), 1);
    assert.equal(editDistance('address1', 'adress1'), 1);
    assert.equal(editDistance('', 'abc'), 3);
    assert.equal(nearestFrontMatterKey('tO'), 'to');
    assert.equal(nearestFrontMatterKey('invoice'), undefined);
    assert.equal(nearestRecipientField('Sate'), 'State');
    assert.equal(nearestRecipientField('Cty'), 'City');
    assert.equal(nearestRecipientField('Adress'), 'Address1', 'by the name people write, "address"');
    assert.equal(nearestRecipientField('Floor'), undefined);
  });
});
