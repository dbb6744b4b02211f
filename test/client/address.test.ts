import { strict as assert } from 'node:assert';
import { parseAddressLine } from '../../src/client';

describe('client: a recipient on one line', () => {
  it('reads name, company, street, second line, city, state, ZIP and country', () => {
    assert.deepEqual(parseAddressLine('Jane Doe, Acme Corp, 1 Main St, Suite 200, Springfield, IL 62701, USA'), {
      AttentionLine1: 'Jane Doe',
      Company: 'Acme Corp',
      Address1: '1 Main St',
      Address2: 'Suite 200',
      City: 'Springfield',
      State: 'IL',
      PostalCode: '62701',
      Country: 'USA',
    });
  });

  it('takes the common short forms', () => {
    assert.deepEqual(parseAddressLine('Jane Doe, 1 Main St, Springfield, IL 62701'), {
      AttentionLine1: 'Jane Doe',
      Address1: '1 Main St',
      City: 'Springfield',
      State: 'IL',
      PostalCode: '62701',
    });
    assert.deepEqual(parseAddressLine('Jane Doe\nPO Box 12\nSpringfield il 62701-1234'), {
      AttentionLine1: 'Jane Doe',
      Address1: 'PO Box 12',
      City: 'Springfield',
      State: 'IL',
      PostalCode: '62701-1234',
    });
    assert.deepEqual(parseAddressLine('Ada Lovelace, Analytical Engines Ltd, Marylebone Road, London'), {
      AttentionLine1: 'Ada Lovelace',
      Company: 'Analytical Engines Ltd',
      Address1: 'Marylebone Road',
      City: 'London',
    });
    assert.deepEqual(parseAddressLine(''), {});
  });
});
