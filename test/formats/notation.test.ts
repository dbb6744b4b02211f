/** A recipient in few words (src/rulebook/recipient.ts), as both front ends say where a letter goes. */
import { strict as assert } from 'node:assert';
import { recipientSummary } from '../../src/rulebook';

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
