/** Money as the service counts it: what each send of the log costs, from what the service reports of its mailer now. */
import { strict as assert } from 'node:assert';
import type { SendLogRecord } from '../../src/client';
import { chargeOf, reportedCharge } from '../../src/rulebook';

export function record(fields: Record<string, unknown> = {}): SendLogRecord {
  return {
    entry: Math.random().toString(36).slice(2),
    time: new Date().toISOString(),
    endpoint: 'https://mail.example.com',
    user: 'ann',
    operation: 'SendLetterAndAddressV2',
    workMode: 'Production',
    sha256: '0'.repeat(64),
    bytes: 1,
    outcome: 'sent',
    id: 1,
    price: 1.5,
    ...fields,
  };
}

describe('the rulebook: what a send costs', () => {
  it('counts a mailer the service reports in Production at the price it reports, not the one predicted', () => {
    assert.deepEqual(chargeOf(record(), { workMode: 'Production', status: -1000, price: 1.58 }), { amount: 1.58, basis: 'charged' });
    assert.deepEqual(chargeOf(record(), { workMode: 'Production', status: -910, price: 1.58 }), { amount: 1.58, basis: 'charged' });
  });

  it('counts nothing for a cancelled mailer (refunded), a failed one (never charged) or one run in Development', () => {
    assert.deepEqual(chargeOf(record(), { workMode: 'Production', status: -1005, price: 1.58 }), {
      amount: 0,
      basis: 'not charged',
      why: 'cancelled',
    });
    for (const status of [-1010, -1018, -1021, -1025, -1045, -1065, -1099]) {
      assert.equal(chargeOf(record(), { workMode: 'Production', status, price: 1.58 }).amount, 0, `status ${status}`);
      assert.equal(chargeOf(record(), { workMode: 'Production', status, price: 1.58 }).why, 'failed');
    }
    const asDefault = record({ workMode: 'Default' });
    assert.deepEqual(chargeOf(asDefault, { workMode: 'Development', status: -1002, price: 1.58 }), {
      amount: 0,
      basis: 'not charged',
      why: 'development',
    });
    assert.equal(chargeOf(record({ workMode: 'Development' }), undefined).amount, 0, 'asked for Development: never charged');
    assert.equal(chargeOf(record({ outcome: 'refused', reason: 'no', price: 9 }), undefined).amount, 0);
  });

  it('counts a mailer waiting for funds: it is charged when they arrive', () => {
    assert.deepEqual(chargeOf(record(), { workMode: 'Production', status: -990, price: 1.58 }), { amount: 1.58, basis: 'awaiting funds' });
  });

  it('counts what the service has not reported, and a send of unknown outcome, at the predicted price', () => {
    assert.deepEqual(chargeOf(record(), undefined), { amount: 1.5, basis: 'predicted' });
    assert.deepEqual(chargeOf(record({ workMode: 'Default' }), undefined), { amount: 1.5, basis: 'predicted' });
    assert.deepEqual(chargeOf(record({ outcome: 'unknown', reason: 'cut' }), undefined), { amount: 1.5, basis: 'outcome unknown' });
    assert.deepEqual(chargeOf(record(), { status: -3001 }), { amount: 1.5, basis: 'predicted' }, 'No Permissions tells nothing');
    assert.deepEqual(chargeOf(record({ price: undefined }), undefined), { amount: 0, basis: 'predicted' }, 'unpriced: nothing known');
  });

  it('tells a reported mailer alone (the details page, the Mailers view)', () => {
    assert.equal(reportedCharge({ workMode: 'Production', status: -1065, price: 2 })?.why, 'failed');
    assert.equal(reportedCharge({ workMode: 'Development', status: -1002, price: 2 })?.why, 'development');
    assert.equal(reportedCharge({ workMode: 'Production', status: -1000, price: 2 })?.basis, 'charged');
    assert.equal(reportedCharge({ workMode: 'Production' }), undefined);
  });
});
