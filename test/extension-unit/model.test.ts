/** The extension's plain parts, without VS Code: grouping and summaries. */
import { strict as assert } from 'node:assert';
import { groupMailers, mailerSummary } from '../../src/extension/model/mailers';

describe('extension model', () => {
  it('groups mailers in process, completed, and failed or cancelled, newest first', () => {
    const groups = groupMailers([
      { id: 1, status: -1000 },
      { id: 2, status: -900 },
      { id: 3 },
      { id: 4, status: -1005 },
      { id: 5, status: -1002 },
      { id: 6, status: -1065 },
      { id: 7, status: -990 },
    ]);
    assert.deepEqual(groups.map(([g, ms]) => [g, ms.map((m) => m.id)]), [
      ['inProcess', [7, 3, 2]],
      ['completed', [5, 1]],
      ['failed', [6, 4]],
    ]);
    assert.deepEqual(groupMailers([{ id: 1, status: -1000 }]).map(([g]) => g), ['completed']);
  });

  it('sums a mailer up as ID, status and price', () => {
    assert.equal(mailerSummary({ id: 7, status: -995, price: 0.7 }), '7 · Waiting For Delivery · $0.70');
    assert.equal(mailerSummary({ id: 7, status: -1002, statusText: 'Completed: successfully processed in Development work mode' }), '7 · Completed');
    assert.equal(mailerSummary({ id: 7 }), '7 · not yet known');
  });
});
