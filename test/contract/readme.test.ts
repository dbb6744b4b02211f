import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { README, operationsTable, readmeWithTable } from '../../scripts/operations-table';

describe('README: the table of service operations', () => {
  it('is the one generated from the contract (run `npm run docs` after changing it)', () => {
    const readme = readFileSync(README, 'utf8');
    assert.equal(readme, readmeWithTable(readme));
  });

  it('lists all 29 operations', () => {
    const rows = operationsTable()
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    assert.equal(rows.length, 29);
  });
});
