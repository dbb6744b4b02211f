import { strict as assert } from 'node:assert';
import { AddressError, parseAddressLine, type RecipientAddress } from '../../src/client';

/** The error a line is refused with; fails when the line is taken. */
function refused(line: string): AddressError {
  try {
    const address = parseAddressLine(line);
    assert.fail(`"${line}" was taken as ${JSON.stringify(address)}`);
  } catch (error) {
    if (!(error instanceof AddressError)) throw error;
    return error;
  }
}

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

  it('takes the common US forms', () => {
    const jane: RecipientAddress = {
      AttentionLine1: 'Jane Doe',
      Address1: '1 Main St',
      City: 'Springfield',
      State: 'IL',
      PostalCode: '62701',
    };
    assert.deepEqual(parseAddressLine('Jane Doe, 1 Main St, Springfield, IL 62701'), jane);
    assert.deepEqual(parseAddressLine(' Jane Doe ,1 Main St,Springfield IL 62701 '), jane, 'city, state and ZIP in one part');
    assert.deepEqual(parseAddressLine('Jane Doe, 1 Main St, Springfield, il 62701, United States'), { ...jane, Country: 'United States' });
    assert.deepEqual(parseAddressLine('Jane Doe\nPO Box 12\nSpringfield il 62701-1234'), {
      ...jane,
      Address1: 'PO Box 12',
      PostalCode: '62701-1234',
    });
    assert.deepEqual(
      parseAddressLine('Jane Doe, 1 Main St, Apt 4, Springfield, IL 62701'),
      { ...jane, Address2: 'Apt 4' },
      'a second street line',
    );
    assert.deepEqual(
      parseAddressLine('Jane Doe, Acme Corp, 1 Main St, Springfield, IL 62701'),
      { ...jane, Company: 'Acme Corp' },
      'a company',
    );
  });

  it('takes another country by its name at the end, the city line as that country writes it', () => {
    assert.deepEqual(parseAddressLine('Ada Lovelace, Analytical Engines Ltd, 12 Marylebone Road, London NW1 5LR, United Kingdom'), {
      AttentionLine1: 'Ada Lovelace',
      Company: 'Analytical Engines Ltd',
      Address1: '12 Marylebone Road',
      City: 'London NW1 5LR',
      Country: 'United Kingdom',
    });
    assert.deepEqual(parseAddressLine('Jean Dupont, 1 rue de Rivoli, 75001 Paris, France'), {
      AttentionLine1: 'Jean Dupont',
      Address1: '1 rue de Rivoli',
      City: '75001 Paris',
      Country: 'France',
    });
    assert.deepEqual(parseAddressLine('Jane Doe, 1 Main St, Ottawa, ON K1A 0B1, Canada'), {
      AttentionLine1: 'Jane Doe',
      Address1: '1 Main St',
      City: 'Ottawa',
      State: 'ON',
      PostalCode: 'K1A 0B1',
      Country: 'Canada',
    });
    assert.equal(parseAddressLine('Jan Novák, Národní 1, 110 00 Praha 1, Czechia').Country, 'Czechia');
  });

  it('refuses a ZIP code of the wrong form, naming it, with each field understood', () => {
    const error = refused('Jane Doe, 1 Main St, Springfield, IL 6270');
    assert.match(error.message, /^"Jane Doe, 1 Main St, Springfield, IL 6270" is not an address Mailroom can send to\./);
    assert.match(error.message, /6270 is not a US ZIP code \(12345 or 12345-6789\)/);
    assert.match(
      error.message,
      /Understood: name "Jane Doe", street address "1 Main St", city "Springfield", state "IL", ZIP or postal code "6270"\./,
    );
    assert.deepEqual(error.understood, {
      AttentionLine1: 'Jane Doe',
      Address1: '1 Main St',
      City: 'Springfield',
      State: 'IL',
      PostalCode: '6270',
    });
    assert.deepEqual(
      error.findings.map((f) => [f.field, f.code]),
      [['PostalCode', -1018]],
    );
    assert.match(refused('Jane Doe, 1 Main St, Springfield IL 627011').message, /627011 is not a US ZIP code/);
    assert.match(refused('Jane Doe, 1 Main St, Springfield, IL 6270, USA').message, /6270 is not a US ZIP code/);
  });

  it('refuses "Atlanta, Georgia": a US state and a country by one name is read as neither', () => {
    assert.throws(
      () => parseAddressLine('Jane Doe, 1 Peachtree St, Atlanta, Georgia'),
      (error: Error) => {
        assert.ok(error instanceof AddressError);
        assert.match(error.message, /"Georgia" is both a US state and a country/);
        return true;
      },
    );
    assert.equal(parseAddressLine('Jane Doe, 1 Peachtree St, Atlanta, GA 30303').State, 'GA');
  });

  it('refuses a line that does not read as "Name, Street, City, ST ZIP"', () => {
    for (const [line, why] of [
      ['', /The line is empty\./],
      ['Jane Doe, 1 Main St, Springfield, IL', /There is no ZIP code after the state IL\./],
      ['Jane Doe, 1 Main St, Springfield, Illinois 62701', /does not end with a state and ZIP code/],
      ['Jane Doe, 1 Main St, Springfield', /does not end with a state and ZIP code/],
      ['Ada Lovelace, Marylebone Road, London', /does not end with a state and ZIP code \("Springfield, IL 62701"\), nor with a country/],
      ['Jane Doe, Springfield, IL 62701', /A street address is needed\./],
      ['Jane Doe, 1 Main St, France', /A street address is needed\..*city "1 Main St", country "France"/s],
      ['Jane, Acme, 1 Main St, Suite 2, Floor 3, Springfield, IL 62701', /Between the name and the city there are 4 parts/],
      [`Jane Doe, 1 Main St, ${'S'.repeat(31)}, IL 62701`, /The city is 31 characters long; the service takes at most 30\./],
    ] as const) {
      const error = refused(line);
      assert.match(error.message, why, line);
      assert.match(error.message, /Write it as "Name, Street, City, ST 12345"/);
    }
    assert.match(
      refused('Jane Doe, 1 Main St, Springfield, Illinois').message,
      /Understood: .*city "Illinois"/,
      'shows how it was misread',
    );
  });
});
