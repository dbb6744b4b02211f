/**
 * A mail merge measured as a server measures it (`measureMerge`): a slice of rows at a time, each
 * slice in a document of its own, with a pause after every slice where the server lets its other
 * callers in. It says what printing the whole batch says, row for row, across slices.
 */
import { strict as assert } from 'node:assert';
import { closeEngines, measureMerge, mergeRows, mergeTemplate, printMerge } from '../../src/printing';
import { ROWS_PER_DOCUMENT, nextTurn } from '../../src/printing/merge';

const TEMPLATE = Buffer.from('<h1>{{Title}}</h1><p>Dear {{AttentionLine1}},</p><p>{{Note}}</p>');
const COLUMNS = ['Title', 'AttentionLine1', 'Address1', 'City', 'State', 'PostalCode', 'Note'];

/** Rows of one, two and three text pages; some without a street (-1045), some with a ZIP code that is none (-1018). */
function rows(count: number): string[][] {
  return Array.from({ length: count }, (_, i) => [
    `Letter ${i + 1}`,
    `Guest ${i + 1}`,
    i % 11 === 5 ? '' : `${i + 1} Main St`,
    'Springfield',
    'IL',
    i % 13 === 7 ? '6270' : '62701',
    'More to say. '.repeat([10, 400, 800][i % 3]!),
  ]);
}

describe('printing: a mail merge measured a slice at a time', function () {
  this.timeout(120_000);
  after(() => closeEngines());

  it('says what printing the batch says, row for row, across its documents', async () => {
    const data = rows(150); // two of the measuring's documents
    const template = mergeTemplate('html', TEMPLATE);
    const printed = await printMerge(template, mergeRows(COLUMNS, data), { workMode: 'Production', duplex: false });
    for (const duplex of [false, true]) {
      const measured = await measureMerge(template, COLUMNS, data, { workMode: 'Production', duplex });
      assert.deepEqual(
        measured.map((l) => [l.pages, l.sheets, l.failures]),
        printed.letters.map((l) => [l.pages, duplex ? Math.ceil(l.pages / 2) : l.sheets, l.failures]),
        duplex ? 'duplex' : 'simplex',
      );
      // The first three rows as Chromium lays them out (issue 30): address page, then one, two and two pages.
      assert.deepEqual(
        measured.slice(0, 3).map((l) => [l.pages, l.sheets]),
        duplex
          ? [
              [2, 1],
              [3, 2],
              [3, 2],
            ]
          : [
              [2, 2],
              [3, 3],
              [3, 3],
            ],
      );
      assert.deepEqual(measured[5]!.failures, [-1045], 'no street');
      assert.deepEqual(measured[7]!.failures, [-1018], 'no ZIP code');
    }
  });

  it('pauses after every slice, and a pause that takes a turn of the event loop lets what waits run', async () => {
    const data = rows(3 * ROWS_PER_DOCUMENT + 1);
    let pauses = 0;
    let turns = 0;
    let waiting = true;
    const count = () => {
      turns++;
      if (waiting) setImmediate(count);
    };
    setImmediate(count);
    const measured = await measureMerge(mergeTemplate('html', TEMPLATE), COLUMNS, data, { workMode: 'Development', duplex: false }, () => {
      pauses++;
      return nextTurn();
    });
    waiting = false;
    assert.equal(measured.length, data.length);
    assert.equal(pauses, 4, 'one pause after each slice');
    assert.ok(turns >= pauses, `the event loop turned between slices (${turns} turns for ${pauses} slices)`);
  });
});
