/**
 * A merge's MergeData read as the sandbox reads it at send (operations/merge-data.ts): a thousand
 * records at a time with turns of the event loop between, in exactly the rows and line numbers
 * parseCsvLines gives for the whole text, for every kind of CSV a spreadsheet writes (quoted
 * cells with commas, quotes and line breaks, CRLF, CR or LF, a quote inside an unquoted cell,
 * blank lines); a CSV that is not well formed is refused in the words it always was.
 */
import { strict as assert } from 'node:assert';
import { gzipSync } from 'node:zlib';
import { MAX_MERGE_DATA_BYTES, mergeDataTooLarge, parseCsvLines } from '../../src/contract';
import { preflightMerge } from '../../src/printing';
import { Refusal } from '../../src/sandbox/operations/context';
import { readMergeData } from '../../src/sandbox/operations/merge-data';
import { gzipText } from '../helpers/documents';

const HEADER = 'AttentionLine1,Address1,City,Note';

/** Row i in one of the shapes spreadsheets write, ending with `eol`. */
function record(i: number, eol: string): string {
  switch (i % 6) {
    case 0:
      return `Guest ${i},${i} Main St,Springfield,plain${eol}`;
    case 1:
      return `"Guest, ${i}","${i} Main St","Spring""field""","two${eol}lines"${eol}`;
    case 2:
      return `Guest ${i},5" pipe St,Springfield,"a ""quoted"" word"${eol}`;
    case 3:
      return `${eol}Guest ${i},,Springfield,""${eol}`; // a blank line first
    case 4:
      return `"",${i} Main St,"",x${eol}`;
    default:
      return `Guest ${i},${i} Main St,"Spring\r\nfield",end${eol}`;
  }
}

async function refusalOf(data: Buffer): Promise<Refusal> {
  try {
    await readMergeData(data);
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  assert.fail('the data was taken');
}

describe('sandbox: a merge’s data read in turns', () => {
  for (const [name, eol] of [
    ['CRLF', '\r\n'],
    ['LF', '\n'],
    ['CR', '\r'],
  ] as const) {
    it(`reads 3,500 records of every shape (${name}) as parseCsvLines reads the whole text`, async () => {
      const text = `${HEADER}${eol}${Array.from({ length: 3500 }, (_, i) => record(i, eol)).join('')}`;
      const read = await readMergeData(gzipText(text));
      const whole = parseCsvLines(text);
      assert.deepEqual(read.columns, whole.rows[0]);
      assert.deepEqual(read.rows, whole.rows.slice(1));
      assert.equal(read.rows.length, 3500);
    });
  }

  it('names the same line of a ragged row far into the data as before', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => record(i, '\r\n'));
    rows[2345] = 'only,three,cells\r\n';
    const refusal = await refusalOf(gzipText(`${HEADER}\r\n${rows.join('')}`));
    const whole = parseCsvLines(`${HEADER}\r\n${rows.join('')}`);
    const index = whole.rows.findIndex((row) => row.length === 3);
    assert.equal(refusal.code, -3144);
    assert.equal(
      refusal.description,
      `invalid merge data: row ${index} (line ${whole.lines[index]}) has 3 cells; the header has 4 columns`,
    );
  });

  it('refuses a CSV that is not well formed far into the data in the words of the whole text', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => record(i, '\n'));
    rows[2100] = '"Guest"x,1 Main St,Springfield,y\n';
    const text = `${HEADER}\n${rows.join('')}`;
    let expected = '';
    try {
      parseCsvLines(text);
    } catch (error) {
      expected = `invalid merge data: the CSV is not well formed: ${(error as Error).message} (line ${(error as { line: number }).line})`;
    }
    assert.ok(expected, 'the whole text does not parse');
    const refusal = await refusalOf(gzipText(text));
    assert.deepEqual([refusal.code, refusal.description], [-3144, expected]);
    const unterminated = await refusalOf(gzipText(`${HEADER}\n${rows.slice(0, 2000).join('')}"open,1,2,3\n`));
    assert.match(unterminated.description ?? '', /unterminated quoted field/);
  });

  it('takes commas only, as the service (RFC 4180): raw data separated by semicolons or tabs is refused at -3144 naming the delimiter', async () => {
    for (const [text, named] of [
      ['AttentionLine1;Address1;City;State;PostalCode\r\nJane Doe;1 Main St;Springfield;IL;62701\r\n', 'semicolons'],
      ['AttentionLine1\tAddress1\tCity\tState\tPostalCode\r\nJane Doe\t1 Main St\tSpringfield\tIL\t62701\r\n', 'tabs'],
    ] as const) {
      const refusal = await refusalOf(gzipText(text));
      assert.equal(refusal.code, -3144);
      assert.match(
        refusal.description ?? '',
        new RegExp(`its header is separated by ${named} .*not commas: merge data is comma-separated`),
      );
    }
  });

  it('holds only the header to the header’s rule: a one-cell data row holding a semicolon, first in its piece, is read', async () => {
    const text = `AttentionLine1\n${Array.from({ length: 2500 }, (_, i) => (i === 999 ? 'Doe; Jane\n' : `Guest ${i}\n`)).join('')}`;
    const read = await readMergeData(gzipText(text));
    assert.equal(read.rows.length, 2500);
    assert.deepEqual(read.rows[999], ['Doe; Jane']);
  });

  it('refuses merge data over 64 MB uncompressed in the preflight’s words, and the preflight refuses it first', async () => {
    assert.equal(mergeDataTooLarge(MAX_MERGE_DATA_BYTES), undefined);
    const row = 'Jane Doe,1 Main St,Springfield\n';
    const text = `AttentionLine1,Address1,City\n${row.repeat(Math.ceil(MAX_MERGE_DATA_BYTES / row.length))}`;
    const refusal = await refusalOf(gzipSync(text, { level: 1 }));
    assert.deepEqual(
      [refusal.code, refusal.description],
      [-3144, 'invalid merge data: the CSV is over the 64.0 MB a merge takes: split it into merges of fewer rows'],
    );
    const report = await preflightMerge(
      { type: 'html', template: new TextEncoder().encode('<p>Dear {{AttentionLine1}}</p>'), csv: text },
      { workMode: 'Development' },
    );
    assert.deepEqual(
      report.findings.map((f) => [f.code, f.message]),
      [[-3144, 'invalid merge data. The CSV is 64.0 MB as UTF-8, over the 64.0 MB a merge takes: split it into merges of fewer rows.']],
    );
  });
});
