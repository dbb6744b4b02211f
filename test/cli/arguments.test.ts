/**
 * The command line's one argument grammar (src/cli/arguments.ts) and how unknown mailers are named
 * (src/cli/unknown-mailers.ts), value by value; test/cli/mistakes.test.ts runs them through the
 * built command line.
 */
import { strict as assert } from 'node:assert';
import { commandLine, decimalNumber, dollarsAmount, durationMs, mailerId, portNumber, wholeNumber } from '../../src/cli/arguments';
import { UsageError } from '../../src/cli/usage';
import { idsInWords, unknownMailers } from '../../src/cli/unknown-mailers';

const refused = (read: () => unknown, message: RegExp) =>
  assert.throws(read, (error: unknown) => error instanceof UsageError && message.test(error.message));

describe('the command line argument grammar', () => {
  it('reads numbers in decimal digits only: never 0x10, 1e3, Infinity or an empty value', () => {
    assert.equal(wholeNumber('16', 'N'), 16);
    assert.equal(wholeNumber(' 7 ', 'N'), 7);
    for (const text of ['0x10', '1e3', '', ' ', '1.0', 'Infinity', '+5', '-1', '99999999999999999999']) {
      refused(() => wholeNumber(text, 'N'), new RegExp(`^N takes a whole number, 0 or more, not "${text.replace('+', '\\+')}"$`));
    }
    assert.equal(wholeNumber('-1018', 'CODE', { min: Number.MIN_SAFE_INTEGER }), -1018);
    assert.deepEqual(
      ['2', '2.5', '.5', '5.'].map((t) => decimalNumber(t, 'T')),
      [2, 2.5, 0.5, 5],
    );
    for (const text of ['0x10', '1e3', '', '-2', 'NaN', '2,5']) refused(() => decimalNumber(text, 'T'), /^T takes a number, 0 or more/);
    refused(
      () => decimalNumber('0', '--timeout', { aboveZero: true, of: 'seconds' }),
      /^--timeout takes a number of seconds above 0, such as 2 or 2\.5, not "0"$/,
    );
  });

  it('reads ports, amounts, durations and mailer IDs each one way', () => {
    assert.deepEqual(
      ['0', '8317', '65535'].map((t) => portNumber(t)),
      [0, 8317, 65535],
    );
    for (const text of ['65536', '0x10', '-1', '']) refused(() => portNumber(text), /^--port takes a whole number from 0 to 65535/);
    assert.deepEqual(
      ['25', '12.50', '$3', '0'].map((t) => dollarsAmount(t, 'AMOUNT')),
      [25, 12.5, 3, 0],
    );
    for (const text of ['0x10', '1.005', '-1', '1e3'])
      refused(() => dollarsAmount(text, 'AMOUNT'), /^AMOUNT takes dollars, 0 or more, to the cent/);
    assert.deepEqual(
      ['0s', '60s', '1h30m'].map((t) => durationMs(t, 'DURATION')),
      [0, 60_000, 5_400_000],
    );
    for (const text of ['5', '-3s', 'h', '']) refused(() => durationMs(text, 'DURATION'), /^DURATION takes a number and a unit/);
    assert.equal(mailerId('1021984'), 1021984);
    for (const text of ['0', '0x10', '1.5', '-3', '1-5', '2147483648'])
      refused(() => mailerId(text), /^ID takes one mailer ID, a whole number above 0/);
  });

  it("takes the global options in every command, a negative number as a value, and names a flag that is not the command's", () => {
    const parsed = commandLine('history', ['--status', '-1018', '--timeout', '5', '--verbose', '-3'], { status: { type: 'string' } });
    assert.equal(parsed.values.status, '-1018');
    assert.equal(parsed.values.timeout, '5');
    assert.equal(parsed.values.verbose, true);
    assert.deepEqual(parsed.positionals, ['-3']);
    refused(() => commandLine('status', ['--bogus'], {}), /^--bogus is not an option of mailroom status$/);
    refused(() => commandLine('status', ['--timeout'], {}), /^--timeout takes a value$/);
    refused(() => commandLine('listen', ['stray'], {}, { positionals: false }), /^mailroom listen takes no argument "stray"$/);
  });

  it('names unknown mailers in few words, runs as ranges', () => {
    assert.equal(idsInWords([9, 1, 2, 3, 5, 7, 8, 3]), '1-3, 5, 7-9');
    assert.equal(
      idsInWords(
        Array.from({ length: 12 }, (_, i) => i * 2),
        10,
      ),
      '0, 2, 4, 6, 8, 10, 12, 14, 16, 18 and 2 more',
    );
    assert.equal(
      unknownMailers([5], { endpoint: 'https://mail.example.com', user: 'jane' }, '-3115: warning: the query returned no data'),
      "unknown mailer 5: the service at https://mail.example.com reports no such mailer to jane (-3115: warning: the query returned no data): it does not exist, or it is another user's",
    );
    assert.match(
      unknownMailers([5, 6], { endpoint: 'http://127.0.0.1:8317', user: 'demo' }),
      /^unknown mailers 5-6: .*: they do not exist, a sandbox reset forgot them, or they are another user's$/,
    );
  });
});
