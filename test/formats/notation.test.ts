/**
 * The notations both front ends write for people (src/formats): an amount, a time to the minute,
 * an address as the post writes it, and a recipient in few words.
 */
import { strict as assert } from 'node:assert';
import { dollars, localMinute, recipientSummary, recipientWords } from '../../src/formats';

describe('amounts, times and addresses as people read them', () => {
  it('writes an amount to the cent, thousands apart', () => {
    assert.equal(dollars(0), '$0.00');
    assert.equal(dollars(12.5), '$12.50');
    assert.equal(dollars(1577.625), '$1,577.63');
    assert.equal(dollars(1234567), '$1,234,567.00');
  });

  it("writes a time as this machine's wall time to the minute, and text that is no time as it is", () => {
    const at = new Date(2026, 10, 26, 9, 5, 59);
    assert.equal(localMinute(at.toISOString()), '2026-11-26 09:05');
    assert.equal(localMinute('not a time'), 'not a time');
  });

  it("writes the send log's one-line recipient with a US state and ZIP code as the post does", () => {
    assert.equal(recipientWords('Jane Doe, 1 Main St, Springfield, IL, 62701'), 'Jane Doe, 1 Main St, Springfield, IL 62701');
    assert.equal(recipientWords('Jane Doe, Springfield, IL, 62701-1234, USA'), 'Jane Doe, Springfield, IL 62701-1234, USA');
    assert.equal(recipientWords('Ann, 2 High St, London, UK'), 'Ann, 2 High St, London, UK');
  });
});

describe('a recipient in few words', () => {
  it('is the name, else the company, and the city', () => {
    assert.equal(recipientSummary({ AttentionLine1: 'Jane Doe', Company: 'Acme', City: 'Springfield' }), 'Jane Doe, Springfield');
    assert.equal(recipientSummary({ Company: 'Acme', City: 'Springfield' }), 'Acme, Springfield');
    assert.equal(recipientSummary({ AttentionLine1: 'Jane Doe' }), 'Jane Doe');
    assert.equal(recipientSummary(undefined), undefined);
    assert.equal(recipientSummary({ Address1: '1 Main St' }), undefined);
  });

  it("takes an empty or blank name (a merge row's empty cell) for none: the company then", () => {
    assert.equal(recipientSummary({ AttentionLine1: '', Company: 'Acme', City: 'Springfield' }), 'Acme, Springfield');
    assert.equal(recipientSummary({ AttentionLine1: '  ', Company: 'Acme', City: ' ' }), 'Acme');
  });
});
