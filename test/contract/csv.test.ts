import { strict as assert } from 'node:assert';
import { CsvError, parseCsvLines } from '../../src/contract';

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
});
