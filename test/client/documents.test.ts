/** Files as the service takes them: letters (Markdown rendered, text wrapped) and mail merges. */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DocumentError, letterDocument, letterDraft, mailMerge, readFrontMatter } from '../../src/client';

describe('documents', () => {
  it('reads the recipient of a Markdown letter from its front matter, on one line or by field', () => {
    assert.deepEqual(readFrontMatter('---\nto: "Jane Doe, 1 Main St, Springfield, IL 62701"\n---\n# Hi\n'), {
      to: { AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701' },
      body: '# Hi\n',
      warnings: [],
    });
    assert.deepEqual(
      readFrontMatter(
        '---\ntitle: x\nto:\n  AttentionLine1: Jane Doe\n  company: Acme\n  Address1: 1 Main St\n  City: Springfield\n  zip: "62701"\nlayout: y\n---\nBody',
      ),
      {
        to: { AttentionLine1: 'Jane Doe', Company: 'Acme', Address1: '1 Main St', City: 'Springfield', PostalCode: '62701' },
        body: 'Body',
        warnings: [],
      },
    );
    assert.deepEqual(readFrontMatter('No front matter'), { body: 'No front matter', warnings: [] });
    assert.deepEqual(readFrontMatter('---\ntitle: x\n---\nBody'), { body: 'Body', warnings: [] });
  });

  it('refuses a Markdown letter whose to: is not an address the service can mail, in either form', async () => {
    await assert.rejects(
      letterDocument('letter.md', Buffer.from('---\nto: Jane Doe, 1 Main St, Springfield, IL 6270\n---\n# Dear Jane\n')),
      (e: Error) =>
        e instanceof DocumentError &&
        /^letter\.md: "Jane Doe, 1 Main St, Springfield, IL 6270" is not an address Mailroom can send to\. 6270 is not a US ZIP code/.test(
          e.message,
        ) &&
        /Understood: name "Jane Doe", street address "1 Main St", city "Springfield", state "IL", ZIP or postal code "6270"\./.test(
          e.message,
        ),
    );
    await assert.rejects(
      letterDocument('letter.md', Buffer.from('---\nto:\n  AttentionLine1: Jane Doe\n  City: Springfield\n---\nHi')),
      (e: Error) =>
        e instanceof DocumentError &&
        /^letter\.md: The front matter's to: is not an address .* A street address is needed\./.test(e.message),
    );
  });

  it('refuses a Markdown letter whose front matter cannot be read, each error with its line, and carries its warnings', async () => {
    const unclosed = '---\nto: Jane Doe, 1 Main St, Springfield, IL 62701\n\n# Dear Jane\n';
    for (const read of [letterDocument, letterDraft]) {
      await assert.rejects(
        read('letter.md', Buffer.from(unclosed)),
        (e: Error) => e instanceof DocumentError && /^letter\.md, line 1: The front matter that opens here is never closed/.test(e.message),
      );
    }
    await assert.rejects(
      letterDraft('two.md', Buffer.from('---\nto:\n  Cty: Springfield\ntitle: a\ntitle: b\n---\nHi')),
      (e: Error) =>
        e instanceof DocumentError &&
        /^two\.md, line 3: "Cty" is not an address field: did you mean City\?.*\ntwo\.md, line 5: "title" is written twice/s.test(
          e.message,
        ),
    );
    const warned = await letterDraft('warned.md', Buffer.from('---\ntitel: Hi\nto: Jane Doe, 1 Main St, Springfield, IL 62701\n---\nHi'));
    assert.deepEqual(
      warned.warnings?.map((w) => [w.line, w.rename]),
      [[2, 'title']],
    );
    assert.equal((await letterDocument('plain.md', Buffer.from('# Hi'))).warnings, undefined);
  });

  it('turns files into letters: Markdown rendered, text wrapped, PDF as it is, pictures refused', async () => {
    const md = await letterDocument(
      'letter.md',
      Buffer.from('---\nto: Jane Doe, 1 Main St, Springfield, IL 62701\n---\n# Dear Jane\n\nThanks <script>x</script> & more.'),
    );
    assert.equal(md.type, 'html');
    assert.match(md.data.toString(), /<h1>Dear Jane<\/h1>/);
    assert.ok(!md.data.toString().includes('<script>'));
    assert.equal(md.to?.City, 'Springfield');
    const txt = await letterDocument('notes.txt', Buffer.from('a < b'));
    assert.match(txt.data.toString(), /<pre>a &lt; b<\/pre>/);
    const pdf = await letterDocument('Invoice.PDF', Buffer.from('%PDF-1.7'));
    assert.deepEqual([pdf.type, pdf.data.toString()], ['pdf', '%PDF-1.7']);
    await assert.rejects(letterDocument('notes.txt', Buffer.from([0x68, 0, 0x69])), /not \.txt/, 'binary under a text name');
    await assert.rejects(letterDocument('photo.gif', Buffer.from('GIF89a')), /not \.gif/);
    await assert.rejects(
      letterDocument('photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff])),
      (e: Error) => e instanceof DocumentError && /not \.png/.test(e.message),
    );
  });

  it("keeps the sample letter's closing on two lines, as a letter's closing is printed (issue 25, part 10)", async () => {
    const sample = readFileSync(join(__dirname, '..', 'sample', 'letter.md'));
    const html = (await letterDocument('letter.md', sample)).data.toString('utf8');
    assert.match(html, /Kind regards,<br\s*\/?>\s*The Mailroom team/);
  });

  it('prepares a mail merge: counts the letters, compresses the data, refuses what would fail', () => {
    const csv = Buffer.from('Name,City\r\nAnn,Springfield\r\n"Bo, Jr.",Ogdenville\r\n');
    const merge = mailMerge('invite.html', Buffer.from('<p>Dear {{Name}}</p>'), 'people.csv', csv);
    assert.equal(merge.letters, 2);
    assert.deepEqual(merge.fields, ['Name', 'City']);
    assert.equal(merge.type, 'html');
    assert.deepEqual(gunzipSync(merge.mergeData), csv);
    assert.throws(
      () => mailMerge('invite.pdf', Buffer.from('%PDF'), 'people.csv', csv),
      /a mail-merge template is docx, html, htm; not \.pdf/,
    );
    assert.throws(
      () => mailMerge('invite.html', Buffer.from('x'), 'people.csv', Buffer.from('Name\n')),
      /needs a header row and at least one row of data/,
    );
    assert.throws(
      () => mailMerge('invite.html', Buffer.from('x'), 'bad.csv', Buffer.from('Name\n"open')),
      /bad\.csv is not CSV: unterminated/,
    );
  });

  it('sends a merge CSV separated by semicolons or tabs as the comma-separated UTF-8 the service takes, a cell holding a comma quoted', () => {
    for (const [bytes, delimiter] of [
      [Buffer.from('Name;Address1;Amount\r\n"Doe; Jane";1 Main St, Apt 2;1,50\r\n\r\nBo;2 Elm St;"2"\r\n'), ';'],
      [
        Buffer.concat([
          Buffer.from([0xff, 0xfe]),
          Buffer.from('Name\tAddress1\tAmount\r\nDoe; Jane\t1 Main St, Apt 2\t1,50\r\nBo\t2 Elm St\t2\r\n', 'utf16le'),
        ]),
        '\t',
      ],
    ] as const) {
      const merge = mailMerge('invite.html', Buffer.from('<p>Dear {{Name}}</p>'), 'people.csv', bytes);
      assert.equal(merge.delimiter, delimiter);
      assert.equal(merge.letters, 2);
      assert.deepEqual(merge.fields, ['Name', 'Address1', 'Amount']);
      assert.equal(
        gunzipSync(merge.mergeData).toString('utf8'),
        'Name,Address1,Amount\r\nDoe; Jane,"1 Main St, Apt 2","1,50"\r\nBo,2 Elm St,2\r\n',
      );
    }
    const commas = mailMerge(
      'invite.html',
      Buffer.from('<p>Dear {{Name}}</p>'),
      'people.csv',
      Buffer.from('Name;x,City\nAnn,Springfield\n'),
    );
    assert.equal(commas.delimiter, ',');
    assert.deepEqual(commas.fields, ['Name;x', 'City']);
  });

  it("sends a merge's CSV as the UTF-8 the service takes, whatever the spreadsheet saved it as, and says which it read", () => {
    const text = 'AttentionLine1,City\r\nJosé Müller,Zürich\r\n';
    const saved: [string, Buffer][] = [
      ['Windows-1252', Buffer.from(text, 'latin1')],
      ['UTF-16LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
      ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])],
    ];
    for (const [encoding, bytes] of saved) {
      const merge = mailMerge('invite.html', Buffer.from('<p>Dear {{AttentionLine1}}</p>'), 'people.csv', bytes);
      assert.equal(merge.encoding, encoding);
      assert.equal(merge.csv, text);
      assert.deepEqual(gunzipSync(merge.mergeData), Buffer.from(text, 'utf8'), encoding);
    }
  });
});
