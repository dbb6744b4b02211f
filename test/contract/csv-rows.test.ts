import * as assert from 'node:assert/strict';
import { CsvError, csvCell, csvOfRows, csvRow, csvRowIndex, parseCsvLines, rowAt } from '../../src/contract';

/** What parseCsvLines reads, or the CsvError it throws, as plain data. */
function parsed(text: string) {
  try {
    const { rows, lines } = parseCsvLines(text.startsWith('\uFEFF') ? text.slice(1) : text);
    return { rows, lines };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return { error: error.message, line: error.line };
  }
}

/** The same read through the row index: each row parsed alone. */
function indexed(text: string) {
  try {
    const index = csvRowIndex(text);
    return { rows: index.starts.map((_, r) => csvRow(text, index, r)), lines: [...index.lines] };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return { error: error.message, line: error.line };
  }
}

/** A small seeded generator, so that a failure can be run again. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

describe('the CSV row index', () => {
  it('finds every row as parseCsvLines reads it: quoted line breaks, doubled quotes, blank lines, CRLF, CR, a BOM, no last break', () => {
    const csv =
      '\uFEFFAttentionLine1,Address1,City\r\nJane Doe,1 Main St,Springfield\r\n\r\n"Sam\nRoe",2 Side St,"Shelby""ville"\rPat Poe,3 Far Rd,Ogdenville';
    assert.deepEqual(indexed(csv), parsed(csv));
    const index = csvRowIndex(csv);
    assert.equal(index.count, 4);
    assert.deepEqual(csvRow(csv, index, 2), ['Sam\nRoe', '2 Side St', 'Shelby"ville']);
    assert.deepEqual(index.lines, [1, 2, 4, 6]);
    assert.deepEqual(parseCsvLines(csvOfRows(csv, index, [3, 2])).rows, [
      ['AttentionLine1', 'Address1', 'City'],
      ['Pat Poe', '3 Far Rd', 'Ogdenville'],
      ['Sam\nRoe', '2 Side St', 'Shelby"ville'],
    ]);
    assert.equal(rowAt(index, csv.indexOf('Roe')), 2);
    assert.equal(rowAt(index, csv.indexOf('Ogdenville')), 3);
    assert.equal(rowAt(index, 0), 0);
  });

  it('refuses what parseCsvLines refuses, with its words and line', () => {
    for (const csv of [
      'a,b\n1,"2\n\n3',
      'a,b\n"x"y,2\n',
      'a,b\n"x""\n',
      'a,b\n"1\n""2"""z\n',
      'a;b\n"1;2"x;3\n',
      '\uFEFFa\tb\n1\t"2"3\n',
      'a,b\n"1\n\0",2\n',
    ]) {
      const read = indexed(csv);
      assert.ok('error' in read, csv);
      assert.deepEqual(read, parsed(csv), csv);
    }
  });

  it('reads a CSV separated by semicolons or tabs as parseCsvLines does, its delimiter decided from the header', () => {
    for (const csv of [
      'AttentionLine1;Amount\r\n"Doe; Jane";1,50\r\n\r\nPat Poe;"2\n3"\r\n',
      '\uFEFF\r\nAttentionLine1\tAmount\n"Doe\tJane"\t1,50;2\n',
      ',,\r\na;b;c\r\n1;2;3\r\n',
    ]) {
      const read = indexed(csv);
      assert.ok(!('error' in read), csv);
      assert.deepEqual(read, parsed(csv), csv);
    }
    const csv = 'A;B\r\nDoe, Jane;1,50\r\nPat;2\r\n';
    const index = csvRowIndex(csv);
    assert.equal(index.delimiter, ';');
    assert.deepEqual(csvRow(csv, index, 1), ['Doe, Jane', '1,50']);
    assert.deepEqual(parseCsvLines(csvOfRows(csv, index, [2])).rows, [
      ['A', 'B'],
      ['Pat', '2'],
    ]);
  });

  it('agrees with parseCsvLines on 2,000 CSVs made of every kind of cell a spreadsheet writes', () => {
    const next = random(24);
    const pieces = ['', '', '', 'a', 'Jane Doe', ' ', ',', '"', '""', '\n', '\r\n', '\r', 'x"y', 'Müller', '"q"', ';', '\t'];
    const breaks = ['\n', '\r\n', '\r', '\n\n', '\r\n\r\n'];
    const pick = <T>(from: readonly T[]) => from[Math.floor(next() * from.length)]!;
    for (let n = 0; n < 2000; n++) {
      const rows = 1 + Math.floor(next() * 5);
      let csv = next() < 0.1 ? '\uFEFF' : '';
      for (let r = 0; r < rows; r++) {
        const cells = Array.from({ length: 1 + Math.floor(next() * 4) }, () => {
          const value = pick(pieces) + pick(pieces);
          // Mostly as a spreadsheet writes it; sometimes raw, as a person may type it.
          return next() < 0.8 ? csvCell(value, next() < 0.3) : value;
        });
        csv += cells.join(',') + (r < rows - 1 || next() < 0.7 ? pick(breaks) : '');
      }
      assert.deepEqual(indexed(csv), parsed(csv), JSON.stringify(csv));
    }
  });
});
