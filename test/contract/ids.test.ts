import { strict as assert } from 'node:assert';
import { expandIdQuery, formatIds, parseIdQuery, parseIds, planIdQueries } from '../../src/contract';

function idsOf(text: string): number[] {
  const parsed = parseIds(text);
  assert.ok(parsed.ok, `${text} should parse`);
  return parsed.ids;
}

describe('contract: the ID syntax', () => {
  it('reads one ID, an inclusive range and a comma list', () => {
    assert.deepEqual(idsOf('1021984'), [1021984]);
    assert.deepEqual(idsOf('1021984-1021987'), [1021984, 1021985, 1021986, 1021987]);
    assert.deepEqual(idsOf('1021984,1021990,5'), [1021984, 1021990, 5]);
    assert.deepEqual(idsOf(' 7 , 8 '), [7, 8]);
    assert.deepEqual(idsOf('5-5'), [5]);
  });

  it('rejects junk', () => {
    for (const junk of [
      '',
      ' ',
      '1-',
      '-1',
      'a',
      '5-3',
      '1,,2',
      '1,',
      ',1',
      '1-2-3',
      '1-3,5',
      '1.5',
      '0',
      '+3',
      '2147483648',
      '1e3',
      '１２',
    ]) {
      assert.equal(parseIdQuery(junk), undefined, `"${junk}" is not an ID string`);
      assert.equal(parseIds(junk).ok, false, `"${junk}" is not an ID string`);
    }
  });

  it('rejects more than 1000 items, and the service side keeps only the first 1000', () => {
    assert.equal(idsOf('1-1000').length, 1000);
    assert.equal(parseIds('1-1001').ok, false);
    const list = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    assert.equal(parseIds(list).ok, false);
    const query = parseIdQuery('10-5000');
    assert.ok(query);
    const kept = expandIdQuery(query);
    assert.equal(kept.length, 1000);
    assert.equal(kept[999], 1009);
  });

  it('round-trips: what it formats reads back as the same set', () => {
    const sets = [[42], [3, 4, 5, 6], [9, 1, 5], [100, 101, 103], Array.from({ length: 1000 }, (_, i) => 7 + i * 3)];
    for (const set of sets) {
      const text = formatIds(set);
      assert.deepEqual(
        idsOf(text),
        [...set].sort((a, b) => a - b),
        text,
      );
    }
  });

  it('compresses a set into the shortest string that names exactly it', () => {
    assert.equal(formatIds([5, 3, 4, 4]), '3-5');
    assert.equal(formatIds([1021984, 1021985, 1021986]), '1021984-1021986');
    assert.equal(formatIds([1, 2, 3, 10]), '1,2,3,10');
    assert.equal(formatIds([8, 9]), '8,9');
    assert.equal(formatIds([7]), '7');
    assert.throws(() => formatIds([]), RangeError);
    assert.throws(() => formatIds([0]), RangeError);
    assert.throws(() => formatIds(Array.from({ length: 1001 }, (_, i) => i + 1)), RangeError);
  });

  it('plans the fewest queries for any number of IDs', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => 500_000 + i);
    const plan = planIdQueries([...ids].reverse());
    assert.equal(plan.length, 10);
    assert.equal(plan[0], '500000-500999');
    assert.deepEqual(plan.flatMap(idsOf), ids);
    assert.deepEqual(planIdQueries([]), []);
    const scattered = Array.from({ length: 2500 }, (_, i) => 1 + i * 2);
    const scatteredPlan = planIdQueries(scattered);
    assert.equal(scatteredPlan.length, 3);
    assert.deepEqual(scatteredPlan.flatMap(idsOf), scattered);
  });
});
