/** The proof's words for how the account's letters were assumed to print: sides and colour, each with where it came from. */
import { strict as assert } from 'node:assert';
import { proofRows, type ProofFacts } from '../../src/extension/model/proof';
import { localMinute } from '../../src/formats';
import type { AssumedPrintSettings } from '../../src/rulebook';

const facts: ProofFacts = { pages: 4, sheets: 2, price: 0.79, printedIn: 'Development', findings: [] };
const rowsOf = (print: AssumedPrintSettings) => Object.fromEntries(proofRows({ ...facts, print }).map((r) => [r.label, r.value]));

describe('the proof: how the account prints', () => {
  it('says nothing of it when the facts carry none (a proof of old)', () => {
    assert.ok(!proofRows(facts).some((r) => r.label === 'Sides' || r.label === 'Colour'));
  });

  it('says what Change User Settings (or the command line) set, and when', () => {
    const at = new Date('2026-11-20T10:30:00.000Z');
    const rows = rowsOf({
      printSides: { value: 'Duplex', source: { kind: 'set', at, via: 'extension' } },
      printColor: { value: 'FullColor', source: { kind: 'set', at, via: 'command line' } },
    });
    assert.equal(rows['Sides'], `Duplex: both sides of each sheet, as Change User Settings set it on ${localMinute(at.toISOString())}`);
    assert.equal(rows['Colour'], `Full colour, as mailroom call SetUserSettings set it on ${localMinute(at.toISOString())}`);
    const configured = { value: 'Simplex', source: { kind: 'configured' } } as const;
    const labels = proofRows({ ...facts, print: { printSides: configured, printColor: { ...configured, value: 'BlackAndWhite' } } });
    assert.deepEqual(
      labels.map((r) => r.label),
      ['Pages', 'Sheets', 'Price', 'Printed in', 'Sides', 'Colour'],
    );
  });

  it("says which setting said so, or that it is a new account's and which setting says otherwise", () => {
    const rows = rowsOf({
      printSides: { value: 'Duplex', source: { kind: 'configured' } },
      printColor: { value: 'BlackAndWhite', source: { kind: 'new account' } },
    });
    assert.equal(rows['Sides'], 'Duplex: both sides of each sheet, as mailroom.printSides says');
    assert.equal(
      rows['Colour'],
      "Black and white, a new account's: the service cannot be asked; set mailroom.printColor (or use Change User Settings) if yours prints in colour",
    );
    const simplex = rowsOf({
      printSides: { value: 'Simplex', source: { kind: 'new account' } },
      printColor: { value: 'BlackAndWhite', source: { kind: 'new account' } },
    });
    assert.match(
      simplex['Sides']!,
      /^Simplex: one side of each sheet, a new account's: .*set mailroom\.printSides .* if yours prints duplex$/,
    );
  });
});
