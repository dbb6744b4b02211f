/**
 * docs/architecture.md's table of the 29 service operations is the one `npm run docs` makes from
 * the contract (scripts/operations-table.ts).
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { ARCHITECTURE, architectureWithTable, operationsTable } from '../../scripts/operations-table';

describe('docs/architecture.md: the table of service operations', () => {
  it('is the one generated from the contract (run `npm run docs` after changing it)', () => {
    const page = readFileSync(ARCHITECTURE, 'utf8');
    assert.equal(page, architectureWithTable(page));
  });

  it('lists all 29 operations', () => {
    const rows = operationsTable()
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    assert.equal(rows.length, 29);
  });
});
