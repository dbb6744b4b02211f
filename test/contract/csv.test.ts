import { strict as assert } from 'node:assert';
import { CsvError, csvCell, csvDelimiter, csvRecords, duplicateColumns, formatCsv, parseCsv, parseCsvLines } from '../../src/contract';

describe('CSV (RFC 4180) as merges read it', () => {
  it('reads rows, their lines, and where each cell is, through quotes, CRLF, blank lines and a quote inside an unquoted cell', () => {
    const text = 'a,b"c,\r\n\r\n"x, ""y""","multi\nline"\nlast';
    const { rows, lines, spans } = parseCsvLines(text);
    assert.deepEqual(rows, [['a', 'b"c', ''], ['x, "y"', 'multi\nline'], ['last']]);
    assert.deepEqual(lines, [1, 3, 5]);
    const cells = spans.map((row) => row.flatMap((_, j) => (j % 2 ? [] : [text.slice(row[j], row[j + 1])])));
    assert.deepEqual(cells, [['a', 'b"c', ''], ['"x, ""y"""', '"multi\nline"'], ['last']]);
  });

  it('says the line a mistake is on', () => {
    assert.throws(
      () => parseCsvLines('a,b\n"c"d,e\n'),
      (e: unknown) => e instanceof CsvError && e.line === 2 && /unexpected text after a quoted field/.test(e.message),
    );
    assert.throws(
      () => parseCsvLines('a\nb\n"open'),
      (e: unknown) => e instanceof CsvError && e.line === 3,
    );
  });

  it('holds no row in a line of empty cells only, as a spreadsheet writes a row once formatted, nor in a blank line', () => {
    const { rows, lines } = parseCsvLines('a,b,c\r\n1,2,3\r\n,,\r\n\r\n4,5,6\r\n,,\r\n"",,\r\n,\r\n');
    assert.deepEqual(rows, [
      ['a', 'b', 'c'],
      ['1', '2', '3'],
      ['4', '5', '6'],
    ]);
    assert.deepEqual(lines, [1, 2, 5]);
    // A cell of spaces is a cell: the row is the data's, and its checks say what it lacks.
    assert.deepEqual(parseCsvLines('a,b\n ,\n').rows, [
      ['a', 'b'],
      [' ', ''],
    ]);
  });

  it('reads a CSV separated by semicolons or tabs, the delimiter decided from its header line alone', () => {
    for (const [text, delimiter] of [
      ['AttentionLine1,Address1\r\nJane;Doe,1 Main St\r\n', ','],
      ['AttentionLine1;Address1;City\r\n"Doe, Jane";1 Main St;Springfield\r\n', ';'],
      ['\r\nAttentionLine1\tAddress1\tCity\r\nDoe, Jane\t1 Main St\tSpringfield\r\n', '\t'],
      ['AttentionLine1;Address1\tCity\r\nDoe, Jane;1 Main St\tSpringfield\r\n', ';'],
      ['"Name, first";"Address;1"\r\n"Doe, Jane";"1 Main St"\r\n', ';'],
      ['"Name;first"\t"Address,1"\nJane\t1 Main St\n', '\t'],
      ['"AttentionLine1;Address1;City"\nx;y\n', ','],
      ['AttentionLine1\nJane Doe\n', ','],
      ['', ','],
    ] as const) {
      assert.equal(csvDelimiter(text), delimiter, text);
      assert.equal(parseCsvLines(text).delimiter, delimiter, text);
    }
    assert.deepEqual(parseCsvLines('AttentionLine1;Address1;City\r\n"Doe; Jane";"1 Main St, Apt 2";Springfield\r\n'), {
      rows: [
        ['AttentionLine1', 'Address1', 'City'],
        ['Doe; Jane', '1 Main St, Apt 2', 'Springfield'],
      ],
      lines: [1, 2],
      spans: [
        [0, 14, 15, 23, 24, 28],
        [30, 41, 42, 60, 61, 72],
      ],
      delimiter: ';',
    });
    // The decimal comma of the locales that write semicolons: a cell's text, never a delimiter.
    assert.deepEqual(parseCsv('AttentionLine1;Amount;Rate\nJane Doe;1,50;"2;5"\n'), [
      ['AttentionLine1', 'Amount', 'Rate'],
      ['Jane Doe', '1,50', '2;5'],
    ]);
    assert.deepEqual(parseCsv('AttentionLine1\tAmount\n"Doe\tJane"\t1,50;2\n'), [
      ['AttentionLine1', 'Amount'],
      ['Doe\tJane', '1,50;2'],
    ]);
    // A header that is one column holding semicolons only inside quotes is one column; a row's one cell may hold anything.
    assert.deepEqual(parseCsv('"AttentionLine1;Address1;City"\nx;y\n'), [['AttentionLine1;Address1;City'], ['x;y']]);
    assert.deepEqual(parseCsvLines('Jane;Doe\n', false).rows, [['Jane;Doe']]);
    assert.deepEqual(parseCsvLines('Jane;Doe\n', false, ';').rows, [['Jane', 'Doe']]);
    assert.deepEqual(
      [...csvRecords('a,b\nJane\tDoe\n')].map((r) => r.cells),
      [['a', 'b'], ['Jane\tDoe']],
    );
    // Written back in the file's own delimiter: quoted where it holds it.
    assert.equal(csvCell('1,50', false, ';'), '1,50');
    assert.equal(csvCell('a;b', false, ';'), '"a;b"');
    assert.equal(csvCell('a;b'), 'a;b');
    assert.equal(csvCell('a\tb', false, '\t'), '"a\tb"');
    assert.equal(formatCsv(parseCsv('A;B\r\nDoe, Jane;1,50\r\n')), 'A,B\r\n"Doe, Jane","1,50"\r\n');
  });

  it("refuses, read as the service reads ('service'), a header split by semicolons or tabs, naming the delimiter", () => {
    for (const [text, named] of [
      ['AttentionLine1;Address1;City\r\n"Doe, Jane";1 Main St;Springfield\r\n', 'semicolons'],
      ['\r\nAttentionLine1\tAddress1\tCity\r\nJane Doe\t1 Main St\tSpringfield\r\n', 'tabs'],
      ['"AttentionLine1;Address1;City"\nx\n', 'semicolons'],
    ] as const) {
      assert.throws(
        () => parseCsvLines(text, true, 'service'),
        (e: unknown) =>
          e instanceof CsvError &&
          e.line === (text.startsWith('\r\n') ? 2 : 1) &&
          e.message.startsWith(`its header is separated by ${named}`) &&
          e.message.includes('not commas: merge data is comma-separated. Save it as "CSV UTF-8 (Comma delimited)"'),
        text,
      );
    }
    assert.deepEqual(parseCsvLines('Name;Title,City\nx,y\n', true, 'service').rows, [
      ['Name;Title', 'City'],
      ['x', 'y'],
    ]);
  });

  it('refuses a NUL character at its line, before any record', () => {
    assert.throws(
      () => [...csvRecords('a,b\r\nx,y\r\n"q\n\0",z\r\n')],
      (e: unknown) =>
        e instanceof CsvError &&
        e.line === 4 &&
        e.message === 'it holds a NUL character (at character 14): it is not text a spreadsheet saves',
    );
  });

  it('names the columns named twice, trimmed, with where each is', () => {
    assert.deepEqual(duplicateColumns(['City', 'Name', ' City ', '', '', 'Name', 'City']), [
      { name: 'City', at: [0, 2, 6] },
      { name: 'Name', at: [1, 5] },
    ]);
    assert.deepEqual(duplicateColumns(['a', 'b']), []);
  });
});
