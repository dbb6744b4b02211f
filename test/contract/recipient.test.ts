import { strict as assert } from 'node:assert';
import {
  RECIPIENT_FIELDS,
  checkAddress,
  checkAddressField,
  checkMailableAddress,
  checkRecipient,
  fieldLimits,
  type RecipientField,
} from '../../src/contract';

describe('contract: a recipient, field by field', () => {
  it('refuses a field longer than the service takes, with its code (-3113 … -3124)', () => {
    const codes: number[] = [];
    for (const field of RECIPIENT_FIELDS) {
      const limit = fieldLimits[field]!;
      assert.equal(checkAddressField(field, 'x'.repeat(limit.maxLength), {}), undefined, `${field} at its limit`);
      const problem = checkAddressField(field, 'x'.repeat(limit.maxLength + 1), {});
      assert.ok(problem, `${field} past its limit`);
      assert.equal(problem.field, field);
      assert.equal(problem.code, limit.code);
      assert.match(
        problem.message,
        new RegExp(`is ${limit.maxLength + 1} characters long; the service takes at most ${limit.maxLength}\\.$`),
      );
      assert.match(problem.meaning, new RegExp(`^${field} longer than ${limit.maxLength}$`));
      codes.push(problem.code);
    }
    assert.deepEqual(
      codes.sort((a, b) => b - a),
      [-3113, -3114, -3117, -3118, -3119, -3120, -3121, -3122, -3123, -3124],
    );
    assert.match(checkAddressField('City', 'x'.repeat(31), {})!.message, /^The city is 31 characters long/);
    assert.equal(checkAddressField('City', `  ${'x'.repeat(30)}  `, {}), undefined, 'taken trimmed, as an input keeps it');
  });

  it('asks for a name or a company at the second of the two (-4008)', () => {
    assert.equal(checkAddressField('AttentionLine1', '', {}), undefined, 'a company may follow');
    const problem = checkAddressField('Company', '', { AttentionLine1: '' });
    assert.deepEqual(problem, {
      field: 'Company',
      code: -4008,
      message: 'A name or a company is needed: the service takes the address with either, not with neither.',
      meaning: 'missing field: AttentionLine1 or Company',
    });
    assert.equal(checkAddressField('Company', '  ', { AttentionLine1: ' ' })?.code, -4008, 'blanks are empty');
    assert.equal(checkAddressField('Company', '', { AttentionLine1: 'Jane Doe' }), undefined);
    assert.equal(checkAddressField('Company', 'Acme Corp', { AttentionLine1: '' }), undefined);
    assert.equal(checkAddressField('Company', '', {}), undefined, 'the name is still to come');
    assert.equal(checkAddressField('AttentionLine1', '', { Company: '' })?.code, -4008, 'in whatever order they are asked');
  });

  it('needs a street and a city where they are typed (-4006, -4007)', () => {
    assert.equal(checkAddressField('Address1', ' ', {})?.code, -4006);
    assert.equal(checkAddressField('Address1', ' ', {})?.message, 'A street address is needed.');
    assert.equal(checkAddressField('City', '', {})?.code, -4007);
    assert.equal(checkAddressField('Address2', '', {}), undefined);
  });

  it("checks a US ZIP code's form as the service's address check does, once the country is known (-1018)", () => {
    const typed = { AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', State: 'IL' };
    assert.equal(checkAddressField('PostalCode', '6270', typed), undefined, 'the country is still to come');
    const atCountry = checkAddressField('Country', '', { ...typed, PostalCode: '6270' });
    assert.ok(atCountry);
    assert.equal(atCountry.field, 'PostalCode', 'it names the ZIP code');
    assert.equal(atCountry.code, -1018);
    assert.equal(atCountry.meaning, 'Failed: the US address could not be verified');
    assert.equal(
      atCountry.message,
      '6270 is not a US ZIP code (12345 or 12345-6789). Correct it, or give the country if the address is not in the US.',
    );
    for (const us of ['USA', 'us', 'United States', 'united states of america'])
      assert.equal(checkAddressField('Country', us, { PostalCode: '6270' })?.code, -1018, us);
    assert.equal(checkAddressField('Country', 'Canada', { PostalCode: 'K1A 0B1' }), undefined);
    assert.equal(checkAddressField('PostalCode', '6270', { Country: 'USA' })?.message, '6270 is not a US ZIP code (12345 or 12345-6789).');
    for (const zip of ['62701', '62701-1234', ' 62701 '])
      assert.equal(checkAddressField('Country', '', { PostalCode: zip }), undefined, `"${zip}"`);
    // No ZIP code at all is a US address the check cannot verify either: one rule for every input.
    for (const zip of ['', '  ']) {
      const none = checkAddressField('Country', '', { PostalCode: zip });
      assert.equal(none?.code, -1018, `"${zip}"`);
      assert.equal(
        none?.message,
        'A ZIP code is needed for a US address (12345 or 12345-6789). Correct it, or give the country if the address is not in the US.',
      );
    }
    assert.equal(checkAddressField('Country', 'France', { PostalCode: '' }), undefined, 'another country is not held to a ZIP code');
    for (const zip of ['627011', '62701-12', 'IL 62701', '6270l'])
      assert.equal(checkAddressField('Country', '', { PostalCode: zip })?.code, -1018, zip);
  });

  it("finds -1018 exactly where the sandbox's printer (checkMailableAddress) fails the mailer", () => {
    const address = { AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', State: 'IL' };
    for (const [PostalCode, Country] of [
      ['6270', undefined],
      ['6270', 'USA'],
      ['62701', undefined],
      ['K1A 0B1', 'Canada'],
      ['K1A 0B1', undefined],
    ] as const) {
      const whole = { ...address, PostalCode, ...(Country ? { Country } : {}) };
      const byField = checkRecipient(whole).find((p) => p.code === -1018)?.code;
      assert.equal(byField, checkMailableAddress(whole), `${PostalCode}, ${Country}`);
    }
  });

  it('checks a whole address as the field-by-field input would, and agrees with the send-time check', () => {
    assert.deepEqual(checkRecipient({ AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', PostalCode: '62701' }), []);
    const problems = checkRecipient({ Address1: '', City: 'x'.repeat(31), PostalCode: '123' });
    assert.deepEqual(
      problems.map((p) => [p.field, p.code]),
      [
        ['Company', -4008],
        ['Address1', -4006],
        ['City', -3113],
        ['PostalCode', -1018],
      ],
    );
    const cases: Partial<Record<RecipientField, string>>[] = [
      { Address1: '1 Main St', City: 'Springfield' },
      { Company: 'Acme', City: 'Springfield' },
      { Company: 'Acme', Address1: '1 Main St' },
      { Company: 'Acme', Address1: '1 Main St', City: 'Springfield' },
    ];
    for (const address of cases) {
      const sendCode = checkAddress(address);
      assert.equal(checkRecipient(address).find((p) => p.code === sendCode)?.code, sendCode, JSON.stringify(address));
    }
  });
});
